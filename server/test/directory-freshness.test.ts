import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { openDatabase, openSqlite, postgresUrlOf, type Database } from '../src/db/database.ts';
import { recordDirectoryChange } from '../src/db/directory-version.ts';
import { FacetStore } from '../src/modules/directory/facets/facet-store.ts';
import { buildFiles, newAddress } from './directory-helpers.ts';
import { buildProviderAd } from './factories.ts';
import {
  buildAdmin,
  buildProvider,
  createTestApp,
  memoryMailer,
  type TestContext,
  type TestUser,
} from './helpers.ts';

/**
 * The facet index follows the database: after a write through this instance, through another
 * instance on the same database, or straight to the database.
 */

let ctx: TestContext;
let second: FastifyInstance;
let secondDb: Database | undefined;
let owner: TestUser;
let admin: TestUser;

beforeAll(async () => {
  ctx = await createTestApp();
  // A second app instance, as a second process behind a load balancer would be: on SQLite with its
  // own connection to the same file, on PostgreSQL with its own pool.
  secondDb =
    ctx.database.engine === 'sqlite' ? openSqlite(path.join(ctx.config.dataDir, 'app.sqlite')) : undefined;
  second = await buildApp({ config: ctx.config, database: secondDb ?? ctx.database, mailer: memoryMailer() });
  await second.ready();
  owner = await buildProvider(ctx);
  admin = await buildAdmin(ctx);
  await buildProviderAd(ctx, owner, { title: 'First' });
});
afterAll(async () => {
  await second.close();
  await secondDb?.close();
  // The concurrent requests below open many PostgreSQL connections; pg's pool.end() resolves before
  // they have closed, and dropping the database then kills them mid-goodbye (an unhandled error).
  // Closing first and giving them a moment avoids that race (ctx.close() then closes nothing twice).
  await ctx.database.db.destroy();
  await new Promise((r) => setTimeout(r, 200));
  await ctx.close();
});

async function totals(app: FastifyInstance, query = '') {
  const [list, counts] = await Promise.all([
    app.inject({ url: `/api/providers?${query}`, remoteAddress: newAddress() }),
    app.inject({ url: `/api/filterdata?${query}`, remoteAddress: newAddress() }),
  ]);
  return {
    ids: (list.json().data as { id: number }[]).map((i) => i.id),
    total: list.json().meta.pagination.total as number,
    counted: counts.json().data.total as number,
  };
}

async function write(
  app: FastifyInstance,
  method: 'POST' | 'PUT' | 'DELETE',
  url: string,
  body?: object,
  as: TestUser = owner,
) {
  const res = await app.inject({
    method,
    url,
    headers: as.auth,
    remoteAddress: newAddress(),
    ...(body ? { payload: body } : {}),
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as { id: number };
}

describe('facet index freshness', () => {
  it('follows writes made through either of two instances on one database', async () => {
    const before = await totals(second);
    expect((await totals(ctx.app)).total).toBe(before.total);

    const images = await buildFiles(ctx, owner, 'image');
    const docs = await buildFiles(ctx, owner, 'doc');
    const created = await write(ctx.app, 'POST', '/api/providers', {
      data: { title: 'Made on A', name: 'Aria', state: 'WA', city: 'Seattle', age: 30, images, docs },
    });
    // A new ad waits for review: nothing public changes until the admin approves it, on B.
    for (const app of [ctx.app, second])
      expect(await totals(app, 'state=WA')).toEqual({ ids: [], total: 0, counted: 0 });
    await write(second, 'PUT', `/api/providers/${created.id}`, { data: { review: 'approved' } }, admin);
    for (const app of [ctx.app, second]) {
      const now = await totals(app, 'state=WA');
      expect(now).toEqual({ ids: [created.id], total: 1, counted: 1 });
    }

    // The admin moves the ad (an owner's move of an approved ad waits for review: revisions.test.ts).
    await write(
      second,
      'PUT',
      `/api/providers/${created.id}`,
      { data: { state: 'NV', city: 'Reno' } },
      admin,
    );
    for (const app of [ctx.app, second])
      expect(await totals(app, 'state=WA')).toEqual({ ids: [], total: 0, counted: 0 });

    await write(
      ctx.app,
      'PUT',
      `/api/providers/${created.id}`,
      { data: { state: 'WA', city: 'Tacoma' } },
      admin,
    );
    for (const app of [second, ctx.app]) expect((await totals(app, 'city=Tacoma')).ids).toEqual([created.id]);

    await write(second, 'DELETE', `/api/providers/${created.id}`);
    for (const app of [ctx.app, second]) expect((await totals(app, 'state=WA')).total).toBe(0);
  });

  it('follows writes made straight to the database (factories, other tools)', async () => {
    const before = (await totals(ctx.app)).total;
    const id = await buildProviderAd(ctx, owner, { state: 'OR', city: 'Portland' });
    expect(await totals(ctx.app, 'state=OR')).toEqual({ ids: [id], total: 1, counted: 1 });
    expect((await totals(second)).total).toBe(before + 1);
  });

  it('answers concurrent requests during a rebuild with the new data', async () => {
    const id = await buildProviderAd(ctx, owner, { state: 'UT', city: 'Provo' });
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) => totals(i % 2 ? ctx.app : second, 'state=UT')),
    );
    for (const r of results) expect(r).toEqual({ ids: [id], total: 1, counted: 1 });
  });

  it('with a check interval and no feed, sees other writers within the interval, without a rebuild', async () => {
    const db = ctx.database.db;
    const store = new FacetStore(db, ctx.database.engine, { checkIntervalMs: 250 });
    const first = await store.get();
    const { version, index } = first;
    const size = index.size;
    // A write by "another process": its own connection (or pool) to the same database.
    const other =
      ctx.database.engine === 'sqlite'
        ? openSqlite(path.join(ctx.config.dataDir, 'app.sqlite'))
        : openDatabase({ databaseUrl: postgresUrlOf(db), dataDir: ctx.config.dataDir });
    try {
      const id = await buildProviderAd({ ...ctx, database: other }, owner, { state: 'ID', city: 'Boise' });
      expect((await store.get()).version).toBe(version);
      await new Promise((r) => setTimeout(r, 300));
      const fresh = await store.get();
      expect(fresh.version).toBe(version + 1);
      expect(fresh.index.size).toBe(size + 1);
      expect(fresh.index.query({ terms: { state: ['ID'] } }).page(0, 10)).toEqual([id]);
      // A write by this process is seen at once.
      await db.transaction().execute((trx) => recordDirectoryChange(trx, { providerIds: [id] }));
      expect((await store.get()).version).toBe(version + 2);
      expect(store.stats.builds).toBe(1);
    } finally {
      await other.close();
      await store.close();
    }
  });
});
