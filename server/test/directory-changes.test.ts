import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, warmUp } from '../src/app.ts';
import { openDatabase, openSqlite, postgresUrlOf, type Database } from '../src/db/database.ts';
import { readDirectoryVersion, recordDirectoryChange } from '../src/db/directory-version.ts';
import { buildFacetIndex, TERM_DIMENSIONS } from '../src/modules/directory/facets/facet-snapshot.ts';
import { FacetStore } from '../src/modules/directory/facets/facet-store.ts';
import type { FacetQuery } from '../src/modules/directory/facets/facet-result.ts';
import type { FacetIndex } from '../src/modules/directory/facets/facets.ts';
import { newAddress } from './directory-helpers.ts';
import { buildProviderAd, buildSubscription, subscriptionValues } from './factories.ts';
import {
  buildAdmin,
  buildHobbyist,
  buildProvider,
  createTestApp,
  memoryMailer,
  type TestContext,
  type TestUser,
} from './helpers.ts';

/**
 * The facet index is updated change by change (docs/decisions/0011-incremental-facet-index.md): after any
 * sequence of writes it answers exactly what a fresh build answers, another instance on the same database
 * follows without building again, and only a change log pruned past it makes a process build anew.
 */

let ctx: TestContext;
/** A second connection (SQLite) or pool (PostgreSQL) to the same database: "another process". */
let other: Database;
let admin: TestUser;
let languageIds: number[];

beforeAll(async () => {
  ctx = await createTestApp();
  other =
    ctx.database.engine === 'sqlite'
      ? openSqlite(path.join(ctx.config.dataDir, 'app.sqlite'))
      : openDatabase({ databaseUrl: postgresUrlOf(ctx.database.db), dataDir: ctx.config.dataDir });
  admin = await buildAdmin(ctx);
  languageIds = (await ctx.database.db.selectFrom('languages').select('id').limit(5).execute()).map((r) =>
    Number(r.id),
  );
});
afterAll(async () => {
  await other.close();
  await ctx.close();
});

/** A deterministic pseudo-random sequence. */
function random(seed: number) {
  const next = () => (seed = (seed * 1103515245 + 12345) & 0x7fffffff) / 0x7fffffff;
  return {
    next,
    int: (lo: number, hi: number) => lo + Math.floor(next() * (hi - lo + 1)),
    pick: <T>(items: readonly T[]) => items[Math.floor(next() * items.length)]!,
  };
}

/** Runs `test` with a facet store of its own on `db` (the app's or "another process's"), closed after. */
async function withStore(db: Database['db'], test: (store: FacetStore) => Promise<void>): Promise<void> {
  const store = new FacetStore(db, ctx.database.engine);
  try {
    await test(store);
  } finally {
    await store.close();
  }
}

const PLACES = [
  ['CA', 'San Jose'],
  ['CA', 'Fresno'],
  ['NV', 'Reno'],
  ['WA', 'Seattle'],
  ['WA', 'Tacoma'],
] as const;
const KISSING = ['Light', 'Moderate', 'Heavy', 'Light,Heavy', null];
const CALLS = ['Incall', 'Outcall', 'Outcall/Incall'];

/** Everything an index answers to a few filter states: totals, every id in order, every non-zero count. */
function answers(index: FacetIndex) {
  const queries: FacetQuery[] = [
    {},
    { terms: { state: ['CA'] } },
    { terms: { city: ['WA|Tacoma', 'NV|Reno'] } },
    { terms: { kissing_types: ['Light'], call: ['Incall'] } },
    { ranges: { age: [25, 40] }, terms: { country: ['US'] } },
    { ranges: { donation_hour: [100, 300] } },
  ];
  return queries.map((q) => {
    const r = index.query(q);
    const counts = r.counts(TERM_DIMENSIONS);
    const nonZero = Object.fromEntries(
      Object.entries(counts).map(([dim, byValue]) => [
        dim,
        Object.fromEntries(Object.entries(byValue).filter(([, n]) => n > 0)),
      ]),
    );
    return { total: r.total, ids: r.page(0, 10_000), counts: nonZero };
  });
}

async function freshAnswers() {
  return answers(await buildFacetIndex(ctx.database.db, ctx.database.engine));
}

