import { MESSAGES } from '@app/domain';
import type { ApiFailureTexts } from '../../api/toastApiFailure.ts';

/**
 * A failed sign-in (spec 000 §8): a bad request is 'Invalid email or password'; a blocked account
 * (403) or too many attempts (429) shows the server's explanation; anything else the generic warning.
 */
export const SIGN_IN_FAILURE: ApiFailureTexts = {
  show: [400, 403, 429],
  badRequest: MESSAGES.login.invalidCredentials,
};
