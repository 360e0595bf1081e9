import { useEffect, useId } from 'react';
import { Alert, Button, Card, Form } from 'react-bootstrap';
import { Link, useParams } from 'react-router';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { toast } from 'react-toastify';
import {
  MESSAGE_LIMITS,
  MESSAGES,
  ZConversationMessage,
  type ConversationSummary,
  type TConversationMessage,
  type ThreadMessage,
} from '@app/domain';
import { isApiError } from '../../api/client.ts';
import { toastApiFailure } from '../../api/toastApiFailure.ts';
import { useSession } from '../../app/session.tsx';
import { formatMoment } from '../../lib/dates.ts';
import { routeId } from '../../lib/ids.ts';
import { PageSpinner } from '../../ui/PageSpinner.tsx';
import { SubmitButton } from '../../ui/SubmitButton.tsx';
import { useBlock, useConversation, useMarkRead, useThread, useWriteMessage } from './api.ts';
import { MessageRetentionNote } from './MessageRetentionNote.tsx';
import { ReportMessageButton } from './ReportMessageButton.tsx';

const C = MESSAGES.conversations;

/**
 * One conversation (`/messages/:id`), for both its sides: the messages oldest at the top with the newest
 * at the bottom, "Show older messages" to page back, the other side's messages each with Report, the
 * box to write, and Block / Unblock. Opening it marks it read.
 */
export default function ConversationPage() {
  const id = routeId(useParams().id);
  const conversation = useConversation(id);
  if (id === null || conversation.isError) {
    return <Alert variant="warning">{C.notFound}</Alert>;
  }
  if (!conversation.data) return <PageSpinner />;
  return <Conversation conversation={conversation.data} />;
}

function Conversation({ conversation: c }: { conversation: ConversationSummary }) {
  const { userType } = useSession();
  const thread = useThread(c.id);
  const markRead = useMarkRead(c.id);
  const newest = thread.data?.pages[0]?.data[0]?.id;
  // Read up to the newest message shown, each time a newer one shows.
  useEffect(() => {
    if (newest !== undefined) markRead.mutate(newest);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [newest]);
  const messages = (thread.data?.pages ?? []).flatMap((p) => p.data).reverse();
  const back = userType === 'Provider' ? '/provider/reviewmail' : '/messages';
  const blocked = c.blockedByMe || c.blockedByThem;

  return (
    <Card className="shadow-sm">
      <Card.Header className="bg-transparent d-flex flex-wrap gap-2 justify-content-between align-items-start">
        <div className="min-w-0">
          <Link to={back} className="small">
            <i className="bi bi-arrow-left me-1" aria-hidden="true" />
            {C.back}
          </Link>
          <h1 className="h4 mb-0 text-break">{c.with}</h1>
          <p className="small text-body-secondary mb-0 text-break">
            {C.about}: <Link to={`/ads/${c.ad.id}`}>{c.ad.title}</Link>
          </p>
        </div>
        <BlockButton conversation={c} />
      </Card.Header>
      <Card.Body>
        <MessageRetentionNote />
        {thread.hasNextPage && (
          <div className="text-center mb-2">
            <Button
              variant="outline-secondary"
              size="sm"
              disabled={thread.isFetchingNextPage}
              onClick={() => void thread.fetchNextPage()}
            >
              {C.older}
            </Button>
          </div>
        )}
        {thread.isPending ? (
          <PageSpinner />
        ) : messages.length === 0 ? (
          <p className="text-body-secondary">{C.noMessages}</p>
        ) : (
          <ol className="list-unstyled conversation-thread mb-3" aria-label={C.title}>
            {messages.map((m) => (
              <MessageBubble key={m.id} message={m} otherName={c.with} />
            ))}
          </ol>
        )}
        {blocked ? (
          <Alert variant="secondary" className="mb-0">
            {c.blockedByMe ? C.blockedByMe : C.blockedByThem}
          </Alert>
        ) : (
          <WriteForm conversationId={c.id} />
        )}
      </Card.Body>
    </Card>
  );
}

function MessageBubble({ message: m, otherName }: { message: ThreadMessage; otherName: string }) {
  return (
    <li className={`d-flex mb-2 ${m.mine ? 'justify-content-end' : 'justify-content-start'}`}>
      <div
        className={`conversation-bubble rounded-3 px-3 py-2 ${
          m.mine ? 'bg-primary-subtle' : 'bg-body-tertiary border'
        }`}
      >
        <div className="small fw-semibold text-break">{m.mine ? C.you : otherName}</div>
        <p className="mb-1 text-break" style={{ whiteSpace: 'pre-wrap' }}>
          {m.text}
        </p>
        <div className="d-flex flex-wrap gap-2 justify-content-between align-items-center">
          <time className="small text-body-secondary" dateTime={m.createdAt}>
            {formatMoment(m.createdAt)}
          </time>
          {!m.mine && <ReportMessageButton postId={m.id} />}
        </div>
      </div>
    </li>
  );
}

function BlockButton({ conversation: c }: { conversation: ConversationSummary }) {
  const block = useBlock(c.id);
  const onClick = async () => {
    const blocking = !c.blockedByMe;
    if (blocking && !window.confirm(C.blockConfirm)) return;
    try {
      await block.mutateAsync(blocking);
      toast.success(blocking ? C.blockedToast : C.unblockedToast);
    } catch (error) {
      toastApiFailure(error);
    }
  };
  return (
    <Button variant="outline-danger" size="sm" disabled={block.isPending} onClick={() => void onClick()}>
      <i className={`bi ${c.blockedByMe ? 'bi-unlock' : 'bi-slash-circle'} me-1`} aria-hidden="true" />
      {c.blockedByMe ? C.unblock : C.block}
    </Button>
  );
}

function WriteForm({ conversationId }: { conversationId: number }) {
  const id = useId();
  const write = useWriteMessage(conversationId);
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<TConversationMessage>({
    resolver: zodResolver(ZConversationMessage),
    defaultValues: { text: '' },
  });
  const onSubmit = handleSubmit(async ({ text }) => {
    try {
      await write.mutateAsync(text);
      reset({ text: '' });
    } catch (error) {
      if (isApiError(error) && error.status === 429) toast.warning(C.tooMany);
      else toastApiFailure(error);
    }
  });
  return (
    <Form noValidate onSubmit={onSubmit}>
      <fieldset disabled={isSubmitting}>
        <Form.Group className="mb-2" controlId={`${id}-text`}>
          <Form.Label className="fw-semibold">{C.write}</Form.Label>
          <Form.Control
            as="textarea"
            rows={3}
            maxLength={MESSAGE_LIMITS.message}
            isInvalid={!!errors.text}
            aria-invalid={!!errors.text}
            aria-describedby={errors.text ? `${id}-error` : undefined}
            {...register('text')}
          />
          <Form.Control.Feedback type="invalid" id={`${id}-error`}>
            {errors.text?.message}
          </Form.Control.Feedback>
        </Form.Group>
        <SubmitButton submitting={isSubmitting}>
          <i className="bi bi-send me-1" aria-hidden="true" />
          {C.send}
        </SubmitButton>
      </fieldset>
    </Form>
  );
}
