#!/usr/bin/env node
// `node bench/report.mjs`: the result files bench/run.mjs wrote (bench/results/*.json) as Markdown, written
// beside them: bench/results/report.md holds per part the run's machine, date, load and command, every
// scenario with the response cache off and on side by side, the mixed load and the targets met or missed;
// bench/results/explain.md the EXPLAIN of the hot queries (bench/results/explain-<engine>.json, part
// `explain`). docs/performance.md keeps only the targets and the latest record's figures and links here.
// `bench/run.mjs` runs it after a recorded run; `--explain` writes explain.md alone.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import prettier from 'prettier';

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

// ---------------------------------------------------------------------------------------------
// The EXPLAIN of the hot queries (bench/explain.mjs)

const ENGINES = [
  ['sqlite', 'SQLite', 'EXPLAIN QUERY PLAN (better-sqlite3 on the same file)'],
  [
    'postgres',
    'PostgreSQL',
    'EXPLAIN (ANALYZE, BUFFERS, FORMAT TEXT) on the same database, the second of two runs',
  ],
];

/** `facetStore.get` (facets/facet-store.ts): the innermost function of the server that ran it. */
function origin(s) {
  const m = /^(?:(\S+) )?server\/(?:src|dist)\/(?:modules\/)?(\S+?):\d+/.exec(s.callers?.[0] ?? '');
  if (!m) return 'the database layer';
  return `\`${(m[1] ?? '(anonymous)').replace(/^_/, '').replace(/^Object\.<anonymous>$/, 'a route')}\` (${m[2]})`;
}

const runsList = (runs) =>
  Object.entries(runs)
    .map(([name, n]) => `${name} × ${n}`)
    .join('; ');

function whenRun(s, requests) {
  const parts = [];
  const counts = new Set(Object.values(s.perRequest));
  if (Object.keys(s.perRequest).length === requests.length && counts.size === 1)
    parts.push(`every hot request: ${[...counts][0]} run each`);
  else if (Object.keys(s.perRequest).length) parts.push(`per request: ${runsList(s.perRequest)}`);
  if (s.firstRequest) parts.push(`a scenario's first request: ${runsList(s.firstRequest)}`);
  if (s.atStart)
    parts.push(`at start (the facet index's build): ${s.atStart} run${s.atStart > 1 ? 's' : ''}`);
  return parts.join('; ');
}

const clip = (text, max) => (text.length > max ? `${text.slice(0, max)} …` : text);

/**
 * A statement as the doc shows it: a long list of placeholders (the SQL path's ids from the facet index,
 * thousands of them) shortened to its first three and last, with the count; the JSON holds the whole text.
 */
const compactSql = (text) =>
  text.replace(/(?:\?|\$\d+)(?:\s*,\s*(?:\?|\$\d+)){11,}/g, (list) => {
    const items = list.split(/\s*,\s*/);
    return `${items.slice(0, 3).join(', ')}, /* … ${n(items.length)} placeholders in all */ ${items.at(-1)}`;
  });

/** A plan as the doc shows it: a line longer than 300 characters (the same ids as a literal) cut short. */
const compactPlan = (plan) =>
  plan
    .split('\n')
    .map((line) => (line.length > 300 ? `${line.slice(0, 300)} … (${n(line.length)} characters)` : line))
    .join('\n');
const fence = (lang, text) => `\`\`\`${lang}\n${text}\n\`\`\``;

function explainSection() {
  if (!ENGINES.some(([engine]) => read(`explain-${engine}`))) return '';
  const out = [
    '# EXPLAIN of the hot queries',
    '',
    'Every statement the server ran for the hot requests (the scenarios above: each sent once, then three ' +
      'times more, a new filter state each time where the scenario draws one; response cache off), and the ' +
      "reads of the facet index's build at start, captured by `bench/sql-capture.mjs` with the text and " +
      'parameters the server used, then explained on the same data (`npm run bench -- --parts=explain`, ' +
      '`bench/explain.mjs`). Runs per request are from the repeated requests.',
    '',
  ];
  for (const [engine, title, how] of ENGINES) {
    const r = read(`explain-${engine}`);
    if (!r) continue;
    const stubs = Object.keys(r.functions ?? {});
    const declared = stubs.length
      ? `; the functions the server defines for SQL (${stubs.map((f) => `\`${f}\``).join(', ')}) declared as stubs, which a plan needs to exist, not to run`
      : '';
    out.push(`## ${title}`, '', about(r), '', `${how}${declared}.`, '');
    const requests = r.requests.map((q) => q.name);
    out.push(
      '| # | run by | when |',
      '| --- | --- | --- |',
      ...r.statements.map((s) => `| ${s.n} | ${origin(s)} | ${clip(whenRun(s, requests), 300)} |`),
      '',
    );
    for (const s of r.statements) {
      out.push(`### ${s.n}. ${origin(s)}`, '', `${whenRun(s, requests)}.`, '');
      if (s.callers?.length) out.push(`Called from: ${s.callers.map((c) => `\`${c}\``).join('; ')}.`, '');
      out.push(`Parameters: \`${clip(JSON.stringify(s.params), 400)}\`.`, '');
      if (s.note) out.push(`${s.note[0].toUpperCase()}${s.note.slice(1)}.`, '');
      out.push(fence('sql', compactSql(s.text.trim())), '');
      if (s.plan) out.push(fence('', compactPlan(s.plan)), '');
      if (s.preparedPlan && s.preparedPlanKind === 'generic')
        out.push(
          'The generic plan the prepared statement keeps:',
          '',
          fence('', compactPlan(s.preparedPlan)),
          '',
        );
    }
    if (r.skipped?.length)
      out.push(
        `Not explained: ${r.skipped.length} statements of the start that are not the directory's ` +
          "(migrations, seeding, the jobs' first runs, the health check).",
        '',
      );
  }
  return out.join('\n');
}

/** Writes a Markdown file into bench/results/, formatted as the repository's check wants it, and says where. */
async function writeMarkdown(name, text) {
  const file = path.join(results, name);
  const settings = await prettier.resolveConfig(file);
  writeFileSync(file, await prettier.format(text, { ...settings, parser: 'markdown' }));
  console.log(`wrote ${path.relative(process.cwd(), file)}`);
}

const explain = explainSection();
if (explain) await writeMarkdown('explain.md', explain);
if (process.argv.includes('--explain')) process.exit(0);

const out = [
  '# The recorded run',
  '',
  'Written by `node bench/report.mjs` from the result files beside it (bench/results/*.json); the targets ' +
    'and how to run the benchmark are in docs/performance.md.',
  '',
];
for (const part of PARTS) {
  const r = read(part);
  if (!r) continue;
  out.push(`## ${part}\n\n${about(r)}\n`);
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
        [
          'page',
          'performance',
          'each run',
          'failed runs',
          'accessibility',
          'best practices',
          'SEO',
          'LCP ms',
          'TBT ms',
          'CLS',
          'JS KB',
        ],
        // The median run's figures; every run's performance score, and the runs that failed and were run again.
        r.pages.map((p) => [
          p.path,
          p.scores.performance,
          (p.performanceScores ?? []).join(' / '),
          p.failedRuns ?? 0,
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
await writeMarkdown('report.md', out.join('\n'));
