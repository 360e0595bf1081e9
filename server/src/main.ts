import cluster from 'node:cluster';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createAppMailer } from './app.ts';
import { runPrimary, runWorker } from './cluster.ts';
import { ConfigError, loadConfig, type Config } from './config.ts';
import {
  ignoreHangUp,
  onStopSignals,
  openShared,
  prepareDatabase,
  processLog,
  serveHttp,
  siteAddress,
  startScheduledJobs,
} from './start.ts';

/**
 * Starts the server: config, migrations, reference data, admin account, then listen. With WORKERS
 * above 1, this process prepares the database and runs the jobs, and that many workers serve one
 * port (cluster.ts).
 */
async function main() {
  // server/src or server/dist: the server's folder is one level up, the repository's two.
  const here = path.dirname(fileURLToPath(import.meta.url));
  const serverDir = path.resolve(here, '..');
  let config: Config;
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
  if (config.workers > 1) {
    // Workers run this file (not `npm start`'s script, which would check the build again).
    if (cluster.isPrimary) await runPrimary(config, serverDir, fileURLToPath(import.meta.url));
    else await runWorker(config);
    return;
  }

  const log = processLog(config.logLevel);
  ignoreHangUp(
    log,
    'SIGHUP ignored: a rolling restart needs WORKERS=2 or more (PostgreSQL and Redis); with one process, restart it (SIGTERM, then start it again)',
  );
  const database = await prepareDatabase(config, serverDir);
  const shared = await openShared(config, log);
  const mailer = createAppMailer(config);
  const app = await serveHttp(config, database, mailer, shared);
  const jobs = startScheduledJobs(database, config, mailer, app.log.child({ component: 'jobs' }), shared);
  // The requests in flight and the jobs under way end side by side, each within the grace (in-flight.ts:
  // the listening socket closes first); then the connections to Redis and the database.
  onStopSignals(
    async (signal) => {
      app.log.info({ signal, graceMs: config.drainGraceMs }, 'shutting down');
      await Promise.all([app.close(), jobs.stop(config.drainGraceMs)]);
      await shared?.close();
      await database.close();
      app.log.info('stopped');
      return 0;
    },
    config.drainGraceMs,
    log,
  );
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  app.log.info(`Live the Fantasy is running at ${siteAddress(config, port)} (${database.engine})`);
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
