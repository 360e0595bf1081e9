import { useId, useState } from 'react';
import { Alert, Button, Form } from 'react-bootstrap';
import { Link } from 'react-router';
import { toast } from 'react-toastify';
import { fillTemplate, MESSAGES, SCREENING_REVIEW_LIMITS, SCREENING_REVIEW_OUTCOMES } from '@app/domain';
import type { TScreeningReviewDetail, TScreeningReviewOutcome, TScreeningReviewRecord } from '@app/domain';
import { formatDay } from '../../lib/dates.ts';
import { QueryState } from '../../ui/QueryState.tsx';
import { SubmitButton } from '../../ui/SubmitButton.tsx';
import { formatPhone } from '../screening/index.ts';
import { adminErrorMessage } from './adminApi.ts';
import { ConfirmDialog } from './dialogs.tsx';
import { useDecideScreeningReview, useRemoveScreeningEntry, useScreeningReview } from './reportsApi.ts';
import type { ScreeningEntry } from './reportsApi.ts';

/*
 * A screening review request in the reports queue: the entries about its number beside it, each removable
 * (asked first; the server records every removal), and the outcome that closes it and e-mails the requester.
 */

const R = MESSAGES.screeningReview;
const S = MESSAGES.screening;
const RATING_LABEL = { like: S.like, average: S.average, dislike: S.dislike } as const;

/** Who wrote an entry: their page in the console, or nothing once the account is gone. */
function Author({ author }: { author: { id: number; username: string } | null }) {
  if (!author) return null;
  return (
    <>
      {' '}
      {R.by} <Link to={`/admin/users/${author.id}`}>{author.username}</Link>
    </>
  );
}

const PROMPT = {
  rating: R.confirmRemoveRating,
  comment: R.confirmRemoveComment,
  record: R.confirmRemoveRecord,
} as const;

/** One record the number names: its ratings and comments, each with its Remove. */
function RecordEntries({
  record,
  onRemove,
}: {
  record: TScreeningReviewRecord;
  onRemove: (entry: ScreeningEntry) => void;
}) {
  // Each Remove is described by its entry, so a screen reader tells them apart.
  const entryId = useId();
  const count = (kind: keyof typeof RATING_LABEL) => record.ratings.filter((r) => r.kind === kind).length;
  return (
    <li className="border rounded p-2 mb-2" data-testid="review-record">
      <div className="d-flex flex-wrap align-items-center gap-2 mb-1">
        <strong id={`${entryId}-record-${record.id}`}>{formatPhone(record.phone_number)}</strong>
        <span className="small text-body-secondary">
          {fillTemplate(R.addedOn, { date: formatDay(record.createdAt) })}
        </span>
        <Button
          size="sm"
          variant="outline-danger"
          className="ms-auto"
          aria-describedby={`${entryId}-record-${record.id}`}
          onClick={() => onRemove({ type: 'record', id: record.id })}
        >
          {R.removeRecord}
        </Button>
      </div>
      <p className="small mb-1">
        {fillTemplate(R.ratings, {
          likes: count('like'),
          averages: count('average'),
          dislikes: count('dislike'),
        })}
      </p>
      {record.ratings.length > 0 && (
        <ul className="list-unstyled small mb-2">
          {record.ratings.map((rating) => (
            <li key={rating.id} className="d-flex flex-wrap align-items-center gap-2 mb-1">
              <span id={`${entryId}-rating-${rating.id}`}>
                {RATING_LABEL[rating.kind]}, {formatDay(rating.createdAt)}
                <Author author={rating.author} />
              </span>
              <Button
                size="sm"
                variant="link"
                className="p-0 text-danger"
                aria-describedby={`${entryId}-rating-${rating.id}`}
                onClick={() => onRemove({ type: 'rating', id: rating.id, kind: rating.kind })}
              >
                {R.removeRating}
              </Button>
            </li>
          ))}
        </ul>
      )}
      {record.comments.length === 0 ? (
        <p className="small text-body-secondary mb-0">{S.noComments}</p>
      ) : (
        <ul className="list-unstyled mb-0">
          {record.comments.map((comment) => (
            <li key={comment.id} className="border-top pt-2 mt-2" data-testid="review-comment">
              <p className="mb-1 text-break" id={`${entryId}-comment-${comment.id}`}>
                {comment.text}
              </p>
              <div className="d-flex flex-wrap align-items-center gap-2 small text-body-secondary">
                <span>
                  {formatDay(comment.createdAt)}
                  <Author author={comment.author} />
                </span>
                <Button
                  size="sm"
                  variant="link"
                  className="p-0 text-danger"
                  aria-describedby={`${entryId}-comment-${comment.id}`}
                  onClick={() => onRemove({ type: 'comment', id: comment.id })}
                >
                  {R.removeComment}
                </Button>
              </div>
            </li>
          ))}
        </ul>
      )}
    </li>
  );
}

