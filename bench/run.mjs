#!/usr/bin/env node
// `npm run bench`: builds the app, then runs the directory benchmark on SQLite, and on PostgreSQL too
// with `--pg` (server URL from BENCH_PG_URL, default postgres://postgres@127.0.0.1:5432/postgres; the
// benchmark creates and drops its own database there). Options: `--providers=N`, `--seconds=N`,
// `--only=<part of a scenario name>`; BENCH_NODE_ARGS passes node flags to the server (profiling);
// RESPONSE_CACHE=off measures the server without its cache of anonymous answers (*-uncached.json).
// Results: printed, and written to bench/results/directory-<engine>.json.
import { mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureBuilt } from '../scripts/build.mjs';
import { runDirectoryBench, SCENARIOS } from './directory.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const args = process.argv.slice(2);
const option = (name) => args.find((a) => a.startsWith(`--${name}=`))?.split('=')[1];
const engines = ['sqlite'];
if (args.includes('--pg') || args.includes('--pg-only')) engines.push('postgres');
if (args.includes('--pg-only')) engines.shift();
const overrides = {};
if (option('providers')) overrides.providers = Number(option('providers'));
if (option('seconds')) overrides.seconds = Number(option('seconds'));
if (option('only')) overrides.only = option('only');

await ensureBuilt();
const machine = `${os.cpus().length} × ${os.cpus()[0]?.model ?? 'CPU'}, ${Math.round(os.totalmem() / 2 ** 30)} GB, Node ${process.version}, ${os.platform()} ${os.release()}`;
console.log(`Machine: ${machine}`);

const reports = [];
for (const engine of engines) {
  const report = await runDirectoryBench({
    engine,
    pgAdminUrl: process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres',
    ...overrides,
  });
  report.machine = machine;
  report.responseCache = process.env.RESPONSE_CACHE ?? 'on';
  reports.push(report);
  // Partial runs (--only, fewer providers, a profiler) are printed, not recorded.
  if (Object.keys(overrides).length || process.env.BENCH_NODE_ARGS) continue;
  mkdirSync(path.join(here, 'results'), { recursive: true });
  writeFileSync(
    path.join(
      here,
      'results',
      `directory-${engine}${process.env.RESPONSE_CACHE === 'off' ? '-uncached' : ''}.json`,
    ),
    JSON.stringify(report, null, 2) + '\n',
  );
}

const rows = [
  '| scenario | engine | p50 ms | p99 ms | req/s |',
  '| --- | --- | ---: | ---: | ---: |',
  ...SCENARIOS.flatMap((s) =>
    reports.flatMap((r) => {
      const x = r.scenarios.find((y) => y.name === s.name);
      return x ? [`| ${s.name} | ${r.engine} | ${x.p50} | ${x.p99} | ${x.rps} |`] : [];
    }),
  ),
];
console.log(`\n${rows.join('\n')}\n`);
for (const r of reports) {
  console.log(
    `${r.engine}: ${r.total} shown providers; load ${r.load.seconds} s; first request ${r.firstRequestMs} ms; ` +
      `rebuild after a write ${r.rebuildRequestMs} ms; version check ${r.versionCheckMicros} µs; ` +
      `RSS ${r.rssAfter.rss} MB after the runs (peak ${r.rssEnd.peak} MB)`,
  );
}
