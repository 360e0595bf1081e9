import { Link } from 'react-router';
import { MESSAGES } from '@app/domain';

/** Why a form is missing: visitors are asked to log in, other roles told it is for hobbyists. */
export function PanelHint({ isLoggedIn }: { isLoggedIn: boolean }) {
  return (
    <p className="provider-card__hint small text-body-secondary mb-0">
      <i className="bi bi-info-circle me-1" aria-hidden="true" />
      {isLoggedIn ? (
        MESSAGES.cardActions.hobbyistsOnly
      ) : (
        <>
          {MESSAGES.card.loginHint} <Link to="/login">{MESSAGES.card.login}</Link>
        </>
      )}
    </p>
  );
}
