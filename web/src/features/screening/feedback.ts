import { MESSAGES, SCREENING_REFUSALS, type TScreeningRefusal } from '@app/domain';
import { isApiError } from '../../api/client.ts';
import type { ApiFailureTexts } from '../../api/toastApiFailure.ts';

/**
 * A refused screening write: the server's own reason when it gives one the provider can act on (the
 * daily limit, a bad request with its first field's reason, a refusal), anything else 'Something went
 * wrong. try again later'.
 */
export const SCREENING_FAILURE: ApiFailureTexts = {
  show: [400, 403, 404, 409, 429],
  badRequest: (error) => badRequestReason(error) ?? error.message,
};

/** The reason a 400 gives for its first refused field (Strapi's `details.errors`), else its message. */
export function badRequestReason(error: unknown): string | null {
  if (!isApiError(error) || !error.isBadRequest) return null;
  const errors = (error.details as { errors?: unknown } | null)?.errors;
  const first: unknown = Array.isArray(errors) ? errors[0] : undefined;
  const message = (first as { message?: unknown } | undefined)?.message;
  return typeof message === 'string' && message !== '' ? message : error.message;
}

const REFUSAL_TEXT: Record<TScreeningRefusal, string> = {
  verification_pending: MESSAGES.screening.verificationPending,
  verification_rejected: MESSAGES.screening.verificationRejected,
  suspended: MESSAGES.screening.suspended,
};

/**
 * Why the list cannot be shown, as the page says it instead of the list: a provider who may not screen
 * (ID not verified yet, rejected, screening suspended: the 403's `details.code`) or one past a read
 * limit (a 429, its own message); null for any other failure.
 */
export function screeningRefusal(error: unknown): string | null {
  if (!isApiError(error)) return null;
  if (error.status === 429) return error.message;
  if (error.status !== 403) return null;
  const code = (error.details as { code?: unknown } | null)?.code;
  return SCREENING_REFUSALS.includes(code as TScreeningRefusal)
    ? REFUSAL_TEXT[code as TScreeningRefusal]
    : error.message;
}
