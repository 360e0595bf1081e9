#!/usr/bin/env node
// `npm run bench:startup`: how soon a process serves the home page's listing after it is spawned, at 50,000
// providers on SQLite (docs/performance.md, "start to first listing"). The data folder is prepared once (the
// benchmark's own data, directory-data.mjs), then the built server (server/dist/main.js, started as `npm
// start` starts it, with node's flags from package.json) is spawned `--runs` times in turn on it; each run is
// timed from the spawn to the first 200 of the home listing (`HOME`, bench/scenarios.mjs), asked every 10 ms
// from the spawn on. Each start also times the listing's answer on a server that has been up a while (the
// filter counts too, to check they agree with the listing), so a fast start that answers wrong shows.
// Options: `--runs=N` (default 7), `--providers=N`, `--data=<folder>` (kept between invocations: a second
// invocation on the same folder skips the load), `--record` (writes bench/results/startup-<date>.json).
// BENCH_NODE_ARGS passes node flags to the server (e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof"); BENCH_PORT
// a fixed port for the server (default: one the system says is free).
/* global fetch, performance */
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import prettier from 'prettier';
import { ensureBuilt } from '../scripts/build.mjs';
import { DATA_DEFAULTS, loadData, openLoader } from './directory-data.mjs';
import { JWT_SECRET } from './directory.mjs';
import { FIVE, HOME } from './scenarios.mjs';
import { loadAverage } from './server.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
const option = (name) => args.find((a) => a.startsWith(`--${name}=`))?.split('=')[1];
const runs = Number(option('runs') ?? 7);
const providers = Number(option('providers') ?? DATA_DEFAULTS.providers);
const record = args.includes('--record');
const TARGET_MS = 2000;

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : Math.round((s[m - 1] + s[m]) / 2);
};
const loads = () =>
  os
    .loadavg()
    .map((x) => x.toFixed(2))
    .join(' ');

/** The data folder: given and already loaded, or prepared now (a first start for the schema, then the load). */
async function prepareData() {
  const given = option('data');
  const dataDir = given ? path.resolve(given) : mkdtempSync(path.join(os.tmpdir(), 'ltf-startup-'));
  const marker = path.join(dataDir, 'bench-load.json');
  const env = { DATA_DIR: dataDir, JWT_SECRET };
  if (existsSync(marker)) {
    const load = JSON.parse(readFileSync(marker, 'utf8'));
    if (load.providers === providers) {
      console.log(`[startup] data in ${dataDir} (loaded before: ${load.providers} providers)`);
      return { dataDir, env, load, keep: true };
    }
    throw new Error(`${dataDir} holds ${load.providers} providers, not ${providers}: give another --data`);
  }
  mkdirSync(dataDir, { recursive: true });
  // The schema and reference data (with the US cities), as `npm run db:migrate` makes them.
  const migrate = spawnSync(process.execPath, [path.join(root, 'server/dist/cli.js'), 'migrate'], {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: 'inherit',
  });
  if (migrate.status !== 0) throw new Error('migrate failed');
  const loader = await openLoader('sqlite', path.join(dataDir, 'app.sqlite'));
  console.log(`[startup] loading ${providers} providers into ${dataDir} …`);
  const load = await loadData(loader, { providers });
  await loader.close();
  writeFileSync(marker, JSON.stringify({ providers, shown: load.shown, seconds: load.seconds }));
  console.log(`[startup] loaded in ${load.seconds} s: ${load.shown} shown`);
  return { dataDir, env, load, keep: !!given };
}

/** The node flags `npm start` runs the server with (package.json). */
function startFlags() {
  const { scripts } = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8'));
  return scripts.start.split(' ').filter((word) => word.startsWith('--'));
}

/** A port free now on 127.0.0.1 (BENCH_PORT: that one instead). */
async function freePort() {
  if (process.env.BENCH_PORT) return Number(process.env.BENCH_PORT);
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });
}

/**
 * The CPU time a process used so far, every thread (/proc/<pid>/stat: user and system, in clock ticks of
 * 10 ms): what the start cost, whatever else the machine was running meanwhile.
 */
