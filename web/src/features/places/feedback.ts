import type { ApiFailureTexts } from '../../api/toastApiFailure.ts';

/**
 * A refused place or address write (spec 001 §8): a bad request, a refusal or a conflict shows the
 * server's message; anything else 'Something went wrong. try again later'.
 */
export const PLACE_FAILURE: ApiFailureTexts = { show: [400, 403, 409] };
