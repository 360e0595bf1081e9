import { searchTermOf } from '@app/domain';
import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { Engine } from '../../db/database.ts';
import type { DB } from '../../db/schema.ts';

/**
 * The directory's search over the index of migration 20261129130000: the ids of every provider (shown or
 * not: the caller's listing decides what it shows) whose stage name, title or city holds each word of the
 * term anywhere, or whose phone digits hold the term's digits anywhere. Ascending.
 */
export async function searchProviderIds(db: Kysely<DB>, engine: Engine, term: string): Promise<number[]> {
  const { rows } = await searchIdsQuery(engine, term).execute(db);
  return rows.map((row) => Number(row.id));
}

/** The statement of `searchProviderIds`, also a listing's `id in (…)` when SQL filters the listing. */
export function searchIdsQuery(engine: Engine, term: string): RawBuilder<{ id: number }> {
  const found = searchTermOf(term);
  return engine === 'postgres' ? postgresSearch(found) : sqliteSearch(found);
}

/** `text` for `LIKE '%text%'`: its own `%`, `_` and `\` read as themselves (`escape '\'`). */
const contains = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** FTS5 trigrams match runs of at least three characters; shorter ones are looked for by reading the rows. */
const TRIGRAM = 3;

function sqliteSearch(term: ReturnType<typeof searchTermOf>): RawBuilder<{ id: number }> {
  if (term.kind === 'phone') {
    if (term.digits.length >= TRIGRAM) {
      return sql`select rowid as id from provider_search
        where provider_search match ${`{phone_digits} : "${term.digits}"`} order by rowid`;
    }
    return sql`select id from providers where phone_digits like ${contains(term.digits)} escape '\\' order by id`;
  }
  if (term.words.every((word) => word.length >= TRIGRAM)) {
    // Each word a phrase (its quotes doubled), all of them somewhere in the three columns.
    const match = term.words.map((word) => `{name title city} : "${word.replace(/"/g, '""')}"`).join(' AND ');
    return sql`select rowid as id from provider_search where provider_search match ${match} order by rowid`;
  }
  const text = sql`lower(coalesce(name, '') || ' ' || coalesce(title, '') || ' ' || coalesce(city, ''))`;
  const each = term.words.map((word) => sql`${text} like ${contains(word)} escape '\\'`);
  return sql`select id from providers where ${sql.join(each, sql` and `)} order by id`;
}

function postgresSearch(term: ReturnType<typeof searchTermOf>): RawBuilder<{ id: number }> {
  if (term.kind === 'phone') {
    return sql`select id from providers where phone_digits like ${contains(term.digits)} order by id`;
  }
  // The indexed expression, as migration 20261129130000 wrote it.
  const text = sql`lower(coalesce(name, '') || ' ' || coalesce(title, '') || ' ' || coalesce(city, ''))`;
  const each = term.words.map((word) => sql`${text} like ${contains(word)}`);
  return sql`select id from providers where ${sql.join(each, sql` and `)} order by id`;
}