function cpuMsOf(pid) {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

/** One start: spawn, then the listing asked every 10 ms until a 200; answers the times and a few answers. */
async function oneStart(env) {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const spawned = performance.now();
  const child = spawn(
    process.execPath,
    [
      ...startFlags(),
      ...(process.env.BENCH_NODE_ARGS ?? '').split(' ').filter(Boolean),
      // Without the other parts' rate-limit stand-in (bench/no-rate-limit.mjs): its module hooks run on a
      // thread of their own and slow every module's load. A start asks a few hundred requests at most,
      // under the per-address limit.
      path.join(root, 'server/dist/main.js'),
    ],
    {
      cwd: root,
      env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn' },
      stdio: ['ignore', 'inherit', 'inherit'],
    },
  );
  const exited = new Promise((r) => child.once('exit', r));
  try {
    let portAnswered;
    let first;
    while (!first) {
      if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
      if (performance.now() - spawned > 120_000) throw new Error('no listing within 120 s');
      try {
        const res = await fetch(base + HOME);
        portAnswered ??= performance.now() - spawned;
        if (res.status === 200)
          first = { ms: performance.now() - spawned, cpuMs: cpuMsOf(child.pid), body: await res.json() };
        else await res.arrayBuffer();
      } catch {
        // not listening yet
      }
      if (!first) await new Promise((r) => setTimeout(r, 10));
    }
    // A while later (whatever the start left to do in the background is done by then): the same listing,
    // and the five filters' listing and counts, which must agree.
    await new Promise((r) => setTimeout(r, 3000));
    const later = await (await fetch(base + HOME)).json();
    const counts = await (await fetch(`${base}/api/filterdata?${FIVE}`)).json();
    const five = await (await fetch(`${base}/api/providers?${FIVE}`)).json();
    if (JSON.stringify(later) !== JSON.stringify(first.body))
      throw new Error('the first listing differs from the same listing a few seconds later');
    if (counts.data.total !== five.meta.pagination.total)
      throw new Error('filter counts and listing disagree');
    return {
      firstListingMs: Math.round(first.ms),
      cpuMs: first.cpuMs,
      portMs: Math.round(portAnswered),
      total: first.body.meta.pagination.total,
    };
  } finally {
    child.kill('SIGTERM');
    await exited;
  }
}

await ensureBuilt();
const machine = `${os.cpus().length} × ${os.cpus()[0]?.model ?? 'CPU'}, ${Math.round(os.totalmem() / 2 ** 30)} GB, Node ${process.version}`;
console.log(`[startup] ${machine}; load average ${loads()}`);
const data = await prepareData();
const results = [];
try {
  for (let run = 0; run < runs; run++) {
    const r = await oneStart(data.env);
    r.load = loadAverage();
    results.push(r);
    console.log(
      `[startup] run ${run + 1}: first listing ${r.firstListingMs} ms (port ${r.portMs} ms, CPU ${r.cpuMs} ms), ` +
        `total ${r.total}, load ${r.load}`,
    );
  }
} finally {
  if (!data.keep) rmSync(data.dataDir, { recursive: true, force: true });
}
const first = results.map((r) => r.firstListingMs);
const summary = {
  part: 'startup',
  machine,
  date: new Date().toISOString(),
  loadAverage: os.loadavg().map((x) => Math.round(x * 100) / 100),
  command: `npm run bench:startup${args.length ? ` -- ${args.join(' ')}` : ''}`,
  commit: gitCommit(),
  providers,
  shown: data.load.shown,
  runs: results,
  firstListingMs: { median: median(first), max: Math.max(...first), min: Math.min(...first) },
  portMs: { median: median(results.map((r) => r.portMs)) },
  cpuMs: { median: median(results.map((r) => r.cpuMs)) },
  target: {
    what: 'start to first listing, median',
    bound: `≤ ${TARGET_MS} ms`,
    met: median(first) <= TARGET_MS,
  },
};
console.log(
  `[startup] spawn → first listing: median ${summary.firstListingMs.median} ms, max ${summary.firstListingMs.max} ms ` +
    `(port answering: median ${summary.portMs.median} ms; CPU used by then: median ${summary.cpuMs.median} ms); target ≤ ${TARGET_MS} ms ${summary.target.met ? 'met' : 'NOT met'}; load average ${loads()}`,
);
if (record) {
  const file = path.join(root, 'bench/results', `startup-${summary.date.slice(0, 16).replace(':', '')}.json`);
  const settings = await prettier.resolveConfig(file);
  writeFileSync(file, await prettier.format(JSON.stringify(summary), { ...settings, parser: 'json' }));
  console.log(`[startup] written to ${path.relative(root, file)}`);
}

function gitCommit() {
  try {
    return execFileSync('git', ['describe', '--always', '--dirty'], { cwd: root, encoding: 'utf8' }).trim();
  } catch {
    return undefined;
  }
}