describe('incremental facet index', () => {
  it('answers exactly as a fresh build after random creates, edits, hides, deletes, blocks and subscription changes', async () => {
    const db = ctx.database.db;
    await withStore(db, async (store) => {
      const rnd = random(7);
      const owners = [await buildProvider(ctx), await buildProvider(ctx), await buildProvider(ctx)];
      const ads: number[] = [];
      const columns = () => {
        const [state, city] = rnd.pick(PLACES);
        return {
          state,
          city,
          age: rnd.int(18, 60),
          donation_hour: rnd.next() < 0.2 ? null : rnd.int(50, 500) * 100,
          kissing_types: rnd.pick(KISSING),
          call: rnd.pick(CALLS),
          language_id: rnd.next() < 0.2 ? null : rnd.pick(languageIds),
        };
      };
      for (let i = 0; i < 12; i++) ads.push(await buildProviderAd(ctx, rnd.pick(owners), columns()));
      await store.get();
      // Half the steps through this process's handle, half through "another process".
      for (let step = 0; step < 40; step++) {
        const writer = step % 2 ? other.db : db;
        const op = rnd.int(0, 6);
        const ad = rnd.pick(ads);
        const owner = rnd.pick(owners);
        if (op === 0) {
          ads.push(
            await buildProviderAd({ ...ctx, database: step % 2 ? other : ctx.database }, owner, columns()),
          );
        } else if (op === 1 || op === 2) {
          await writer.transaction().execute(async (trx) => {
            await trx.updateTable('providers').set(columns()).where('id', '=', ad).execute();
            await recordDirectoryChange(trx, { providerIds: [ad] });
          });
        } else if (op === 3) {
          await writer.transaction().execute(async (trx) => {
            await trx
              .updateTable('providers')
              .set({ is_showed: rnd.int(0, 1) })
              .where('id', '=', ad)
              .execute();
            await recordDirectoryChange(trx, { providerIds: [ad] });
          });
        } else if (op === 4) {
          await writer.transaction().execute(async (trx) => {
            await trx.deleteFrom('providers').where('id', '=', ad).execute();
            await recordDirectoryChange(trx, { providerIds: [ad] });
          });
          ads.splice(ads.indexOf(ad), 1);
        } else if (op === 5) {
          await writer.transaction().execute(async (trx) => {
            await trx
              .updateTable('users')
              .set({ is_active: rnd.int(0, 1) })
              .where('id', '=', owner.id)
              .execute();
            await recordDirectoryChange(trx, { userId: owner.id });
          });
        } else {
          // A subscription ends now, or a new one starts: the account's ads leave or come back.
          await writer.transaction().execute(async (trx) => {
            const now = new Date().toISOString();
            const ended = await trx
              .updateTable('subscriptions')
              .set({ end_date: now })
              .where('user_id', '=', owner.id)
              .where('end_date', '>', now)
              .executeTakeFirst();
            if (!Number(ended.numUpdatedRows)) {
              await trx
                .insertInto('subscriptions')
                .values(
                  subscriptionValues(owner.id, {
                    start_date: now,
                    end_date: new Date(Date.now() + 86_400_000).toISOString(),
                  }),
                )
                .execute();
            }
            await recordDirectoryChange(trx, { userId: owner.id });
          });
        }
        if (step % 5 === 4) {
          expect(answers((await store.get()).index), `after step ${step}`).toEqual(await freshAnswers());
        }
      }
      expect(answers((await store.get()).index)).toEqual(await freshAnswers());
      expect(store.stats.builds).toBe(1);
      expect(store.stats.changes).toBeGreaterThanOrEqual(40);
    });
  });

  it('applies a subscription that ends with no write, by the account, without a rebuild', async () => {
    await withStore(ctx.database.db, async (store) => {
      const owner = await buildProvider(ctx);
      // Ends in a moment: nothing is written when it does.
      await buildSubscription(ctx, owner, { end_date: new Date(Date.now() + 400).toISOString() });
      const ad = await buildProviderAd(ctx, owner, { subscribed: false, state: 'ID', city: 'Boise' });
      expect((await store.get()).index.query({ terms: { state: ['ID'] } }).page(0, 10)).toEqual([ad]);
      await new Promise((r) => setTimeout(r, 500));
      expect((await store.get()).index.query({ terms: { state: ['ID'] } }).total).toBe(0);
      expect(answers((await store.get()).index)).toEqual(await freshAnswers());
      expect(store.stats.builds).toBe(1);
    });
  });

  it('builds anew when the change log was pruned past what it applied', async () => {
    await withStore(other.db, async (store) => {
      const { version } = await store.get();
      const owner = await buildProvider(ctx);
      await buildProviderAd(ctx, owner, { state: 'UT', city: 'Provo' });
      await ctx.database.db
        .deleteFrom('directory_changes')
        .where('id', '<=', version + 1)
        .execute();
      const fresh = await store.get();
      expect(store.stats.builds).toBe(2);
      expect(fresh.version).toBe(await readDirectoryVersion(ctx.database.db));
      expect(answers(fresh.index)).toEqual(await freshAnswers());
    });
  });

  it('builds anew when the whole log it would read next was pruned (the next change is far ahead)', async () => {
    await withStore(other.db, async (store) => {
      const { version } = await store.get();
      const owner = await buildProvider(ctx);
      const ad = await buildProviderAd(ctx, owner, { state: 'WY', city: 'Casper' });
      // As after tens of thousands of changes and their pruning: nothing is left near this store's version.
      const far = version + 50_000;
      const db = ctx.database.db;
      await db.deleteFrom('directory_changes').execute();
      await db
        .insertInto('directory_changes')
        .values({ id: far, provider_id: ad, created_at: new Date().toISOString() })
        .execute();
      await db
        .updateTable('settings')
        .set({ value: String(far) })
        .where('key', '=', 'directory_version')
        .execute();
      const fresh = await store.get();
      expect(store.stats.builds).toBe(2);
      expect(fresh.index.query({ terms: { state: ['WY'] } }).page(0, 10)).toEqual([ad]);
      expect(answers(fresh.index)).toEqual(await freshAnswers());
    });
  });
});

