// The directory benchmark (docs/performance.md): a fresh data folder (and, for PostgreSQL, a fresh
// database), 100,000 providers with reactions loaded straight through SQL, the built server started
// as `npm start` starts it, and autocannon against the listing, filter counts and item routes.
// Traffic goes to 127.0.0.1 only; every run is bounded in time.
/* global fetch, performance, clearTimeout */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import Database from 'better-sqlite3';
import pg from 'pg';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

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

const CALL = ['Incall', 'Outcall', 'Outcall/Incall'];
const YES_NO = ['yes', 'no'];
const SUB = {
  kissing: ['Light', 'Moderate', 'Heavy'],
  fellatio: ['CBJ', 'BBJ'],
  anilingus: ['Give', 'Receive', 'Both'],
  vaginal: ['CFS', 'BFS'],
  anal: ['CAS', 'BAS'],
};
const CUM_TYPES = ['Swallow', 'Drool', 'Spit', 'CIP', 'COF', 'COT', 'COB', 'COA', 'CIA'];
const PERSONALITY = ['Submissive', 'Confident', 'Dominant'];
const GROOMING = ['Natural', 'Trimmed', 'Bare'];
const KINDS = ['like', 'like', 'average', 'like', 'dislike'];

function prng(seed) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    int: (lo, hi) => lo + Math.floor(next() * (hi - lo + 1)),
    pick: (list) => list[Math.floor(next() * list.length)],
    some: (list, p) => list.filter(() => next() < p),
    chance: (p) => next() < p,
  };
}

// ---------------------------------------------------------------------------------------------
// Data

/** A small adapter over either engine: batched inserts and a few statements. */
async function openLoader(engine, target) {
  if (engine === 'sqlite') {
    const db = new Database(target);
    db.pragma('journal_mode = WAL');
    db.pragma('synchronous = OFF');
    return {
      async all(sqlText, params = []) {
        return db.prepare(sqlText).all(...params);
      },
      async exec(sqlText) {
        db.exec(sqlText);
      },
      async insert(table, columns, rows) {
        const stmt = db.prepare(
          `insert into ${table} (${columns.map((c) => `"${c}"`).join(', ')}) values (${columns.map(() => '?').join(', ')})`,
        );
        db.transaction((list) => {
          for (const r of list) stmt.run(...r);
        })(rows);
      },
      async close() {
        db.close();
      },
    };
  }
  const client = new pg.Client({ connectionString: target });
  await client.connect();
  return {
    async all(sqlText, params = []) {
      let i = 0;
      return (
        await client.query(
          sqlText.replace(/\?/g, () => `$${++i}`),
          params,
        )
      ).rows;
    },
    async exec(sqlText) {
      await client.query(sqlText);
    },
    async insert(table, columns, rows) {
      const per = Math.max(1, Math.floor(30_000 / columns.length));
      await client.query('begin');
      for (let i = 0; i < rows.length; i += per) {
        const chunk = rows.slice(i, i + per);
        const params = [];
        const values = chunk.map(
          (r) => `(${r.map((v) => (params.push(v), `$${params.length}`)).join(', ')})`,
        );
        await client.query(
          `insert into ${table} (${columns.map((c) => `"${c}"`).join(', ')}) values ${values.join(', ')}`,
          params,
        );
      }
      await client.query('commit');
    },
    async close() {
      await client.end();
    },
  };
}

const PROVIDER_COLUMNS = [
  'id',
  'user_id',
  'title',
  'name',
  'country',
  'state',
  'city',
  'age',
  'phone',
  'language_id',
  'race_id',
  'call',
  'massage',
  'threesome',
  'kissing',
  'kissing_types',
  'fellatio',
  'fellatio_type',
  'cunnilingus',
  'anilingus',
  'anilingus_act',
  'vaginal',
  'vaginal_type',
  'anal',
  'anal_activity',
  'cum',
  'cum_type',
  'personality',
  'grooming',
  'donation_half_hour',
  'donation_hour',
  'is_showed',
  'likes_count',
  'dislikes_count',
  'averages_count',
  'comments_count',
  'created_at',
  'updated_at',
];

