import { useId, useState } from 'react';
import { Link } from 'react-router';
import { Form } from 'react-bootstrap';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { toast } from 'react-toastify';
import { MESSAGE_LIMITS, MESSAGES, ZMailRequest } from '@app/domain';
import type { TMailRequest } from '@app/domain';
import { isApiError } from '../../api/client.ts';
import { SubmitButton } from '../../ui/SubmitButton.tsx';
import { toastApiFailure } from '../../api/toastApiFailure.ts';
import { useCardViewer } from '../../app/viewer.ts';
import { PanelHint } from '../../ui/PanelHint.tsx';
import { useSendMail } from './api.ts';
import { MessageRetentionNote } from './MessageRetentionNote.tsx';

const M = MESSAGES.mailRelay;

/**
 * The Mail panel (spec 001 §2): To (the provider's name; their address is never sent to the browser),
 * Message and Send. The message starts the hobbyist's conversation with the ad (or adds to it); the
 * provider is told by a mail that holds only a link. A notice says what the provider sees (the sender's
 * username and the message); after sending, a link opens the conversation.
 */
export default function MailPanel({
  providerId,
  providerName,
}: {
  providerId: number;
  providerName: string;
}) {
  const id = useId();
  const { isHobbyist, isLoggedIn } = useCardViewer();
  const sendMail = useSendMail(providerId);
  /** The conversation the last message went to, for the link after sending. */
  const [conversation, setConversation] = useState<number | null>(null);
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<TMailRequest>({ resolver: zodResolver(ZMailRequest), defaultValues: { message: '' } });

  const handleSend = handleSubmit(async ({ message }) => {
    try {
      const sent = await sendMail.mutateAsync(message);
      setConversation(sent.data.conversation);
      toast.success(M.sent);
      reset({ message: '' });
    } catch (error) {
      if (isApiError(error) && error.status === 429) toast.warning(M.tooMany);
      else toastApiFailure(error);
    }
  });

  return (
    <>
      <h3 className="provider-card__panel-title">{M.title}</h3>
      {isHobbyist ? (
        <Form noValidate onSubmit={handleSend}>
          <fieldset disabled={isSubmitting}>
            <Form.Group className="mb-2 row g-2 align-items-center" controlId={`${id}-to`}>
              <Form.Label column xs="auto" className="fw-semibold">
                {M.to}
              </Form.Label>
              <div className="col">
                <Form.Control plaintext readOnly value={providerName} />
              </div>
            </Form.Group>
            <Form.Group className="mb-2" controlId={`${id}-message`}>
              <Form.Label className="fw-semibold">{M.message}</Form.Label>
              <Form.Control
                as="textarea"
                rows={3}
                maxLength={MESSAGE_LIMITS.mail}
                isInvalid={!!errors.message}
                aria-invalid={!!errors.message}
                aria-describedby={`${id}-notice${errors.message ? ` ${id}-message-error` : ''}`}
                {...register('message')}
              />
              <Form.Control.Feedback type="invalid" id={`${id}-message-error`}>
                {errors.message?.message}
              </Form.Control.Feedback>
              {/* What the provider will see of the sender: the username and the message, no address. */}
              <Form.Text id={`${id}-notice`} className="d-block">
                <i className="bi bi-shield-lock me-1" aria-hidden="true" />
                {M.notice}
              </Form.Text>
            </Form.Group>
            <div className="d-flex flex-wrap gap-3 align-items-center">
              <SubmitButton submitting={isSubmitting} className="btn-sm">
                <i className="bi bi-send me-1" aria-hidden="true" />
                {M.send}
              </SubmitButton>
              {conversation !== null && (
                <Link to={`/messages/${conversation}`} className="small">
                  <i className="bi bi-chat-left-text me-1" aria-hidden="true" />
                  {M.openConversation}
                </Link>
              )}
            </div>
            <MessageRetentionNote className="small text-body-secondary mt-2 mb-0" />
          </fieldset>
        </Form>
      ) : (
        <PanelHint isLoggedIn={isLoggedIn} />
      )}
    </>
  );
}
