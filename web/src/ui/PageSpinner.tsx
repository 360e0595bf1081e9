import { Spinner } from 'react-bootstrap';
import { MESSAGES } from '@app/domain';

/** Centered spinner shown while a lazily loaded page or a page's data arrives. */
export function PageSpinner() {
  return (
    <div className="d-flex justify-content-center py-5">
      <Spinner animation="border" role="status" variant="secondary">
        <span className="visually-hidden">{MESSAGES.shell.loading}</span>
      </Spinner>
    </div>
  );
}
