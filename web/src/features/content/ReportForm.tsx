import { useId } from 'react';
import { Alert, Button, Form, Spinner } from 'react-bootstrap';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { MESSAGES, REPORT_LIMITS, REPORT_REASONS, ZReportRequest } from '@app/domain';
import type { TReportRequest } from '@app/domain';
import { getReportFailureDetail, useSendReport } from './api.ts';
import type { ReportInput } from './api.ts';
import { CONTENT_COPY } from './copy.ts';

const M = MESSAGES.report;

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
  const describedBy = (name: string, invalid: boolean) =>
    invalid ? `${field(name)}-error ${field(name)}-help` : `${field(name)}-help`;

  return (
    <Form noValidate onSubmit={handleSend} aria-label={M.formTitle}>
      {sendReport.isSuccess && !isSubmitting && (
        <Alert variant="success" role="status" className="d-flex align-items-start gap-2">
          <i className="bi bi-check-circle-fill" aria-hidden="true" />
          <span>{M.sent}</span>
        </Alert>
      )}
      {sendReport.isError && !isSubmitting && (
        <Alert variant="danger" role="alert">
          <p className="fw-semibold mb-1">{M.failed}</p>
          <p className="mb-1">{getReportFailureDetail(sendReport.error)}</p>
          <p className="small mb-0">{CONTENT_COPY.report.failedHint}</p>
        </Alert>
      )}
      <fieldset disabled={isSubmitting}>
        <Form.Group className="mb-3" controlId={field('reason')}>
          <Form.Label>{M.reason}</Form.Label>
          <Form.Select
            isInvalid={!!errors.reason}
            aria-invalid={!!errors.reason}
            aria-describedby={errors.reason ? `${field('reason')}-error` : undefined}
            {...register('reason')}
          >
            <option value="">{M.reasonPlaceholder}</option>
            {REPORT_REASONS.map((reason) => (
              <option key={reason} value={reason}>
                {reason}
              </option>
            ))}
          </Form.Select>
          <Form.Control.Feedback type="invalid" id={`${field('reason')}-error`}>
            {errors.reason?.message}
          </Form.Control.Feedback>
        </Form.Group>
        <Form.Group className="mb-3" controlId={field('details')}>
          <Form.Label>{M.details}</Form.Label>
          <Form.Control
            as="textarea"
            rows={4}
            maxLength={REPORT_LIMITS.details}
            isInvalid={!!errors.details}
            aria-invalid={!!errors.details}
            aria-describedby={describedBy('details', !!errors.details)}
            {...register('details')}
          />
          <Form.Control.Feedback type="invalid" id={`${field('details')}-error`}>
            {errors.details?.message}
          </Form.Control.Feedback>
          <Form.Text id={`${field('details')}-help`}>{CONTENT_COPY.report.detailsHelp}</Form.Text>
        </Form.Group>
        <Form.Group className="mb-3" controlId={field('listing')}>
          <Form.Label>{M.listing}</Form.Label>
          <Form.Control
            type="text"
            maxLength={REPORT_LIMITS.listing}
            isInvalid={!!errors.listing}
            aria-invalid={!!errors.listing}
            aria-describedby={describedBy('listing', !!errors.listing)}
            {...register('listing')}
          />
          <Form.Control.Feedback type="invalid" id={`${field('listing')}-error`}>
            {errors.listing?.message}
          </Form.Control.Feedback>
          <Form.Text id={`${field('listing')}-help`}>{CONTENT_COPY.report.listingHelp}</Form.Text>
        </Form.Group>
        <Form.Group className="mb-4" controlId={field('email')}>
          <Form.Label>{M.email}</Form.Label>
          <Form.Control
            type="email"
            autoComplete="email"
            inputMode="email"
            isInvalid={!!errors.email}
            aria-invalid={!!errors.email}
            aria-describedby={describedBy('email', !!errors.email)}
            {...register('email')}
          />
          <Form.Control.Feedback type="invalid" id={`${field('email')}-error`}>
            {errors.email?.message}
          </Form.Control.Feedback>
          <Form.Text id={`${field('email')}-help`}>{CONTENT_COPY.report.emailHelp}</Form.Text>
        </Form.Group>
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
