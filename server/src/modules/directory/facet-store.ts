import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { readDirectoryVersion } from './directory.version.ts';
import { loadFacetRows, loadReferenceIds, type FacetSourceRow } from './directory.queries.ts';
import {
  COUNT_SECTIONS,
  LIST_SECTIONS,
  OPTION_SECTIONS,
  type CountSection,
  type FacetFilter,
  type OptionSection,
} from './facet-params.ts';
import { FacetIndex, type FacetQuery, type FacetRow } from './facets.ts';

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
export const NUMBER_DIMENSIONS = ['age', 'donation_hour'] as const;

/** A provider whose call is 'Outcall/Incall' does both (the filter's Both). */
export function callTerms(call: string | null): string[] {
  if (!call) return [];
  return call === 'Outcall/Incall' ? ['Incall', 'Outcall', 'Outcall/Incall'] : [call];
}

/** Comma-joined options as a list (spaces around commas tolerated). */
export function splitList(v: string | null): string[] {
  if (!v) return [];
  return [
    ...new Set(
      v
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean),
    ),
  ];
}

export const cityKey = (state: string, city: string) => `${state}|${city}`;

/** One database row as the index sees it. */
export function toFacetRow(r: FacetSourceRow): FacetRow {
  const terms: Record<string, string[]> = {
    country: [r.country],
    state: [r.state],
    city: [cityKey(r.state, r.city)],
    language: r.language_id === null ? [] : [String(r.language_id)],
    race: r.race_id === null ? [] : [String(r.race_id)],
    call: callTerms(r.call),
  };
  for (const key of Object.keys(OPTION_SECTIONS) as OptionSection[]) {
    if (key === 'call') continue;
    const v = r[key];
    terms[key] = LIST_SECTIONS.has(key) ? splitList(v) : v ? [v] : [];
  }
  return {
    id: r.id,
    terms,
    numbers: {
      age: r.age,
      donation_hour: r.donation_hour === null ? null : r.donation_hour / 100,
    },
  };
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
    opts: FacetStoreOptions = {},
  ) {
    this.checkIntervalMs = opts.checkIntervalMs ?? 0;
  }

  /** Marks the index stale: this process just wrote to the directory (after the commit). */
  invalidate(): void {
    this.generation++;
  }

  /** A snapshot no older than this process's last write, and at most `checkIntervalMs` behind others'. */
  async get(): Promise<FacetSnapshot> {
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
        if (previous && previous.version === version) {
          snapshot = { ...previous, generation };
        } else {
          const [rows, refs] = await Promise.all([loadFacetRows(this.db), loadReferenceIds(this.db)]);
          const index = new FacetIndex(rows.map(toFacetRow), TERM_DIMENSIONS, NUMBER_DIMENSIONS);
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
