import { Fragment, useState } from 'react';
import { Alert, Button, Card, Table } from 'react-bootstrap';
import { useSearchParams } from 'react-router';
import type { ApiItem } from '@app/domain';
import { authorName, formatCommentTime, MESSAGES } from '@app/domain';
import { useSession } from '../../../app/session.tsx';
import { PageSpinner } from '../../../ui/PageSpinner.tsx';
import { useReviewMail, type ReviewMessage } from '../../messages/index.ts';
import { ReplyForm } from './ReplyForm.tsx';

const M = MESSAGES.reviewMail;

/**
 * Review Mail (spec 001 "Provider area"; the provider sidebar's Review Mail link): the messages
 * hobbyists sent to the provider's ads (Message and Mail panels), newest first, a page of 25 at a time
 * (`?page=` in the URL). Each names its author by username (the server answers nothing else of them)
 * and has a Reply action: the answer is mailed to the hobbyist from the site, and shown here after.
 */
export default function ReviewMailPage() {
  const { userType } = useSession();
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1);
  const isProvider = userType === 'Provider';
  const messages = useReviewMail(page, isProvider);
  /** The message whose answer is being written (one at a time). */
  const [replying, setReplying] = useState<number | null>(null);

  const goTo = (next: number) => setParams(next > 1 ? { page: String(next) } : {});
  const pageCount = messages.data?.meta.pagination.pageCount ?? 1;

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
        ) : messages.isPending ? (
          <PageSpinner />
        ) : messages.isError ? (
          <Alert variant="warning" className="mb-0">
            {MESSAGES.card.loadFailed}
          </Alert>
        ) : (
          <>
            <p className="small">{M.intro}</p>
            {messages.data.data.length === 0 ? (
              <p className="text-body-secondary mb-0">{M.empty}</p>
            ) : (
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
                  {messages.data.data.map((m: ApiItem<ReviewMessage>) => {
                    const from = authorName(m.attributes.user);
                    return (
                      <Fragment key={m.id}>
                        <tr>
                          <td>{from}</td>
                          <td>{m.attributes.provider?.data?.attributes.title}</td>
                          {/* Wide enough that a phone scrolls the table rather than splitting words. */}
                          <td className="text-break" style={{ minWidth: '14rem' }}>
                            {m.attributes.text}
                            {m.attributes.reply ? (
                              <p className="mb-0 mt-1 ps-2 border-start small text-body-secondary">
                                <span className="fw-semibold">{M.replied}:</span> {m.attributes.reply}
                              </p>
                            ) : (
                              replying !== m.id && (
                                <div className="mt-1">
                                  <Button
                                    variant="outline-primary"
                                    size="sm"
                                    aria-label={`${M.reply}: ${from}`}
                                    onClick={() => setReplying(m.id)}
                                  >
                                    <i className="bi bi-reply me-1" aria-hidden="true" />
                                    {M.reply}
                                  </Button>
                                </div>
                              )
                            )}
                          </td>
                          <td className="text-nowrap small">
                            {formatCommentTime(m.attributes.createdAt, undefined, '')}
                          </td>
                        </tr>
                        {replying === m.id && !m.attributes.reply && (
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
                                <ReplyForm messageId={m.id} to={from} onDone={() => setReplying(null)} />
                              </div>
                            </td>
                          </tr>
                        )}
                      </Fragment>
                    );
                  })}
                </tbody>
              </Table>
            )}
            {pageCount > 1 && (
              <nav aria-label={M.pages}>
                <ul className="pagination pagination-sm mb-0">
                  <li className={`page-item${page <= 1 ? ' disabled' : ''}`}>
                    <button
                      type="button"
                      className="page-link"
                      disabled={page <= 1}
                      onClick={() => goTo(page - 1)}
                    >
                      {MESSAGES.pagination.prev}
                    </button>
                  </li>
                  <li className="page-item active" aria-current="page">
                    <span className="page-link">
                      {page} / {pageCount}
                    </span>
                  </li>
                  <li className={`page-item${page >= pageCount ? ' disabled' : ''}`}>
                    <button
                      type="button"
                      className="page-link"
                      disabled={page >= pageCount}
                      onClick={() => goTo(page + 1)}
                    >
                      {MESSAGES.pagination.next}
                    </button>
                  </li>
                </ul>
              </nav>
            )}
          </>
        )}
      </Card.Body>
    </Card>
  );
}
