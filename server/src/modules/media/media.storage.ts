import { randomBytes } from 'node:crypto';
import { mkdir, mkdtemp, open, readdir, rm, stat, writeFile, type FileHandle } from 'node:fs/promises';
import path from 'node:path';
import type { Storage } from '../../storage/index.ts';
import type { NewFile } from './media.queries.ts';

/**
 * Stored names and staging. Files are kept by the storage (server/src/storage/, decision 0022): the disk
 * of `<DATA_DIR>/uploads` or an S3-compatible bucket, each with a public and a private folder. A request's
 * files are staged on the local disk (`<DATA_DIR>/uploads/tmp`, never served) while they are received,
 * checked and re-encoded, then stored. Stored names are random keys (`<key><ext>`, `<format>_<key><ext>`),
 * never the caller's file name.
 */

/** A new random storage key: 128 bits, hex, so it cannot be guessed and is safe in a path. */
export function newStorageKey(): string {
  return randomBytes(16).toString('hex');
}

/**
 * The name a stored file is known by (its `name`, shown in the media library and in answers): its kind,
 * the start of its random storage key and its extension, e.g. `image-3f9a0c1d.webp`. Never the
 * uploader's file name, which often holds a person's name or place (`jane-realname-home.jpg`).
 */
export function neutralName(kind: 'image' | 'video', key: string, ext: string): string {
  return `${kind}-${key.slice(0, 8)}${ext}`;
}

/** The disk name of a stored file or of one of its formats. */
export function storedName(key: string, ext: string, format?: string): string {
  if (
    !/^[a-f0-9]{32}$/.test(key) ||
    !/^\.[a-z0-9]{1,8}$/.test(ext) ||
    (format && !/^[a-z]{1,16}$/.test(format))
  ) {
    throw new Error('Invalid storage name');
  }
  return `${format ? `${format}_` : ''}${key}${ext}`;
}

/**
 * A per-request folder under the storage's staging folder that receives files while a request is read.
 * `commit` stores the staged files in the public or private folder (all or none: on a failure those
 * already stored are removed again); `dispose` removes whatever is left.
 */
export interface Staging {
  write(name: string, data: Buffer): Promise<void>;
  /** Opens a staged file for streaming writes. */
  createWriter(name: string): Promise<{ write(chunk: Buffer): Promise<void>; close(): Promise<void> }>;
  /** The disk path of a staged file, for checks that edit it in place before commit (video/). */
  pathOf(name: string): string;
  commit(names: string[], isPrivate: boolean): Promise<void>;
  dispose(): Promise<void>;
}

/** What one received file left in staging: its disk names, and the record to insert once they are committed. */
export interface StagedUpload {
  files: string[];
  record: Omit<NewFile, 'is_private' | 'purpose' | 'owner_id'>;
}

export async function createStaging(storage: Storage): Promise<Staging> {
  const tmp = storage.stagingRoot;
  await mkdir(tmp, { recursive: true });
  const dir = await mkdtemp(path.join(tmp, 'upload-'));
  const pathOf = (name: string) => path.join(dir, path.basename(name));
  return {
    write: (name, data) => writeFile(pathOf(name), data, { flag: 'wx', mode: 0o640 }),
    async createWriter(name) {
      const handle = await open(pathOf(name), 'wx', 0o640);
      let closed = false;
      return {
        write: (chunk) => writeAll(handle, chunk),
        async close() {
          if (closed) return;
          closed = true;
          await handle.close();
        },
      };
    },
    async commit(names, isPrivate) {
      const stored: string[] = [];
      try {
        for (const name of names) {
          await storage.putFile(isPrivate, name, pathOf(name));
          stored.push(name);
        }
      } catch (err) {
        // Whatever reached the storage goes again; if the storage cannot even do that, the orphan
        // clean-up (delete-orphan-files) finds them later: no record names them.
        await storage.remove(isPrivate, stored).catch(() => undefined);
        throw err;
      }
    },
    pathOf,
    dispose: () => rm(dir, { recursive: true, force: true }),
  };
}

async function writeAll(handle: FileHandle, chunk: Buffer): Promise<void> {
  for (let offset = 0; offset < chunk.length;) {
    const { bytesWritten } = await handle.write(chunk, offset, chunk.length - offset);
    offset += bytesWritten;
  }
}

/** Removes staging folders older than `before`, left behind by requests that were cut off. */
export async function removeStaleStaging(storage: Storage, before: Date): Promise<void> {
  const tmp = storage.stagingRoot;
  let entries: string[];
  try {
    entries = await readdir(tmp);
  } catch {
    return;
  }
  for (const entry of entries) {
    const dir = path.join(tmp, entry);
    try {
      if ((await stat(dir)).mtimeMs < before.getTime()) await rm(dir, { recursive: true, force: true });
    } catch {
      // Gone already.
    }
  }
}
