import {
  centsRange,
  LIST_SECTIONS,
  OPTION_SECTION_KEYS,
  OPTION_SECTIONS,
  type FacetFilter,
  type OptionSection,
} from '@app/domain';
import { sql, type Expression, type Kysely, type RawBuilder, type SqlBool } from 'kysely';
import type { Engine } from '../../../db/database.ts';
import { textMatch } from '../../../db/dialect.ts';
import type { DB } from '../../../db/schema.ts';
import type { ScopeFn } from '../../../http/strapi/resource.ts';
import { paymentNotRejected, shownProvider } from '../../../access/index.ts';

/**
 * The facet filter in SQL: the rows the facet index is built from (each provider's options as a bit
 * mask, computed with the same predicate the SQL path filters with) and the facet filter as a WHERE
 * clause, for listings the index does not serve. Both mean exactly what the index means.
 */

/** The REST layer's expression builder over a table chosen at run time. */
type AnyEB = Parameters<ScopeFn>[0];

/**
 * Where each option section's bits sit in a row's option mask (46 bits in all: within a double's 53).
 */
export const OPTION_BITS: Record<OptionSection, number> = (() => {
  const out = {} as Record<OptionSection, number>;
  let offset = 0;
  for (const section of OPTION_SECTION_KEYS) {
    out[section] = offset;
    offset += OPTION_SECTIONS[section].length;
  }
  return out;
})();

/** One provider as the facet index is built from it. */
export interface FacetSourceRow {
  id: number;
  user_id: number;
  /** 1 when the directory shows it (`shownProvider`); the rest of the row matters only then. */
  shown: number;
  country: string;
  /** `state|city`. */
  city_key: string;
  state: string;
  age: number;
  language_id: number | null;
  race_id: number | null;
  /** Cents. */
  donation_hour: number | null;
  /**
   * Bit OPTION_BITS[section] + i is set when the row has OPTION_SECTIONS[section][i]: computed in SQL
   * with the very predicate the SQL path filters with, so the index and SQL always agree.
   */
  options: number;
}

/** Every provider, shown or not, with what the facet index needs of it. */
function facetRows(db: Kysely<DB>, engine: Engine) {
  return db
    .selectFrom('providers as p')
    .select([
      'p.id',
      'p.user_id',
      'p.country',
      'p.state',
      'p.age',
      'p.language_id',
      'p.race_id',
      'p.donation_hour',
    ])
    .select((eb) => [
      eb
        .case()
        .when(shownProvider(eb as AnyEB, 'p'))
        .then(1)
        .else(0)
        .end()
        .as('shown'),
      sql<string>`p.state || '|' || p.city`.as('city_key'),
      sql<number>`${sql.join(
        OPTION_SECTION_KEYS.flatMap((section) =>
          (OPTION_SECTIONS[section] as readonly string[]).map(
            (option, i) =>
              sql`case when ${optionMatch(engine, eb as AnyEB, 'p', section, option)} then ${sql.lit(2 ** (OPTION_BITS[section] + i))} else 0 end`,
          ),
        ),
        sql` + `,
      )}`.as('options'),
    ]);
}

/** Providers for the facet index, in id order: up to `limit` with an id above `afterId`. */
export async function loadFacetRows(
  db: Kysely<DB>,
  engine: Engine,
  afterId: number,
  limit: number,
): Promise<FacetSourceRow[]> {
  const rows = await facetRows(db, engine).where('p.id', '>', afterId).orderBy('p.id').limit(limit).execute();
  return rows as FacetSourceRow[];
}

/** The providers with these ids or owned by these accounts, in id order (a batch of changes). */
export async function loadChangedFacetRows(
  db: Kysely<DB>,
  engine: Engine,
  providerIds: readonly number[],
  userIds: readonly number[],
): Promise<FacetSourceRow[]> {
  if (!providerIds.length && !userIds.length) return [];
  const rows = await facetRows(db, engine)
    .where((eb) =>
      eb.or([
        ...(providerIds.length ? [eb('p.id', 'in', [...providerIds])] : []),
        ...(userIds.length ? [eb('p.user_id', 'in', [...userIds])] : []),
      ]),
    )
    .orderBy('p.id')
    .execute();
  return rows as FacetSourceRow[];
}

/**
 * The accounts whose subscription started or ended in (from, to] (ISO times): their providers may have
 * come into or left the directory without any write.
 */
export async function accountsWithSubscriptionChange(
  db: Kysely<DB>,
  from: string,
  to: string,
): Promise<number[]> {
  const rows = await db
    .selectFrom('subscriptions')
    .select('user_id')
    .distinct()
    .where((e) => paymentNotRejected(e, 'subscriptions'))
    .where((eb) =>
      eb.or([
        eb.and([eb('start_date', '>', from), eb('start_date', '<=', to)]),
        eb.and([eb('end_date', '>', from), eb('end_date', '<=', to)]),
      ]),
    )
    .execute();
  return rows.map((r) => Number(r.user_id));
}

/**
 * The next moment a subscription starts or ends (ms since the epoch), Infinity when none will: the
 * shown set (`shownProvider`) changes then without a write. Rejected subscriptions never count.
 */
