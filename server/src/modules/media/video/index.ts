import { open, type FileHandle } from 'node:fs/promises';
import { MAX_VIDEO_SECONDS, MESSAGES } from '@app/domain';
import { AppError } from '../../../http/errors.ts';
import { invalidFile, quoted } from '../media.limits.ts';
import { analyseMp4 } from './mp4.ts';
import { apply, check, keepDigest, type Pass, Source } from './source.ts';
import { analyseWebm } from './webm.ts';

/**
 * Uploaded videos, in place and in pure TypeScript (no ffmpeg, nothing to install): their metadata
 * is removed and their length is read and checked before they are stored.
 *
 * - MP4 / QuickTime (ISO BMFF): every metadata box (`udta`, `meta`, `uuid`; top-level boxes that are
 *   not part of the movie) becomes a `free` box of the same size with a zeroed payload, so no sample
 *   moves and every chunk offset (`stco`/`co64`, `trun`) stays valid. Tracks other than video and
 *   sound (timed metadata such as GoPro/DJI GPS tracks, subtitles, timecode) are removed the same
 *   way, and every byte of `mdat` (and of `free`/`skip`/`wide`) that no remaining audio or video
 *   sample uses is zeroed. The creation and modification times of `mvhd`/`tkhd`/`mdhd` are zeroed.
 * - WebM / Matroska (EBML): `Tags`, `Attachments` and any unknown Segment child become an EBML Void
 *   element of exactly the same length; so do Info's Title, DateUTC and file names, the SeekHead
 *   entries that pointed at removed elements, tracks other than video and audio with their blocks,
 *   and the CRC-32 of every element changed; the payloads of Void elements are zeroed.
 * - The length is read from the headers (MP4: `mvhd`, `tkhd`, `mdhd`, the sample durations and the
 *   fragments; WebM: Info's Duration and the timecodes of the blocks) and the longest one counts, so
 *   a header cannot hide a long video.
 *
 * The file is parsed again after the change and must parse to the same length and the same samples
 * with nothing left to remove. Any file that cannot be parsed is refused with a 400; parsing never
 * throws anything else (I/O errors of the server's own disk excepted).
 */

export { MAX_VIDEO_SECONDS };

/** A clip may run this much over MAX_VIDEO_SECONDS: a "30 second" phone recording often lasts 30.03 s. */
export const VIDEO_SECONDS_TOLERANCE = 0.5;

/** What a cleaned video turned out to be. */
export interface VideoReport {
  format: 'mp4' | 'webm';
  durationSeconds: number;
  /** The metadata boxes/elements, tracks and timestamps removed (0 for a video that had none). */
  removed: number;
}

const EBML_MAGIC = Buffer.from([0x1a, 0x45, 0xdf, 0xa3]);

async function analyse(handle: FileHandle): Promise<Pass> {
  const size = (await handle.stat()).size;
  const src = new Source(handle, size);
  check(size >= 8, 'too short');
  const magic = await src.read(0, 4);
  return magic.equals(EBML_MAGIC) ? analyseWebm(src) : analyseMp4(src);
}

/** A system error of the server's own disk (not the caller's fault): let it through as a 500. */
const isSystemError = (err: unknown) =>
  err instanceof Error && typeof (err as NodeJS.ErrnoException).syscall === 'string';

const T = MESSAGES.videoUpload;

/**
 * Reads a video file without changing it: its format, length (undefined when it has none) and how
 * many metadata items a clean would remove (0 for a stored video). Throws a 400 when it cannot be
 * parsed.
 */
export async function inspectVideo(
  file: string,
  name = 'video',
): Promise<{ format: 'mp4' | 'webm'; durationSeconds: number | undefined; pending: number }> {
  const handle = await open(file, 'r');
  try {
    const pass = await analyse(handle);
    return { format: pass.format, durationSeconds: pass.seconds, pending: pass.changes };
  } catch (err) {
    if (err instanceof AppError || isSystemError(err)) throw err;
    throw invalidFile(`${quoted(name)}: ${T.unreadable}`);
  } finally {
    await handle.close();
  }
}

/**
 * Cleans a received video in place (see the top of this file) and checks its length: a video that
 * cannot be parsed, whose length cannot be read, or that lasts longer than MAX_VIDEO_SECONDS (with
 * VIDEO_SECONDS_TOLERANCE) is refused with a 400. `name` is the caller's file name, for messages.
 */
export async function cleanVideo(file: string, name: string): Promise<VideoReport> {
  const handle = await open(file, 'r+');
  try {
    const first = await analyse(handle);
    const seconds = first.seconds;
    if (seconds === undefined) throw invalidFile(`${quoted(name)}: ${T.noDuration}`);
    if (seconds > MAX_VIDEO_SECONDS + VIDEO_SECONDS_TOLERANCE) {
      throw invalidFile(`${quoted(name)} is ${seconds.toFixed(1)} seconds long. ${T.tooLong}`);
    }
    await apply(handle, first);
    const second = await analyse(handle);
    check(
      second.changes === 0 && second.seconds === seconds && keepDigest(second) === keepDigest(first),
      'the cleaned file does not parse the same',
    );
    return { format: first.format, durationSeconds: seconds, removed: first.changes };
  } catch (err) {
    if (err instanceof AppError || isSystemError(err)) throw err;
    throw invalidFile(`${quoted(name)}: ${T.unreadable}`);
  } finally {
    await handle.close();
  }
}