describe('two app instances on one database', () => {
  let second: FastifyInstance;

  beforeAll(async () => {
    second = await buildApp({ config: ctx.config, database: other, mailer: memoryMailer() });
    await second.ready();
  });
  afterAll(async () => {
    await second.close();
  });

  const listing = async (app: FastifyInstance, query: string) => {
    const res = await app.inject({ url: `/api/providers?${query}`, remoteAddress: newAddress() });
    expect(res.statusCode, res.body).toBe(200);
    return (res.json().data as { id: number }[]).map((i) => i.id);
  };

  /**
   * The other instance's listing: at once on SQLite (its data version), on PostgreSQL as soon as the
   * notification arrives (a few milliseconds; given up to two seconds here).
   */
  const seenBy = async (app: FastifyInstance, query: string, expected: number[]) => {
    const until = Date.now() + (ctx.database.engine === 'sqlite' ? 0 : 2000);
    let ids = await listing(app, query);
    while (JSON.stringify(ids) !== JSON.stringify(expected) && Date.now() < until) {
      await new Promise((r) => setTimeout(r, 10));
      ids = await listing(app, query);
    }
    expect(ids).toEqual(expected);
  };

  it("sees the other instance's writes on its next listings without building its index again", async () => {
    const owner = await buildProvider(ctx);
    await buildSubscription(ctx, owner);
    await listing(ctx.app, '');
    await listing(second, '');
    const builds = FacetStore.builds;
    const ad = await buildProviderAd(ctx, owner, { state: 'OR', city: 'Bend' });
    await seenBy(second, 'state=OR', [ad]);
    const res = await second.inject({
      method: 'PUT',
      url: `/api/providers/${ad}`,
      headers: admin.auth,
      remoteAddress: newAddress(),
      payload: { data: { state: 'WA', city: 'Spokane' } },
    });
    expect(res.statusCode, res.body).toBe(200);
    await seenBy(second, 'city=Spokane', [ad]);
    await seenBy(ctx.app, 'city=Spokane', [ad]);
    expect(await listing(ctx.app, 'state=OR')).toEqual([]);
    expect(FacetStore.builds).toBe(builds);
    // The health check reports the process's index (the benchmark records it).
    const health = (await second.inject('/api/health')).json();
    expect(health.facets).toMatchObject({ builds: 1, changes: expect.any(Number), mb: expect.any(Number) });
    expect(health.facets.shown).toBeGreaterThan(0);
  });

  it('builds its index in warmUp (a server, once it listens), not at the first request', async () => {
    const owner = await buildProvider(ctx);
    await buildSubscription(ctx, owner);
    const ad = await buildProviderAd(ctx, owner, { state: 'OR', city: 'Salem' });
    const before = FacetStore.builds;
    const warm = await buildApp({ config: ctx.config, database: other, mailer: memoryMailer() });
    try {
      await warm.ready();
      // Ready is not warm: the build is the server's own step, outside Fastify's hook time limit.
      expect(FacetStore.builds).toBe(before);
      await warmUp(warm);
      expect(FacetStore.builds).toBe(before + 1);
      expect(await listing(warm, 'city=Salem')).toEqual([ad]);
      expect(FacetStore.builds).toBe(before + 1);
    } finally {
      await warm.close();
    }
  });

  it('records no directory change for reactions and comments', async () => {
    const owner = await buildProvider(ctx);
    const ad = await buildProviderAd(ctx, owner);
    const fan = await buildHobbyist(ctx);
    const version = await readDirectoryVersion(ctx.database.db);
    for (const [url, data] of [
      ['/api/likes', { provider: ad }],
      ['/api/comments', { provider: ad, comment: 'Lovely' }],
    ] as const) {
      const res = await ctx.app.inject({
        method: 'POST',
        url,
        headers: fan.auth,
        remoteAddress: newAddress(),
        payload: { data },
      });
      expect(res.statusCode, res.body).toBe(200);
    }
    expect(await readDirectoryVersion(ctx.database.db)).toBe(version);
  });
});
