// The directory benchmark (docs/performance.md): a fresh data folder (and, for PostgreSQL, a fresh
// database), 100,000 providers with reactions loaded straight through SQL (directory-data.mjs), the
// built server started as `npm start` starts it (server.mjs), and autocannon against the listing,
// filter counts and item routes. Traffic goes to 127.0.0.1 only; every run is bounded in time.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { loadData, openLoader, versionCheckCost } from './directory-data.mjs';
import { loadDomain } from './domain.mjs';
import { cannon, rssMb, startServer, timed } from './server.mjs';

export { startServer } from './server.mjs';

export const DEFAULTS = {
  providers: 100_000,
  providerAccounts: 1_000,
  /** At least as many accounts as providers, as on a real site (a read must not scan accounts). */
  hobbyists: 100_000,
  /** One account in this many is blocked by the admin (their ads are not public). */
  blockedEvery: 97,
  /** Reactions per provider on average (0–6). */
  reactions: 3,
  images: 60,
  connections: 10,
  seconds: 8,
  warmupSeconds: 2,
};

const { toDirectorySearch } = await loadDomain();

// ---------------------------------------------------------------------------------------------
// The run

const POPULATE = 'populate=images,language,race,user';
const FIVE = toDirectorySearch({
  filters: { call: ['Incall'], kissing: 'yes', age: [25, 45], personality: ['Confident'] },
  location: { state: 'CA' },
});

export const SCENARIOS = [
  { name: 'home listing (page 1)', path: `/api/providers?${POPULATE}&pagination[page]=1`, target: 'listing' },
  {
    name: 'home listing, 1 connection',
    path: `/api/providers?${POPULATE}&pagination[page]=1`,
    target: 'info',
    connections: 1,
  },
  { name: 'listing, five filters', path: `/api/providers?${POPULATE}&${FIVE}`, target: 'listing' },
  { name: 'deep page (5000)', path: `/api/providers?${POPULATE}&pagination[page]=5000`, target: 'listing' },
  { name: 'filter counts, no filter', path: '/api/filterdata', target: 'counts' },
  { name: 'filter counts, five filters', path: `/api/filterdata?${FIVE}`, target: 'counts' },
  { name: 'one provider', path: `/api/providers/:id?${POPULATE}`, target: 'item' },
  {
    name: 'SQL path: five filters + Strapi filter, sorted by donation',
    path: `/api/providers?${POPULATE}&${FIVE}&filters[donation_hour][$lte]=500&sort=donation_hour:asc`,
    target: 'info',
  },
];

/**
 * One engine's run. `pgAdminUrl` (PostgreSQL only): a server URL whose database is used to create and
 * drop the benchmark's own database.
 */
export async function runDirectoryBench({ engine, pgAdminUrl, ...overrides }) {
  const opts = { ...DEFAULTS, ...overrides };
  const dataDir = mkdtempSync(path.join(tmpdir(), 'ltf-bench-'));
  let databaseUrl;
  let dbName;
  if (engine === 'postgres') {
    dbName = `ltf_bench_${process.pid}_${Date.now().toString(36)}`;
    const admin = new pg.Client({ connectionString: pgAdminUrl });
    await admin.connect();
    await admin.query(`create database ${dbName}`);
    await admin.end();
    const url = new URL(pgAdminUrl);
    url.pathname = `/${dbName}`;
    databaseUrl = url.toString();
  }
  const env = {
    DATA_DIR: dataDir,
    JWT_SECRET: 'bench-secret-bench-secret-bench-secret-0123',
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
  };
  const target = databaseUrl ?? path.join(dataDir, 'app.sqlite');
  const report = { engine, date: new Date().toISOString(), options: opts, scenarios: [] };
  let server;
  try {
    // First start: migrations and reference data (with the US cities); then stop and load.
    server = await startServer(env);
    await server.stop();
    server = undefined;
    const loader = await openLoader(engine, target);
    console.log(`[${engine}] loading ${opts.providers} providers …`);
    report.load = await loadData(loader, opts);
    if (engine === 'postgres') {
      // Rows were loaded with explicit ids: move the id sequences past them, then refresh statistics.
      for (const table of ['users', 'files', 'providers', 'reactions'])
        await loader.exec(
          `select setval(pg_get_serial_sequence('${table}', 'id'), (select max(id) from ${table}))`,
        );
      await loader.exec('analyze');
    }
    await loader.close();
    console.log(`[${engine}] loaded in ${report.load.seconds} s (${report.load.reactions} reactions)`);

    server = await startServer(env);
    report.rssAtStart = rssMb(server.pid);
    const cold = await timed(`${server.base}/api/providers?${POPULATE}`);
    report.firstRequestMs = Math.round(cold.ms);
    report.rssAfterFirstRequest = rssMb(server.pid);
    report.total = cold.body.meta.pagination.total;
    // Check the answers before timing them.
    const scenarios = SCENARIOS.filter((s) => !opts.only || s.name.includes(opts.only)).map((s) => ({
      ...s,
      path: s.path.replace(':id', String(report.load.sampleId)),
    }));
    for (const s of scenarios) {
      const r = await timed(server.base + s.path);
      if (r.status !== 200)
        throw new Error(`${s.name}: HTTP ${r.status} ${JSON.stringify(r.body).slice(0, 300)}`);
    }
    const counts = await timed(`${server.base}/api/filterdata?${FIVE}`);
    const listing = await timed(`${server.base}/api/providers?${FIVE}`);
    report.fiveFilterTotal = counts.body.data.total;
    if (counts.body.data.total !== listing.body.meta.pagination.total)
      throw new Error('filter counts and listing disagree');

    for (const s of scenarios) {
      const connections = s.connections ?? opts.connections;
      await cannon(server.base + s.path, opts.warmupSeconds, connections);
      const r = await cannon(server.base + s.path, opts.seconds, connections);
      console.log(
        `[${engine}] ${s.name}: p50 ${r.p50} ms, p99 ${r.p99} ms, ${r.rps} req/s${r.non2xx ? `, ${r.non2xx} non-2xx` : ''} (load ${r.load})`,
      );
      report.scenarios.push({ ...s, ...r, rssAfter: rssMb(server.pid) });
    }
    report.rssAfter = rssMb(server.pid);

    // A write elsewhere: the next request rebuilds the index.
    const loader2 = await openLoader(engine, target);
    await loader2.exec(
      "update settings set value = cast(cast(value as integer) + 1 as text) where key = 'directory_version'",
    );
    await loader2.close();
    const rebuilt = await timed(`${server.base}/api/providers?${POPULATE}`);
    report.rebuildRequestMs = Math.round(rebuilt.ms);
    report.versionCheckMicros = await versionCheckCost(engine, target);
    report.rssEnd = rssMb(server.pid);
  } finally {
    await server?.stop();
    // BENCH_KEEP=1 keeps the SQLite data folder (printed) to look at the queries afterwards.
    if (process.env.BENCH_KEEP) console.log(`[${engine}] data kept in ${dataDir}`);
    else rmSync(dataDir, { recursive: true, force: true });
    if (dbName) {
      const admin = new pg.Client({ connectionString: pgAdminUrl });
      await admin.connect();
      await admin.query(`drop database if exists ${dbName} with (force)`);
      await admin.end();
    }
  }
  return report;
}
