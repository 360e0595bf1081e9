import { Fragment, lazy, Suspense, useState } from 'react';
import { Alert, Button, Card, Table } from 'react-bootstrap';
import { useSearchParams } from 'react-router';
import type { ApiItem } from '@app/domain';
import { authorName, formatCommentTime, MESSAGES } from '@app/domain';
import { useSession } from '../../../app/session.tsx';
import { PagedList } from '../../../ui/PagedList.tsx';
import { MessageRetentionNote, useReviewMail, type ReviewMessage } from '../../messages/index.ts';

// The report dialog and its form load when a Report button is first pressed.
const ReportMessageDialog = lazy(() =>
  import('../../messages/index.ts').then((m) => ({ default: m.ReportMessageDialog })),
);
import { ReplyForm } from './ReplyForm.tsx';

const M = MESSAGES.reviewMail;

/**
 * Review Mail (the provider sidebar's Review Mail link): the messages hobbyists sent to the
 * provider's ads (Message and Mail panels), newest first, a page of 25 at a time (`?page=` in the URL).
 * Each names its author by username (the server answers nothing else of them) and has a Reply action:
 * the answer is mailed to the hobbyist from the site, and shown here after.
 */
export default function ReviewMailPage() {
  const { userType } = useSession();
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1);
  const isProvider = userType === 'Provider';
  const messages = useReviewMail(page, isProvider);
  const setPage = (next: number) => setParams(next > 1 ? { page: String(next) } : {});

  return (
    <Card className="shadow-sm">
      <Card.Header className="bg-transparent">
        <h1 className="h4 mb-0">{M.title}</h1>
        <p className="text-body-secondary small mb-0">{M.subtitle}</p>
      </Card.Header>
      <Card.Body>
        {!isProvider ? (
          <Alert variant="info" className="mb-0">
            {M.providersOnly}
          </Alert>
        ) : (
          <PagedList
            query={messages}
            paging={{ page, setPage }}
            loadFailed={MESSAGES.card.loadFailed}
            retry={MESSAGES.directory.retry}
            empty={
              <>
                <p className="small">{M.intro}</p>
                <p className="text-body-secondary mb-0">{M.empty}</p>
              </>
            }
            pagesLabel={M.pages}
            smallPages
          >
            {(data) => (
              <>
                <p className="small">{M.intro}</p>
                <MessageRetentionNote />
                <MailTable rows={data.data} />
              </>
            )}
          </PagedList>
        )}
      </Card.Body>
    </Card>
  );
}

/** The messages of one page, each with its Reply action and, while answering, the reply box. */
function MailTable({ rows }: { rows: readonly ApiItem<ReviewMessage>[] }) {
  /** The message whose answer is being written (one at a time). */
  const [replying, setReplying] = useState<number | null>(null);
  return (
    <Table responsive hover size="sm" className="review-mail align-middle mb-3">
      <thead>
        <tr>
          <th scope="col">{M.from}</th>
          <th scope="col">{M.ad}</th>
          <th scope="col">{M.message}</th>
          <th scope="col">{M.sent}</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((m) => (
          <MailRow
            key={m.id}
            message={m}
            replying={replying === m.id}
            onReply={() => setReplying(m.id)}
            onDone={() => setReplying(null)}
          />
        ))}
      </tbody>
    </Table>
  );
}

/** One message's row, and below it the reply box while its answer is being written. */
function MailRow({
  message: m,
  replying,
  onReply,
  onDone,
}: {
  message: ApiItem<ReviewMessage>;
  replying: boolean;
  onReply: () => void;
  onDone: () => void;
}) {
  const from = authorName(m.attributes.user);
  const [reporting, setReporting] = useState(false);
  return (
    <Fragment>
      <tr>
        <td>{from}</td>
        <td>{m.attributes.provider?.data?.attributes.title}</td>
        {/* Wide enough that a phone scrolls the table rather than splitting words. */}
        <td className="text-break" style={{ minWidth: '14rem' }}>
          {m.attributes.text}
          {m.attributes.reply && (
            <p className="mb-0 mt-1 ps-2 border-start small text-body-secondary">
              <span className="fw-semibold">{M.replied}:</span> {m.attributes.reply}
            </p>
          )}
          <div className="mt-1 d-flex flex-wrap gap-2">
            {!m.attributes.reply && !replying && (
              <Button
                variant="outline-primary"
                size="sm"
                aria-label={`${M.reply}: ${from}`}
                onClick={onReply}
              >
                <i className="bi bi-reply me-1" aria-hidden="true" />
                {M.reply}
              </Button>
            )}
            <Button
              variant="outline-secondary"
              size="sm"
              aria-label={`${MESSAGES.cardMessages.report}: ${from}`}
              onClick={() => setReporting(true)}
            >
              <i className="bi bi-flag me-1" aria-hidden="true" />
              {MESSAGES.cardMessages.report}
            </Button>
          </div>
          {reporting && (
            <Suspense fallback={null}>
              <ReportMessageDialog messageId={m.id} onHide={() => setReporting(false)} />
            </Suspense>
          )}
        </td>
        <td className="text-nowrap small">{formatCommentTime(m.attributes.createdAt, undefined, '')}</td>
      </tr>
      {replying && !m.attributes.reply && (
        <tr>
          <td colSpan={4}>
            {/* Held at the left and as wide as the screen: on a phone the table
                scrolls sideways, and the box stays in view. */}
            <div
              style={{
                position: 'sticky',
                left: 0,
                width: 'min(36rem, calc(100vw - 4.5rem))',
              }}
            >
              <ReplyForm messageId={m.id} to={from} onDone={onDone} />
            </div>
          </td>
        </tr>
      )}
    </Fragment>
  );
}
