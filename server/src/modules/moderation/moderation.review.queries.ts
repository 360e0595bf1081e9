import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';

/** SQL of the review before publication (moderation.review.ts), apart from the ads' queries it is used by. */

/** An ad's or a place's owner as a review reads it: their role and ID verification, and their e-mail. */
export function findOwner(db: Kysely<DB>, ownerId: number) {
  return db
    .selectFrom('users')
    .select(['role', 'verification', 'email'])
    .where('id', '=', ownerId)
    .executeTakeFirst();
}
