import { toast } from 'react-toastify';
import { MESSAGES } from '@app/domain';
import { isApiError } from '../../api/client.ts';

/** The videos an ad takes (issue 11 item 7: MP4 and WebM). */
export const VIDEO_TYPES = ['video/mp4', 'video/webm'] as const;

export function isVideoFile(file: File): boolean {
  if ((VIDEO_TYPES as readonly string[]).includes(file.type)) return true;
  return file.type === '' && /\.(mp4|webm)$/i.test(file.name);
}

/** The statuses of an upload the server refused for the file itself: bad, too large, not a known type. */
const FILE_REFUSALS: readonly number[] = [400, 413, 415];

/**
 * The server's reason when it refused the uploaded file itself (400 a video over 30 seconds, 413 too
 * large, 415 not a recognised file type); null for any other failure (offline, a server fault).
 */
export function uploadRefusal(error: unknown): string | null {
  return isApiError(error) && FILE_REFUSALS.includes(error.status) ? error.message : null;
}

/**
 * A refused upload (spec 001 §8): a file the server refused shows the server's reason (see
 * `uploadRefusal`); anything else 'Please try again later'.
 */
export function toastUploadFailure(error: unknown): void {
  const refusal = uploadRefusal(error);
  if (refusal) toast.error(refusal);
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
