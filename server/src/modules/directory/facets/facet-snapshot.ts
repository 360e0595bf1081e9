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
import { type Engine } from '../../../db/database.ts';
import type { DB } from '../../../db/schema.ts';
import { countProviders, loadFacetRows, OPTION_BITS, type FacetSourceRow } from './facet.queries.ts';
import type { FacetQuery } from './facet-result.ts';
import { FacetIndex } from './facets.ts';
import type { Postings } from './postings.ts';

/*
 * The facet index built from the database (`buildFacetIndex`, rows written by `rowWriter`), the snapshot the
 * store keeps of it, and what reads a snapshot: a facet filter as an index query, and counts with every
 * option listed.
 */

export const TERM_DIMENSIONS = ['state', 'city', 'country', ...COUNT_SECTIONS] as const;
export const NUMBER_DIMENSIONS = RANGE_KEYS;
/** Dimensions with many values, each provider having at most one (clearing a row finds its value at once). */
export const SINGLE_DIMENSIONS = ['state', 'city'];

export const cityKey = (state: string, city: string) => `${state}|${city}`;

/**
 * A function that writes database rows into the index: the provider's position (made when new), its
 * values when shown; an existing position is cleared first. The postings of the option bits are looked
 * up once (a build writes a million rows).
 */
export function rowWriter(index: FacetIndex): (r: FacetSourceRow) => void {
  const byBit: Postings[] = [];
  for (const section of OPTION_SECTION_KEYS) {
    OPTION_SECTIONS[section].forEach((option, i) => {
      byBit[OPTION_BITS[section] + i] = index.postings(section, option);
    });
  }
  return (r) => {
    const known = index.positionOf(r.id) >= 0;
    const pos = index.place(r.id, Number(r.user_id));
    if (known) index.clear(pos);
    if (!Number(r.shown)) return;
    index.show(pos);
    index.addTerm(pos, 'country', r.country);
    index.addTerm(pos, 'state', r.state);
    index.addTerm(pos, 'city', r.city_key);
    if (r.language_id !== null) index.addTerm(pos, 'language', String(r.language_id));
    if (r.race_id !== null) index.addTerm(pos, 'race', String(r.race_id));
    const mask = Number(r.options);
    // The mask has up to 46 bits: the low 32 and the rest.
    let low = (mask % 2 ** 32) | 0;
    let high = Math.floor(mask / 2 ** 32) | 0;
    while (low) {
      const bit = low & -low;
      index.addTo(pos, byBit[31 - Math.clz32(bit)]!);
      low ^= bit;
    }
    while (high) {
      const bit = high & -high;
      index.addTo(pos, byBit[63 - Math.clz32(bit)]!);
      high ^= bit;
    }
    index.setNumber(pos, 'age', r.age);
    index.setNumber(pos, 'donation_hour', r.donation_hour === null ? null : fromCents(r.donation_hour));
  };
}

/** Rows per query while building: small enough that a build never holds many row objects at once. */
const CHUNK = 2000;

/** Builds the index from every provider, reading them in id order, a chunk at a time. */
export async function buildFacetIndex(db: Kysely<DB>, engine: Engine): Promise<FacetIndex> {
  const index = new FacetIndex(
    TERM_DIMENSIONS,
    NUMBER_DIMENSIONS,
    await countProviders(db),
    SINGLE_DIMENSIONS,
  );
  const write = rowWriter(index);
  let after = 0;
  for (;;) {
    const chunk = await loadFacetRows(db, engine, after, CHUNK);
    for (const row of chunk) write(row);
    if (chunk.length < CHUNK) break;
    after = chunk[chunk.length - 1]!.id;
    // SQLite's driver answers at once, so without this the whole build would run before any request the
    // server received meanwhile (a build runs while the server answers: decision 0026).
    await new Promise((resolve) => setImmediate(resolve));
  }
  index.trim();
  return index;
}

/** City name → its `state|city` keys. */
export function cityKeysOf(index: FacetIndex): Map<string, string[]> {
  const cityKeys = new Map<string, string[]>();
  for (const key of index.values('city')) {
    const name = key.slice(key.indexOf('|') + 1);
    cityKeys.set(name, [...(cityKeys.get(name) ?? []), key]);
  }
  return cityKeys;
}

/** The index and what answers need beside it; updated in place as changes are applied. */
export interface FacetSnapshot {
  index: FacetIndex;
  /** The directory version the index reflects: every change up to it is applied. */
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
   * shown providers may change then without any write, and the accounts concerned are read again.
   */
  validUntil: number;
  /** Subscription starts and ends up to this moment (ms) are applied. */
  subscriptionsAt: number;
}

/** The index query for a parsed facet filter. */
export function toFacetQuery(snapshot: FacetSnapshot, f: FacetFilter, only?: FacetQuery['only']): FacetQuery {
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
  return only ? { terms, ranges, only } : { terms, ranges };
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
