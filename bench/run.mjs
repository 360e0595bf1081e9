#!/usr/bin/env node
// `npm run bench`: builds the app, then runs the benchmark's parts (docs/performance.md) and writes one
// bench/results/<part>.json each, with the machine, the date, the load average and the command:
//   sqlite      50,000 providers on SQLite: the raw SQL reference, every scenario cache off and on
//               (sqlite.json), the mixed load with writes (sqlite-mixed.json);
//   postgres    the same on PostgreSQL (postgres.json, postgres-mixed.json);
//   workers     WORKERS=2 on PostgreSQL with Redis, on the postgres part's data (postgres-workers.json);
//   explain     the EXPLAIN of every statement the hot requests run, on each engine's own load of the same
//               data (bench/explain.mjs: explain-sqlite.json, explain-postgres.json);
//   million     1,000,000 providers on PostgreSQL: the load's time, listing and counts (million.json);
//   lighthouse  Lighthouse on the home page and the shop (bench/lighthouse.mjs, lighthouse.json).
// Options: `--parts=sqlite,postgres,…` (default: all), `--million` (that part alone), `--pg` (postgres
// and workers), `--providers=N`, `--seconds=N` (each measured run), `--only=<part of a scenario name>`,
// `--record` (write the results of a partial run too; partial runs are otherwise printed only). A recorded
// run ends by writing bench/results/report.md and explain.md (bench/report.mjs).
// PostgreSQL: BENCH_PG_URL (default postgres://postgres@127.0.0.1:5432/postgres; the benchmark creates
// and drops its own databases there); Redis: BENCH_REDIS_URL (default redis://127.0.0.1:6379).
// BENCH_NODE_ARGS passes node flags to the server (profiling); BENCH_KEEP=1 keeps the data.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import prettier from 'prettier';
import { ensureBuilt } from '../scripts/build.mjs';
import { DEFAULTS, MILLION_SCENARIOS, runEngine, runMillion, SCENARIOS } from './directory.mjs';
import { runExplain } from './explain.mjs';
import { loadAverage } from './server.mjs';
import { judge } from './targets.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const ALL_PARTS = ['sqlite', 'postgres', 'workers', 'explain', 'million', 'lighthouse'];
const args = process.argv.slice(2);
const option = (name) => args.find((a) => a.startsWith(`--${name}=`))?.split('=')[1];

let parts = option('parts')?.split(',') ?? ALL_PARTS;
if (args.includes('--million')) parts = ['million'];
if (args.includes('--pg')) parts = ['postgres', 'workers'];
const unknown = parts.filter((p) => !ALL_PARTS.includes(p));
if (unknown.length) throw new Error(`unknown part ${unknown.join(', ')} (parts: ${ALL_PARTS.join(', ')})`);

const overrides = {};
if (option('providers')) overrides.providers = Number(option('providers'));
if (option('seconds')) overrides.seconds = overrides.mixedSeconds = Number(option('seconds'));
if (option('only')) overrides.only = option('only');
const partial = Object.keys(overrides).length > 0 || !!process.env.BENCH_NODE_ARGS;
const record = !partial || args.includes('--record');
const pgAdminUrl = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

// ---------------------------------------------------------------------------------------------
// The plan

const opts = { ...DEFAULTS, ...overrides };
const perRun = opts.warmupSeconds + opts.seconds;
const count = (names) =>
  SCENARIOS.filter((s) => (!names || names.includes(s.name)) && (!opts.only || s.name.includes(opts.only)))
    .length;
const mixedSeconds = 2 * (1 + 2 * opts.mixedSeconds + 5);
/** Seconds each part takes: loads (measured rates on the 2-core machine), server starts, runs. */
const plan = {
  sqlite: 20 + opts.providers / 5000 + 2 * (5 + count() * perRun) + mixedSeconds,
  postgres: 20 + opts.providers / 3000 + 2 * (5 + count() * perRun) + mixedSeconds,
  workers: 2 * (5 + count(MILLION_SCENARIOS) * perRun) + mixedSeconds,
  // Each engine's load, one server start and a few requests, then the plans (EXPLAIN ANALYZE of the
  // facet index's build reads included).
  explain: 2 * 30 + opts.providers / 5000 + opts.providers / 3000,
  million: 30 + (overrides.providers ?? 1_000_000) / 2500 + 2 * (60 + count(MILLION_SCENARIOS) * perRun),
  lighthouse: 120,
};
const planned = parts.reduce((s, p) => s + plan[p], 0);
const machine = `${os.cpus().length} × ${os.cpus()[0]?.model ?? 'CPU'}, ${Math.round(os.totalmem() / 2 ** 30)} GB, Node ${process.version}, ${os.platform()} ${os.release()}`;
const command = `npm run bench${args.length ? ` -- ${args.join(' ')}` : ''}`;
console.log(
  `Machine: ${machine}; load average ${os
    .loadavg()
    .map((x) => x.toFixed(2))
    .join(' ')}`,
);
console.log(
  `Plan: ${parts.map((p) => `${p} ~${Math.round(plan[p] / 60)} min`).join(', ')}; total ~${Math.round(planned / 60)} min`,
);

await ensureBuilt();

// ---------------------------------------------------------------------------------------------
// The runs

