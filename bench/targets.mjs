// The benchmark's targets (docs/performance.md), and each part's figures held against them (written into
// the results and printed). The targets are for the computed path: the response cache off. 10 connections unless
// the scenario says otherwise.

const LISTING = [
  'home listing (page 1)',
  'listing, five filters',
  'deep page (4000)',
  'listing, a different filter state each request',
];
const COUNTS = [
  'filter counts, no filter',
  'filter counts, five filters',
  'filter counts, a different state each request',
];

/** Per part: [scenario names, figure, comparison, bound] — `bound` may be a function of the report. */
const SCENARIO_TARGETS = {
  sqlite: [
    [LISTING, 'rps', '≥', 2000],
    [LISTING, 'p99', '≤', 20],
    [['home listing, 1 connection'], 'p50', '≤', (r) => 3 * r.reference.page1.p50, '3 × raw SQL p50'],
    [['one provider'], 'rps', '≥', 3000],
    [['seed listing (eight relations)'], 'rps', '≥', 1000],
    [['seed one provider (populate=*)'], 'rps', '≥', 3000],
    [['page: home listing', 'page: an ad'], 'rps', '≥', 1000],
    [['page: home listing', 'page: an ad'], 'p99', '≤', 30],
    [['search: a city', 'search: four phone digits'], 'p99', '≤', 30],
    [['sitemap of ads'], 'p99', '≤', 1000],
  ],
  postgres: [
    [LISTING, 'rps', '≥', 1000],
    [['seed listing (eight relations)'], 'rps', '≥', 600],
    [COUNTS, 'p50', '≤', 15],
    [['home listing, 1 connection'], 'p50', '≤', (r) => 3 * r.reference.page1.p50, '3 × raw SQL p50'],
    [['search: a city', 'search: four phone digits'], 'p99', '≤', 30],
    [['sitemap of ads'], 'p99', '≤', 1000],
  ],
  million: [
    [
      ['home listing (page 1)', 'listing, five filters', 'listing, a different filter state each request'],
      'p99',
      '≤',
      50,
    ],
    [COUNTS, 'p99', '≤', 100],
  ],
};

const MIXED = [
  ['p99', '≤', 50],
  ['max', '≤', 200],
];

const meets = (value, op, bound) => (op === '≤' ? value <= bound : value >= bound);

/** The targets a part's report is held to, each with its figure and whether it is met. */
export function judge(part, report) {
  const checks = [];
  const off = report.runs?.off;
  for (const [names, figure, op, bound, label] of SCENARIO_TARGETS[part] ?? []) {
    for (const s of off?.scenarios ?? []) {
      if (!names.includes(s.name)) continue;
      const value = typeof bound === 'function' ? bound(report) : bound;
      checks.push({
        what: `${s.name}: ${figure}`,
        value: s[figure],
        target: `${op} ${label ? `${label} = ${Math.round(value * 1000) / 1000}` : value}`,
        // A run that answered nothing (a stall longer than the run) meets nothing.
        met: s.requests > 0 && meets(s[figure], op, value),
      });
    }
  }
  if (part === 'million' && off) {
    const peak = off.rssAfter.peak;
    checks.push({ what: 'server RSS, highest (MB)', value: peak, target: '< 500', met: peak < 500 });
    const load = report.load.seconds;
    checks.push({ what: 'load (s)', value: load, target: '≤ 600 (minutes)', met: load <= 600 });
  }
  const mixed = part.endsWith('-mixed') ? report.runs : report.mixed;
  for (const [cache, run] of Object.entries(mixed ?? {})) {
    for (const read of run.reads) {
      for (const [figure, op, bound] of MIXED)
        checks.push({
          what: `${read.name} under writes, cache ${cache}: ${figure}`,
          value: read[figure],
          target: `${op} ${bound}`,
          met: read.requests > 0 && meets(read[figure], op, bound),
        });
    }
    for (const [kind, w] of Object.entries(run.writes))
      checks.push({
        what: `${kind} writes, cache ${cache}: 2xx of sent`,
        value: `${w.ok}/${w.sent}`,
        target: 'all',
        met: w.ok === w.sent,
      });
  }
  return checks;
}
