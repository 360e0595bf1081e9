import {
  sql,
  type Expression,
  type Insertable,
  type Kysely,
  type SqlBool,
  type Transaction,
  type Updateable,
} from 'kysely';
import type { Engine } from '../../db/database.ts';
import { nowIso, textMatch } from '../../db/dialect.ts';
import type { DB, ProvidersTable } from '../../db/schema.ts';
import type { ScopeFn } from '../../http/strapi/resource.ts';
import { bumpDirectoryVersion } from './directory.version.ts';
import {
  LIST_SECTIONS,
  OPTION_SECTION_KEYS,
  OPTION_SECTIONS,
  type FacetFilter,
  type OptionSection,
} from './facet-params.ts';

/** The REST layer's expression builder over a table chosen at run time. */
type AnyEB = Parameters<ScopeFn>[0];
type Db = Kysely<DB> | Transaction<DB>;

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

/** One shown provider as the facet index is built from it. */
export interface FacetSourceRow {
  id: number;
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

/** Shown providers for the facet index, in id order: up to `limit` with an id above `afterId`. */
export async function loadFacetRows(
  db: Kysely<DB>,
  engine: Engine,
  afterId: number,
  limit: number,
): Promise<FacetSourceRow[]> {
  const rows = await db
    .selectFrom('providers as p')
    .select(['p.id', 'p.country', 'p.state', 'p.age', 'p.language_id', 'p.race_id', 'p.donation_hour'])
    .select((eb) => [
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
    ])
    .where((eb) => shownScope(eb as AnyEB, 'p'))
    .where('p.id', '>', afterId)
    .orderBy('p.id')
    .limit(limit)
    .execute();
  return rows as FacetSourceRow[];
}

/** How many providers are shown (sizes the facet index before it is built). */
export async function countShownProviders(db: Kysely<DB>): Promise<number> {
  const row = await db
    .selectFrom('providers as p')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where((eb) => shownScope(eb as AnyEB, 'p'))
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
 * Accounts an admin blocked (`is_active` 0): their ads are not public, whatever their own show/hide
 * says, and come back as they were when the account is unblocked.
 */
const blockedAccountIds = (eb: AnyEB) =>
  eb.selectFrom('users as blocked').select('blocked.id').where('blocked.is_active', '=', 0);

/** Only shown providers: shown by their owner, and the owner not blocked. */
export const shownScope = (eb: AnyEB, a: string) =>
  eb.and([eb(eb.ref(`${a}.is_showed`), '=', 1), eb(eb.ref(`${a}.user_id`), 'not in', blockedAccountIds(eb))]);

/**
 * Only shown providers, for rows fetched by id: written `+is_showed` so that SQLite reads the ids
 * through the primary key rather than the (is_showed, id) index (half the cost of a listing page).
 */
export const shownByIdScope = (eb: AnyEB, a: string) =>
  eb.and([
    sql<SqlBool>`+${sql.ref(`${a}.is_showed`)} = 1`,
    eb(eb.ref(`${a}.user_id`), 'not in', blockedAccountIds(eb)),
  ]);

/** Shown providers and the actor's own, whatever their state. */
export const shownOrOwnScope = (userId: number) => (eb: AnyEB, a: string) =>
  eb.or([shownScope(eb, a), eb(eb.ref(`${a}.user_id`), '=', userId)]);

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
      const lo = Math.ceil(f.donation_hour[0] * 100);
      const hi = Math.min(Math.floor(f.donation_hour[1] * 100), 2_147_483_647);
      parts.push(eb.between(col('donation_hour'), lo, hi));
    }
    return parts.length ? eb.and(parts) : sql<SqlBool>`1 = 1`;
  };
}

/** A provider's id, owner and whether it is public (shown, and its owner not blocked). */
export function findProviderAccessRow(db: Kysely<DB>, id: number) {
  return db
    .selectFrom('providers as p')
    .select((eb) => [
      'p.id',
      'p.user_id',
      eb
        .case()
        .when(shownScope(eb as AnyEB, 'p'))
        .then(1)
        .else(0)
        .end()
        .as('shown'),
    ])
    .where('p.id', '=', id)
    .executeTakeFirst();
}

/** The files among `ids` that `ownerIds` own, with what decides where they may be used. */
export function findOwnedFiles(db: Kysely<DB>, ids: number[], ownerIds: number[]) {
  if (!ids.length) return Promise.resolve([]);
  return db
    .selectFrom('files')
    .select(['id', 'mime', 'is_private'])
    .where('id', 'in', ids)
    .where('owner_id', 'in', ownerIds)
    .execute();
}

export type ProviderColumns = Omit<Insertable<ProvidersTable>, 'id' | 'created_at' | 'updated_at'>;

async function setFiles(trx: Db, table: 'provider_images' | 'provider_docs', id: number, files: number[]) {
  await trx.deleteFrom(table).where('provider_id', '=', id).execute();
  if (files.length)
    await trx
      .insertInto(table)
      .values(files.map((file_id, position) => ({ provider_id: id, file_id, position })))
      .execute();
}

/** Inserts an ad with its images and documents and bumps the directory version, in one transaction. */
export async function insertProvider(
  db: Kysely<DB>,
  columns: ProviderColumns,
  files: { images: number[]; docs: number[] },
): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const now = nowIso();
    const row = await trx
      .insertInto('providers')
      .values({ ...columns, created_at: now, updated_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    const id = Number(row.id);
    await setFiles(trx, 'provider_images', id, files.images);
    await setFiles(trx, 'provider_docs', id, files.docs);
    await bumpDirectoryVersion(trx);
    return id;
  });
}

/** Updates an ad (and replaces its image or document lists when given), bumping the version. */
export async function updateProvider(
  db: Kysely<DB>,
  id: number,
  columns: Updateable<ProvidersTable>,
  files: { images?: number[] | undefined; docs?: number[] | undefined },
): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const result = await trx
      .updateTable('providers')
      .set({ ...columns, updated_at: nowIso() })
      .where('id', '=', id)
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) === 0) return false;
    if (files.images) await setFiles(trx, 'provider_images', id, files.images);
    if (files.docs) await setFiles(trx, 'provider_docs', id, files.docs);
    await bumpDirectoryVersion(trx);
    return true;
  });
}

/** Deletes an ad (its images, reactions, comments, … go with it), bumping the version. */
export async function deleteProvider(db: Kysely<DB>, id: number): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const result = await trx.deleteFrom('providers').where('id', '=', id).executeTakeFirst();
    if (Number(result.numDeletedRows) === 0) return false;
    await bumpDirectoryVersion(trx);
    return true;
  });
}

// ---------------------------------------------------------------------------------------------
// Lookups

export function findLanguageRows(db: Kysely<DB>) {
  return db.selectFrom('languages').select(['id', 'lang_name']).execute();
}

export function findStatesOfCountry(db: Kysely<DB>, countryCode: string) {
  return db
    .selectFrom('states')
    .select(['state_code', 'state_name'])
    .where('country_code', '=', countryCode)
    .execute();
}

export function findState(db: Kysely<DB>, stateCode: string) {
  return db
    .selectFrom('states')
    .select(['state_code', 'state_name', 'country_code'])
    .where('state_code', '=', stateCode)
    .executeTakeFirst();
}

export function findCitiesOfState(db: Kysely<DB>, stateCode: string) {
  return db
    .selectFrom('cities')
    .select(['city_name', 'state_code', 'state_name'])
    .where('state_code', '=', stateCode)
    .execute();
}
