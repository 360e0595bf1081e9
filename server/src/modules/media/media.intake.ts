import { fileTypeFromBuffer } from 'file-type';
import { AppError, badRequest } from '../../http/errors.ts';
import { IMAGE_TYPES, processImage, type ImageKind } from './media.images.ts';
import { invalidFile, MB, MEDIA_LIMITS, payloadTooLarge, quoted, unsupportedType } from './media.limits.ts';
import { neutralName, newStorageKey, storedName, type StagedUpload, type Staging } from './media.storage.ts';
import { cleanVideo } from './video/index.ts';
import { uploadBytes } from '../../metrics.ts';

/*
 * Intake: the parts of a multipart upload read into staging, each file's real type sniffed from its
 * first bytes, the size limit of that type enforced while it streams in, then the image processed
 * (media.images.ts) or the video cleaned (video/).
 */

/** One part of a multipart body, as @fastify/multipart yields them. */
export type UploadPart =
  | {
      type: 'file';
      fieldname: string;
      filename: string;
      file: AsyncIterable<Buffer> & { truncated: boolean };
      /** A file the server made (demo placeholders): stored under `filename`, which the server chose. */
      generated?: true;
    }
  | { type: 'field'; fieldname: string; value: unknown };

/** Accepted videos, by sniffed type, stored as they are. */
const VIDEO_TYPES: Record<string, string> = {
  'video/mp4': '.mp4',
  'video/webm': '.webm',
  'video/quicktime': '.mov',
};

/** Enough leading bytes for file-type to recognise every accepted format. */
const SNIFF_BYTES = 4100;

type Sniffed = ({ category: 'image' } & ImageKind) | { category: 'video'; mime: string; ext: string };

/**
 * The caller's file name as a label for the error messages answered to them: no folders, no control
 * characters, a sane length. It is not stored (`neutralName`).
 */
function cleanFileName(raw: string | undefined): string {
  const base = (raw ?? '').split(/[\\/]/).pop() ?? '';
  const clean = [...base.normalize('NFC')]
    .filter((c) => c.charCodeAt(0) >= 0x20 && c !== '\u007f')
    .join('')
    .trim()
    .slice(0, 200);
  return clean || 'file';
}

/** The real type of a file, from its first bytes; anything but an accepted image or video is a 415. */
async function sniff(head: Buffer, name: string): Promise<Sniffed> {
  const found = await fileTypeFromBuffer(head);
  const image = found && IMAGE_TYPES[found.mime];
  if (found && image) return { category: 'image', mime: found.mime, ...image };
  const videoExt = found && VIDEO_TYPES[found.mime];
  if (found && videoExt) return { category: 'video', mime: found.mime, ext: videoExt };
  throw unsupportedType(
    `${quoted(name)} is ${found ? `of type ${found.mime}` : 'not a recognised file type'}; ` +
      'accepted are JPEG, PNG, WebP, GIF and AVIF images and MP4, WebM and MOV videos',
  );
}

/** Reads one file part into the staging folder, enforcing the type and the size limit of that type. */
export async function receiveFile(
  part: Extract<UploadPart, { type: 'file' }>,
  staging: Staging,
): Promise<StagedUpload> {
  const name = cleanFileName(part.filename);
  const key = newStorageKey();
  const chunks: Buffer[] = [];
  let size = 0;
  let kind: Sniffed | undefined;
  let writer: Awaited<ReturnType<Staging['createWriter']>> | undefined;

  const startVideo = async (k: Extract<Sniffed, { category: 'video' }>) => {
    writer = await staging.createWriter(storedName(key, k.ext));
    for (const c of chunks.splice(0)) await writer.write(c);
  };

  try {
    try {
      for await (const chunk of part.file) {
        size += chunk.length;
        if (writer) {
          await writer.write(chunk);
          continue;
        }
        chunks.push(chunk);
        if (!kind && size >= SNIFF_BYTES) {
          kind = await sniff(Buffer.concat(chunks), name);
          if (kind.category === 'video') await startVideo(kind);
        }
        if (kind?.category === 'image' && size > MEDIA_LIMITS.maxImageBytes) {
          throw payloadTooLarge(
            `${quoted(name)} is larger than ${MEDIA_LIMITS.maxImageBytes / MB} MB, the limit for images`,
          );
        }
      }
    } catch (err) {
      throw err instanceof AppError ? err : multipartError(err);
    }
    if (part.file.truncated) {
      throw payloadTooLarge(
        `${quoted(name)} is larger than ${MEDIA_LIMITS.maxVideoBytes / MB} MB, the limit for videos`,
      );
    }
    if (size === 0) throw invalidFile(`${quoted(name)} is empty`);
    uploadBytes.inc(size);
    if (!kind) {
      kind = await sniff(Buffer.concat(chunks), name);
      if (kind.category === 'video') await startVideo(kind);
    }
  } finally {
    await writer?.close();
  }

  if (kind.category === 'video') {
    // Metadata removed in place (sizes kept) and the length checked, or the video is refused.
    await cleanVideo(staging.pathOf(storedName(key, kind.ext)), name);
    return {
      files: [storedName(key, kind.ext)],
      record: {
        name: part.generated ? name : neutralName('video', key, kind.ext),
        storage_key: key,
        ext: kind.ext,
        mime: kind.mime,
        size,
        width: null,
        height: null,
        formats: null,
      },
    };
  }
  return processImage(Buffer.concat(chunks), kind, name, key, staging, part.generated === true);
}

/** Turns the multipart plugin's and the parser's errors into clear 4xx answers. */
export function multipartError(err: unknown): unknown {
  if (err instanceof AppError) return err;
  const code = (err as { code?: unknown }).code;
  switch (code) {
    case 'FST_FILES_LIMIT':
      return invalidFile(`Too many files: at most ${MEDIA_LIMITS.maxFilesPerRequest} may be sent at once`);
    case 'FST_REQ_FILE_TOO_LARGE':
      return payloadTooLarge(
        `A file is larger than ${MEDIA_LIMITS.maxVideoBytes / MB} MB, the largest upload allowed`,
      );
    case 'FST_PARTS_LIMIT':
    case 'FST_FIELDS_LIMIT':
      return badRequest('Too many form fields');
    case 'FST_INVALID_MULTIPART_CONTENT_TYPE':
      return invalidFile('Send the files as multipart/form-data in the field "files"');
    default:
      // Anything else the parser raises (truncated body, bad boundary, ...) is the caller's malformed request.
      return badRequest(`Malformed multipart body: ${err instanceof Error ? err.message : 'unreadable'}`);
  }
}

/** The parts of a multipart body, with the parser's errors turned into 4xx answers. */
export async function* readParts(parts: AsyncIterable<UploadPart>): AsyncGenerator<UploadPart> {
  const it = parts[Symbol.asyncIterator]();
  for (;;) {
    let next: IteratorResult<UploadPart>;
    try {
      next = await it.next();
    } catch (err) {
      throw multipartError(err);
    }
    if (next.done) return;
    yield next.value;
  }
}
