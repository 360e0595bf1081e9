import type { Insertable } from 'kysely';
import { nowIso } from '../src/db/dialect.ts';
import type { ProvidersTable } from '../src/db/schema.ts';
import { bumpDirectoryVersion } from '../src/modules/directory/directory.version.ts';
import type { TestContext, TestUser } from './helpers.ts';

/** Column values of a provider ad row (DB names: cents for money, 0/1 for booleans), plus image file ids. */
export type ProviderAdOverrides = Partial<Omit<Insertable<ProvidersTable>, 'user_id'>> & {
  /** File ids linked through provider_images, in this order. */
  images?: number[];
  /** File ids linked through provider_docs. */
  docs?: number[];
};

let adSeq = 0;

/**
 * Inserts a provider ad owned by `owner` straight into the database (shown unless `is_showed: 0`) and
 * bumps the directory version, as the API's writes do. Returns the new provider's id.
 */
export async function buildProviderAd(
  ctx: TestContext,
  owner: TestUser | { id: number },
  overrides: ProviderAdOverrides = {},
): Promise<number> {
  const { images = [], docs = [], ...columns } = overrides;
  const n = ++adSeq;
  const now = nowIso();
  const db = ctx.database.db;
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .insertInto('providers')
      .values({
        user_id: owner.id,
        title: `Test ad ${n}`,
        name: `Test Name ${n}`,
        country: 'US',
        state: 'CA',
        city: 'San Jose',
        age: 25,
        phone: '555-0100',
        call: 'Incall',
        kissing: 'yes',
        kissing_types: 'Light',
        massage: 'yes',
        threesome: 'no',
        personality: 'Confident',
        grooming: 'Natural',
        donation_half_hour: 10000,
        donation_hour: 20000,
        created_at: now,
        updated_at: now,
        ...columns,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const id = Number(row.id);
    for (const [position, file_id] of images.entries()) {
      await trx.insertInto('provider_images').values({ provider_id: id, file_id, position }).execute();
    }
    for (const [position, file_id] of docs.entries()) {
      await trx.insertInto('provider_docs').values({ provider_id: id, file_id, position }).execute();
    }
    await bumpDirectoryVersion(trx);
    return id;
  });
}
