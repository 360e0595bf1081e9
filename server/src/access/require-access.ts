import { sql, type Kysely } from 'kysely';
import type { DB } from '../db/schema.ts';
import type { Actor } from '../http/auth.ts';
import { forbidden, notFound } from '../http/errors.ts';
import { RULES, type Permission, type Rule } from './rules.ts';
import type { EB } from './scopes.ts';

/** One row as `requireAccess` read it: its id, the columns asked for, and whether the actor may act. */
export type AccessRow<C extends string = never> = { id: number; allowed: boolean } & Record<C, unknown>;

/**
 * Reads, in one query, the rows with these ids that the actor may see under `permission`, with the
 * columns asked for and whether the actor may act on each. Rows the actor may not see are left out.
 */
export async function findAccessRows<C extends string = never>(
  db: Kysely<DB>,
  actor: Actor | null,
  permission: Permission,
  ids: readonly number[],
  columns: readonly C[] = [],
): Promise<AccessRow<C>[]> {
  const unique = [...new Set(ids)];
  if (!unique.length) return [];
  const rule: Rule = RULES[permission];
  const see = rule.see(actor);
  const act = rule.act?.(actor);
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  const any = db as Kysely<any>;
  const rows = await any
    .selectFrom(`${rule.table} as a`)
    .select((eb: EB) => [
      'a.id',
      ...columns.map((c) => `a.${c}`),
      act
        ? eb
            .case()
            .when(act(eb, 'a'))
            .then(sql<number>`1`)
            .else(sql<number>`0`)
            .end()
            .as('$allowed')
        : sql<number>`1`.as('$allowed'),
    ])
    .where('a.id', 'in', unique)
    .where((eb: EB) => see(eb, 'a'))
    .execute();
  return rows.map(({ $allowed, ...row }: Record<string, unknown>) => ({
    ...row,
    id: Number(row.id),
    allowed: Number($allowed) === 1,
  })) as AccessRow<C>[];
}

/**
 * The one access check for records named by id: every id must be visible to the actor (else a 404,
 * as for a record that does not exist) and allowed under `permission` (else a 403). Answers the rows,
 * with the columns asked for, in the order of `ids`, so a write reads its access row once.
 */
export async function requireAccess<C extends string = never>(
  db: Kysely<DB>,
  actor: Actor | null,
  permission: Permission,
  ids: readonly number[],
  columns: readonly C[] = [],
): Promise<AccessRow<C>[]> {
  if (!ids.length) throw new Error(`requireAccess(${permission}) was given no id`);
  const rule: Rule = RULES[permission];
  const rows = await findAccessRows(db, actor, permission, ids, columns);
  const byId = new Map(rows.map((r) => [r.id, r]));
  const ordered = ids.map((id) => byId.get(id));
  if (ordered.some((r) => !r)) throw notFound(rule.missing);
  if (ordered.some((r) => !r!.allowed)) throw forbidden(rule.refused);
  return ordered as AccessRow<C>[];
}

/** The ids (of those given) the actor may act on under `permission`: for filtering, never throws. */
export async function checkAccess(
  db: Kysely<DB>,
  actor: Actor | null,
  permission: Permission,
  ids: readonly number[],
): Promise<Set<number>> {
  const rows = await findAccessRows(db, actor, permission, ids);
  return new Set(rows.filter((r) => r.allowed).map((r) => r.id));
}
