import type { ApiFailureTexts } from '../../../api/toastApiFailure.ts';

/**
 * A refused ad create or update (spec 001 §8): a bad request shows the server's message, as does a
 * refusal for want of a package or of ads left (its message is the catalogue's); anything else
 * 'Something went wrong. try again later'.
 */
export const AD_FAILURE: ApiFailureTexts = { show: [400, 403] };
