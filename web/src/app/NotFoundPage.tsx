import { Container } from 'react-bootstrap';
import { Link } from 'react-router';
import { MESSAGES } from '@app/domain';

export default function NotFoundPage() {
  return (
    <Container className="py-5 text-center">
      <i className="bi bi-signpost-split display-4 text-accent" aria-hidden="true" />
      <h1 className="h3 mt-3">{MESSAGES.notFound.title}</h1>
      <p className="text-body-secondary">{MESSAGES.notFound.body}</p>
      <Link to="/" className="btn btn-accent">
        {MESSAGES.notFound.home}
      </Link>
    </Container>
  );
}
