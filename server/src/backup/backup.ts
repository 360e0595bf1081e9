import { existsSync } from 'node:fs';
import { copyFile, readdir, rm } from 'node:fs/promises';
import path from 'node:path';
import type { Config } from '../config.ts';
import { uploadsRoot } from '../storage/index.ts';
import { copyUploads, emptyBackupFolder, holdsUploads, restoreUploads } from './backup.files.ts';
import {
  backupPostgres,
  PG_DUMP_FILE,
  postgresHoldsData,
  refuseOtherSessions,
  restorePostgres,
} from './backup.postgres.ts';
import {
  backupSqlite,
  refuseOpenSqlite,
  SQLITE_FILE,
  sqliteHoldsData,
  stageSqlite,
} from './backup.sqlite.ts';
import {
  appVersion,
  BackupError,
  knownMigrations,
  migrationPlan,
  readManifest,
  writeManifest,
  type Manifest,
} from './manifest.ts';

/** The JWT secret the server generates in DATA_DIR when JWT_SECRET is not set (config.ts). */
const JWT_SECRET_FILE = 'jwt-secret';
const UPLOADS = 'uploads';

/**
 * `backup DIR`: the database (SQLite's online backup API, or pg_dump's custom format) and then the upload
 * files on disk, into a new or empty folder, with `manifest.json` written last. The database is copied
 * first: a file uploaded during the copy is then at worst one more file, never a record without its file.
 */
export async function backupCommand(config: Config, args: string[]): Promise<void> {
  const [dirArg, ...rest] = args;
  if (!dirArg || rest.length)
    throw new BackupError('backup needs one argument: the folder to write the backup to');
  const dir = path.resolve(dirArg);
  await emptyBackupFolder(dir);
  try {
    const engine = config.databaseUrl ? 'postgres' : 'sqlite';
    let database: { bytes: number; migrations: string[] };
    let postgres: Manifest['postgres'];
    if (engine === 'postgres') {
      const dumped = await backupPostgres(config.databaseUrl!, path.join(dir, PG_DUMP_FILE));
      database = dumped;
      postgres = { server: dumped.server, pgDump: dumped.pgDump };
    } else {
      database = await backupSqlite(config.dataDir, dir);
    }
    // With a bucket (STORAGE_URL=s3://…) the files stay there: the bucket's own versioning keeps them.
    const inBucket = config.storage.driver === 's3';
    const uploads = inBucket
      ? { public: 0, private: 0, bytes: 0 }
      : await copyUploads(uploadsRoot(config.dataDir), path.join(dir, UPLOADS));
    const secret = path.join(config.dataDir, JWT_SECRET_FILE);
    const jwtSecretFile = !process.env.JWT_SECRET && existsSync(secret);
    if (jwtSecretFile) await copyFile(secret, path.join(dir, JWT_SECRET_FILE));
    const manifest: Manifest = {
      format: 1,
      engine,
      createdAt: new Date().toISOString(),
      appVersion: appVersion(),
      migration: database.migrations.at(-1) ?? null,
      migrations: database.migrations,
      database: { file: engine === 'postgres' ? PG_DUMP_FILE : SQLITE_FILE, bytes: database.bytes },
      uploads,
      jwtSecretFile,
      ...(postgres ? { postgres } : {}),
    };
    await writeManifest(dir, manifest);
    console.log(
      `Backup written to ${dir}: ${engine} database (${mb(database.bytes)}, schema at ${manifest.migration ?? 'no migration'}), ` +
        (inBucket
          ? 'no upload files (they stay in the bucket of STORAGE_URL)'
          : `${uploads.public} public and ${uploads.private} private upload files (${mb(uploads.bytes)})`) +
        `${jwtSecretFile ? ', the generated JWT secret' : ''}.`,
    );
  } catch (err) {
    // What was written of a failed backup goes: a folder without its manifest is no backup.
    for (const entry of await readdir(dir)) await rm(path.join(dir, entry), { recursive: true, force: true });
    throw err;
  }
}

