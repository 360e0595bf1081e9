import { existsSync, readFileSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import type { Engine } from '../db/database.ts';
import { migrationProvider } from '../db/migrations/index.ts';

/** What a backup folder says about itself, in `manifest.json`; written last, so its presence marks a whole backup. */
export const ZManifest = z.object({
  format: z.literal(1),
  engine: z.enum(['sqlite', 'postgres']),
  createdAt: z.string(),
  appVersion: z.string(),
  /** The last migration applied when the backup was taken (by name, which sorts by time), and all of them. */
  migration: z.string().nullable(),
  migrations: z.array(z.string()),
  /** The database's file in the folder: `app.sqlite` or `database.pgdump`, and its size. */
  database: z.object({ file: z.string(), bytes: z.number() }),
  /** Upload files copied from `<DATA_DIR>/uploads` (none when they are not on this disk). */
  uploads: z.object({ public: z.number(), private: z.number(), bytes: z.number() }),
  /** Whether the folder holds the JWT secret the server generated in DATA_DIR (none when JWT_SECRET is set). */
  jwtSecretFile: z.boolean(),
  /** PostgreSQL only: the major versions of the server and of the pg_dump that wrote the dump. */
  postgres: z.object({ server: z.number(), pgDump: z.number() }).optional(),
});
export type Manifest = z.infer<typeof ZManifest>;

export const MANIFEST = 'manifest.json';

export async function writeManifest(dir: string, manifest: Manifest): Promise<void> {
  await writeFile(path.join(dir, MANIFEST), JSON.stringify(manifest, null, 2) + '\n', { mode: 0o600 });
}

/** The manifest of a backup folder; throws a one-line reason when it is missing or not one of ours. */
export function readManifest(dir: string): Manifest {
  const file = path.join(dir, MANIFEST);
  if (!existsSync(file)) {
    throw new BackupError(`${dir} holds no ${MANIFEST}: not a backup, or one that did not finish`);
  }
  let json: unknown;
  try {
    json = JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    throw new BackupError(`${file} is not valid JSON`);
  }
  const parsed = ZManifest.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new BackupError(`${file} is not a backup manifest (${issue.path.join('.')}: ${issue.message})`);
  }
  return parsed.data;
}

/** A refusal or failure of a backup command: its message is the one line the operator reads. */
export class BackupError extends Error {}

/** The migrations this code knows, by name, in order. */
export async function knownMigrations(): Promise<string[]> {
  return Object.keys(await migrationProvider.getMigrations()).sort();
}

/**
 * What restoring a backup with these migrations means for this code: refused when the backup has one this
 * code does not know (a newer version made it; migrations only go forward), else the ones the next start runs.
 */
export async function migrationPlan(applied: readonly string[], engine: Engine): Promise<string[]> {
  const known = await knownMigrations();
  const unknown = applied.filter((name) => !known.includes(name));
  if (unknown.length) {
    throw new BackupError(
      `This backup was made by a newer version (${engine} schema at ${unknown.sort().at(-1)}, which this code does not know): restore it with that version or a later one`,
    );
  }
  return known.filter((name) => !applied.includes(name));
}

/** The server's version (server/package.json), found from this file in src/ or in the bundle's dist/. */
export function appVersion(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 4; i++) {
    const file = path.join(dir, 'package.json');
    if (existsSync(file)) {
      const pkg = JSON.parse(readFileSync(file, 'utf8')) as { name?: string; version?: string };
      if (pkg.name === '@app/server') return pkg.version ?? 'unknown';
    }
    dir = path.dirname(dir);
  }
  return 'unknown';
}
