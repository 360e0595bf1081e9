import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shownProvider, shownProviderById } from '../src/access/index.ts';
import { createTestDatabase } from './helpers.ts';

/**
 * Every public read hides blocked accounts' ads. That rule must read the blocked
 * accounts from an index, never walk the users table, or anyone who registers accounts slows every
 * page for everyone.
 */
describe('the blocked-owner rule reads no table that grows with accounts', () => {
  let t: Awaited<ReturnType<typeof createTestDatabase>>;
  beforeAll(async () => {
    t = await createTestDatabase();
  });
  afterAll(() => t.drop());

  it.each([
    ['listing', shownProvider],
    ['rows by id', shownProviderById],
  ])('%s: the probe of users searches by key, never scans', async (_name, scope) => {
    const db = t.database.db;
    const query = db
      .selectFrom('providers as p')
      .select('p.id')
      .where((eb) => scope(eb, 'p'))
      .orderBy('p.id', 'desc')
      .limit(10)
      .compile();
    if (t.database.engine === 'sqlite') {
      const { rows } = await db.executeQuery<{ detail: string }>({
        ...query,
        sql: `explain query plan ${query.sql}`,
      });
      const details = rows.map((r) => r.detail);
      // The probe finds the owner's row by key (the primary key, or the (is_active, id) index).
      expect(
        details.some((d) =>
          /SEARCH blocked USING (COVERING INDEX users_is_active_id_index|INTEGER PRIMARY KEY)/.test(d),
        ),
      ).toBe(true);
      expect(details.some((d) => /SCAN blocked/.test(d))).toBe(false);
    } else {
      // PostgreSQL's planner picks plans by table statistics; what must hold is that the index exists.
      const { rows } = await sql<{ indexdef: string }>`
        select indexdef from pg_indexes where tablename = 'users' and indexname = 'users_is_active_id_index'
      `.execute(db);
      expect(rows[0]?.indexdef).toMatch(/\(is_active, id\)/);
    }
  });
});
