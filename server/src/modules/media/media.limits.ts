import { MESSAGES } from '@app/domain';
import { fieldError } from '../../http/errors.ts';

/** Upload limits; the multipart plugin is configured from these too (app.ts). */
export const MEDIA_LIMITS = {
  maxImageBytes: 15 * 1024 * 1024,
  maxVideoBytes: 100 * 1024 * 1024,
  maxFilesPerRequest: 10,
  maxImagePixels: 40_000_000,
  maxImageSide: 12_000,
  /**
   * The bytes (originals and formats) one address may upload without an account within 24 hours,
   * claimed by a registration since or not; an upload that would go over is refused whole (429).
   * Tests may lower it.
   */
  maxAnonymousBytesPerDay: 60 * 1024 * 1024,
  /** The bytes one account may upload within 24 hours (ten of the largest videos). Tests may lower it. */
  maxAccountBytesPerDay: 1024 * 1024 * 1024,
};

export const MB = 1024 * 1024;

/** A caller's file name in a message. */
export const quoted = (name: string) => JSON.stringify(name);

/** The refusals of an upload, each at the field `files` (the upload plugin's shape: no `name`). */
export const payloadTooLarge = (message: string) =>
  fieldError('files', message, { plain: true, code: 'PayloadTooLargeError' });
export const unsupportedType = (message: string) =>
  fieldError('files', message, { plain: true, code: 'UnsupportedMediaTypeError' });
export const invalidFile = (message: string) => fieldError('files', message, { plain: true });
/** The 429 of the daily upload caps: an address without an account, or an account. */
export const dailyLimitReached = (signedIn: boolean) =>
  fieldError('files', signedIn ? MESSAGES.upload.accountDailyLimit : MESSAGES.register.docsDailyLimit, {
    plain: true,
    code: 'RateLimitError',
  });
