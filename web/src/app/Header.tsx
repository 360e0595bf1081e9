import { lazy, Suspense, useState } from 'react';
import { Badge, Container, Nav, Navbar } from 'react-bootstrap';
import { Link, NavLink, useLocation } from 'react-router';
import { MESSAGES } from '@app/domain';
import { useCartCount } from '../features/cart/cartStorage.ts';
import { LocationPicker } from '../features/directory/location/LocationPicker.tsx';
import { locationSearchOf, withSearch } from '../features/places/venue.ts';
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

/** The venue links keep the location chosen in the header (issue 12 item 4). */
const BROWSE_LINKS = [
  { to: '/eroticbody', label: MESSAGES.nav.eroticBody, keepsLocation: true },
  { to: '/sextoy', label: MESSAGES.nav.sexToy, keepsLocation: true },
  { to: '/stripclub', label: MESSAGES.nav.stripClub, keepsLocation: true },
  { to: '/products', label: MESSAGES.nav.onlineStore, keepsLocation: false },
] as const;

export function Header() {
  const { isLoggedIn, user, userType, signOut } = useSession();
  const locationSearch = locationSearchOf(useLocation().search);
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
          <Navbar.Toggle aria-controls="site-nav" aria-label={MESSAGES.nav.toggle} />
          <Navbar.Collapse id="site-nav">
            <Nav className="site-nav__main">
              {BROWSE_LINKS.map((link) => (
                <Nav.Link
                  key={link.to}
                  as={NavLink}
                  to={link.keepsLocation ? withSearch(link.to, locationSearch) : link.to}
                  eventKey={link.to}
                >
                  {link.label}
                </Nav.Link>
              ))}
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
              <Nav.Link as={NavLink} to="/Cart" eventKey="/Cart" className="site-cart">
                <i className="bi bi-cart3 me-1" aria-hidden="true" />
                {MESSAGES.nav.cart}{' '}
                <Badge pill bg="accent" className="site-cart__badge" data-testid="cart-count">
                  {cartCount}
                  <span className="visually-hidden"> {MESSAGES.nav.cartItems}</span>
                </Badge>
              </Nav.Link>
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
