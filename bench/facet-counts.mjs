#!/usr/bin/env node
// The facet index's fresh counts, in-process (docs/performance.md): a FacetIndex of N providers shaped
// like the benchmark's data (directory-data.mjs: 40 % in California, age 21–60, $100–$800 an hour in
// steps of $10, languages and races 8 % unset, every option drawn as the loader draws it), written
// through the server's own `rowWriter`, then `/api/filterdata`'s work for the 400 filter states of the
// benchmark's "a different state each request" (scenarios.mjs `VARIED`): the query string parsed as the
// server parses it, then `countFilterData` (every section's counts, each N/A's total, the cum groups)
// on a fresh result, so the index's memo never serves one. Prints the CPU time per request (median and
// p99 over the rounds), the index's bytes and a digest of every answer (equal digests: equal answers).
// `--mode=listing` measures instead what `GET /api/providers` asks of the same fresh results (directory.listing.ts
// `findPageFromIndex`): the first page of 24 ids, newest first, and the total.
//
//   node bench/facet-counts.mjs [--providers=1000000] [--rounds=5] [--writes=N] [--mode=counts|listing] [--src=DIR]
//   node --cpu-prof --cpu-prof-dir=/tmp/prof bench/facet-counts.mjs
//
// `--src=DIR`: bundle the server's code from DIR (a checkout or `git archive` of another commit: its
// `server/src`), to compare two versions on the same data, run after run. `KEEP_BUNDLE=1` keeps the bundle
// (node_modules/.cache/bench), whose line numbers a profile gives.
//
// `--writes=N`: N ad edits (a new age and call, as the mixed load makes) between two requests, so every
// request also finds the index just changed. The server's TypeScript is bundled with esbuild (as
// domain.mjs bundles the domain) into node_modules/.cache, where its packages resolve.
import { createHash } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import qs from 'qs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
const option = (name, fallback) => {
  const found = args.find((a) => a.startsWith(`--${name}=`));
  return found ? Number(found.split('=')[1]) : fallback;
};
const PROVIDERS = option('providers', 1_000_000);
const ROUNDS = option('rounds', 5);
const WRITES = option('writes', 0);
const text = (name, fallback) =>
  args.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3) ?? fallback;
const MODE = text('mode', 'counts');
if (!['counts', 'listing'].includes(MODE)) throw new Error(`--mode: counts or listing, not ${MODE}`);
const SRC = path.resolve(text('src', root));

// ---------------------------------------------------------------------------------------------
// The server's code, bundled (npm packages stay imports; `@app/domain` and the server are bundled)

const entry = `
export { FacetIndex } from '${SRC}/server/src/modules/directory/facets/facets.ts';
export { rowWriter, toFacetQuery, countsFor, cityKey, TERM_DIMENSIONS, NUMBER_DIMENSIONS, SINGLE_DIMENSIONS } from '${SRC}/server/src/modules/directory/facets/facet-store.ts';
export { OPTION_BITS } from '${SRC}/server/src/modules/directory/facets/facet.queries.ts';
export { countFilterData } from '${SRC}/server/src/modules/directory/directory.listing.ts';
export { LANGUAGES, RACES, US_STATE_CODES } from '${SRC}/server/src/db/seed/reference-data.ts';
export { parseFacetParams, toDirectorySearch, OPTION_SECTIONS, OPTION_SECTION_KEYS, SUBTYPES, CUM_TYPES, PERSONALITY, GROOMING, CALL_OPTIONS, YES_NO, seededRandom } from '@app/domain';
`;
const outDir = path.join(root, 'node_modules/.cache/bench');
mkdirSync(outDir, { recursive: true });
const outFile = path.join(outDir, `facet-counts-${process.pid}.mjs`);
await build({
  stdin: { contents: entry, resolveDir: root, sourcefile: 'facet-counts-entry.ts', loader: 'ts' },
  bundle: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  outfile: outFile,
  logLevel: 'warning',
  plugins: [
    {
      name: 'packages-external',
      setup(b) {
        // `@app/domain` from this checkout's packages (a `--src` elsewhere has none of its own).
        b.onResolve({ filter: /^[^./]/ }, (a) =>
          !a.path.startsWith('@app/')
            ? { external: true }
            : a.resolveDir === root
              ? undefined
              : b.resolve(a.path, { resolveDir: root, kind: a.kind }),
        );
      },
    },
  ],
});
const S = await import(pathToFileURL(outFile).href);
const { rm } = await import('node:fs/promises');
if (!process.env.KEEP_BUNDLE) await rm(outFile);

// ---------------------------------------------------------------------------------------------
// The data: the loader's distributions (directory-data.mjs), from a 32-bit hash instead of its SQL one

/** A hash of (row, salt) in [0, 2^31). */
function mix(i, salt) {
  let h = Math.imul(i, 0x9e3779b1) ^ Math.imul(salt + 1, 0x85ebca77);
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 1;
}

const providerAccounts = Math.ceil(PROVIDERS / 2);
const languages = S.LANGUAGES.map((_, i) => i + 1);
const races = S.RACES.map((_, i) => i + 1);

