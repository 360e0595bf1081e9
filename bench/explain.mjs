// The EXPLAIN of every hot query, taken on the benchmark's own data: the
// data loaded as the directory benchmark loads them (directory.mjs `prepare`), the built server started with
// its response cache off and bench/sql-capture.mjs preloaded, each hot request of the benchmark's scenarios
// sent once and then a few times more while the capture marks which request ran what, the server stopped;
// then every statement a request ran (and the reads of the start, the facet index's build, labelled so) is
// explained on the same data with the text and parameters the server used: SQLite `EXPLAIN QUERY PLAN`
// (better-sqlite3 on the same file), PostgreSQL `EXPLAIN (ANALYZE, BUFFERS, FORMAT TEXT)` (on the same
// database, in a transaction rolled back). Part `explain` of bench/run.mjs, which writes
// bench/results/explain-<engine>.json; bench/report.mjs renders them as bench/results/explain.md.
/* global fetch */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Database from 'better-sqlite3';
import pg from 'pg';
import { DEFAULTS, prepare, REDIS_URL, SCENARIOS, startServer } from './directory.mjs';
import { redisAnswers } from './server.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const PRELOAD = path.join(here, 'sql-capture.mjs');

/** Requests per scenario after its first (the first may fill per-process caches; these show the steady state). */
const REPEATS = 3;

/** The hot requests: the benchmark's scenarios, one each per path (the one-connection run repeats the home listing). */
function hotRequests(load) {
  const seen = new Set();
  return SCENARIOS.filter((s) => !seen.has(s.path) && seen.add(s.path)).map((s) => ({
    name: s.name,
    // A scenario with variants is a new filter state every request: each request here takes the next.
    paths: Array.from({ length: 1 + REPEATS }, (_, i) =>
      (s.variants ? s.variants[i % s.variants.length] : s.path).replace(':id', String(load.sampleId)),
    ),
  }));
}

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** Tells the server's capture that what follows is `phase`, and waits until it wrote what came before. */
async function mark(server, captureFile, phase) {
  writeFileSync(`${captureFile}.phase`, phase);
  process.kill(server.pid, 'SIGUSR2');
  for (let i = 0; i < 500; i++) {
    await sleep(10);
    try {
      if (JSON.parse(readFileSync(captureFile, 'utf8')).phase === phase) return;
    } catch {
      // not written yet
    }
  }
  throw new Error(`the server's SQL capture did not answer the mark "${phase}"`);
}

async function get(base, p) {
  const res = await fetch(base + p);
  const body = await res.text();
  if (res.status !== 200) throw new Error(`${p}: HTTP ${res.status} ${body.slice(0, 300)}`);
}

