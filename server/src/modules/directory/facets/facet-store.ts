import {
  COUNT_SECTIONS,
  fromCents,
  OPTION_SECTION_KEYS,
  OPTION_SECTIONS,
  RANGE_KEYS,
  type CountSection,
  type FacetFilter,
} from '@app/domain';
import type { Kysely } from 'kysely';
import type { Engine } from '../../../db/database.ts';
import type { DB } from '../../../db/schema.ts';
import { readDirectoryVersion } from '../../../db/directory-version.ts';
import {
  countShownProviders,
  loadFacetRows,
  nextSubscriptionChange,
  loadReferenceIds,
  OPTION_BITS,
  type FacetSourceRow,
} from './facet-sql.ts';
import {
  FacetIndexBuilder,
  type FacetIndex,
  type FacetQuery,
  type FacetResult,
  type GrowingBitset,
} from './facets.ts';

/**
 * The per-process facet index of the shown providers (docs/decisions/0003-directory-facet-index.md)
 * and its freshness. The database stays the source of truth: every provider write bumps
 * `settings.directory_version` in its transaction; this store compares that version with the one
 * its index was built from at most every `checkIntervalMs` (and at once after a write made by this
 * process), and rebuilds when it changed; by default it compares on every request. Requests wait for a rebuild, so a reader never sees an
 * index older than a write this process acknowledged, nor (beyond `checkIntervalMs`) one another
 * process acknowledged.
 */

export const TERM_DIMENSIONS = ['state', 'city', 'country', ...COUNT_SECTIONS] as const;
export const NUMBER_DIMENSIONS = RANGE_KEYS;

export const cityKey = (state: string, city: string) => `${state}|${city}`;

/**
 * A function that adds database rows to the index being built, with the bitsets of the
 * option bits and of each language, race and location looked up once (a rebuild adds 100,000 rows).
 */
export function rowAdder(b: FacetIndexBuilder): (r: FacetSourceRow) => void {
  const byBit: GrowingBitset[] = [];
  for (const section of OPTION_SECTION_KEYS) {
    OPTION_SECTIONS[section].forEach((option, i) => {
      byBit[OPTION_BITS[section] + i] = b.bits(section, option);
    });
  }
  const cache = new Map<string, GrowingBitset>();
  const bits = (dim: string, value: string) => {
    const key = `${dim}\u0000${value}`;
    let found = cache.get(key);
    if (!found) cache.set(key, (found = b.bits(dim, value)));
    return found;
  };
  return (r) => {
    b.addRow(r.id);
    const pos = b.position;
    bits('country', r.country).set(pos);
    bits('state', r.state).set(pos);
    bits('city', r.city_key).set(pos);
    if (r.language_id !== null) bits('language', String(r.language_id)).set(pos);
    if (r.race_id !== null) bits('race', String(r.race_id)).set(pos);
    const mask = Number(r.options);
    // The mask has up to 46 bits: the low 32 and the rest.
    let low = (mask % 2 ** 32) | 0;
    let high = Math.floor(mask / 2 ** 32) | 0;
    while (low) {
      const bit = low & -low;
      byBit[31 - Math.clz32(bit)]!.set(pos);
      low ^= bit;
    }
    while (high) {
      const bit = high & -high;
      byBit[63 - Math.clz32(bit)]!.set(pos);
      high ^= bit;
    }
    b.setNumber('age', r.age);
    b.setNumber('donation_hour', r.donation_hour === null ? null : fromCents(r.donation_hour));
  };
}

/** Rows per query while building: small enough that a rebuild never holds many row objects at once. */
const CHUNK = 2000;

/** Builds the index from the shown providers, reading them in id order, a chunk at a time. */
export async function buildFacetIndex(db: Kysely<DB>, engine: Engine): Promise<FacetIndex> {
  const builder = new FacetIndexBuilder(TERM_DIMENSIONS, NUMBER_DIMENSIONS, await countShownProviders(db));
  const add = rowAdder(builder);
  let after = 0;
  for (;;) {
    const chunk = await loadFacetRows(db, engine, after, CHUNK);
    for (const row of chunk) add(row);
    if (chunk.length < CHUNK) break;
    after = chunk[chunk.length - 1]!.id;
  }
  return builder.build();
}

export interface FacetSnapshot {
  index: FacetIndex;
  /** The directory version the index was built from. */
  version: number;
  /** Every language and race id (counts list every option, 0 included). */
  languageIds: string[];
  raceIds: string[];
  /** City name → its `state|city` keys. */
  cityKeys: Map<string, string[]>;
  builtAt: number;
  buildMs: number;
  /**
   * When a subscription next starts or ends (ms since the epoch; Infinity when none will): the set of
   * shown providers may change then without any write, so the snapshot is stale from that moment.
   */
  validUntil: number;
  /** The store generation this snapshot satisfies. */
  generation: number;
}

/** The index query for a parsed facet filter. */
export function toFacetQuery(snapshot: FacetSnapshot, f: FacetFilter): FacetQuery {
  const terms: Record<string, string[]> = {};
  for (const [section, values] of Object.entries(f.sections)) if (values?.length) terms[section] = values;
  if (f.country) terms.country = f.country;
  if (f.state) terms.state = f.state;
  if (f.city) {
    terms.city = f.state
      ? f.state.flatMap((s) => f.city!.map((c) => cityKey(s, c)))
      : f.city.flatMap((c) => snapshot.cityKeys.get(c) ?? []);
    // No key at all still means "these cities": an empty group, matching nothing.
    if (!terms.city.length) terms.city = ['\u0000none'];
  }
  const ranges: Record<string, readonly [number, number]> = {};
  if (f.age) ranges.age = f.age;
  if (f.donation_hour) ranges.donation_hour = f.donation_hour;
  return { terms, ranges };
}