const reports = {};
const startedAt = Date.now();
const write = async (name, report) => {
  report.targets = judge(name, report);
  reports[name] = report;
  if (!record) return;
  const file = path.join(here, 'results', `${name}.json`);
  mkdirSync(path.dirname(file), { recursive: true });
  const meta = {
    part: name,
    machine,
    date: new Date().toISOString(),
    loadAverage: os.loadavg().map((x) => Math.round(x * 100) / 100),
    command,
  };
  // Formatted as the repository's check wants it (prettier with the repository's settings: its line
  // width decides where arrays break), so a recorded run leaves a clean tree.
  const settings = await prettier.resolveConfig(file);
  writeFileSync(
    file,
    await prettier.format(JSON.stringify({ ...meta, ...report }), { ...settings, parser: 'json' }),
  );
};

if (parts.includes('sqlite')) {
  const r = await runEngine({ engine: 'sqlite', parts: ['scenarios', 'mixed'], ...overrides });
  for (const [name, report] of Object.entries(r)) await write(name, report);
}
if (parts.includes('postgres') || parts.includes('workers')) {
  const engineParts = [
    ...(parts.includes('postgres') ? ['scenarios', 'mixed'] : []),
    ...(parts.includes('workers') ? ['workers'] : []),
  ];
  const r = await runEngine({ engine: 'postgres', pgAdminUrl, parts: engineParts, ...overrides });
  for (const [name, report] of Object.entries(r)) await write(name, report);
}
if (parts.includes('explain')) {
  for (const engine of ['sqlite', 'postgres']) {
    const r = await runExplain({ engine, pgAdminUrl, ...overrides });
    for (const [name, report] of Object.entries(r)) await write(name, report);
  }
}
if (parts.includes('million')) {
  const r = await runMillion({ pgAdminUrl, ...overrides });
  for (const [name, report] of Object.entries(r)) await write(name, report);
}
if (parts.includes('lighthouse')) {
  if (!existsSync(path.join(here, 'lighthouse.mjs'))) {
    console.log('[lighthouse] skipped: bench/lighthouse.mjs is not there');
  } else {
    const { runLighthouse, printLighthouse } = await import('./lighthouse.mjs');
    const report = await runLighthouse();
    printLighthouse(report);
    // runLighthouse writes lighthouse.json itself; the run's machine, load and command are added.
    const file = path.join(here, 'results', 'lighthouse.json');
    if (record && existsSync(file)) await write('lighthouse', JSON.parse(readFileSync(file, 'utf8')));
    else reports.lighthouse = report;
  }
}

// ---------------------------------------------------------------------------------------------
// The summary

console.log(
  `\nDone in ${Math.round((Date.now() - startedAt) / 60_000)} min (planned ~${Math.round(planned / 60)}); load average now ${loadAverage()}.`,
);
const lines = [
  '| part | scenario | cache | p50 ms | p99 ms | max ms | req/s | non-2xx |',
  '| --- | --- | --- | ---: | ---: | ---: | ---: | ---: |',
];
for (const [name, report] of Object.entries(reports)) {
  for (const [cache, run] of Object.entries(report.runs ?? {})) {
    for (const x of run.scenarios ?? [])
      lines.push(
        `| ${name} | ${x.name} | ${cache} | ${x.p50} | ${x.p99} | ${x.max} | ${x.rps} | ${x.non2xx} |`,
      );
    for (const x of run.reads ?? [])
      lines.push(
        `| ${name} | ${x.name} under writes | ${cache} | ${x.p50} | ${x.p99} | ${x.max} | ${x.rps} | ${x.non2xx} |`,
      );
  }
  for (const [cache, run] of Object.entries(report.mixed ?? {}))
    for (const x of run.reads)
      lines.push(
        `| ${name} | ${x.name} under writes | ${cache} | ${x.p50} | ${x.p99} | ${x.max} | ${x.rps} | ${x.non2xx} |`,
      );
}
if (lines.length > 2) console.log(`\n${lines.join('\n')}\n`);
for (const [name, report] of Object.entries(reports)) {
  if (report.reference)
    console.log(`${name}: raw SQL page query p50 ${report.reference.page1.p50} ms (in-process)`);
  if (report.load)
    console.log(
      `${name}: load ${report.load.seconds} s (${report.load.providers} providers, ${report.load.reactions} reactions)`,
    );
  for (const [cache, run] of Object.entries(report.runs ?? {}))
    console.log(
      `${name}, cache ${cache}: first request ${run.firstRequestMs} ms; RSS ${run.rssAtStart?.rss} MB at start, ` +
        `${run.rssAfterFirstRequest?.rss} MB after the first request, ${run.rssAfter?.rss} MB after the runs (peak ${run.rssAfter?.peak} MB)`,
    );
}
const checks = Object.entries(reports).flatMap(([name, r]) => (r.targets ?? []).map((t) => ({ name, ...t })));
if (checks.length) {
  console.log('\n| part | figure | value | target | met |\n| --- | --- | ---: | --- | --- |');
  for (const t of checks)
    console.log(`| ${t.name} | ${t.what} | ${t.value} | ${t.target} | ${t.met ? 'yes' : 'no'} |`);
}
if (!record) console.log('(partial run: not recorded; --record writes it)');
// A recorded run's Markdown (bench/results/report.md, explain.md), from every result file now there.
else await import('./report.mjs');