/** Loads the accounts, providers, images and reactions; returns what the requests need. */
export async function loadData(loader, opts) {
  const rnd = prng(100_000);
  const now = new Date().toISOString();
  const t0 = Date.now();

  const users = [];
  for (let i = 1; i <= opts.providerAccounts + opts.hobbyists; i++) {
    const provider = i <= opts.providerAccounts;
    users.push([
      i,
      `bench_${i}`,
      `bench${i}@bench.test`,
      'x',
      provider ? 'Provider' : 'Hobbyist',
      i % opts.blockedEvery === 0 ? 0 : 1,
      'Bench',
      `User ${i}`,
      now,
      now,
    ]);
  }
  await loader.insert(
    'users',
    [
      'id',
      'username',
      'email',
      'password',
      'user_type',
      'is_active',
      'first_name',
      'last_name',
      'created_at',
      'updated_at',
    ],
    users,
  );

  const files = [];
  for (let i = 1; i <= opts.images; i++) {
    files.push([i, `bench-${i}.png`, `bench-${i}`, '.png', 'image/png', 1000, 600, 600, 0, 1, now, now]);
  }
  await loader.insert(
    'files',
    [
      'id',
      'name',
      'storage_key',
      'ext',
      'mime',
      'size',
      'width',
      'height',
      'is_private',
      'owner_id',
      'created_at',
      'updated_at',
    ],
    files,
  );

  const languages = (await loader.all('select id from languages order by id')).map((r) => Number(r.id));
  const races = (await loader.all('select id from races order by id')).map((r) => Number(r.id));
  const states = (await loader.all("select state_code from states where country_code = 'US'")).map(
    (r) => r.state_code,
  );
  const cityRows = await loader.all('select city_name, state_code from cities');
  const citiesOf = new Map();
  for (const r of cityRows) {
    const list = citiesOf.get(r.state_code) ?? [];
    if (list.length < (r.state_code === 'CA' ? 200 : 25)) list.push(r.city_name);
    citiesOf.set(r.state_code, list);
  }

  const tri = (options) => {
    if (rnd.chance(0.1)) return [null, null];
    if (rnd.chance(0.3)) return ['no', null];
    const list = rnd.some(options, 0.5);
    return ['yes', (list.length ? list : [rnd.pick(options)]).join(',')];
  };
  const providers = [];
  const links = [];
  const reactions = [];
  let reactionId = 0;
  for (let id = 1; id <= opts.providers; id++) {
    const state = rnd.chance(0.4) ? 'CA' : rnd.pick(states);
    const city = rnd.pick(citiesOf.get(state) ?? [`City ${state}`]);
    const hour = rnd.int(10, 80) * 10;
    const [kissing, kissing_types] = tri(SUB.kissing);
    const [fellatio, fellatio_type] = tri(SUB.fellatio);
    const [anilingus, anilingus_act] = tri(SUB.anilingus);
    const [vaginal, vaginal_type] = tri(SUB.vaginal);
    const [anal, anal_activity] = tri(SUB.anal);
    const cumTypes = rnd.some(CUM_TYPES, 0.3);
    const counts = { like: 0, dislike: 0, average: 0 };
    const n = rnd.int(0, opts.reactions * 2);
    for (let j = 0; j < n; j++) {
      const kind = KINDS[(id + j) % KINDS.length];
      counts[kind]++;
      const userId = opts.providerAccounts + 1 + ((id * 7 + j * 13) % opts.hobbyists);
      reactions.push([++reactionId, userId, id, kind, now, now]);
    }
    providers.push([
      id,
      1 + (id % opts.providerAccounts),
      `Friendly companion in ${city}`,
      `Stage ${id}`,
      'US',
      state,
      city,
      rnd.int(21, 60),
      '555-0100',
      rnd.chance(0.08) ? null : rnd.pick(languages),
      rnd.chance(0.08) ? null : rnd.pick(races),
      rnd.pick(CALL),
      rnd.chance(0.1) ? null : rnd.pick(YES_NO),
      rnd.chance(0.1) ? null : rnd.pick(YES_NO),
      kissing,
      kissing_types,
      fellatio,
      fellatio_type,
      rnd.chance(0.1) ? null : rnd.pick(YES_NO),
      anilingus,
      anilingus_act,
      vaginal,
      vaginal_type,
      anal,
      anal_activity,
      cumTypes.length ? 'Anywhere' : 'no',
      cumTypes.length ? cumTypes.join(',') : null,
      rnd.some(PERSONALITY, 0.4).join(',') || rnd.pick(PERSONALITY),
      rnd.pick(GROOMING),
      Math.round(hour * 0.6) * 100,
      hour * 100,
      rnd.chance(0.03) ? 0 : 1,
      counts.like,
      counts.dislike,
      counts.average,
      0,
      now,
      now,
    ]);
    for (let k = 0; k <= id % 3; k++) links.push([id, 1 + ((id * 5 + k * 7) % opts.images), k]);
  }
  await loader.insert('providers', PROVIDER_COLUMNS, providers);
  await loader.insert('provider_images', ['provider_id', 'file_id', 'position'], links);
  await loader.insert(
    'reactions',
    ['id', 'user_id', 'provider_id', 'kind', 'created_at', 'updated_at'],
    reactions,
  );
  await loader.exec(
    "insert into settings (key, value) values ('directory_version', '1') on conflict (key) do update set value = cast(cast(settings.value as integer) + 1 as text)",
  );
  // Shown: shown by the owner, and the owner's account not blocked.
  const isShown = (p) => p[31] === 1 && p[1] % opts.blockedEvery !== 0;
  const middle = providers.find((p) => p[0] >= opts.providers * 0.54 && isShown(p)) ?? providers[0];
  return {
    sampleId: middle[0],
    seconds: (Date.now() - t0) / 1000,
    providers: providers.length,
    shown: providers.filter(isShown).length,
    accounts: users.length,
    blockedAccounts: users.filter((u) => u[5] === 0).length,
    reactions: reactions.length,
    imageLinks: links.length,
  };
}

