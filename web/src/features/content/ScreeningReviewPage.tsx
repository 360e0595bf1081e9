import { useId } from 'react';
import { Alert, Button, Col, Container, Form, Row } from 'react-bootstrap';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link } from 'react-router';
import { fillTemplate, MESSAGES, ZScreeningReviewRequest } from '@app/domain';
import type { TScreeningReviewForm, TScreeningReviewRequest } from '@app/domain';
import { isApiError } from '../../api/client.ts';
import { TextAreaField, TextField } from '../../ui/FormField.tsx';
import { SubmitButton } from '../../ui/SubmitButton.tsx';
import { revealOnMount } from '../../ui/revealOnMount.ts';
import { getReportFailureDetail, useSendScreeningReview } from './api.ts';
import { CONTENT_COPY, PRIVACY_SCREENING_ANCHOR } from './copy.ts';
import './content.css';
import { sectionHead, usePageHead } from '../../app/head.tsx';

const M = MESSAGES.screeningReview;
const EMPTY: TScreeningReviewForm = { phone_number: '', dispute: '', email: '' };

/** Why a request failed, in words the sender can act on: as a report's, and the hourly limit. */
const failureText = (error: unknown): string =>
  isApiError(error) && error.status === 429 ? M.tooMany : getReportFailureDetail(error);

/**
 * /screening-review: anyone asks the staff to review the screening entries about a phone number (the
 * number, what they dispute, an address for the outcome). The answer never says whether the number has
 * entries; the outcome comes by e-mail.
 */
export default function ScreeningReviewPage() {
  usePageHead(sectionHead(M.title, MESSAGES.pageHead.screeningReviewDescription, '/screening-review'));
  const send = useSendScreeningReview();
  const headingId = useId();
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<TScreeningReviewForm, unknown, TScreeningReviewRequest>({
    resolver: zodResolver(ZScreeningReviewRequest),
    mode: 'onTouched',
    defaultValues: EMPTY,
  });

  const submit = handleSubmit(async (values) => {
    try {
      await send.mutateAsync(values);
      reset(EMPTY);
    } catch {
      // Shown under the form from the mutation's error.
    }
  });

  return (
    <Container className="content-page py-4 py-md-5">
      <Row className="g-4 justify-content-center">
        <Col lg={7}>
          <h1 className="content-page__title" id={headingId}>
            {M.title}
          </h1>
          <p className="lead text-body-secondary">{M.intro}</p>
          <p className="small text-body-secondary">{M.privacyNote}</p>
          {send.isSuccess ? (
            <Alert variant="success" role="status" ref={revealOnMount} className="content-card">
              <h2 className="h5">{M.sentTitle}</h2>
              <p>{fillTemplate(M.sent, { id: send.data.data.id })}</p>
              <Button variant="outline-secondary" onClick={() => send.reset()}>
                {M.another}
              </Button>
            </Alert>
          ) : (
            <Form noValidate onSubmit={submit} className="content-card" aria-labelledby={headingId}>
              <fieldset disabled={isSubmitting}>
                <TextField
                  id="review-phone"
                  label={M.phone}
                  type="tel"
                  inputMode="tel"
                  autoComplete="tel"
                  registration={register('phone_number')}
                  error={errors.phone_number}
                  help={M.phoneHelp}
                />
                <TextAreaField
                  id="review-dispute"
                  label={M.dispute}
                  rows={5}
                  registration={register('dispute')}
                  error={errors.dispute}
                  help={M.disputeHelp}
                />
                <TextField
                  id="review-email"
                  label={M.email}
                  type="email"
                  registration={register('email')}
                  error={errors.email}
                  help={M.emailHelp}
                  className="mb-4"
                />
                {send.isError && !isSubmitting && (
                  <Alert variant="danger" role="alert" ref={revealOnMount}>
                    {failureText(send.error)}
                  </Alert>
                )}
                <SubmitButton submitting={isSubmitting} className="px-4">
                  {M.submit}
                </SubmitButton>
              </fieldset>
            </Form>
          )}
        </Col>
        <Col lg={4} xl={3}>
          <aside className="content-aside">
            <h2 className="h6 text-uppercase">{CONTENT_COPY.contact.elsewhere}</h2>
            <ul className="list-unstyled small mb-0">
              <li className="mb-2">
                <i className="bi bi-shield-lock me-2" aria-hidden="true" />
                <Link to={`/privacypolicy#${PRIVACY_SCREENING_ANCHOR}`}>{MESSAGES.privacy.title}</Link>
              </li>
              <li>
                <i className="bi bi-envelope me-2" aria-hidden="true" />
                <Link to="/contactus">{MESSAGES.contact.title}</Link>
              </li>
            </ul>
          </aside>
        </Col>
      </Row>
    </Container>
  );
}
