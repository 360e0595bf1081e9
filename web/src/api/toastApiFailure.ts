import { toast } from 'react-toastify';
import type { ToastOptions } from 'react-toastify';
import { MESSAGES } from '@app/domain';
import { isApiError } from './client.ts';
import type { ApiError } from './client.ts';

/** Which failures of a call show the server's own message, and what the others show. */
export interface ApiFailureTexts {
  /** The statuses whose answer shows the server's message (default: a bad request, 400). */
  show?: readonly number[];
  /** What a bad request shows instead of the server's message: a fixed text, or one read from the error. */
  badRequest?: string | ((error: ApiError) => string);
  /** What any other failure shows (default: the generic warning). */
  otherwise?: string;
  toastOptions?: ToastOptions;
}

/**
 * The toast for a failed call (spec 000 §8): a refusal whose status is in `show` is an error toast
 * with the server's message (for a 400 `badRequest` when given); anything else (another status, no
 * reply, a fault in the page) is a warning with `otherwise`.
 */
export function toastApiFailure(error: unknown, texts: ApiFailureTexts = {}): void {
  const { show = [400], badRequest, otherwise = MESSAGES.toast.genericWarning, toastOptions } = texts;
  if (isApiError(error) && show.includes(error.status)) {
    const text =
      error.isBadRequest && badRequest !== undefined
        ? typeof badRequest === 'string'
          ? badRequest
          : badRequest(error)
        : error.message;
    toast.error(text, toastOptions);
  } else {
    toast.warning(otherwise, toastOptions);
  }
}
