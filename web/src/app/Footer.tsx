import { Container, Nav } from 'react-bootstrap';
import { Link } from 'react-router';
import { MESSAGES } from '@app/domain';

const FOOTER_LINKS = [
  { to: '/termsofservice', label: MESSAGES.footer.terms },
  { to: '/privacypolicy', label: MESSAGES.footer.privacy },
  { to: '/reporttrafficking', label: MESSAGES.footer.reportTrafficking },
  { to: '/contactus', label: MESSAGES.footer.contactUs },
] as const;

const SOCIAL_LINKS = [
  { href: 'https://twitter.com', label: MESSAGES.footer.twitter, icon: 'bi-twitter-x' },
  { href: 'https://facebook.com', label: MESSAGES.footer.facebook, icon: 'bi-facebook' },
  { href: 'https://instagram.com', label: MESSAGES.footer.instagram, icon: 'bi-instagram' },
] as const;

export function Footer() {
  return (
    <footer className="site-footer mt-auto py-4">
      <Container fluid="xl">
        <div className="d-flex flex-column flex-md-row align-items-center justify-content-between gap-3">
          <Nav as="ul" className="site-footer__links justify-content-center">
            {FOOTER_LINKS.map((link) => (
              <Nav.Item as="li" key={link.to}>
                <Nav.Link as={Link} to={link.to}>
                  {link.label}
                </Nav.Link>
              </Nav.Item>
            ))}
          </Nav>
          <ul
            className="site-footer__social list-unstyled d-flex gap-3 mb-0"
            aria-label={MESSAGES.footer.social}
          >
            {SOCIAL_LINKS.map((link) => (
              <li key={link.href}>
                <a href={link.href} aria-label={link.label} target="_blank" rel="noopener noreferrer">
                  <i className={`bi ${link.icon} fs-5`} aria-hidden="true" />
                </a>
              </li>
            ))}
          </ul>
        </div>
        <p className="site-footer__copyright text-center small mt-3 mb-0">
          &copy; {MESSAGES.site.copyrightYear} {MESSAGES.site.name}
        </p>
      </Container>
    </footer>
  );
}
