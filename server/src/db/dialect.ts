import { sql, type Expression, type Kysely, type RawBuilder, type SqlBool } from 'kysely';
import type { Engine } from './database.ts';

/**
 * The one place that knows how SQLite and PostgreSQL differ for the queries we write.
 * Booleans are stored as integers 0/1 and timestamps as ISO-8601 text on both engines
 * (docs/decisions/0002-portable-schema.md), so only text matching differs.
 */
export function engineOf(db: Kysely<unknown>): Engine {
  const name = db.getExecutor().adapter.constructor.name;
  return name.startsWith('Postgres') ? 'postgres' : 'sqlite';
}

/**
 * Whether the engine locks single rows (`SELECT … FOR UPDATE`): PostgreSQL does; SQLite runs one
 * write transaction at a time, which serializes writers already (see db/locks.ts).
 */
export function locksRows(db: Kysely<unknown>): boolean {
  return engineOf(db) === 'postgres';
}

function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (c) => '\\' + c);
}

export type TextMatch = 'contains' | 'containsi' | 'notContains' | 'notContainsi' | 'startsWith' | 'endsWith';

/** A case-sensitive or case-insensitive text match that behaves the same on both engines. */
export function textMatch(
  engine: Engine,
  column: Expression<unknown>,
  match: TextMatch,
  value: string,
): RawBuilder<SqlBool> {
  const pattern =
    match === 'startsWith'
      ? escapeLike(value) + '%'
      : match === 'endsWith'
        ? '%' + escapeLike(value)
        : '%' + escapeLike(value) + '%';
  const insensitive = match === 'containsi' || match === 'notContainsi';
  const negate = match === 'notContains' || match === 'notContainsi';
  let cond: RawBuilder<SqlBool>;
  if (insensitive) {
    cond = sql<SqlBool>`lower(${column}) like lower(${pattern}) escape '\\'`;
  } else if (engine === 'sqlite') {
    // SQLite's LIKE ignores ASCII case; GLOB is case-sensitive but has its own wildcards.
    const glob =
      (match === 'startsWith' ? '' : '*') +
      value.replace(/[*?[\]]/g, (c) => `[${c}]`) +
      (match === 'endsWith' ? '' : '*');
    cond = sql<SqlBool>`${column} glob ${glob}`;
  } else {
    cond = sql<SqlBool>`${column} like ${pattern} escape '\\'`;
  }
  return negate ? sql<SqlBool>`not (${cond})` : cond;
}

/** Now, as the ISO text we store. */
export function nowIso(): string {
  return new Date().toISOString();
}

export function toBool(v: unknown): boolean {
  return v === 1 || v === true || v === '1';
}
