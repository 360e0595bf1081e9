import { useId } from 'react';
import { Alert, Button, Form, Spinner } from 'react-bootstrap';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { MESSAGES, REPORT_LIMITS, REPORT_REASONS, ZReportRequest } from '@app/domain';
import type { TReportRequest } from '@app/domain';
import { SelectField, TextAreaField, TextField } from '../../ui/FormField.tsx';
import { revealOnMount } from '../../ui/revealOnMount.ts';
import { getReportFailureDetail, useSendReport } from './api.ts';
import type { ReportInput } from './api.ts';
import { CONTENT_COPY } from './copy.ts';

const M = MESSAGES.report;
const REASON_OPTIONS = REPORT_REASONS.map((reason) => ({ value: reason, label: reason }));

interface ReportFormProps {
  /** The listing the report is about (its link or id); prefills the listing field. */
  listing?: string;
  /** Called after the report was stored, e.g. to let a dialog offer closing. */
  onSent?: () => void;
}

/** Drops empty optional fields, so the server stores "not given" rather than an empty string. */
export function toReportInput(values: TReportRequest): ReportInput {
  const input: ReportInput = { reason: values.reason };
  if (values.details) input.details = values.details;
  if (values.listing) input.listing = values.listing;
  if (values.email) input.email = values.email;
  return input;
}

/** What became of the last send: the thanks, or the failure with what to do. Hidden while sending. */
function ReportOutcome({
  sendReport,
  submitting,
}: {
  sendReport: ReturnType<typeof useSendReport>;
  submitting: boolean;
}) {
  return (
    <>
      {sendReport.isSuccess && !submitting && (
        <Alert variant="success" role="status" className="d-flex align-items-start gap-2" ref={revealOnMount}>
          <i className="bi bi-check-circle-fill" aria-hidden="true" />
          <span>{M.sent}</span>
        </Alert>
      )}
      {sendReport.isError && !submitting && (
        <Alert variant="danger" role="alert" ref={revealOnMount}>
          <p className="fw-semibold mb-1">{M.failed}</p>
          <p className="mb-1">{getReportFailureDetail(sendReport.error)}</p>
          <p className="small mb-0">{CONTENT_COPY.report.failedHint}</p>
        </Alert>
      )}
    </>
  );
}

/**
 * The report form: reason, details, listing and an optional e-mail, posted to `/api/reports`
 * without login. Used on the Report Trafficking page and in the ReportDialog of a listing.
 */
export function ReportForm({ listing = '', onSent }: ReportFormProps) {
  const id = useId();
  const sendReport = useSendReport();
  const defaults = { reason: '', details: '', listing, email: '' };
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors, isSubmitting },
  } = useForm({
    resolver: zodResolver(ZReportRequest),
    mode: 'all',
    // The reason starts empty: the visitor must choose one ('Reason is required').
    defaultValues: defaults as unknown as TReportRequest,
  });

  const handleSend = handleSubmit(async (values) => {
    try {
      await sendReport.mutateAsync(toReportInput(values));
      reset(defaults as unknown as TReportRequest);
      onSent?.();
    } catch {
      // The alert below shows the failure; the form keeps what was typed so it can be sent again.
    }
  });

  const field = (name: string) => `${id}-${name}`;

  return (
    <Form noValidate onSubmit={handleSend} aria-label={M.formTitle}>
      <ReportOutcome sendReport={sendReport} submitting={isSubmitting} />
      <fieldset disabled={isSubmitting}>
        <SelectField
          id={field('reason')}
          label={M.reason}
          placeholder={M.reasonPlaceholder}
          options={REASON_OPTIONS}
          registration={register('reason')}
          error={errors.reason}
        />
        <TextAreaField
          id={field('details')}
          label={M.details}
          rows={4}
          maxLength={REPORT_LIMITS.details}
          registration={register('details')}
          error={errors.details}
          help={CONTENT_COPY.report.detailsHelp}
        />
        <TextField
          id={field('listing')}
          label={M.listing}
          maxLength={REPORT_LIMITS.listing}
          registration={register('listing')}
          error={errors.listing}
          help={CONTENT_COPY.report.listingHelp}
        />
        <TextField
          id={field('email')}
          label={M.email}
          type="email"
          registration={register('email')}
          error={errors.email}
          help={CONTENT_COPY.report.emailHelp}
          className="mb-4"
        />
        <Button type="submit" variant="accent" className="px-4" aria-busy={isSubmitting}>
          {isSubmitting ? (
            <Spinner as="span" animation="border" size="sm" className="me-2" aria-hidden="true" />
          ) : (
            <i className="bi bi-flag-fill me-2" aria-hidden="true" />
          )}
          {M.submit}
        </Button>
      </fieldset>
    </Form>
  );
}
