import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';

/** The address, first name and activity of an account (server-side only; never answered). */
export async function findUserContact(
  db: Kysely<DB>,
  userId: number,
): Promise<{ email: string; first_name: string | null; is_active: number } | undefined> {
  return db
    .selectFrom('users')
    .select(['email', 'first_name', 'is_active'])
    .where('id', '=', userId)
    .executeTakeFirst();
}
