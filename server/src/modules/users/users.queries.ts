import type { Kysely } from 'kysely';
import { nowIso } from '../../db/dialect.ts';
import type { DB, UsersTable } from '../../db/schema.ts';
import type { Insertable } from 'kysely';

export function findUserByEmail(db: Kysely<DB>, email: string) {
  return db.selectFrom('users').selectAll().where('email', '=', email.toLowerCase()).executeTakeFirst();
}

export function findUserById(db: Kysely<DB>, id: number) {
  return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function insertUser(
  db: Kysely<DB>,
  values: Omit<Insertable<UsersTable>, 'created_at' | 'updated_at'>,
): Promise<number> {
  const now = nowIso();
  const row = await db
    .insertInto('users')
    .values({ ...values, email: values.email.toLowerCase(), created_at: now, updated_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function updateUser(db: Kysely<DB>, id: number, values: Partial<Insertable<UsersTable>>) {
  await db
    .updateTable('users')
    .set({ ...values, updated_at: nowIso() })
    .where('id', '=', id)
    .execute();
}
