import { backupCommand, restoreCommand } from './backup/backup.ts';
import { ConfigError, loadConfig } from './config.ts';
import { openDatabase } from './db/database.ts';
import { migrateToLatest } from './db/migrate.ts';
import { resetTwoFactorByEmail } from './modules/auth/index.ts';
import { ensureAdmin } from './modules/users/index.ts';
import { seedAtStart } from './seed.ts';

const USAGE = `Usage: npm run cli -- <command>
  create-admin EMAIL PASSWORD   create or reset an admin account (two-factor sign-in stays as it is)
  reset-two-factor EMAIL        turn off an account's two-factor sign-in and end its sessions (a lost
                                authenticator); an admin enrols again on the next visit to /admin
  migrate                       apply pending migrations and seed reference data
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
