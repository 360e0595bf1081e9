import { backupCommand, restoreCommand } from './backup/backup.ts';
import { ConfigError, loadConfig } from './config.ts';
import { openDatabase } from './db/database.ts';
import { migrateToLatest } from './db/migrate.ts';
import { resetTwoFactorByEmail } from './modules/auth/index.ts';
import { copyStoredFiles } from './modules/media/index.ts';
import { ensureAdmin } from './modules/users/index.ts';
import { seedAtStart } from './seed.ts';
import { createStorage } from './storage/index.ts';

const USAGE = `Usage: npm run cli -- <command>
  create-admin EMAIL PASSWORD   create or reset an admin account (two-factor sign-in stays as it is)
  reset-two-factor EMAIL        turn off an account's two-factor sign-in and end its sessions (a lost
                                authenticator); an admin enrols again on the next visit to /admin
  migrate                       apply pending migrations and seed reference data
  storage-copy --to s3|disk     copy every stored file (uploads) from DATA_DIR's disk to the bucket of
                                STORAGE_URL, or back; resumable (a file already there with the same size
                                is skipped); prints "copied N, skipped M, missing K"
  backup DIR                    copy the database (while the site runs) and the upload files on disk into
                                DIR, a new or empty folder (docs/operations.md, "Backups")
  restore DIR [--force]         put a backup in place, with the server stopped; --force replaces a database
                                that holds data`;

/** Operator commands, run against the database the environment names (DATA_DIR or DATABASE_URL). */
async function main(argv: string[]) {
  const [command, ...args] = argv;
  if (!command || command === 'help' || command === '--help') {
    console.log(USAGE);
    return;
  }
  const config = loadConfig();
  // Backups read and write the database as it is, without migrating it first.
  if (command === 'backup') return backupCommand(config, args);
  if (command === 'restore') return restoreCommand(config, args);
  const database = openDatabase(config);
  try {
    await migrateToLatest(database.db);
    if (command === 'migrate') {
      const applied = await seedAtStart(database.db);
      console.log(
        `Migrations applied; reference data seeded${applied.length ? `: ${applied.join(', ')}` : ' (nothing new)'}.`,
      );
    } else if (command === 'create-admin') {
      const [email, password] = args;
      if (
        !email ||
        !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email) ||
        !password ||
        password.length < 6 ||
        password.length > 64
      ) {
        throw new ConfigError('create-admin needs an e-mail address and a password of 6 to 64 characters');
      }
      const id = await ensureAdmin(database.db, email, password);
      console.log(`Admin account ${email} is ready (id ${id}).`);
    } else if (command === 'reset-two-factor') {
      const [email] = args;
      if (!email) throw new ConfigError('reset-two-factor needs the e-mail address of the account');
      if (!(await resetTwoFactorByEmail(database.db, email)))
        throw new ConfigError(`No account has the e-mail ${email}`);
      console.log(`Two-factor sign-in of ${email} is off and its sessions have ended.`);
    } else if (command === 'storage-copy') {
      const to = args[0] === '--to' ? args[1] : args[0]?.startsWith('--to=') ? args[0].slice(5) : undefined;
      if (to !== 's3' && to !== 'disk') throw new ConfigError('storage-copy needs --to s3 or --to disk');
      if (config.storage.driver !== 's3') {
        throw new ConfigError(
          'storage-copy needs STORAGE_URL=s3://bucket/prefix: the bucket to copy to or from',
        );
      }
      const disk = createStorage({ dataDir: config.dataDir, storage: { driver: 'disk' } });
      const bucket = createStorage(config);
      try {
        await bucket.check(10_000);
        const [from, into] = to === 's3' ? [disk, bucket] : [bucket, disk];
        console.log(`Copying stored files from ${from.where} to ${into.where}…`);
        const counts = await copyStoredFiles(database.db, from, into);
        console.log(`copied ${counts.copied}, skipped ${counts.skipped}, missing ${counts.missing}`);
      } finally {
        bucket.close();
      }
    } else {
      throw new ConfigError(`Unknown command ${command}\n${USAGE}`);
    }
  } finally {
    await database.close();
  }
}

main(process.argv.slice(2)).catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
