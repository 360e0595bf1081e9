import { Card } from 'react-bootstrap';
import { Link } from 'react-router';
import { MESSAGES } from '@app/domain';

const M = MESSAGES.notYet;

/**
 * An account page whose area is still being built (My Ads, My Wallet, My Places, …): the sidebar and
 * the header never lead to Not Found. Each is replaced by its real page when its issue lands.
 */
export default function NotYetPage() {
  return (
    <Card className="text-center">
      <Card.Body className="py-5">
        <i className="bi bi-tools display-5 text-accent" aria-hidden="true" />
        <h1 className="h4 mt-3">{M.title}</h1>
        <p className="text-body-secondary">{M.body}</p>
        <Link to="/profile" className="btn btn-accent">
          {M.back}
        </Link>
      </Card.Body>
    </Card>
  );
}
