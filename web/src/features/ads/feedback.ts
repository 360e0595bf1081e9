import { toast } from 'react-toastify';
import { MESSAGES } from '@app/domain';
import { isApiError } from '../../api/client.ts';

/** The videos an ad takes (issue 11 item 7: MP4 and WebM). */
export const VIDEO_TYPES = ['video/mp4', 'video/webm'] as const;

export function isVideoFile(file: File): boolean {
  if ((VIDEO_TYPES as readonly string[]).includes(file.type)) return true;
  return file.type === '' && /\.(mp4|webm)$/i.test(file.name);
}

/**
 * A refused upload (spec 001 §8): a bad request shows the server's reason (a video over 30 seconds,
 * a file that is not an image); anything else 'Please try again later'.
 */
export function toastUploadFailure(error: unknown): void {
  if (isApiError(error) && error.isBadRequest) toast.error(error.message);
  else toast.warning(MESSAGES.toast.tryAgainLater);
}

/**
 * A refused ad create or update (spec 001 §8): a bad request shows the server's message, as does a
 * refusal for want of a package or of ads left (its message is the catalogue's); anything else
 * 'Something went wrong. try again later'.
 */
export function toastAdFailure(error: unknown): void {
  if (isApiError(error) && (error.isBadRequest || error.status === 403)) toast.error(error.message);
  else toast.warning(MESSAGES.toast.genericWarning);
}
