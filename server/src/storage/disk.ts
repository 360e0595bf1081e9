import { createReadStream, createWriteStream } from 'node:fs';
import { access, mkdir, readdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { Storage, StoredInfo } from './storage.ts';

/** The folder of a data directory's uploads: `public/`, `private/` and `tmp/` (staging). */
export function uploadsRoot(dataDir: string): string {
  return path.join(dataDir, 'uploads');
}

/**
 * The disk driver: files under `<DATA_DIR>/uploads`, `public/` served statically at `/uploads/` with long
 * cache headers (http/plugins/web-shell.ts), `private/` read only by the authorised content route. Storing
 * a staged file is a rename on the same disk.
 */
export function diskStorage(dataDir: string): Storage {
  const root = uploadsRoot(dataDir);
  const dirFor = (isPrivate: boolean) => path.join(root, isPrivate ? 'private' : 'public');
  // Names are the server's own random names; a path separator would be a bug, never followed.
  const fileOf = (isPrivate: boolean, name: string) => path.join(dirFor(isPrivate), path.basename(name));
  const info = async (isPrivate: boolean, name: string): Promise<StoredInfo | undefined> => {
    try {
      const s = await stat(fileOf(isPrivate, name));
      return s.isFile() ? { name, size: s.size, modified: s.mtime } : undefined;
    } catch {
      return undefined;
    }
  };
  return {
    driver: 'disk',
    where: root,
    stagingRoot: path.join(root, 'tmp'),
    async putFile(isPrivate, name, localPath) {
      await mkdir(dirFor(isPrivate), { recursive: true });
      await rename(localPath, fileOf(isPrivate, name));
    },
    async putStream(isPrivate, name, body: Readable) {
      await mkdir(dirFor(isPrivate), { recursive: true });
      // Written beside and renamed: an interrupted copy never leaves a short file under the real name.
      const part = path.join(dirFor(isPrivate), `.${path.basename(name)}.part`);
      try {
        await pipeline(body, createWriteStream(part, { mode: 0o640 }));
        await rename(part, fileOf(isPrivate, name));
      } catch (err) {
        await rm(part, { force: true });
        throw err;
      }
    },
    async open(isPrivate, name, range) {
      const found = await info(isPrivate, name);
      if (!found) return undefined;
      const total = found.size;
      const start = range ? Math.min(range.start, total) : 0;
      const end = range ? Math.min(range.end ?? total - 1, total - 1) : total - 1;
      const size = Math.max(0, end - start + 1);
      return {
        stream: createReadStream(fileOf(isPrivate, name), size ? { start, end } : {}),
        size,
        totalSize: total,
        ...(range ? { range: { start, end } } : {}),
        modified: found.modified,
      };
    },
    stat: info,
    async remove(isPrivate, names) {
      await Promise.all(names.map((name) => rm(fileOf(isPrivate, name), { force: true })));
    },
    async makePrivate(name) {
      await mkdir(dirFor(true), { recursive: true });
      try {
        await rename(fileOf(false, name), fileOf(true, name));
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
      }
    },
    async *list(isPrivate) {
      let names: string[];
      try {
        names = await readdir(dirFor(isPrivate));
      } catch {
        return;
      }
      for (const name of names) {
        if (name.startsWith('.')) continue;
        const found = await info(isPrivate, name);
        if (found) yield found;
      }
    },
    async check() {
      await mkdir(root, { recursive: true });
      await access(root);
    },
    close() {},
  };
}
