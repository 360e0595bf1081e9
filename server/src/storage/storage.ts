import type { Readable } from 'node:stream';

/**
 * Where uploaded files are kept (decision 0022): one object, made once at start from the configuration
 * (`STORAGE_URL`), passed to everything that writes, reads or removes a stored file. Two drivers: `disk`
 * (`<DATA_DIR>/uploads/{public,private}`, disk.ts) and `s3` (a private bucket, s3.ts). Both keep two
 * folders, public and private, and stage on the local disk (`<DATA_DIR>/uploads/tmp`): a request's files
 * are received, checked and re-encoded there, then `putFile` stores each finished one.
 * Names are the random storage names of media.storage.ts (`<key><ext>`, `<format>_<key><ext>`).
 */
export interface Storage {
  readonly driver: 'disk' | 's3';
  /** Where the files are, for messages and logs: the folder, or `s3://bucket/prefix`. */
  readonly where: string;
  /** The local folder uploads are staged in before they are stored (on both drivers). */
  readonly stagingRoot: string;
  /** Stores a finished local file under `name`; the local file may be moved away (disk) or left (s3). */
  putFile(isPrivate: boolean, name: string, localPath: string): Promise<void>;
  /** Stores a stream of `size` bytes under `name` (storage-copy). */
  putStream(isPrivate: boolean, name: string, body: Readable, size: number): Promise<void>;
  /** A stored file's bytes (or `range` of them, inclusive), or undefined when there is no such file. */
  open(isPrivate: boolean, name: string, range?: ByteRange): Promise<StoredObject | undefined>;
  /** A stored file's size and time, or undefined when there is no such file. */
  stat(isPrivate: boolean, name: string): Promise<StoredInfo | undefined>;
  /** Removes stored files; missing ones are ignored. */
  remove(isPrivate: boolean, names: readonly string[]): Promise<void>;
  /** Moves a public file to the private folder (copy, then delete); a missing one is ignored. */
  makePrivate(name: string): Promise<void>;
  /** Every stored file of one folder. */
  list(isPrivate: boolean): AsyncIterable<StoredInfo>;
  /** Throws when the storage cannot be reached (the bucket at start and in the readiness check). */
  check(timeoutMs: number): Promise<void>;
  /** Lets go of connections (the s3 client's sockets). */
  close(): void;
}

export interface ByteRange {
  start: number;
  /** Inclusive; to the end when left out. */
  end?: number;
}

export interface StoredInfo {
  name: string;
  size: number;
  modified: Date;
}

export interface StoredObject {
  stream: Readable;
  /** The bytes this stream carries (the range's length when a range was asked). */
  size: number;
  /** The whole file's size. */
  totalSize: number;
  /** The range actually sent, when one was asked. */
  range?: { start: number; end: number };
  etag?: string;
  modified?: Date;
}

/** A failure of the storage itself (the bucket unreachable, a write refused), not a missing file. */
export class StorageError extends Error {
  constructor(
    readonly op: string,
    cause: unknown,
  ) {
    super(`Storage ${op} failed: ${oneLine(cause)}`, { cause });
  }
}

/** An error's message on one line (SDK messages may hold several). */
export function oneLine(err: unknown): string {
  const text = err instanceof Error ? err.message || err.name : String(err);
  return text.replace(/\s+/g, ' ').trim();
}

/** The content type a stored file is served with, by its extension (names are the server's own). */
export function contentTypeOf(name: string): string {
  const ext = name.slice(name.lastIndexOf('.') + 1).toLowerCase();
  return CONTENT_TYPES[ext] ?? 'application/octet-stream';
}

const CONTENT_TYPES: Record<string, string> = {
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  gif: 'image/gif',
  webp: 'image/webp',
  avif: 'image/avif',
  mp4: 'video/mp4',
  m4v: 'video/mp4',
  mov: 'video/quicktime',
  webm: 'video/webm',
  pdf: 'application/pdf',
};
