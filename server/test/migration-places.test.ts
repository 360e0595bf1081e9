import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as renamePlaces from '../src/db/migrations/20261129100000_rename_places_and_sellers.ts';
import { createTestDatabase, TEST_ENGINE } from './helpers.ts';

/**
 * The rename of the place tables and the seller column keeps every row: a database as it was before (the
 * migration taken down) gets rows under the old names, and after the migration they are there under the new
 * ones, still joined to each other; the foreign keys follow the renamed tables.
 */
let t: Awaited<ReturnType<typeof createTestDatabase>>;
beforeAll(async () => {
  t = await createTestDatabase();
});
afterAll(() => t.drop());

/** The tables under either name: the test writes and reads by names the app's types do not hold. */
type Loose = Record<string, Record<string, unknown>>;

const now = '2026-11-29T00:00:00.000Z';
const stamps = { created_at: now, updated_at: now };

async function insertId(db: Kysely<Loose>, table: string, values: Record<string, unknown>): Promise<number> {
  const row = await db.insertInto(table).values(values).returning('id').executeTakeFirstOrThrow();
  return Number((row as { id: number }).id);
}

describe(`renaming places and sellers on ${TEST_ENGINE}`, () => {
  it('carries the rows of a database migrated before it, and goes down and up again', async () => {
    const db = t.database.db as unknown as Kysely<Loose>;
    await renamePlaces.down(t.database.db);

    const user = (name: string) =>
      insertId(db, 'users', { username: name, email: `${name}@example.test`, password: 'x', ...stamps });
    const owner = await user('owner');
    const reviewer = await user('reviewer');
    const buyer = await user('buyer');
    const type = await insertId(db, 'vendor_types', { type: 'spa', name: 'Spa' });
    const place = await insertId(db, 'vendors', {
      name: 'Old Spa',
      vendor_type_id: type,
      phone: '555-0100',
      email: 'spa@example.test',
      user_id: owner,
      ...stamps,
    });
    await insertId(db, 'vendor_reviews', {
      vendor_id: place,
      user_id: reviewer,
      rating: 4,
      review: 'Kept',
      ...stamps,
    });
    await insertId(db, 'pending_revisions', {
      vendor_id: place,
      user_id: owner,
      fields: '{}',
      state: 'pending',
      signals: '[]',
      risk_score: 0,
      ...stamps,
    });
    const order = await insertId(db, 'orders', { user_id: buyer, ...stamps });
    await insertId(db, 'order_lines', {
      order_id: order,
      user_id: buyer,
      vendor_id: owner,
      product_name: 'Candle',
      price: 500,
      quantity: 1,
      total: 500,
      ...stamps,
    });

    await renamePlaces.up(t.database.db);

    const row = await db
      .selectFrom('places as p')
      .innerJoin('place_types as pt', 'pt.id', 'p.place_type_id')
      .innerJoin('place_reviews as r', 'r.place_id', 'p.id')
      .innerJoin('pending_revisions as v', 'v.place_id', 'p.id')
      .select(['p.id', 'p.name', 'pt.type', 'r.review', 'r.user_id'])
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ id: place, name: 'Old Spa', type: 'spa', review: 'Kept', user_id: reviewer });
    const line = await db
      .selectFrom('order_lines')
      .select(['seller_id', 'user_id'])
      .executeTakeFirstOrThrow();
    expect(line).toEqual({ seller_id: owner, user_id: buyer });

    // The keys still hold: a review of a place that is not there is refused; deleting the place takes its review.
    await expect(
      db
        .insertInto('place_reviews')
        .values({ place_id: place + 1000, user_id: reviewer, rating: 1, review: 'x', ...stamps })
        .execute(),
    ).rejects.toThrow();
    await db.deleteFrom('pending_revisions').execute();
    await db.deleteFrom('places').where('id', '=', place).execute();
    expect(await db.selectFrom('place_reviews').select('id').execute()).toEqual([]);
    // A new place gets the next id (PostgreSQL: the renamed sequence still serves the column).
    const next = await insertId(db, 'places', {
      name: 'New Spa',
      place_type_id: type,
      phone: '555-0101',
      email: 'new@example.test',
      user_id: owner,
      ...stamps,
    });
    expect(next).toBeGreaterThan(place);
    const indexes = await indexNames(db);
    expect(indexes.filter((n) => n.includes('vendor'))).toEqual([]);
    expect(indexes).toEqual(expect.arrayContaining(['places_type_shown_index', 'order_lines_seller_index']));
  });
});

async function indexNames(db: Kysely<Loose>): Promise<string[]> {
  const { rows } =
    TEST_ENGINE === 'postgres'
      ? await sql<{
          name: string;
        }>`select indexname as name from pg_indexes where schemaname = 'public'`.execute(db)
      : await sql<{ name: string }>`select name from sqlite_master where type = 'index'`.execute(db);
  return rows.map((r) => r.name);
}
