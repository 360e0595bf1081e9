import { existsSync, readFileSync, statSync } from 'node:fs';
import { chmod, copyFile, mkdir, readdir, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { uploadsRoot } from '../storage/index.ts';
import { BackupError } from './manifest.ts';

/**
 * The upload folders a backup holds: `public/` and `private/` of `<DATA_DIR>/uploads` (ID documents are in
 * `private/`). `tmp/` is what requests are receiving at that moment: never copied.
 */
export const UPLOAD_FOLDERS = ['public', 'private'] as const;

/** Whether a data folder's upload folders hold any file (a restore replaces them only with --force). */
export async function holdsUploads(dataDir: string): Promise<boolean> {
  for (const folder of UPLOAD_FOLDERS) {
    const entries = await readdir(path.join(uploadsRoot(dataDir), folder)).catch(() => [] as string[]);
    if (entries.length) return true;
  }
  return false;
}

export interface CopiedFiles {
  public: number;
  private: number;
  bytes: number;
}

/**
 * Copies the upload folders from one uploads root to another, file by file. A file deleted while the copy
 * runs (an account deleted, an unclaimed upload cleaned up) is skipped: the site keeps running meanwhile.
 */
export async function copyUploads(fromRoot: string, toRoot: string): Promise<CopiedFiles> {
  const copied: CopiedFiles = { public: 0, private: 0, bytes: 0 };
  for (const folder of UPLOAD_FOLDERS) {
    const from = path.join(fromRoot, folder);
    if (!existsSync(from)) continue;
    await mkdir(path.join(toRoot, folder), { recursive: true });
    await copyTree(from, path.join(toRoot, folder), (bytes) => {
      copied[folder]++;
      copied.bytes += bytes;
    });
  }
  return copied;
}

async function copyTree(from: string, to: string, counted: (bytes: number) => void): Promise<void> {
  for (const entry of await readdir(from, { withFileTypes: true })) {
    const source = path.join(from, entry.name);
    const target = path.join(to, entry.name);
    if (entry.isDirectory()) {
      await mkdir(target, { recursive: true });
      await copyTree(source, target, counted);
    } else if (entry.isFile()) {
      try {
        await copyFile(source, target);
        counted(statSync(target).size);
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
      }
    }
  }
}

/**
 * Puts a backup's upload folders in place of the data folder's: each existing folder is moved aside first and
 * removed once the copy is whole, so a failed copy leaves the files as they were.
 */
export async function restoreUploads(backupUploads: string, dataDir: string): Promise<CopiedFiles> {
  const root = uploadsRoot(dataDir);
  await mkdir(root, { recursive: true });
  const staging = path.join(root, `.restoring-${process.pid}`);
  await rm(staging, { recursive: true, force: true });
  const copied = await copyUploads(backupUploads, staging);
  for (const folder of UPLOAD_FOLDERS) {
    const current = path.join(root, folder);
    const old = path.join(root, `.before-restore-${folder}-${process.pid}`);
    if (existsSync(current)) await rename(current, old);
    const restored = path.join(staging, folder);
    if (existsSync(restored)) await rename(restored, current);
    else await mkdir(current, { recursive: true });
    await rm(old, { recursive: true, force: true });
  }
  await rm(staging, { recursive: true, force: true });
  return copied;
}

/** Refuses a backup folder that holds anything; creates it when it does not exist. */
export async function emptyBackupFolder(dir: string): Promise<void> {
  if (existsSync(dir)) {
    if (!statSync(dir).isDirectory()) throw new BackupError(`${dir} is a file: give a folder for the backup`);
    const entries = await readdir(dir);
    if (entries.length) {
      throw new BackupError(
        `${dir} is not empty (${entries.length} entries): a backup goes into a new or empty folder`,
      );
    }
  }
  await mkdir(dir, { recursive: true });
  // What it will hold is personal data: its owner's only.
  await chmod(dir, 0o700);
}

/**
 * Process ids, other than this one, that hold a lock on one of these files, from Linux's /proc/locks: a
 * SQLite connection in WAL mode holds a read lock on the database's `-shm` file for as long as it is open,
 * so a running server shows there (as pid 0 when it runs in another container). Empty where /proc/locks does
 * not exist (not Linux): then nothing is known.
 */
export function processesLocking(files: readonly string[]): number[] {
  if (!existsSync('/proc/locks')) return [];
  const inodes = new Set(files.filter((f) => existsSync(f)).map((f) => String(statSync(f).ino)));
  if (!inodes.size) return [];
  const pids = new Set<number>();
  for (const line of readFileSync('/proc/locks', 'utf8').split('\n')) {
    // `1: POSIX  ADVISORY  READ 22057 fe:00:2163556 128 128`: the pid, then device:inode.
    const m = /^\d+:\s+\S+\s+\S+\s+\S+\s+(\d+)\s+[0-9a-f]+:[0-9a-f]+:(\d+)\s/.exec(line);
    // A holder in another PID namespace (another container) shows as pid 0: still a holder.
    if (m && inodes.has(m[2]!) && Number(m[1]) !== process.pid) pids.add(Number(m[1]));
  }
  return [...pids];
}
