#!/usr/bin/env node
// `node bench/report.mjs`: the Markdown tables of docs/performance.md's issue-15 section, from the
// result files bench/run.mjs wrote (bench/results/*.json): per part, the run's machine, date, load
// and command; every scenario with the response cache off and on side by side; the mixed load; the
// targets met or missed. Paste its output into the doc after a recorded run.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const results = path.join(path.dirname(fileURLToPath(import.meta.url)), 'results');
const PARTS = [
  'sqlite',
  'sqlite-mixed',
  'postgres',
  'postgres-mixed',
  'postgres-workers',
  'million',
  'lighthouse',
];

const read = (part) => {
  const file = path.join(results, `${part}.json`);
  return existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : undefined;
};
const n = (x) =>
  typeof x === 'number' ? x.toLocaleString('en-US', { maximumFractionDigits: 2 }) : (x ?? '–');
const table = (head, rows) =>
  [
    `| ${head.join(' | ')} |`,
    `| ${head.map((h, i) => (i === 0 ? '---' : '---:')).join(' | ')} |`,
    ...rows.map((r) => `| ${r.map(n).join(' | ')} |`),
  ].join('\n');

function about(r) {
  const load = r.load
    ? `; data: ${n(r.load.providers)} providers (${n(r.load.shown)} shown), ${n(r.load.accounts)} accounts, ` +
      `${n(r.load.reactions)} reactions, loaded in ${n(r.load.seconds)} s`
    : '';
  return `*${r.date.slice(0, 16).replace('T', ' ')} UTC, \`${r.command}\`, load average ${[r.loadAverage].flat().join(' / ')} (1/5/15 min) when recorded; ${r.machine}${load}.*`;
}

function scenarioTable(runs) {
  const names = (runs.off ?? runs.on).scenarios.map((s) => s.name);
  const of = (cache, name) => runs[cache]?.scenarios.find((s) => s.name === name) ?? {};
  return table(
    [
      'scenario',
      'p50 ms off',
      'p99 off',
      'max off',
      'req/s off',
      'p50 ms on',
      'p99 on',
      'max on',
      'req/s on',
    ],
    names.map((name) => {
      const off = of('off', name);
      const on = of('on', name);
      return [name, off.p50, off.p99, off.max, off.rps, on.p50, on.p99, on.max, on.rps];
    }),
  );
}

function memory(runs) {
  return table(
    [
      'cache',
      'start ms',
      'RSS at start MB',
      'after the first request',
      'after the runs',
      'highest',
      'first request ms',
    ],
    Object.entries(runs).map(([cache, r]) => [
      cache,
      r.startMs,
      r.rssAtStart.rss,
      r.rssAfterFirstRequest.rss,
      r.rssAfter.rss,
      r.rssAfter.peak,
      r.firstRequestMs,
    ]),
  );
}

function mixedTable(runs) {
  const rows = [];
  for (const [cache, r] of Object.entries(runs)) {
    for (const x of r.reads) rows.push([`${x.name}, cache ${cache}`, x.p50, x.p99, x.max, x.rps, x.non2xx]);
  }
  const writes = [];
  for (const [cache, r] of Object.entries(runs))
    for (const [kind, w] of Object.entries(r.writes))
      writes.push([`${kind}, cache ${cache}`, w.perSecond, `${w.ok}/${w.sent}`, w.p50, w.p99, w.max]);
  return [
    table(['read under writes', 'p50 ms', 'p99', 'max', 'req/s', 'non-2xx'], rows),
    '',
    table(['writes', 'per s', '2xx/sent', 'p50 ms', 'p99', 'max'], writes),
  ].join('\n');
}

const targetTable = (r) =>
  r.targets?.length
    ? table(
        ['target', 'value', 'wanted', 'met'],
        r.targets.map((t) => [t.what, t.value, t.target, t.met ? 'yes' : '**no**']),
      )
    : '';

const out = [];
for (const part of PARTS) {
  const r = read(part);
  if (!r) continue;
  out.push(`#### ${part}\n\n${about(r)}\n`);
  if (r.skipped) {
    out.push(`Skipped: ${r.skipped}.\n`);
    continue;
  }
  if (r.reference)
    out.push(
      `Raw SQL page query in-process (${r.reference.page1.runs} runs): p50 ${r.reference.page1.p50} ms, ` +
        `p99 ${r.reference.page1.p99} ms.\n`,
    );
  if (part.endsWith('-mixed')) out.push(mixedTable(r.runs), '');
  else if (r.runs) out.push(scenarioTable(r.runs), '', memory(r.runs), '');
  // The facet index as the server reports it (/api/health), after the runs.
  for (const [cache, run] of Object.entries(r.runs ?? {}))
    if (run.facetsAfter) out.push(`Facet index, cache ${cache}: \`${JSON.stringify(run.facetsAfter)}\`.`, '');
  if (r.mixed) out.push(mixedTable(r.mixed), '');
  if (part === 'lighthouse' && r.pages)
    out.push(
      table(
        ['page', 'performance', 'accessibility', 'best practices', 'SEO', 'LCP ms', 'TBT ms', 'CLS', 'JS KB'],
        r.pages.map((p) => [
          p.path,
          p.scores.performance,
          p.scores.accessibility,
          p.scores['best-practices'],
          p.scores.seo,
          p.metrics.lcpMs,
          p.metrics.tbtMs,
          p.metrics.cls,
          p.transferKb.script,
        ]),
      ),
      '',
    );
  const targets = targetTable(r);
  if (targets) out.push(targets, '');
}
console.log(out.join('\n'));
