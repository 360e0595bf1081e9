import { MESSAGES } from '@app/domain';
import type { SessionUser } from '../../app/session.tsx';

const V = MESSAGES.verification;

type VerificationState = keyof typeof V.states;

/** What `GET /api/users/me` adds for a provider: the ID verification and its reason. */
export interface VerificationFields {
  verification?: VerificationState | null;
  verification_reason?: string | null;
}

const LOOK: Record<VerificationState, { variant: string; icon: string; help: string }> = {
  pending: { variant: 'warning', icon: 'bi-hourglass-split', help: V.pendingHelp },
  verified: { variant: 'success', icon: 'bi-patch-check', help: V.verifiedHelp },
  rejected: { variant: 'danger', icon: 'bi-x-octagon', help: V.rejectedHelp },
};

const isState = (value: unknown): value is VerificationState =>
  typeof value === 'string' && Object.hasOwn(V.states, value);

/**
 * A provider's ID verification on My Profile: Pending, Verified or Rejected with
 * the staff's reason. Nothing for accounts that need none.
 */
export function VerificationStatus({ user }: { user: SessionUser & VerificationFields }) {
  const state = user.verification;
  if (user.user_type !== 'Provider' || !isState(state)) return null;
  const look = LOOK[state];
  return (
    <section className={`alert alert-${look.variant} mt-4 mb-0`} aria-labelledby="verification-title">
      <h2 id="verification-title" className="h6 mb-1">
        <i className={`bi ${look.icon} me-2`} aria-hidden="true" />
        {V.title}: <span data-field={V.state}>{V.states[state]}</span>
      </h2>
      <p className="mb-0">{look.help}</p>
      {state === 'rejected' && user.verification_reason && (
        <p className="mb-0 mt-2">
          <strong>{V.reason}:</strong> {user.verification_reason}
        </p>
      )}
    </section>
  );
}
