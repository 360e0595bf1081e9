import { Badge, ListGroup } from 'react-bootstrap';
import { Link, useSearchParams } from 'react-router';
import { fillTemplate, MESSAGES, type ConversationSummary } from '@app/domain';
import { formatMoment } from '../../lib/dates.ts';
import { PagedList } from '../../ui/PagedList.tsx';
import { useConversations } from './api.ts';

const C = MESSAGES.conversations;

/**
 * The caller's conversations, newest first, 25 a page (`?page=` in the URL): who with, the ad, the newest
 * message and the unread count; each opens its thread. A hobbyist's Messages and a provider's Review Mail.
 */
export function ConversationList({ empty }: { empty: string }) {
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1);
  const conversations = useConversations(page);
  const setPage = (next: number) => setParams(next > 1 ? { page: String(next) } : {});
  return (
    <PagedList
      query={conversations}
      paging={{ page, setPage }}
      loadFailed={MESSAGES.card.loadFailed}
      retry={MESSAGES.directory.retry}
      empty={empty}
      pagesLabel={C.pages}
      smallPages
    >
      {(data) => (
        <ListGroup className="conversation-list mb-3">
          {data.data.map((c) => (
            <ConversationItem key={c.id} conversation={c} />
          ))}
        </ListGroup>
      )}
    </PagedList>
  );
}

function ConversationItem({ conversation: c }: { conversation: ConversationSummary }) {
  return (
    <ListGroup.Item
      as={Link}
      to={`/messages/${c.id}`}
      action
      className={`d-flex gap-2 align-items-start${c.unread ? ' fw-semibold' : ''}`}
    >
      <i className="bi bi-chat-left-text mt-1 text-body-secondary" aria-hidden="true" />
      <div className="flex-grow-1 min-w-0">
        <div className="d-flex flex-wrap justify-content-between gap-1">
          <span className="text-break">{c.with}</span>
          <time className="small text-body-secondary fw-normal" dateTime={c.lastMessageAt}>
            {formatMoment(c.lastMessageAt)}
          </time>
        </div>
        {c.side === 'provider' && (
          <div className="small text-body-secondary fw-normal text-break">
            {C.about}: {c.ad.title}
          </div>
        )}
        {c.last && (
          <p className="small mb-0 text-truncate">
            {c.last.mine && <span className="text-body-secondary">{C.you}: </span>}
            {c.last.text}
          </p>
        )}
        {(c.blockedByMe || c.blockedByThem) && (
          <p className="small mb-0 text-body-secondary fw-normal">
            <i className="bi bi-slash-circle me-1" aria-hidden="true" />
            {C.blocked}
          </p>
        )}
      </div>
      {c.unread > 0 && (
        <Badge bg="primary" pill className="align-self-center">
          {c.unread}
          <span className="visually-hidden"> {fillTemplate(C.unread, { count: c.unread })}</span>
        </Badge>
      )}
    </ListGroup.Item>
  );
}
