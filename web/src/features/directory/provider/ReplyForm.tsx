import { useId } from 'react';
import { Button, Form } from 'react-bootstrap';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { toast } from 'react-toastify';
import { MESSAGE_LIMITS, MESSAGES, ZMessageReply } from '@app/domain';
import type { TMessageReply } from '@app/domain';
import { isApiError } from '../../../api/client.ts';
import { SubmitButton } from '../../../ui/SubmitButton.tsx';
import { toastApiFailure } from '../../../api/toastApiFailure.ts';
import { useReplyToMessage } from '../../messages/index.ts';

const M = MESSAGES.reviewMail;

/**
 * Review Mail's answer to one message: a labelled box, Send reply and Cancel. The server mails the
 * answer to the hobbyist from the site's address; the page then shows it under the message.
 */
export function ReplyForm({ messageId, to, onDone }: { messageId: number; to: string; onDone: () => void }) {
  const id = useId();
  const replyTo = useReplyToMessage();
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<TMessageReply>({ resolver: zodResolver(ZMessageReply), defaultValues: { text: '' } });

  const send = handleSubmit(async ({ text }) => {
    try {
      await replyTo.mutateAsync({ id: messageId, text });
      toast.success(M.replySent);
      onDone();
    } catch (error) {
      if (isApiError(error) && error.status === 429) toast.warning(M.tooMany);
      else toastApiFailure(error);
    }
  });

  const errorId = `${id}-error`;
  return (
    <Form noValidate onSubmit={send} className="review-mail__reply">
      <fieldset disabled={isSubmitting}>
        <Form.Label htmlFor={`${id}-text`} className="fw-semibold small mb-1">
          {M.replyTo} {to}
        </Form.Label>
        <Form.Control
          id={`${id}-text`}
          as="textarea"
          rows={3}
          maxLength={MESSAGE_LIMITS.mail}
          isInvalid={!!errors.text}
          aria-invalid={!!errors.text}
          aria-describedby={errors.text ? errorId : undefined}
          {...register('text')}
        />
        <Form.Control.Feedback type="invalid" id={errorId}>
          {errors.text?.message}
        </Form.Control.Feedback>
        <div className="d-flex gap-2 mt-2">
          <SubmitButton submitting={isSubmitting} className="btn-sm">
            <i className="bi bi-send me-1" aria-hidden="true" />
            {M.sendReply}
          </SubmitButton>
          <Button type="button" variant="outline-secondary" size="sm" onClick={onDone}>
            {M.cancel}
          </Button>
        </div>
      </fieldset>
    </Form>
  );
}
