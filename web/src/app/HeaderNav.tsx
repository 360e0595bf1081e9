import { lazy, Suspense, useState } from 'react';
import { Nav } from 'react-bootstrap';
import { Link, NavLink, useLocation } from 'react-router';
import { MESSAGES } from '@app/domain';
import { locationSearchOf, withSearch } from '../lib/venue.ts';
import { loadPage } from '../lib/navigation.ts';
import { canSeePostAd } from './accountMenu.ts';
import { useSession } from './session.tsx';
import type { SessionUser } from './session.tsx';

// The dropdown and the positioning code it brings only matter to signed-in users, so anonymous
// visitors (most first loads) do not download them.
const AccountDropdown = lazy(() => import('./AccountDropdown.tsx'));
// The wallet modal is for providers only, loaded the first time one opens it.
const WalletModal = lazy(() => import('../features/billing/WalletModal.tsx'));

/** The account dropdown's title: first and last name, else the user name. */
export function getDisplayName(user: SessionUser | null): string {
  const name = [user?.first_name, user?.last_name]
    .filter((part): part is string => typeof part === 'string' && part.trim() !== '')
    .map((part) => part.trim())
    .join(' ');
  return name || user?.username || MESSAGES.nav.account;
}

/**
 * The shopper's pages, where "Online Store" is the current link: the shop, a product and checkout
 * (the Cart has its own link). The vendor's /products/view, /products/add and /products/edit/:id
 * are account pages, not the store. Matched without case, as the router matches paths.
 */
const STORE_PATHS = /^\/(products|productsList|Checkout)\/?$|^\/productdetails\//i;

export function isStorePath(pathname: string): boolean {
  return STORE_PATHS.test(pathname);
}

/** The venue links keep the location chosen in the header. */
const VENUE_LINKS = [
  { to: '/eroticbody', label: MESSAGES.nav.eroticBody },
  { to: '/sextoy', label: MESSAGES.nav.sexToy },
  { to: '/stripclub', label: MESSAGES.nav.stripClub },
] as const;

/** A header link to one of the site's pages, with its icon if it has one. */
function SiteLink({
  to,
  eventKey = to,
  icon,
  children,
}: {
  to: string;
  eventKey?: string;
  icon?: string;
  children: string;
}) {
  return (
    <Nav.Link as={NavLink} to={to} eventKey={eventKey}>
      {icon && <i className={`bi ${icon} me-1`} aria-hidden="true" />}
      {children}
    </Nav.Link>
  );
}

/** The header's site links: the venues, the Online Store, Post Ad (when offered), Feedback and FAQ. */
export function MainLinks() {
  const { isLoggedIn, userType } = useSession();
  const { pathname, search } = useLocation();
  const locationSearch = locationSearchOf(search);
  const inStore = isStorePath(pathname);
  return (
    <Nav className="site-nav__main">
      {VENUE_LINKS.map((link) => (
        <SiteLink key={link.to} to={withSearch(link.to, locationSearch)} eventKey={link.to}>
          {link.label}
        </SiteLink>
      ))}
      <Nav.Link
        as={Link}
        to="/products"
        eventKey="/products"
        active={inStore}
        aria-current={inStore ? 'page' : undefined}
      >
        {MESSAGES.nav.onlineStore}
      </Nav.Link>
      {canSeePostAd(isLoggedIn, userType) && (
        <SiteLink to="/ads/submit" icon="bi-plus-circle">
          {MESSAGES.nav.postAd}
        </SiteLink>
      )}
      <SiteLink to="/contactus">{MESSAGES.nav.feedback}</SiteLink>
      <SiteLink to="/faq">{MESSAGES.nav.faq}</SiteLink>
    </Nav>
  );
}

/**
 * The header's account links: a provider's Wallet (its modal loaded on first use) and the account
 * dropdown for a signed-in user; Login and Register for a visitor.
 */
export function AccountLinks() {
  const { isLoggedIn, user, userType, signOut } = useSession();
  const [walletOpen, setWalletOpen] = useState(false);
  const [walletUsed, setWalletUsed] = useState(false);
  const showWallet = isLoggedIn && userType === 'Provider';

  const handleOpenWallet = () => {
    setWalletUsed(true);
    setWalletOpen(true);
  };
  const handleLogout = () => {
    void signOut().then(() => loadPage('/'));
  };

  return (
    <Nav className="site-nav__account align-items-lg-center">
      {showWallet && (
        <Nav.Link as="button" type="button" className="site-wallet" onClick={handleOpenWallet}>
          <i className="bi bi-wallet2 me-1" aria-hidden="true" />
          {MESSAGES.wallet.button}
        </Nav.Link>
      )}
      {isLoggedIn ? (
        <Suspense fallback={<Nav.Link disabled>{getDisplayName(user)}</Nav.Link>}>
          <AccountDropdown title={getDisplayName(user)} onLogout={handleLogout} />
        </Suspense>
      ) : (
        <>
          <SiteLink to="/login" icon="bi-box-arrow-in-right">
            {MESSAGES.nav.login}
          </SiteLink>
          <SiteLink to="/register">{MESSAGES.nav.register}</SiteLink>
        </>
      )}
      {showWallet && walletUsed && (
        <Suspense fallback={null}>
          <WalletModal show={walletOpen} onHide={() => setWalletOpen(false)} />
        </Suspense>
      )}
    </Nav>
  );
}
