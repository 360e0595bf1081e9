import { useId } from 'react';
import { Form, Modal } from 'react-bootstrap';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { toast } from 'react-toastify';
import { MESSAGES, REPORT_LIMITS, REPORT_REASONS, ZMessageReport } from '@app/domain';
import type { TMessageReport } from '@app/domain';
import { toastApiFailure } from '../../api/toastApiFailure.ts';
import { SelectField, TextAreaField } from '../../ui/FormField.tsx';
import { SubmitButton } from '../../ui/SubmitButton.tsx';
import { useReportMessage } from './api.ts';

const M = MESSAGES.cardMessages;
const REASONS = REPORT_REASONS.map((reason) => ({ value: reason, label: reason }));

/**
 * Report a message to the staff: a reason and, if the reporter likes, what happened. The server sends the
 * message, its reply and its sender's username with it; the sender is not told.
 */
export default function ReportMessageDialog({
  messageId,
  onHide,
}: {
  messageId: number;
  onHide: () => void;
}) {
  const id = useId();
  const reportMessage = useReportMessage();
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm({
    resolver: zodResolver(ZMessageReport),
    // The reason starts empty: one must be chosen.
    defaultValues: { reason: '', details: '' } as unknown as TMessageReport,
  });
  const send = handleSubmit(async (data) => {
    try {
      await reportMessage.mutateAsync({
        id: messageId,
        data: { ...data, details: data.details || undefined },
      });
      toast.success(M.reportSent);
      onHide();
    } catch (error) {
      toastApiFailure(error);
    }
  });
  return (
    <Modal show onHide={onHide} aria-labelledby={`${id}-title`} centered>
      <Modal.Header closeButton closeLabel={M.reportClose}>
        <Modal.Title id={`${id}-title`} as="h2" className="h5">
          <i className="bi bi-flag me-2 text-accent" aria-hidden="true" />
          {M.reportTitle}
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>
        <p className="small text-body-secondary">{M.reportIntro}</p>
        <Form noValidate onSubmit={send} aria-label={M.reportTitle}>
          <fieldset disabled={isSubmitting}>
            <SelectField
              id={`${id}-reason`}
              label={M.reportReason}
              placeholder={MESSAGES.report.reasonPlaceholder}
              options={REASONS}
              registration={register('reason')}
              error={errors.reason}
            />
            <TextAreaField
              id={`${id}-details`}
              label={M.reportDetails}
              rows={3}
              maxLength={REPORT_LIMITS.details}
              registration={register('details')}
              error={errors.details}
            />
            <SubmitButton submitting={isSubmitting}>{M.reportSend}</SubmitButton>
          </fieldset>
        </Form>
      </Modal.Body>
    </Modal>
  );
}
