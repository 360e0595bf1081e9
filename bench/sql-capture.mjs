// Loaded with `--import ./bench/sql-capture.mjs` by bench/explain.mjs only: records every SQL text the
// server runs, with one example of its parameters and how many times it ran, so the EXPLAIN of each hot
// statement can be taken afterwards on the same data with the very text and values the server used.
// SQLite: better-sqlite3's statements (`run`, `get`, `all`, `iterate`, whatever prepared them: Kysely's
// driver or the hot reads), and the functions the server defines for SQL (an EXPLAIN on another connection
// needs them defined too). PostgreSQL: pg's `Client.prototype.query` (a text, a config with `text`,
// `values` and `name`, or a cursor), which the pool and Kysely's driver both go through.
//
// The capture is written as JSON to BENCH_SQL_CAPTURE: on SIGUSR2, after reading the name of the next
// phase from `<file>.phase` (the benchmark marks each request this way, so a statement's runs are counted
// per request; everything before the first mark is the phase "start"), on SIGTERM or SIGINT (before the
// server's own handler closes it) and at exit. Each write goes to a temporary file renamed over the last,
// so a reader never sees half of one. The server is otherwise the one `npm start` runs.
import { readFileSync, renameSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const file = process.env.BENCH_SQL_CAPTURE;
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
// The drivers as the server resolves them, so the prototypes patched are the ones it uses.
const require = createRequire(path.join(root, 'server/package.json'));

/** engine + text → { engine, text, name, phases: { [phase]: { runs, params } } } */
const statements = new Map();
/** SQL functions the server defined on SQLite: name → { varargs, arity }. */
const functions = new Map();
const phases = [{ name: 'start', at: new Date().toISOString() }];
let phase = 'start';

/** A JSON-safe copy of one parameter (bigint as a number or string, bytes as base64, dates as ISO text). */
function plain(value) {
  if (typeof value === 'bigint')
    return Number.isSafeInteger(Number(value)) ? Number(value) : value.toString();
  if (value instanceof Date) return value.toISOString();
  if (value instanceof Uint8Array) return { $bytes: Buffer.from(value).toString('base64') };
  if (Array.isArray(value)) return value.map(plain);
  if (value && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, plain(v)]));
  return value;
}

/**
 * Where in the server a statement was run from: the innermost frames of the server's own code (its
 * sources when the server runs with --enable-source-maps), below the database layer.
 */
function caller(from = stackHere()) {
  const stack = from.stack ?? '';
  const frames = [];
  for (const line of stack.split('\n').slice(1)) {
    const m = /at (?:async )?(?:(.+?) \()?(?:file:\/\/)?([^()]+?):(\d+):\d+\)?$/.exec(line.trim());
    if (!m) continue;
    const where = path.relative(root, m[2]);
    if (!/^server\/(src|dist)\//.test(where) || /server\/src\/db\//.test(where)) continue;
    frames.push(`${m[1] ? `${m[1]} ` : ''}${where}:${m[3]}`);
    if (frames.length === 3) break;
  }
  return frames.join(' ← ');
}

/** The stack here, formatted only when read. */
function stackHere() {
  const limit = Error.stackTraceLimit;
  Error.stackTraceLimit = 60;
  const holder = {};
  Error.captureStackTrace(holder);
  Error.stackTraceLimit = limit;
  return holder;
}

/** A query's config → the stack where the pool was asked for it (the client runs it in a callback). */
const poolCallers = new WeakMap();

function record(engine, text, params, name, from) {
  const key = `${engine}\0${text}`;
  let s = statements.get(key);
  if (!s) {
    s = { engine, text, ...(name ? { name } : {}), callers: [], phases: {} };
    statements.set(key, s);
  }
  let p = s.phases[phase];
  if (!p) {
    // The first run in each phase says where it came from (a stack is too dear for every run).
    p = s.phases[phase] = { runs: 0, params: plain(params) };
    const where = caller(from);
    if (where && !s.callers.includes(where) && s.callers.length < 5) s.callers.push(where);
  }
  p.runs++;
}

/** Recording must never break the server: a failure here is dropped. */
function safely(fn) {
  try {
    fn();
  } catch {
    // not recorded
  }
}

// --- SQLite ----------------------------------------------------------------------------------

const SQLite = require('better-sqlite3');
{
  // better-sqlite3's Statement class is not exported: take its prototype from a statement.
  const probe = new SQLite(':memory:');
  const Statement = Object.getPrototypeOf(probe.prepare('select 1'));
  probe.close();
  for (const method of ['run', 'get', 'all', 'iterate']) {
    const original = Statement[method];
    Statement[method] = function (...args) {
      // Kysely passes one array of parameters; the hot reads spread them; a named set is one object.
      safely(() =>
        record('sqlite', this.source, args.length === 1 && Array.isArray(args[0]) ? args[0] : args),
      );
      return original.apply(this, args);
    };
  }
  const defineFunction = SQLite.prototype.function;
  SQLite.prototype.function = function (name, options, fn) {
    safely(() => {
      const f = typeof options === 'function' ? options : fn;
      const o = typeof options === 'object' && options ? options : {};
      functions.set(name, { varargs: !!o.varargs, arity: f?.length ?? 0 });
    });
    return defineFunction.apply(this, arguments);
  };
}

// --- PostgreSQL ------------------------------------------------------------------------------

const pg = require('pg');
{
  const query = pg.Client.prototype.query;
  pg.Client.prototype.query = function (config, values) {
    safely(() => {
      const given = Array.isArray(values) ? values : [];
      if (typeof config === 'string') record('postgres', config, given);
      // A config object, or a submittable (a cursor) carrying `text` and `values`.
      else if (config && typeof config.text === 'string')
        record('postgres', config.text, config.values ?? given, config.name, poolCallers.get(config));
    });
    return query.apply(this, arguments);
  };
  const poolQuery = pg.Pool.prototype.query;
  pg.Pool.prototype.query = function (config) {
    if (config && typeof config === 'object') safely(() => poolCallers.set(config, stackHere()));
    return poolQuery.apply(this, arguments);
  };
}

// --- Writing ---------------------------------------------------------------------------------

function write() {
  if (!file) return;
  const capture = {
    pid: process.pid,
    phase,
    phases,
    functions: Object.fromEntries(functions),
    statements: [...statements.values()],
  };
  const tmp = `${file}.${process.pid}.tmp`;
  writeFileSync(tmp, JSON.stringify(capture));
  renameSync(tmp, file);
}

process.on('SIGUSR2', () => {
  safely(() => {
    phase = readFileSync(`${file}.phase`, 'utf8').trim();
    phases.push({ name: phase, at: new Date().toISOString() });
  });
  write();
});
for (const signal of ['SIGTERM', 'SIGINT']) {
  // Registered before the server's own handler (this module runs first), so the file is written before
  // the server starts closing; if nothing else listens, the signal's default (exit) is restored.
  process.on(signal, function onStop() {
    write();
    if (process.listenerCount(signal) === 1) {
      process.removeListener(signal, onStop);
      process.kill(process.pid, signal);
    }
  });
}
process.on('exit', write);
