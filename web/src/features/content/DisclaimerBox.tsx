import { useId } from 'react';
import type { ChangeEvent } from 'react';
import { Form, Modal } from 'react-bootstrap';
import { Link } from 'react-router';
import { MESSAGES } from '@app/domain';
import { HotlineText } from './HotlineLinks.tsx';
import './content.css';

const M = MESSAGES.disclaimer;

interface DisclaimerBoxProps {
  /** Called when the visitor ticks Accept; the caller stores the flag and removes the box. */
  onAccept: () => void;
}

/**
 * The first-visit disclaimer and terms box (spec 000 §1, 001 §1): age, anti-trafficking and paid
 * services text. It cannot be closed by Escape or a click outside; only the Accept tick dismisses it.
 * Part of the first load; the layout opens it the frame after its first paint, for visitors who have
 * not accepted it yet (app/Layout.tsx).
 */
export default function DisclaimerBox({ onAccept }: DisclaimerBoxProps) {
  const titleId = useId();

  const handleChange = (event: ChangeEvent<HTMLInputElement>) => {
    if (event.target.checked) onAccept();
  };

  return (
    <Modal
      show
      backdrop="static"
      keyboard={false}
      centered
      scrollable
      size="lg"
      aria-labelledby={titleId}
      className="disclaimer-box"
      backdropClassName="disclaimer-box__backdrop"
    >
      <Modal.Header className="disclaimer-box__header">
        <Modal.Title id={titleId} as="h2" className="h4 mb-0">
          <i className="bi bi-shield-exclamation me-2 text-accent" aria-hidden="true" />
          {M.title}
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>
        <section aria-labelledby={`${titleId}-age`}>
          <h3 id={`${titleId}-age`} className="h6 text-uppercase disclaimer-box__heading">
            <span className="disclaimer-box__badge">18+</span> {M.ageTitle}
          </h3>
          {M.age.map((text) => (
            <p key={text}>{text}</p>
          ))}
        </section>
        <section aria-labelledby={`${titleId}-trafficking`}>
          <h3 id={`${titleId}-trafficking`} className="h6 text-uppercase disclaimer-box__heading">
            {M.traffickingTitle}
          </h3>
          {M.trafficking.map((text) => (
            <p key={text}>{text}</p>
          ))}
          <p>
            <HotlineText />
          </p>
          <p>
            <Link to="/reporttrafficking">
              <i className="bi bi-flag me-1" aria-hidden="true" />
              {M.traffickingReport}
            </Link>
          </p>
        </section>
        <section aria-labelledby={`${titleId}-paid`}>
          <h3 id={`${titleId}-paid`} className="h6 text-uppercase disclaimer-box__heading">
            {M.paidTitle}
          </h3>
          <ul className="mb-0">
            {M.paidTerms.map((text) => (
              <li key={text}>{text}</li>
            ))}
          </ul>
        </section>
      </Modal.Body>
      <Modal.Footer className="disclaimer-box__footer justify-content-start">
        <p className="small text-body-secondary mb-2 w-100">
          {M.acceptHint} <Link to="/termsofservice">{MESSAGES.terms.title}</Link> {M.and}{' '}
          <Link to="/privacypolicy">{MESSAGES.privacy.title}</Link>.
        </p>
        <Form.Check
          type="checkbox"
          id={`${titleId}-accept`}
          className="disclaimer-box__accept fs-5 mb-0"
          label={M.accept}
          onChange={handleChange}
        />
      </Modal.Footer>
    </Modal>
  );
}