// ---------------------------------------------------------------------------------------------
// Server

async function freePort() {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });
}

/** The node flags `npm start` runs the server with (package.json), so the benchmark measures them. */
function startFlags() {
  const { scripts } = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8'));
  return scripts.start.split(' ').filter((word) => word.startsWith('--'));
}

/** Starts server/dist/main.js (with the benchmark's rate-limit stand-in) and waits until it answers. */
export async function startServer(env) {
  const port = await freePort();
  const child = spawn(
    process.execPath,
    [
      ...startFlags(),
      // BENCH_NODE_ARGS, e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof", profiles the server under load.
      ...(process.env.BENCH_NODE_ARGS ?? '').split(' ').filter(Boolean),
      '--import',
      path.join(root, 'bench/no-rate-limit.mjs'),
      path.join(root, 'server/dist/main.js'),
    ],
    {
      cwd: root,
      env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn' },
      stdio: ['ignore', 'inherit', 'inherit'],
    },
  );
  const base = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      const res = await fetch(`${base}/api/health`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGTERM');
      throw new Error('server did not start within 120 s');
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    base,
    pid: child.pid,
    async stop() {
      if (child.exitCode !== null) return;
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(timer);
    },
  };
}

function rssMb(pid) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const field = (name) => Number(new RegExp(`${name}:\\s+(\\d+) kB`).exec(status)?.[1] ?? 0) / 1024;
  return { rss: Math.round(field('VmRSS')), peak: Math.round(field('VmHWM')) };
}

async function timed(url) {
  const t = performance.now();
  const res = await fetch(url);
  const body = await res.json();
  return { ms: performance.now() - t, status: res.status, body };
}

const loadAverage = () => Number(readFileSync('/proc/loadavg', 'utf8').split(' ')[0]);

async function cannon(url, seconds, connections) {
  const result = await autocannon({ url, connections, duration: seconds, pipelining: 1 });
  return {
    /** The machine's 1-minute load average when the run ended (other work on the machine shows here). */
    load: loadAverage(),
    p50: result.latency.p50,
    p99: result.latency.p99,
    mean: Math.round(result.latency.average * 100) / 100,
    rps: Math.round(result.requests.average),
    requests: result.requests.total,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
  };
}

// ---------------------------------------------------------------------------------------------
// The run

const POPULATE = 'populate=images,language,race,user';
const FIVE =
  'state=CA&filter[call][0]=Incall&filter[kissing]=yes&filter[age][0]=25&filter[age][1]=45&filter[personality][0]=Confident';

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

/** Time of the stored-version read each request makes (docs/performance.md "index freshness"). */
async function versionCheckCost(engine, target) {
  const n = 5000;
  if (engine === 'sqlite') {
    const db = new Database(target, { readonly: true });
    const stmt = db.prepare("select value from settings where key = 'directory_version'");
    const t = performance.now();
    for (let i = 0; i < n; i++) stmt.get();
    const us = ((performance.now() - t) * 1000) / n;
    db.close();
    return Math.round(us * 10) / 10;
  }
  const pool = new pg.Pool({ connectionString: target, max: 1 });
  await pool.query('select 1');
  const t = performance.now();
  for (let i = 0; i < n; i++) await pool.query("select value from settings where key = 'directory_version'");
  const us = ((performance.now() - t) * 1000) / n;
  await pool.end();
  return Math.round(us * 10) / 10;
}

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
