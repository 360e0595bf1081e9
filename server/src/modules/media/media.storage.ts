import { randomBytes } from 'node:crypto';
import { createReadStream, type ReadStream } from 'node:fs';
import {
  mkdir,
  mkdtemp,
  open,
  readdir,
  rename,
  rm,
  stat,
  writeFile,
  type FileHandle,
} from 'node:fs/promises';
import path from 'node:path';
import type { NewFile } from './media.queries.ts';

/**
 * Local disk storage for uploads, under `<DATA_DIR>/uploads` (the "storage root"):
 * - `public/`  served statically at `/uploads/` with long cache headers;
 * - `private/` never served statically; only the authorised content route reads it;
 * - `tmp/`     staging while a request is being received; never served.
 * Stored names are random keys (`<key><ext>`, `<format>_<key><ext>`), never the caller's file name.
 * An S3-compatible driver can later implement the same few functions.
 */

/** The storage root for a data directory. */
export function uploadsRoot(dataDir: string): string {
  return path.join(dataDir, 'uploads');
}

function dirFor(root: string, isPrivate: boolean): string {
  return path.join(root, isPrivate ? 'private' : 'public');
}

/** Where a stored file is on disk (an account's export copies its own files from there). */
export function storedPath(root: string, isPrivate: boolean, name: string): string {
  return path.join(dirFor(root, isPrivate), name);
}

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
 * A per-request folder under `tmp/` that receives files while a request is read. `commit` moves the
 * staged files into `public/` or `private/` (a rename on the same disk); `dispose` removes whatever is left.
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

export async function createStaging(root: string): Promise<Staging> {
  const tmp = path.join(root, 'tmp');
  await mkdir(tmp, { recursive: true });
  const dir = await mkdtemp(path.join(tmp, 'upload-'));
  return {
    write: (name, data) => writeFile(path.join(dir, name), data, { flag: 'wx', mode: 0o640 }),
    async createWriter(name) {
      const handle = await open(path.join(dir, name), 'wx', 0o640);
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
      const target = dirFor(root, isPrivate);
      await mkdir(target, { recursive: true });
      const moved: string[] = [];
      try {
        for (const name of names) {
          await rename(path.join(dir, name), path.join(target, name));
          moved.push(name);
        }
      } catch (err) {
        await removeStoredFiles(root, isPrivate, moved);
        throw err;
      }
    },
    pathOf: (name) => path.join(dir, path.basename(name)),
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
export async function removeStaleStaging(root: string, before: Date): Promise<void> {
  const tmp = path.join(root, 'tmp');
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

/** Removes stored files; missing ones are ignored. */
export async function removeStoredFiles(root: string, isPrivate: boolean, names: string[]): Promise<void> {
  const dir = dirFor(root, isPrivate);
  await Promise.all(names.map((name) => rm(path.join(dir, name), { force: true })));
}

/** Moves a stored file from `public/` to `private/` (a rename on the same disk); a missing one is ignored. */
export async function moveStoredFileToPrivate(root: string, name: string): Promise<void> {
  await mkdir(dirFor(root, true), { recursive: true });
  try {
    await rename(path.join(dirFor(root, false), name), path.join(dirFor(root, true), name));
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
  }
}

/** Opens a stored file for reading, or undefined when it is not on disk. */
export async function openStoredFile(
  root: string,
  isPrivate: boolean,
  name: string,
): Promise<{ stream: ReadStream; size: number } | undefined> {
  const file = path.join(dirFor(root, isPrivate), name);
  try {
    const s = await stat(file);
    if (!s.isFile()) return undefined;
    return { stream: createReadStream(file), size: s.size };
  } catch {
    return undefined;
  }
}
