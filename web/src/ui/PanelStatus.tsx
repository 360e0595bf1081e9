import { Spinner } from 'react-bootstrap';
import { MESSAGES } from '@app/domain';

/** The small spinner a panel shows while its list or chunk loads. */
export function PanelLoading() {
  return (
    <div className="py-2 text-center" role="status">
      <Spinner animation="border" size="sm" aria-hidden="true" />
      <span className="visually-hidden">{MESSAGES.card.loading}</span>
    </div>
  );
}