/** Counts for every option of every section: the index's counts with the missing options at 0. */
export function countsFor(
  snapshot: FacetSnapshot,
  counted: Record<string, Record<string, number>>,
): Record<CountSection, Record<string, number>> {
  const out = {} as Record<CountSection, Record<string, number>>;
  for (const section of COUNT_SECTIONS) {
    const options =
      section === 'language'
        ? snapshot.languageIds
        : section === 'race'
          ? snapshot.raceIds
          : (OPTION_SECTIONS[section] as readonly string[]);
    const got = counted[section] ?? {};
    const counts: Record<string, number> = {};
    for (const o of options) counts[o] = got[o] ?? 0;
    out[section] = counts;
  }
  return out;
}

/** A facet filter's matches and the snapshot they were found on (its reference ids, for counts). */
export interface FacetMatch {
  snapshot: FacetSnapshot;
  result: FacetResult;
}

export interface FacetStoreOptions {
  /**
   * How often (at most) to compare the stored directory version. 0, the default, compares on every
   * request: one primary-key read (docs/performance.md), and writes by other processes (or straight to
   * the database) show at once.
   */
  checkIntervalMs?: number;
}

export class FacetStore {
  private snapshot: FacetSnapshot | undefined;
  private generation = 0;
  private lastCheck = 0;
  private building: Promise<FacetSnapshot> | undefined;
  private checking: Promise<void> | undefined;
  readonly checkIntervalMs: number;

  constructor(
    private readonly db: Kysely<DB>,
    private readonly engine: Engine,
    opts: FacetStoreOptions = {},
  ) {
    this.checkIntervalMs = opts.checkIntervalMs ?? 0;
  }

  /**
   * Until when answers computed from the current snapshot stay true (the next subscription start or
   * end); 0 without a snapshot. The response cache keeps anonymous answers no longer than this.
   */
  validUntil(): number {
    return this.snapshot?.validUntil ?? 0;
  }

  /** Marks the index stale: this process just wrote to the directory (after the commit). */
  invalidate(): void {
    this.generation++;
  }

  /** The shown providers matching a facet filter, on a snapshot as fresh as `get()` gives. */
  async match(filter: FacetFilter): Promise<FacetMatch> {
    const snapshot = await this.get();
    return { snapshot, result: snapshot.index.query(toFacetQuery(snapshot, filter)) };
  }

  /** A snapshot no older than this process's last write, and at most `checkIntervalMs` behind others'. */
  async get(): Promise<FacetSnapshot> {
    // A subscription started or ended since the build: the shown set may differ (no write says so).
    if (
      this.snapshot &&
      Date.now() >= this.snapshot.validUntil &&
      this.snapshot.generation >= this.generation
    ) {
      this.generation++;
    }
    let target = this.generation;
    if (this.snapshot && this.snapshot.generation >= target) {
      if (Date.now() - this.lastCheck < this.checkIntervalMs) return this.snapshot;
      await this.checkVersion();
      target = this.generation;
    }
    // A rebuild started before `target` was taken may be older than what this request must see:
    // wait for it, then build again.
    for (;;) {
      const s = this.snapshot;
      if (s && s.generation >= target) return s;
      await (this.building ?? this.rebuild());
    }
  }

  /** Compares the stored version with the index's (one small query, shared by concurrent requests). */
  private checkVersion(): Promise<void> {
    this.checking ??= (async () => {
      try {
        const version = await readDirectoryVersion(this.db);
        this.lastCheck = Date.now();
        if (this.snapshot && version !== this.snapshot.version) this.generation++;
      } finally {
        this.checking = undefined;
      }
    })();
    return this.checking;
  }

  private rebuild(): Promise<FacetSnapshot> {
    const generation = this.generation;
    this.building = (async () => {
      try {
        const started = Date.now();
        // The version is read before the rows: a write landing in between makes the next check
        // see a newer version and rebuild again, never the reverse.
        const version = await readDirectoryVersion(this.db);
        const previous = this.snapshot;
        let snapshot: FacetSnapshot;
        if (previous && previous.version === version && Date.now() < previous.validUntil) {
          snapshot = { ...previous, generation };
        } else {
          // The boundary is read before the rows: a subscription ending during the build makes the
          // snapshot stale at once rather than late.
          const validUntil = await nextSubscriptionChange(this.db);
          const [index, refs] = await Promise.all([
            buildFacetIndex(this.db, this.engine),
            loadReferenceIds(this.db),
          ]);
          const cityKeys = new Map<string, string[]>();
          for (const key of index.values('city')) {
            const name = key.slice(key.indexOf('|') + 1);
            cityKeys.set(name, [...(cityKeys.get(name) ?? []), key]);
          }
          snapshot = {
            index,
            version,
            languageIds: refs.languageIds.map(String),
            raceIds: refs.raceIds.map(String),
            cityKeys,
            builtAt: Date.now(),
            buildMs: Date.now() - started,
            validUntil,
            generation,
          };
        }
        this.lastCheck = started;
        if (!this.snapshot || this.snapshot.generation <= generation) this.snapshot = snapshot;
        return snapshot;
      } finally {
        this.building = undefined;
      }
    })();
    return this.building;
  }
}
