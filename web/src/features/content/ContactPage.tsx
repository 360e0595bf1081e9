import { Button, Col, Container, Form, Row, Spinner } from 'react-bootstrap';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link } from 'react-router';
import { toast } from 'react-toastify';
import { MESSAGES, ZContactMessage } from '@app/domain';
import { TextAreaField, TextField } from '../../ui/FormField.tsx';
import { getContactFailureToast, useSendContactMessage } from './api.ts';
import { CONTENT_COPY } from './copy.ts';
import './content.css';
import { sectionHead, usePageHead } from '../../app/head.tsx';

const M = MESSAGES.contact;
const EMPTY = { name: '', email: '', note: '' };

/** Contact Us (spec 000 §2, §5, §7, §8): name, email and note to the site administrator. */
export default function ContactPage() {
  usePageHead(sectionHead(MESSAGES.footer.contactUs, MESSAGES.pageHead.contactDescription, '/contactus'));
  const sendMessage = useSendContactMessage();
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors, isSubmitting },
  } = useForm({ resolver: zodResolver(ZContactMessage), mode: 'all', defaultValues: EMPTY });

  const handleSend = handleSubmit(async (values) => {
    try {
      await sendMessage.mutateAsync(values);
      toast.success(M.sent);
      reset(EMPTY);
    } catch (error) {
      const failure = getContactFailureToast(error);
      toast[failure.type](failure.message);
    }
  });

  return (
    <Container className="content-page py-4 py-md-5">
      <Row className="g-4 justify-content-center">
        <Col lg={7}>
          <h1 className="content-page__title">{M.title}</h1>
          <p className="lead text-body-secondary">{CONTENT_COPY.contact.intro}</p>
          <Form noValidate onSubmit={handleSend} className="content-card" aria-label={M.title}>
            <fieldset disabled={isSubmitting}>
              <TextField
                id="contact-name"
                label={M.name}
                autoComplete="name"
                registration={register('name')}
                error={errors.name}
              />
              <TextField
                id="contact-email"
                label={M.email}
                type="email"
                registration={register('email')}
                error={errors.email}
              />
              <TextAreaField
                id="contact-note"
                label={M.note}
                rows={5}
                registration={register('note')}
                error={errors.note}
                help={CONTENT_COPY.contact.legalHint}
                className="mb-4"
              />
              <Button type="submit" variant="accent" className="px-4">
                {isSubmitting && (
                  <Spinner as="span" animation="border" size="sm" className="me-2" aria-hidden="true" />
                )}
                {M.submit}
                {isSubmitting && <span className="visually-hidden"> {M.sending}</span>}
              </Button>
            </fieldset>
          </Form>
        </Col>
        <Col lg={4} xl={3}>
          <aside className="content-aside">
            <h2 className="h6 text-uppercase">{CONTENT_COPY.contact.elsewhere}</h2>
            <ul className="list-unstyled small mb-0">
              <li className="mb-2">
                <i className="bi bi-question-circle me-2" aria-hidden="true" />
                <Link to="/faq">{MESSAGES.faq.title}</Link>
              </li>
              <li className="mb-2">
                <i className="bi bi-flag me-2" aria-hidden="true" />
                <Link to="/reporttrafficking">{MESSAGES.report.formTitle}</Link>
              </li>
              <li>
                <i className="bi bi-telephone me-2" aria-hidden="true" />
                <Link to="/screening-review">{MESSAGES.screeningReview.title}</Link>
              </li>
            </ul>
          </aside>
        </Col>
      </Row>
    </Container>
  );
}