// 5,000 places, 40 % in California (200 cities there, up to 25 in every other state).
const places = (() => {
  const rnd = S.seededRandom(100_000);
  const out = [];
  for (let k = 0; k < 5000; k++) {
    const state = rnd.chance(0.4) ? 'CA' : rnd.pick(S.US_STATE_CODES);
    const city = `City ${rnd.int(1, state === 'CA' ? 200 : 25)}`;
    out.push({ state, city });
  }
  return out;
})();

/** The option mask of a row: bit OPTION_BITS[section] + i when it has OPTION_SECTIONS[section][i]. */
function optionsOf(i) {
  let mask = 0;
  const set = (section, value) => {
    const at = S.OPTION_SECTIONS[section].indexOf(value);
    if (at < 0) throw new Error(`${section}: ${value}`);
    mask += 2 ** (S.OPTION_BITS[section] + at);
  };
  const subset = (section, h) => {
    const list = S.OPTION_SECTIONS[section];
    const m = (h % (2 ** list.length - 1)) + 1;
    list.forEach((v, k) => m & (2 ** k) && set(section, v));
  };
  const yesNo = (section, h) => h % 10 !== 0 && set(section, S.YES_NO[Math.floor(h / 10) % 2]);
  const tri = (parent, h) => {
    if (h % 10 === 0) return;
    if (h % 10 < 4) return set(parent, 'no');
    set(parent, 'yes');
    subset(S.SUBTYPES[parent].key, Math.floor(h / 10));
  };
  set('call', S.CALL_OPTIONS[mix(i, 12) % 3]);
  yesNo('massage', mix(i, 13));
  yesNo('threesome', mix(i, 14));
  tri('kissing', mix(i, 4));
  tri('fellatio', mix(i, 5));
  yesNo('cunnilingus', mix(i, 15));
  tri('anilingus', mix(i, 6));
  tri('vaginal', mix(i, 7));
  tri('anal', mix(i, 8));
  if (mix(i, 16) % 4 !== 0) subset('cum_type', Math.floor(mix(i, 16) / 4));
  subset('personality', mix(i, 17));
  set('grooming', S.GROOMING[mix(i, 18) % 3]);
  return mask;
}

/** Provider i as the facet index is built from it (facet.queries.ts `FacetSourceRow`). */
function rowOf(i, salt = 0) {
  const userId = 1 + ((i - 1) % providerAccounts);
  const place = places[mix(i, 0) % places.length];
  const pick = (list, h) => (h % 100 < 8 ? null : list[Math.floor(h / 100) % list.length]);
  return {
    id: i,
    user_id: userId,
    shown: mix(i, 19) % 100 >= 3 && userId % 97 !== 0 && userId % 50 !== 0 ? 1 : 0,
    country: 'US',
    state: place.state,
    city_key: S.cityKey(place.state, place.city),
    age: 21 + (mix(i, 1 + salt) % 40),
    language_id: pick(languages, mix(i, 2)),
    race_id: pick(races, mix(i, 3)),
    donation_hour: (10 + (mix(i, 11) % 71)) * 10 * 100,
    options: optionsOf(i),
  };
}

const cpuMs = () => process.cpuUsage().user / 1000 + process.cpuUsage().system / 1000;

let t = performance.now();
const index = new S.FacetIndex(S.TERM_DIMENSIONS, S.NUMBER_DIMENSIONS, PROVIDERS, S.SINGLE_DIMENSIONS);
const write = S.rowWriter(index);
for (let i = 1; i <= PROVIDERS; i++) write(rowOf(i));
index.trim();
const buildMs = performance.now() - t;

const snapshot = {
  index,
  version: 1,
  languageIds: languages.map(String),
  raceIds: races.map(String),
  cityKeys: new Map(),
  builtAt: Date.now(),
  buildMs,
  validUntil: Infinity,
  subscriptionsAt: Date.now(),
};
for (const key of index.values('city')) {
  const name = key.slice(key.indexOf('|') + 1);
  snapshot.cityKeys.set(name, [...(snapshot.cityKeys.get(name) ?? []), key]);
}
/** What `countFilterData` needs of the store: the filter's result on this snapshot, read at once. */
const store = {
  read: async (f, read) => read({ snapshot, result: index.query(S.toFacetQuery(snapshot, f)) }),
};

// ---------------------------------------------------------------------------------------------
// The requests: directory.mjs `VARIED`, parsed as the server parses a query string (app.ts, qs)

const STATES = ['CA', 'TX', 'NY', 'FL'];
const VARIED = Array.from({ length: 400 }, (_, i) =>
  S.toDirectorySearch({
    filters: {
      age: [21 + (i % 20), 40 + ((i >> 2) % 20)],
      donation_hour: [100 + ((i * 7) % 300), 500 + ((i * 13) % 300)],
      personality: [['Submissive', 'Confident', 'Dominant'][i % 3]],
    },
    location: { state: STATES[i % STATES.length] },
  }),
);
const parse = (search) =>
  S.parseFacetParams(
    qs.parse(search, { depth: 8, arrayLimit: 200, parameterLimit: 500, plainObjects: true }),
    ['filter', 'populate'],
  );

