import type { Kysely } from 'kysely';
import { isPostgres, sql } from './helpers.ts';

/**
 * The directory's search (domain/src/directory/search.ts): any part of a stage name, title or city, and
 * any run of a phone number's digits, found through an index rather than by reading every ad. SQLite: an
 * FTS5 table of trigrams over those columns of `providers` (its content is the table's own), kept by
 * triggers. PostgreSQL: trigram GIN indexes (`pg_trgm`) on the lower-cased text and on the digits, which
 * serve `LIKE '%…%'`.
 */
export async function up(db: Kysely<any>): Promise<void> {
  if (isPostgres(db)) {
    await sql`create extension if not exists pg_trgm`.execute(db);
    await sql`create index providers_search_text_index on providers using gin
      ((lower(coalesce(name, '') || ' ' || coalesce(title, '') || ' ' || coalesce(city, ''))) gin_trgm_ops)`.execute(
      db,
    );
    await sql`create index providers_phone_digits_trgm_index on providers using gin (phone_digits gin_trgm_ops)`.execute(
      db,
    );
    return;
  }
  await sql`create virtual table provider_search using fts5(
    name, title, city, phone_digits, content = 'providers', content_rowid = 'id', tokenize = 'trigram'
  )`.execute(db);
  await sql`insert into provider_search (provider_search) values ('rebuild')`.execute(db);
  await sql`create trigger provider_search_insert after insert on providers begin
    insert into provider_search (rowid, name, title, city, phone_digits)
      values (new.id, new.name, new.title, new.city, new.phone_digits);
  end`.execute(db);
  await sql`create trigger provider_search_delete after delete on providers begin
    insert into provider_search (provider_search, rowid, name, title, city, phone_digits)
      values ('delete', old.id, old.name, old.title, old.city, old.phone_digits);
  end`.execute(db);
  await sql`create trigger provider_search_update after update of name, title, city, phone_digits on providers begin
    insert into provider_search (provider_search, rowid, name, title, city, phone_digits)
      values ('delete', old.id, old.name, old.title, old.city, old.phone_digits);
    insert into provider_search (rowid, name, title, city, phone_digits)
      values (new.id, new.name, new.title, new.city, new.phone_digits);
  end`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  if (isPostgres(db)) {
    await sql`drop index providers_phone_digits_trgm_index`.execute(db);
    await sql`drop index providers_search_text_index`.execute(db);
    return;
  }
  for (const trigger of ['provider_search_insert', 'provider_search_delete', 'provider_search_update'])
    await sql`drop trigger ${sql.id(trigger)}`.execute(db);
  await sql`drop table provider_search`.execute(db);
}
