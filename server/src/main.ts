import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp, createAppMailer } from './app.ts';
import { ConfigError, loadConfig } from './config.ts';
import { openDatabase } from './db/database.ts';
import { migrateToLatest } from './db/migrate.ts';
import { JOBS, startJobs } from './jobs/index.ts';
import { uploadsRoot } from './modules/media/index.ts';
import { ensureAdmin } from './modules/users/index.ts';
import { seedAtStart } from './seed.ts';

/** Starts the server: config, migrations, reference data, admin account, then listen. */
async function main() {
  // server/src or server/dist: the repository's folders are two levels up.
  const here = path.dirname(fileURLToPath(import.meta.url));
  let config;
  try {
    config = loadConfig(process.env, {
      webDist: process.env.WEB_DIST ?? path.resolve(here, '../../web/dist'),
    });
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
  const database = openDatabase(config);
  await migrateToLatest(database.db);
  await seedAtStart(database.db);
  if (config.adminEmail && config.adminPassword)
    await ensureAdmin(database.db, config.adminEmail, config.adminPassword);
  if (process.argv.includes('--demo')) {
    const { seedDemo } = await import('./demo/seed-demo.ts');
    await seedDemo(database.db, config, { clipFile: path.resolve(here, '../assets/demo-clip.webm') });
  }
  const mailer = createAppMailer(config);
  const app = await buildApp({ config, database, logger: true, mailer });
  // Scheduled jobs (server/src/jobs/): run now, then at their intervals; one process at a time each.
  const jobs = startJobs(
    database.db,
    { db: database.db, storageRoot: uploadsRoot(config.dataDir), mailer },
    JOBS,
    app.log.child({ component: 'jobs' }),
  );

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    try {
      await jobs.stop();
      await app.close();
      await database.close();
    } finally {
      process.exit(0);
    }
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  await app.listen({ port: config.port, host: config.host });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  app.log.info(
    `Live the Fantasy is running at http://${config.host === '0.0.0.0' ? 'localhost' : config.host}:${port} (${database.engine})`,
  );
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
