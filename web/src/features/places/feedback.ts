import { toast } from 'react-toastify';
import { MESSAGES } from '@app/domain';
import { isApiError } from '../../api/client.ts';

/** The videos a place takes (as ads: MP4 and WebM). */
export { isVideoFile } from '../media/feedback.ts';

/**
 * A refused place or address write (spec 001 §8): a bad request, a refusal or a conflict shows the
 * server's message; anything else 'Something went wrong. try again later'.
 */
export function toastPlaceFailure(error: unknown): void {
  if (isApiError(error) && (error.isBadRequest || error.status === 403 || error.status === 409))
    toast.error(error.message);
  else toast.warning(MESSAGES.toast.genericWarning);
}

/** A refused upload: the server's reason for a bad file, else 'Please try again later' (spec 000 §8). */
export { toastUploadFailure } from '../media/feedback.ts';
