import { Badge, Button, ListGroup } from 'react-bootstrap';
import { MESSAGES } from '@app/domain';
import { toastApiFailure } from '../../api/toastApiFailure.ts';
import { formatMoment } from '../../lib/dates.ts';
import { downloadExport, type DataExport } from './api.ts';

const X = MESSAGES.dataExport;
const VARIANT = { pending: 'secondary', running: 'secondary', ready: 'success', failed: 'danger' } as const;

/** A list of exports: when asked, their state, until when offered, and Download once ready. */
export function ExportList({ exports }: { exports: readonly DataExport[] }) {
  if (!exports.length) return <p className="small text-body-secondary mb-0">{X.none}</p>;
  return (
    <ListGroup className="mb-0">
      {exports.map((e) => (
        <ListGroup.Item
          key={e.id}
          className="d-flex flex-wrap gap-2 align-items-center justify-content-between"
        >
          <div className="small">
            <Badge bg={VARIANT[e.state]} className="me-2">
              {X.states[e.state]}
            </Badge>
            {X.asked} {formatMoment(e.createdAt)}
            {e.expiresAt && (
              <span className="d-block text-body-secondary">
                {X.until} {formatMoment(e.expiresAt)}
              </span>
            )}
          </div>
          {e.state === 'ready' && (
            <Button
              size="sm"
              variant="outline-primary"
              onClick={() => void downloadExport(e.id).catch((error: unknown) => toastApiFailure(error))}
            >
              <i className="bi bi-download me-1" aria-hidden="true" />
              {X.download}
            </Button>
          )}
        </ListGroup.Item>
      ))}
    </ListGroup>
  );
}