/** Starts the server with the capture, sends every hot request, stops it; answers the capture. */
async function capture({ env, load, captureFile }) {
  const server = await startServer({
    ...env,
    RESPONSE_CACHE: 'off',
    BENCH_SQL_CAPTURE: captureFile,
    // Source maps: the capture names the server's source file and function that ran each statement.
    NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} --enable-source-maps --import=${PRELOAD}`.trim(),
  });
  const requests = hotRequests(load);
  try {
    for (const r of requests) {
      await mark(server, captureFile, `${r.name} (first)`);
      await get(server.base, r.paths[0]);
      // Anything the answer set going after it was sent (none expected) is counted with it.
      await sleep(20);
      await mark(server, captureFile, r.name);
      for (const p of r.paths.slice(1)) await get(server.base, p);
      await sleep(20);
    }
    await mark(server, captureFile, 'end');
  } finally {
    await server.stop();
  }
  if (!existsSync(captureFile)) throw new Error('the server wrote no SQL capture');
  return { requests, capture: JSON.parse(readFileSync(captureFile, 'utf8')) };
}

// ---------------------------------------------------------------------------------------------
// Which statements

/** The statements a plan can be asked of (not PRAGMA, BEGIN, SET, LISTEN …). */
const PLANNABLE = /^\s*(\(\s*)*(select|with|insert|update|delete|replace|values)\b/i;
/** The start's reads kept: the directory's (the facet index's build), by where the server ran them from. */
const DIRECTORY_CODE = /server\/(src|dist)\/modules\/directory\//;

/**
 * Each captured statement a request ran, or a read of the start: its runs per request in each scenario
 * (from the repeated requests), the first request's runs where they differ, and the start's runs.
 */
function classify(captured, requests) {
  const kept = [];
  const skipped = [];
  for (const s of captured.statements) {
    const perRequest = {};
    const firstRequest = {};
    for (const r of requests) {
      const steady = s.phases[r.name]?.runs ?? 0;
      const first = s.phases[`${r.name} (first)`]?.runs ?? 0;
      if (steady) perRequest[r.name] = Math.round((steady / REPEATS) * 100) / 100;
      if (first && first !== steady / REPEATS) firstRequest[r.name] = first;
    }
    const atStart = s.phases.start?.runs ?? 0;
    const inRequests = Object.keys(perRequest).length + Object.keys(firstRequest).length > 0;
    const startRead = atStart > 0 && PLANNABLE.test(s.text) && s.callers.some((c) => DIRECTORY_CODE.test(c));
    if (!inRequests && !startRead) {
      // Migrations, seeding, the jobs' first runs, the health check the benchmark waits on.
      skipped.push({ text: s.text.slice(0, 160), runs: sumRuns(s), from: s.callers[0] ?? 'the driver' });
      continue;
    }
    // The parameters of a run in a request when there is one (the steady state's), else the start's.
    const example =
      requests.map((r) => s.phases[r.name] ?? s.phases[`${r.name} (first)`]).find(Boolean) ?? s.phases.start;
    kept.push({
      text: s.text,
      ...(s.name ? { preparedAs: s.name } : {}),
      callers: s.callers,
      params: example.params,
      perRequest,
      ...(Object.keys(firstRequest).length ? { firstRequest } : {}),
      ...(atStart ? { atStart } : {}),
      // Where it runs: every request's statements first, by how many scenarios run them.
      where: !inRequests ? 'start' : Object.keys(perRequest).length ? 'requests' : 'first requests',
    });
  }
  const order = { requests: 0, 'first requests': 1, start: 2 };
  kept.sort(
    (a, b) =>
      order[a.where] - order[b.where] || Object.keys(b.perRequest).length - Object.keys(a.perRequest).length,
  );
  return { kept, skipped };
}

const sumRuns = (s) => Object.values(s.phases).reduce((n, p) => n + p.runs, 0);

// ---------------------------------------------------------------------------------------------
// The plans

/** A captured parameter back as the driver takes it (see sql-capture.mjs `plain`). */
function revive(value) {
  if (Array.isArray(value)) return value.map(revive);
  if (value && typeof value === 'object')
    return '$bytes' in value
      ? Buffer.from(value.$bytes, 'base64')
      : Object.fromEntries(Object.entries(value).map(([k, v]) => [k, revive(v)]));
  return value;
}

/** SQLite's plan rows as the sqlite3 shell draws them (`.eqp on`): a tree by parent id. */
function sqliteTree(rows) {
  const children = new Map();
  for (const r of rows) {
    if (!children.has(r.parent)) children.set(r.parent, []);
    children.get(r.parent).push(r);
  }
  const lines = ['QUERY PLAN'];
  const walk = (parent, prefix) => {
    const list = children.get(parent) ?? [];
    list.forEach((r, i) => {
      const last = i === list.length - 1;
      lines.push(`${prefix}${last ? '`--' : '|--'}${r.detail}`);
      walk(r.id, `${prefix}${last ? '   ' : '|  '}`);
    });
  };
  walk(0, '');
  return lines.join('\n');
}

function explainSqlite(file, statements, functions) {
  const db = new Database(file, { readonly: true, fileMustExist: true });
  try {
    // The functions the server defined for SQL: a plan needs them to exist, not to run.
    for (const [name, f] of Object.entries(functions))
      db.function(name, f.varargs ? { varargs: true } : {}, f.varargs ? () => null : stub(f.arity));
    for (const s of statements) {
      if (!PLANNABLE.test(s.text)) {
        s.plan = null;
        s.note = 'not a statement SQLite plans';
        continue;
      }
      const params = revive(s.params);
      const rows = db
        .prepare(`EXPLAIN QUERY PLAN ${s.text}`)
        .all(...(Array.isArray(params) ? params : [params]));
      s.plan = sqliteTree(rows);
    }
  } finally {
    db.close();
  }
}

/** A function of `arity` arguments (better-sqlite3 registers it with the count its `length` says). */
const stub = (arity) => new Function(...Array.from({ length: arity }, (_, i) => `a${i}`), 'return null');

/**
 * A named prepared statement as the server's connections run it: PostgreSQL plans its first five runs
 * for their values and may then keep one generic plan. Prepared here, run six times with the captured
 * values, then explained (EXECUTE takes literals: the values as pg would send them, quoted); answers the
 * plan and which kind PostgreSQL chose (pg_prepared_statements' counts).
 */
async function asPrepared(client, text, values, preparedName) {
  const literals = values.map((v) =>
    v === null || v === undefined ? 'null' : client.escapeLiteral(String(pg.utils.prepareValue(v))),
  );
  const execute = `execute bench_explain(${literals.join(', ')})`;
  await client.query(`prepare bench_explain as ${text}`);
  try {
    await client.query('begin');
    try {
      for (let i = 0; i < 6; i++) await client.query(execute);
      const r = await client.query(`EXPLAIN (ANALYZE, BUFFERS, FORMAT TEXT) ${execute}`);
      const counts = await client.query(
        `select generic_plans, custom_plans from pg_prepared_statements where name = 'bench_explain'`,
      );
      const { generic_plans: generic, custom_plans: custom } = counts.rows[0];
      return {
        preparedPlan: r.rows.map((row) => row['QUERY PLAN']).join('\n'),
        preparedPlanKind: generic > 0 ? 'generic' : 'custom',
        note:
          `run by the server as a named prepared statement (${preparedName}); prepared here and run six times ` +
          `with these values, PostgreSQL ${generic > 0 ? 'then keeps a generic plan' : 'still plans each run for its values'} ` +
          `(generic plans ${generic}, custom ${custom})`,
      };
    } finally {
      await client.query('rollback');
    }
  } finally {
    await client.query('deallocate bench_explain');
  }
}

async function explainPostgres(url, statements) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    for (const s of statements) {
      if (!PLANNABLE.test(s.text)) {
        s.plan = null;
        s.note = 'not a statement PostgreSQL plans';
        continue;
      }
      const values = revive(s.params);
      const run = async () => {
        // ANALYZE runs the statement: in a transaction rolled back, so a write changes nothing.
        await client.query('begin');
        try {
          const r = await client.query(`EXPLAIN (ANALYZE, BUFFERS, FORMAT TEXT) ${s.text}`, values);
          return r.rows.map((row) => row['QUERY PLAN']).join('\n');
        } finally {
          await client.query('rollback');
        }
      };
      // The second of two runs: the first on this connection also pays its catalog look-ups.
      await run();
      s.plan = await run();
      if (s.preparedAs) Object.assign(s, await asPrepared(client, s.text, values, s.preparedAs));
    }
  } finally {
    await client.end();
  }
}

// ---------------------------------------------------------------------------------------------
// The part

/**
 * One engine: the data, the captured statements of the hot requests, their plans. Answers the report
 * bench/run.mjs writes as bench/results/explain-<engine>.json.
 */
export async function runExplain({ engine, pgAdminUrl, ...overrides }) {
  const opts = { ...DEFAULTS, ...overrides };
  const data = await prepare({ engine, pgAdminUrl, opts });
  try {
    const redis = engine === 'postgres' && (await redisAnswers(REDIS_URL));
    const env = {
      ...data.env,
      ...(redis ? { REDIS_URL, REDIS_PREFIX: `bench${process.pid}:` } : {}),
    };
    const captureFile = path.join(data.env.DATA_DIR, 'sql-capture.json');
    const { requests, capture: captured } = await capture({ env, load: data.load, captureFile });
    const { kept, skipped } = classify(captured, requests);
    if (engine === 'sqlite') explainSqlite(data.target, kept, captured.functions);
    else await explainPostgres(data.target, kept);
    console.log(
      `[explain ${engine}] ${kept.length} statements explained (${kept.filter((s) => s.where === 'requests').length} run per request), ${skipped.length} of the start skipped`,
    );
    return {
      [`explain-${engine}`]: {
        engine,
        options: { providers: opts.providers, responseCache: 'off', repeats: REPEATS },
        load: data.load,
        redis,
        requests: requests.map((r) => ({ name: r.name, paths: r.paths })),
        functions: captured.functions,
        statements: kept.map((s, i) => ({ n: i + 1, ...s })),
        skipped,
      },
    };
  } finally {
    await data.cleanup();
  }
}
