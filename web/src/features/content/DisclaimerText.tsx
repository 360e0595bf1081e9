import { Link } from 'react-router';
import { MESSAGES } from '@app/domain';
import { HotlineText } from './HotlineLinks.tsx';

const M = MESSAGES.disclaimer;

/** The disclaimer box's text: the age terms, the anti-trafficking notice with its links, the paid terms. */
export function DisclaimerText({ titleId }: { titleId: string }) {
  return (
    <div className="modal-body">
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
    </div>
  );
}
