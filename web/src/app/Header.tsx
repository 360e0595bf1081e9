import { Badge, Container, Nav, Navbar } from 'react-bootstrap';
import { Link, NavLink } from 'react-router';
import { MESSAGES } from '@app/domain';
import { useCartCount } from '../features/orders/cartStorage.ts';
import { LocationPicker } from '../features/directory/location/LocationPicker.tsx';
import { SearchBox } from '../features/directory/search/SearchBox.tsx';
import { MessagesLink } from '../features/messages/MessagesLink.tsx';
import { AccountLinks, MainLinks } from './HeaderNav.tsx';

export { getDisplayName, isStorePath } from './HeaderNav.tsx';

/**
 * The site header: the brand, the location picker, the search and the cart on the bar, then the site links and
 * the account links, folded behind the menu button below Bootstrap's lg breakpoint.
 */
export function Header() {
  const cartCount = useCartCount();
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
            <SearchBox />
          </div>
          {/* Outside the collapsed menu, so that phones see the cart and its count too (spec 000 §2), and
              the unread messages of a hobbyist or a provider. */}
          <Nav className="site-cart-nav flex-row gap-2">
            <MessagesLink />
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
            <MainLinks />
            <AccountLinks />
          </Navbar.Collapse>
        </Container>
      </Navbar>
    </header>
  );
}
