import { Container } from 'react-bootstrap';
import { MESSAGES } from '@app/domain';

/**
 * The home listing at `/` and `/ad/:page` (spec 000 §2). A placeholder until the provider
 * directory lands; kept in the main bundle because it is the first page most visitors load.
 */
export function HomePage() {
  return (
    <Container className="py-5">
      <section className="home-intro text-center mx-auto">
        <p className="home-intro__slogan text-uppercase fw-semibold mb-2">{MESSAGES.site.slogan}</p>
        <h1 className="display-6 fw-bold mb-3">{MESSAGES.home.title}</h1>
        <p className="lead text-body-secondary mb-0">{MESSAGES.home.comingSoon}</p>
      </section>
    </Container>
  );
}
