import type { Kysely } from 'kysely';
import { shownProvider } from '../../access/index.ts';
import { nowIso } from '../../db/dialect.ts';
import type { DB } from '../../db/schema.ts';

/** SQL of saved providers: a hobbyist's saved ads (`saved_providers`). */

/** Saves an ad for a hobbyist with its name and city now; a second save, however parallel, does nothing. */
export async function insertSave(
  db: Kysely<DB>,
  userId: number,
  ad: { id: number; name: string; city: string },
): Promise<void> {
  await db
    .insertInto('saved_providers')
    .values({ user_id: userId, provider_id: ad.id, name: ad.name, city: ad.city, created_at: nowIso() })
    .onConflict((oc) => oc.columns(['user_id', 'provider_id']).doNothing())
    .execute();
}

/** Removes a hobbyist's save of an ad (nothing when there is none). */
export async function deleteSave(db: Kysely<DB>, userId: number, providerId: number): Promise<void> {
  await db
    .deleteFrom('saved_providers')
    .where('user_id', '=', userId)
    .where('provider_id', '=', providerId)
    .execute();
}

/** The ids of the ads a hobbyist saved that still exist, newest save first. */
export async function findSavedIds(db: Kysely<DB>, userId: number): Promise<number[]> {
  const rows = await db
    .selectFrom('saved_providers')
    .select('provider_id')
    .where('user_id', '=', userId)
    .where('provider_id', 'is not', null)
    .orderBy('id', 'desc')
    .execute();
  return rows.map((row) => Number(row.provider_id));
}

/**
 * A page of a hobbyist's saves, newest first, each with the ad's name and city now (while it exists) and
 * whether it is shown now; and how many saves there are.
 */
export async function pageSaves(db: Kysely<DB>, userId: number, page: { offset: number; limit: number }) {
  const [rows, count] = await Promise.all([
    db
      .selectFrom('saved_providers as s')
      .leftJoin('providers as p', 'p.id', 's.provider_id')
      .select((eb) => [
        's.provider_id',
        's.name as saved_name',
        's.city as saved_city',
        's.created_at',
        'p.name',
        'p.title',
        'p.city',
        eb
          .case()
          .when(eb.and([eb('p.id', 'is not', null), shownProvider(eb, 'p')]))
          .then(1)
          .else(0)
          .end()
          .as('shown'),
      ])
      .where('s.user_id', '=', userId)
      .orderBy('s.id', 'desc')
      .offset(page.offset)
      .limit(page.limit)
      .execute(),
    db
      .selectFrom('saved_providers')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('user_id', '=', userId)
      .executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}

/** How many hobbyists saved an ad (its owner sees it on the ad's page). */
export async function countSaves(db: Kysely<DB>, providerId: number): Promise<number> {
  const row = await db
    .selectFrom('saved_providers')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('provider_id', '=', providerId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
