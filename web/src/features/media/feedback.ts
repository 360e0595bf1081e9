import { MESSAGES } from '@app/domain';
import { isApiError } from '../../api/client.ts';
import type { ApiFailureTexts } from '../../api/toastApiFailure.ts';

/** The videos an ad, a place or a product takes: MP4 and WebM. */
export const VIDEO_TYPES = ['video/mp4', 'video/webm'] as const;

/** The file input's `accept` for a video. */
export const VIDEO_ACCEPT = VIDEO_TYPES.join(',');

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
export const UPLOAD_FAILURE: ApiFailureTexts = {
  show: FILE_REFUSALS,
  otherwise: MESSAGES.toast.tryAgainLater,
};
