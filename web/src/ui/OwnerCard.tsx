import { Badge, Button } from 'react-bootstrap';
import { Link } from 'react-router';
import { MESSAGES } from '@app/domain';
import type { TModerationType, TOwnRevision, TReviewState } from '@app/domain';
import { PendingRevisionNotice } from './PendingRevision.tsx';

const R = MESSAGES.review;

const REVIEW: Record<TReviewState, { text: string; bg: string; textColor?: 'dark' }> = {
  pending: { text: R.pending, bg: 'warning', textColor: 'dark' },
  approved: { text: R.approved, bg: 'success' },
  rejected: { text: R.rejected, bg: 'danger' },
};

/** An owner's view of an ad's or a place's review state: Waiting for review, Approved or Rejected. */
export function ReviewStateBadge({ state }: { state: TReviewState | undefined }) {
  const shown = REVIEW[state ?? 'pending'] ?? REVIEW.pending;
  return (
    <Badge bg={shown.bg} text={shown.textColor}>
      {shown.text}
    </Badge>
  );
}

/**
 * The end of an owner's card on My Ads and My Places: the review state, the rejection's reason, changes
 * waiting for review, what else the card adds (`children`), then Edit and Delete.
 */
export function OwnerCardFooter({
  review,
  reason,
  revision,
  editTo,
  onDelete,
  children,
}: {
  review: TReviewState | undefined;
  reason: string | null | undefined;
  /** Changes to the approved record waiting for review (or refused), with the record's kind. */
  revision?: { type: TModerationType; revision: TOwnRevision | undefined };
  editTo: string;
  onDelete: () => void;
  children?: React.ReactNode;
}) {
  return (
    <>
      <div className="mb-2">
        <ReviewStateBadge state={review} />
      </div>
      {revision && <PendingRevisionNotice type={revision.type} revision={revision.revision} compact />}
      {review === 'rejected' && reason && (
        <p className="small text-danger mb-2">
          {MESSAGES.myAds.reason}: {reason}
        </p>
      )}
      {children}
      <div className="d-flex gap-2 mt-auto">
        <Link to={editTo} className="btn btn-sm btn-outline-secondary">
          <i className="bi bi-pencil me-1" aria-hidden="true" />
          {MESSAGES.myAds.edit}
        </Link>
        <Button size="sm" variant="outline-danger" onClick={onDelete}>
          <i className="bi bi-trash me-1" aria-hidden="true" />
          {MESSAGES.confirmDelete.delete}
        </Button>
      </div>
    </>
  );
}
