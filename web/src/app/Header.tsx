import { lazy, Suspense, useState } from 'react';
import { Badge, Container, Nav, Navbar } from 'react-bootstrap';
import { Link, NavLink, useLocation } from 'react-router';
import { MESSAGES } from '@app/domain';
import { useCartCount } from '../features/orders/cartStorage.ts';
import { LocationPicker } from '../features/directory/location/LocationPicker.tsx';
import { locationSearchOf, withSearch } from '../lib/venue.ts';
import { loadPage } from '../lib/navigation.ts';
import { canSeePostAd } from './accountMenu.ts';
import { useSession } from './session.tsx';
import type { SessionUser } from './session.tsx';

/** The account dropdown's title: first and last name, else the user name. */
export function getDisplayName(user: SessionUser | null): string {
  const name = [user?.first_name, user?.last_name]
    .filter((part): part is string => typeof part === 'string' && part.trim() !== '')
    .map((part) => part.trim())
    .join(' ');
  return name || user?.username || MESSAGES.nav.account;
}

// The dropdown and the positioning code it brings only matter to signed-in users, so anonymous
// visitors (most first loads) do not download them.
const AccountDropdown = lazy(() => import('./AccountDropdown.tsx'));
// The wallet modal is for providers only, loaded the first time one opens it.
const WalletModal = lazy(() => import('../features/billing/WalletModal.tsx'));

/** The venue links keep the location chosen in the header. */
const VENUE_LINKS = [
  { to: '/eroticbody', label: MESSAGES.nav.eroticBody },
  { to: '/sextoy', label: MESSAGES.nav.sexToy },
  { to: '/stripclub', label: MESSAGES.nav.stripClub },
] as const;

/**
 * The shopper's pages, where "Online Store" is the current link: the shop, a product and checkout
 * (the Cart has its own link). The vendor's /products/view, /products/add and /products/edit/:id
 * are account pages, not the store. Matched without case, as the router matches paths.
 */
const STORE_PATHS = /^\/(products|productsList|Checkout)\/?$|^\/productdetails\//i;

export function isStorePath(pathname: string): boolean {
  return STORE_PATHS.test(pathname);
}

export function Header() {
  const { isLoggedIn, user, userType, signOut } = useSession();
  const { pathname, search } = useLocation();
  const locationSearch = locationSearchOf(search);
  const inStore = isStorePath(pathname);
  const cartCount = useCartCount();
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
    <header className="site-header sticky-top">
      <Navbar expand="lg" variant="dark" collapseOnSelect>
        <Container fluid="xl" className="site-header__bar">
          <Navbar.Brand as={Link} to="/" className="site-brand">
            <i className="bi bi-stars me-2" aria-hidden="true" />
            {MESSAGES.site.slogan}
          </Navbar.Brand>
          <div className="site-location-wrap">
            <LocationPicker />
          </div>
          {/* Outside the collapsed menu, so that phones see the cart and its count too (spec 000 §2). */}
          <Nav className="site-cart-nav">
            <Nav.Link as={NavLink} to="/Cart" eventKey="/Cart" className="site-cart">
              <i className="bi bi-cart3 site-cart__icon" aria-hidden="true" />
              <span className="site-cart__label">{MESSAGES.nav.cart}</span>{' '}
              <Badge pill bg="accent" className="site-cart__badge" data-testid="cart-count">
                {cartCount}
                <span className="visually-hidden"> {MESSAGES.nav.cartItems}</span>
              </Badge>
            </Nav.Link>
          </Nav>
          <Navbar.Toggle aria-controls="site-nav" aria-label={MESSAGES.nav.toggle} />
          <Navbar.Collapse id="site-nav">
            <Nav className="site-nav__main">
              {VENUE_LINKS.map((link) => (
                <Nav.Link
                  key={link.to}
                  as={NavLink}
                  to={withSearch(link.to, locationSearch)}
                  eventKey={link.to}
                >
                  {link.label}
                </Nav.Link>
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
                <Nav.Link as={NavLink} to="/ads/submit" eventKey="/ads/submit">
                  <i className="bi bi-plus-circle me-1" aria-hidden="true" />
                  {MESSAGES.nav.postAd}
                </Nav.Link>
              )}
              <Nav.Link as={NavLink} to="/contactus" eventKey="/contactus">
                {MESSAGES.nav.feedback}
              </Nav.Link>
              <Nav.Link as={NavLink} to="/faq" eventKey="/faq">
                {MESSAGES.nav.faq}
              </Nav.Link>
            </Nav>
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
                  <Nav.Link as={NavLink} to="/login" eventKey="/login">
                    <i className="bi bi-box-arrow-in-right me-1" aria-hidden="true" />
                    {MESSAGES.nav.login}
                  </Nav.Link>
                  <Nav.Link as={NavLink} to="/register" eventKey="/register">
                    {MESSAGES.nav.register}
                  </Nav.Link>
                </>
              )}
            </Nav>
          </Navbar.Collapse>
        </Container>
      </Navbar>
      {showWallet && walletUsed && (
        <Suspense fallback={null}>
          <WalletModal show={walletOpen} onHide={() => setWalletOpen(false)} />
        </Suspense>
      )}
    </header>
  );
}