/**
 * `restore DIR [--force]`: into the database the environment names, refused while a server uses it, when
 * it holds data (unless --force), when the backup is of the other engine or of a schema newer than this
 * code's. Then the upload files and the generated JWT secret, and what the next start will migrate.
 */
export async function restoreCommand(config: Config, args: string[]): Promise<void> {
  const force = args.includes('--force');
  const rest = args.filter((a) => a !== '--force');
  if (rest.length !== 1)
    throw new BackupError('restore needs one argument: the backup folder (and --force to replace data)');
  const dir = path.resolve(rest[0]!);
  const manifest = readManifest(dir);
  const engine = config.databaseUrl ? 'postgres' : 'sqlite';
  let pending: string[];
  if (manifest.engine !== engine) {
    throw new BackupError(
      `This is a ${manifest.engine} backup and the environment names ${engine === 'postgres' ? 'PostgreSQL (DATABASE_URL)' : 'SQLite (no DATABASE_URL)'}: a backup restores into the engine it was made from`,
    );
  }
  const databaseFile = path.join(dir, manifest.database.file);
  if (!existsSync(databaseFile))
    throw new BackupError(`${databaseFile} is missing: the backup is incomplete`);
  // The backup's upload files replace DATA_DIR's: refused, as a database with data, when it holds files.
  const hasUploads = existsSync(path.join(dir, UPLOADS));
  if (engine === 'sqlite') {
    refuseOpenSqlite(config.dataDir);
    // The copy itself says which migrations it holds, whatever the manifest says.
    const staged = await stageSqlite(databaseFile, config.dataDir);
    try {
      pending = await migrationPlan(staged.migrations, engine);
      refuseData(sqliteHoldsData(config.dataDir), force, `database in ${config.dataDir}`);
      if (hasUploads) refuseData(await holdsUploads(config.dataDir), force, 'upload folder of DATA_DIR');
    } catch (err) {
      await staged.discard();
      throw err;
    }
    await staged.commit();
  } else {
    pending = await migrationPlan(manifest.migrations, engine);
    await refuseOtherSessions(config.databaseUrl!);
    const holdsData = await postgresHoldsData(config.databaseUrl!);
    refuseData(holdsData, force, 'database of DATABASE_URL');
    if (hasUploads) refuseData(await holdsUploads(config.dataDir), force, 'upload folder of DATA_DIR');
    await restorePostgres(databaseFile, config.databaseUrl!, {
      replace: holdsData,
      pgDump: manifest.postgres?.pgDump ?? 0,
    });
  }
  const uploads = hasUploads
    ? await restoreUploads(path.join(dir, UPLOADS), config.dataDir)
    : { public: 0, private: 0, bytes: 0 };
  const secretNote = await restoreSecret(dir, config, manifest);
  if (config.storage.driver === 's3' && uploads.public + uploads.private > 0)
    console.log(
      'The upload files went to DATA_DIR/uploads, and STORAGE_URL names a bucket: `npm run cli -- storage-copy --to s3` puts them there.',
    );
  console.log(
    `Restored the backup of ${manifest.createdAt} (${engine}, schema at ${manifest.migration ?? 'no migration'}) ` +
      `and ${uploads.public} public and ${uploads.private} private upload files.${secretNote}`,
  );
  const known = await knownMigrations();
  console.log(
    pending.length
      ? `The next start applies ${pending.length} migration(s) newer than the backup, forward only: ${pending.join(', ')}.`
      : `The schema is this code's (${known.at(-1)}): the next start applies no migration.`,
  );
}

function refuseData(holdsData: boolean, force: boolean, what: string): void {
  if (holdsData && !force)
    throw new BackupError(`The ${what} holds data: add --force to replace it with the backup`);
}

async function restoreSecret(dir: string, config: Config, manifest: Manifest): Promise<string> {
  if (!manifest.jwtSecretFile) return '';
  if (process.env.JWT_SECRET) {
    return ' The backup holds a generated JWT secret, left aside: JWT_SECRET is set here.';
  }
  await copyFile(path.join(dir, JWT_SECRET_FILE), path.join(config.dataDir, JWT_SECRET_FILE));
  return ' The generated JWT secret is back in DATA_DIR (sessions go on).';
}

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