/** The entries about the request's number, with Remove on each (asked first). */
function ReviewEntries({ review }: { review: TScreeningReviewDetail }) {
  const remove = useRemoveScreeningEntry();
  const [removing, setRemoving] = useState<ScreeningEntry | null>(null);
  const confirm = async () => {
    if (!removing) return;
    try {
      await remove.mutateAsync(removing);
      toast.success(R.removed);
    } catch (error) {
      toast.error(adminErrorMessage(error, R.removeFailed));
    }
    setRemoving(null);
  };
  return (
    <>
      {review.truncated && <p className="small text-body-secondary">{R.truncated}</p>}
      {review.records.length === 0 ? (
        <p className="small text-body-secondary">{R.noEntries}</p>
      ) : (
        <ul className="list-unstyled mb-0">
          {review.records.map((record) => (
            <RecordEntries key={record.id} record={record} onRemove={setRemoving} />
          ))}
        </ul>
      )}
      <ConfirmDialog
        show={removing !== null}
        busy={remove.isPending}
        title={R.confirmRemoveTitle}
        prompt={removing ? PROMPT[removing.type] : ''}
        confirmLabel={MESSAGES.screening.remove}
        variant="danger"
        onConfirm={() => void confirm()}
        onClose={() => setRemoving(null)}
      />
    </>
  );
}

/** The outcome's form: what the requester hears and an optional note; sending closes the request. */
function DecisionForm({ id, formId }: { id: number; formId: string }) {
  const decide = useDecideScreeningReview();
  const [outcome, setOutcome] = useState<TScreeningReviewOutcome | ''>('');
  const [reply, setReply] = useState('');
  const [tried, setTried] = useState(false);
  const missing = outcome === '';
  const tooLong = reply.length > SCREENING_REVIEW_LIMITS.reply;
  const submit = async () => {
    setTried(true);
    if (missing || tooLong) return;
    try {
      const res = await decide.mutateAsync({ id, data: { outcome, reply: reply.trim() || undefined } });
      if (res.data.mailed) toast.success(R.decided);
      else toast.warning(R.decidedNotMailed);
    } catch (error) {
      toast.error(adminErrorMessage(error, MESSAGES.adminReports.failed));
    }
  };
  return (
    <Form
      noValidate
      className="mt-3 pt-3 border-top"
      aria-label={R.decide}
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <Form.Group controlId={`${formId}-outcome`} className="mb-2">
        <Form.Label className="small mb-1">{R.outcome}</Form.Label>
        <Form.Select
          size="sm"
          className="w-auto mw-100"
          value={outcome}
          isInvalid={tried && missing}
          aria-invalid={tried && missing}
          aria-describedby={`${tried && missing ? `${formId}-outcome-error ` : ''}${formId}-outcome-help`}
          onChange={(event) => setOutcome(event.target.value as TScreeningReviewOutcome | '')}
        >
          <option value="">{R.outcomePlaceholder}</option>
          {SCREENING_REVIEW_OUTCOMES.map((value) => (
            <option key={value} value={value}>
              {R.outcomes[value]}
            </option>
          ))}
        </Form.Select>
        {tried && missing && (
          <Form.Control.Feedback type="invalid" id={`${formId}-outcome-error`}>
            {R.outcomeRequired}
          </Form.Control.Feedback>
        )}
        <Form.Text id={`${formId}-outcome-help`}>{R.outcomeHelp}</Form.Text>
      </Form.Group>
      <Form.Group controlId={`${formId}-reply`} className="mb-2">
        <Form.Label className="small mb-1">{R.reply}</Form.Label>
        <Form.Control
          as="textarea"
          rows={2}
          value={reply}
          isInvalid={tooLong}
          aria-invalid={tooLong}
          aria-describedby={`${tooLong ? `${formId}-reply-error ` : ''}${formId}-reply-help`}
          onChange={(event) => setReply(event.target.value)}
        />
        {tooLong && (
          <Form.Control.Feedback type="invalid" id={`${formId}-reply-error`}>
            {R.replyTooLong}
          </Form.Control.Feedback>
        )}
        <Form.Text id={`${formId}-reply-help`}>{R.replyHelp}</Form.Text>
      </Form.Group>
      <SubmitButton submitting={decide.isPending} variant="primary" className="btn-sm">
        {R.decide}
      </SubmitButton>
    </Form>
  );
}

/** The entries about the request's number, beside the request in its card. */
export function ScreeningReviewEntries({ id, formId }: { id: number; formId: string }) {
  const query = useScreeningReview(id);
  return (
    <section className="mb-3" aria-labelledby={`${formId}-entries`}>
      <h3 id={`${formId}-entries`} className="h6 mb-1">
        {R.entries}
      </h3>
      <p className="small text-body-secondary mb-2">{R.entriesHelp}</p>
      <QueryState query={query} loadFailed={R.entriesFailed} />
      {query.data && <ReviewEntries review={query.data} />}
    </section>
  );
}

/** The end of the request's card: until it is closed the outcome's form; then when and what was sent. */
export function ScreeningReviewOutcome({ id, formId }: { id: number; formId: string }) {
  const review = useScreeningReview(id).data;
  if (!review) return null;
  if (review.status === 'closed' && review.outcome) {
    return (
      <div className="small mt-3" data-testid="review-outcome">
        {fillTemplate(R.decidedOn, {
          date: formatDay(review.decidedAt),
          outcome: R.outcomes[review.outcome],
        })}
        {review.reply && <span className="d-block text-body-secondary text-break">{review.reply}</span>}
        {!review.mailedAt && (
          <Alert variant="warning" className="small py-2 mt-2 mb-0">
            {R.notMailed}
          </Alert>
        )}
      </div>
    );
  }
  return <DecisionForm id={id} formId={formId} />;
}