/** One ad edit as the mixed load makes: a provider's row written again with a new age. */
let edits = 0;
function edit() {
  const id = 1 + ((edits * 7919) % PROVIDERS);
  write(rowOf(id, ++edits));
}

/** What the listing reads of a result (directory.listing.ts `findPageFromIndex`): page 1 of 24 and the total. */
const listing = (f) => store.read(f, ({ result }) => ({ ids: result.page(0, 24), total: result.total }));
const request = MODE === 'listing' ? listing : (f) => S.countFilterData(store, f);

const digest = createHash('sha256');
const perRequest = [];
let cpuTotal = 0;
const byState = Object.fromEntries(STATES.map((s) => [s, []]));
for (let round = 0; round < ROUNDS; round++) {
  for (let i = 0; i < VARIED.length; i++) {
    for (let w = 0; w < WRITES; w++) edit();
    const filter = parse(VARIED[i]);
    const before = cpuMs();
    t = performance.now();
    const answer = await request(filter);
    const ms = performance.now() - t;
    const cpu = cpuMs() - before;
    if (round === 0) digest.update(JSON.stringify(answer));
    // The first round warms the JIT and the range groups' first build; later rounds are measured.
    if (round > 0 || ROUNDS === 1) {
      perRequest.push(ms);
      cpuTotal += cpu;
      byState[STATES[i % STATES.length]].push(ms);
    }
  }
}

const sorted = (xs) => [...xs].sort((a, b) => a - b);
const at = (xs, q) => sorted(xs)[Math.min(xs.length - 1, Math.floor(q * xs.length))];
const mean = (xs) => xs.reduce((a, b) => a + b, 0) / xs.length;
const fmt = (x) => x.toFixed(2);
console.log(
  JSON.stringify({
    providers: PROVIDERS,
    mode: MODE,
    shown: index.shownCount,
    rounds: ROUNDS,
    writesBetween: WRITES,
    buildMs: Math.round(buildMs),
    indexMb: +(index.bytes / 2 ** 20).toFixed(1),
    heapMb: Math.round(process.memoryUsage().heapUsed / 2 ** 20),
    arrayBuffersMb: Math.round(process.memoryUsage().arrayBuffers / 2 ** 20),
  }),
);
console.log(
  `per request (ms, ${perRequest.length} requests): CPU ${fmt(cpuTotal / perRequest.length)} (process, all threads); wall mean ${fmt(mean(perRequest))}, p50 ${fmt(at(perRequest, 0.5))}, p90 ${fmt(at(perRequest, 0.9))}, p99 ${fmt(at(perRequest, 0.99))}, max ${fmt(at(perRequest, 1))}`,
);
for (const [state, xs] of Object.entries(byState))
  console.log(`  state=${state}: mean ${fmt(mean(xs))}, p50 ${fmt(at(xs, 0.5))}, p99 ${fmt(at(xs, 0.99))}`);

// Other fixed states, each computed afresh every time (a no-op change empties the memo, as any write
// does): the median of 30, and their answers in the digest too.
const FIVE = S.toDirectorySearch({
  filters: { call: ['Incall'], kissing: 'yes', age: [25, 45], personality: ['Confident'] },
  location: { state: 'CA' },
});
const FIXED = {
  'filterdata, no filter': ['', (f) => S.countFilterData(store, f)],
  'filterdata, five filters': [FIVE, (f) => S.countFilterData(store, f)],
  'filterdata, call=Incall': [
    S.toDirectorySearch({ filters: { call: ['Incall'] }, location: {} }),
    (f) => S.countFilterData(store, f),
  ],
  'filterdata, age 30-35': [
    S.toDirectorySearch({ filters: { age: [30, 35] }, location: {} }),
    (f) => S.countFilterData(store, f),
  ],
  'filterdata, a city': [
    S.toDirectorySearch({ filters: { language: [1, 2] }, location: { state: 'TX', city: ['City 3'] } }),
    (f) => S.countFilterData(store, f),
  ],
  'state counts (lookup)': ['country=US', (f) => store.read(f, ({ result }) => result.counts(['state']))],
  'city counts of CA (lookup)': ['state=CA', (f) => store.read(f, ({ result }) => result.counts(['city']))],
  'listing page 1, five filters': [FIVE, listing],
};
let shownId = 1;
while (!rowOf(shownId).shown) shownId++;
const shownPos = index.positionOf(shownId);
for (const [name, [search, run]] of Object.entries(FIXED)) {
  const filter = parse(search);
  const times = [];
  for (let k = 0; k < 31; k++) {
    index.show(shownPos);
    t = performance.now();
    const answer = await run(filter);
    if (k) times.push(performance.now() - t);
    else digest.update(JSON.stringify(answer));
  }
  console.log(`  ${name}: p50 ${fmt(at(times, 0.5))} ms`);
}
console.log(
  `answers digest (VARIED's first round, then the fixed states): ${digest.digest('hex').slice(0, 16)}`,
);
