import { Container, Nav } from 'react-bootstrap';
import { Link } from 'react-router';
import { MESSAGES } from '@app/domain';
import type { TSocialLink, TSocialNetwork } from '@app/domain';
import { usePublicSettings } from './publicSettings.ts';

const FOOTER_LINKS = [
  { to: '/termsofservice', label: MESSAGES.footer.terms },
  { to: '/privacypolicy', label: MESSAGES.footer.privacy },
  { to: '/reporttrafficking', label: MESSAGES.footer.reportTrafficking },
  { to: '/contactus', label: MESSAGES.footer.contactUs },
] as const;

/** Each network's name (the link's accessible name) and icon. */
const NETWORKS: Record<TSocialNetwork, { label: string; icon: string }> = {
  twitter: { label: MESSAGES.footer.twitter, icon: 'bi-twitter-x' },
  facebook: { label: MESSAGES.footer.facebook, icon: 'bi-facebook' },
  instagram: { label: MESSAGES.footer.instagram, icon: 'bi-instagram' },
};

/** The site's social links, as the operator set them in the console; nothing while none is set. */
function SocialLinks({ links }: { links: readonly TSocialLink[] }) {
  if (links.length === 0) return null;
  return (
    <ul className="site-footer__social list-unstyled d-flex gap-3 mb-0" aria-label={MESSAGES.footer.social}>
      {links.map((link) => (
        <li key={link.network}>
          <a
            href={link.url}
            aria-label={NETWORKS[link.network].label}
            target="_blank"
            rel="noopener noreferrer"
          >
            <i className={`bi ${NETWORKS[link.network].icon} fs-5`} aria-hidden="true" />
          </a>
        </li>
      ))}
    </ul>
  );
}

/**
 * The footer: the site's pages (spec 000 §2: terms, privacy policy, report trafficking, contact us)
 * and its social links (`GET /api/public-settings`, fetched with the page when the server renders it).
 */
export function Footer() {
  const settings = usePublicSettings();
  const socialLinks = settings.data?.social_links ?? [];
  return (
    <footer className="site-footer mt-auto py-4">
      <Container fluid="xl">
        <div
          className={`d-flex flex-column flex-md-row align-items-center gap-3 ${socialLinks.length ? 'justify-content-between' : 'justify-content-center'}`}
        >
          <Nav as="ul" className="site-footer__links justify-content-center">
            {FOOTER_LINKS.map((link) => (
              <Nav.Item as="li" key={link.to}>
                <Nav.Link as={Link} to={link.to}>
                  {link.label}
                </Nav.Link>
              </Nav.Item>
            ))}
          </Nav>
          <SocialLinks links={socialLinks} />
        </div>
        <p className="site-footer__copyright text-center small mt-3 mb-0">
          &copy; {MESSAGES.site.copyrightYear} {MESSAGES.site.name}
        </p>
      </Container>
    </footer>
  );
}
