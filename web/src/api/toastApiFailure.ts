import { toast } from 'react-toastify';
import { MESSAGES } from '@app/domain';
import { isApiError } from './client.ts';

/**
 * The toast for a failed profile, password or upload call (spec 000 §8): a bad request shows the
 * server's message (or `badRequest` when given), anything else the generic warning (or `otherwise`).
 */
export function toastFailure(error: unknown, texts: { badRequest?: string; otherwise?: string } = {}): void {
  if (isApiError(error) && error.isBadRequest) {
    toast.error(texts.badRequest ?? error.message);
  } else {
    toast.warning(texts.otherwise ?? MESSAGES.toast.genericWarning);
  }
}

/**
 * The toast for a failed sign-in (spec 000 §8): a bad request is 'Invalid email or password'; a
 * blocked account (403) or too many attempts (429) shows the server's explanation; anything else
 * the generic warning.
 */
export function toastSignInFailure(error: unknown): void {
  if (!isApiError(error)) {
    toast.warning(MESSAGES.toast.genericWarning);
  } else if (error.isBadRequest) {
    toast.error(MESSAGES.login.invalidCredentials);
  } else if (error.status === 403 || error.status === 429) {
    toast.error(error.message);
  } else {
    toast.warning(MESSAGES.toast.genericWarning);
  }
}