export async function nextSubscriptionChange(db: Kysely<DB>): Promise<number> {
  const now = new Date().toISOString();
  // A start right at the end of the owner's previous package, or an end right where the next one
  // starts (a renewal), changes nothing shown: those instants are left out.
  const [starts, ends] = await Promise.all([
    db
      .selectFrom('subscriptions as s')
      .select((eb) => eb.fn.min<string | null>('s.start_date').as('at'))
      .where('s.start_date', '>', now)
      .where((e) => paymentNotRejected(e, 's'))
      .where(({ not, exists, selectFrom }) =>
        not(
          exists(
            selectFrom('subscriptions as prev')
              .select('prev.id')
              .whereRef('prev.user_id', '=', 's.user_id')
              .whereRef('prev.end_date', '=', 's.start_date')
              .where((e) => paymentNotRejected(e, 'prev')),
          ),
        ),
      )
      .executeTakeFirst(),
    db
      .selectFrom('subscriptions as s')
      .select((eb) => eb.fn.min<string | null>('s.end_date').as('at'))
      .where('s.end_date', '>', now)
      .where((e) => paymentNotRejected(e, 's'))
      .where(({ not, exists, selectFrom }) =>
        not(
          exists(
            selectFrom('subscriptions as next')
              .select('next.id')
              .whereRef('next.user_id', '=', 's.user_id')
              .whereRef('next.start_date', '=', 's.end_date')
              .where((e) => paymentNotRejected(e, 'next')),
          ),
        ),
      )
      .executeTakeFirst(),
  ]);
  const times = [starts?.at, ends?.at].filter((t): t is string => !!t).map((t) => Date.parse(t));
  return times.length ? Math.min(...times) : Infinity;
}

/** How many providers there are (sizes the facet index before it is built). */
export async function countProviders(db: Kysely<DB>): Promise<number> {
  const row = await db
    .selectFrom('providers as p')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

export async function loadReferenceIds(db: Kysely<DB>) {
  const [languages, races] = await Promise.all([
    db.selectFrom('languages').select('id').orderBy('id').execute(),
    db.selectFrom('races').select('id').orderBy('id').execute(),
  ]);
  return { languageIds: languages.map((r) => r.id), raceIds: races.map((r) => r.id) };
}

/**
 * Whether a provider (alias `a`) has one option of a section: a call of 'Outcall/Incall' does both
 * Incall and Outcall; list-valued columns hold comma-joined options, matched whole and case-sensitively
 * (",Light," in ",Light,Heavy,"); the rest are single words.
 */
export function optionMatch(
  engine: Engine,
  eb: AnyEB,
  a: string,
  section: OptionSection,
  option: string,
): Expression<SqlBool> {
  const col = eb.ref(`${a}.${section}`);
  if (section === 'call') {
    return eb(col, 'in', option === 'Outcall/Incall' ? [option] : [option, 'Outcall/Incall']);
  }
  if (LIST_SECTIONS.has(section)) {
    return textMatch(engine, sql`(',' || replace(${col}, ' ', '') || ',')`, 'contains', `,${option},`);
  }
  return eb(col, '=', option);
}

/**
 * The facet filter as SQL over `alias`, meaning exactly what the facet index means by it (used when a
 * facet filter meets SQL filters, another sort, or a scope the index does not hold).
 */
export function facetWhere(engine: Engine, f: FacetFilter) {
  return (eb: AnyEB, a: string): Expression<SqlBool> => {
    const col = (c: string) => eb.ref(`${a}.${c}`);
    const parts: Expression<SqlBool>[] = [];
    if (f.country) parts.push(eb(col('country'), 'in', f.country));
    if (f.state) parts.push(eb(col('state'), 'in', f.state));
    if (f.city) parts.push(eb(col('city'), 'in', f.city));
    for (const [section, values] of Object.entries(f.sections)) {
      if (!values?.length) continue;
      if (section === 'language' || section === 'race') {
        parts.push(eb(col(`${section}_id`), 'in', values.map(Number)));
      } else {
        parts.push(eb.or(values.map((v) => optionMatch(engine, eb, a, section as OptionSection, v))));
      }
    }
    // Ages are whole numbers; a fractional bound would be a type error on PostgreSQL.
    if (f.age)
      parts.push(eb.between(col('age'), Math.ceil(f.age[0]), Math.min(Math.floor(f.age[1]), 2_147_483_647)));
    if (f.donation_hour) {
      const [lo, max] = centsRange(f.donation_hour[0], f.donation_hour[1]);
      const hi = Math.min(max, 2_147_483_647);
      parts.push(eb.between(col('donation_hour'), lo, hi));
    }
    return parts.length ? eb.and(parts) : sql<SqlBool>`1 = 1`;
  };
}

/**
 * What the facet index answers for a listing, computed by SQL instead: the shown providers matching `f`
 * (and, with a search, among `found`'s ids), newest first, `limit` of them from `offset`, and how many
 * there are. Used while the index is still being built after a start, so no listing waits for the build;
 * the same predicates as the build's (`shownProvider`, `facetWhere`), so the same ids and total.
 */
export async function shownIdsBySql(
  db: Kysely<DB>,
  engine: Engine,
  f: FacetFilter,
  found: RawBuilder<{ id: number }> | undefined,
  offset: number,
  limit: number,
): Promise<{ ids: number[]; total: number }> {
  const matching = db
    .selectFrom('providers as p')
    .where((eb) => shownProvider(eb as AnyEB, 'p'))
    .where((eb) => facetWhere(engine, f)(eb as AnyEB, 'p'))
    .$if(!!found, (q) => q.where(sql<SqlBool>`p.id in (${found})`));
  const [count, page] = await Promise.all([
    matching.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst(),
    limit > 0
      ? matching.select('p.id').orderBy('p.id', 'desc').limit(limit).offset(offset).execute()
      : Promise.resolve([]),
  ]);
  return { ids: page.map((r) => Number(r.id)), total: Number(count?.n ?? 0) };
}
