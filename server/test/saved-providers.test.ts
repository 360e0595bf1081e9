import { adRelatedUrl } from '@app/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildProviderAd } from './factories.ts';
import {
  apiCalls,
  buildAdmin,
  buildHobbyist,
  buildProvider,
  createTestApp,
  type TestContext,
  type TestUser,
} from './helpers.ts';

let ctx: TestContext;
let api: ReturnType<typeof apiCalls>;
let hobbyist: TestUser;
let owner: TestUser;
const ads = { shown: 0, other: 0, pending: 0, doomed: 0, hidden: 0 };

beforeAll(async () => {
  ctx = await createTestApp();
  api = apiCalls(ctx);
  hobbyist = await buildHobbyist(ctx);
  owner = await buildProvider(ctx);
  ads.shown = await buildProviderAd(ctx, owner, { name: 'Ruby', city: 'San Jose' });
  ads.other = await buildProviderAd(ctx, owner, { name: 'Jade', city: 'Fresno' });
  ads.pending = await buildProviderAd(ctx, owner, { name: 'Waiting', is_showed: 0 });
  ads.doomed = await buildProviderAd(ctx, owner, { name: 'Leaving', city: 'Oakland' });
  ads.hidden = await buildProviderAd(ctx, owner, { name: 'Paused', city: 'Modesto' });
});
afterAll(() => ctx.close());

const save = (id: number, user: TestUser = hobbyist) =>
  api.call('PUT', `/api/saved-providers/${id}`, { user });
const ids = async (user: TestUser = hobbyist) =>
  (await api.ok('GET', '/api/saved-providers/ids', { user })).data as number[];

describe('saved providers', () => {
  it('saves a shown ad once, however many times and however parallel the clicks', async () => {
    const answers = await Promise.all(Array.from({ length: 8 }, () => save(ads.shown)));
    for (const res of answers) {
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({ data: { provider: ads.shown, saved: true } });
    }
    const rows = await ctx.database.db
      .selectFrom('saved_providers')
      .selectAll()
      .where('user_id', '=', hobbyist.id)
      .execute();
    expect(rows).toHaveLength(1);
    expect(await ids()).toEqual([ads.shown]);
  });

  it('refuses an ad the public cannot see, and an id that is not one', async () => {
    expect((await save(ads.pending)).statusCode).toBe(404);
    expect((await save(999999)).statusCode).toBe(404);
    expect((await api.call('PUT', '/api/saved-providers/abc', { user: hobbyist })).statusCode).toBe(400);
    expect(await ids()).toEqual([ads.shown]);
  });

  it('lists the saves, newest first, each shown, hidden or gone, with the name and city it had', async () => {
    for (const id of [ads.other, ads.doomed, ads.hidden]) expect((await save(id)).statusCode).toBe(200);
    // One is hidden again (back in review, renamed meanwhile: the list keeps the name it was saved with),
    // one is deleted.
    await ctx.database.db
      .updateTable('providers')
      .set({ is_showed: 0, name: 'Renamed', city: 'Elsewhere' })
      .where('id', '=', ads.hidden)
      .execute();
    expect((await api.call('DELETE', `/api/providers/${ads.doomed}`, { user: owner })).statusCode).toBe(200);

    const list = await api.ok('GET', '/api/saved-providers', { user: hobbyist });
    expect(list.data).toEqual([
      { provider: ads.hidden, name: 'Paused', city: 'Modesto', state: 'hidden', savedAt: expect.any(String) },
      { provider: null, name: 'Leaving', city: 'Oakland', state: 'gone', savedAt: expect.any(String) },
      { provider: ads.other, name: 'Jade', city: 'Fresno', state: 'shown', savedAt: expect.any(String) },
      { provider: ads.shown, name: 'Ruby', city: 'San Jose', state: 'shown', savedAt: expect.any(String) },
    ]);
    expect(list.meta.pagination).toEqual({ page: 1, pageSize: 20, pageCount: 1, total: 4 });
    const second = await api.ok('GET', '/api/saved-providers?pagination[page]=2&pagination[pageSize]=3', {
      user: hobbyist,
    });
    expect(second.data.map((e: { name: string }) => e.name)).toEqual(['Ruby']);
    // The hearts: the ads that still exist.
    expect(await ids()).toEqual([ads.hidden, ads.other, ads.shown]);
    expect((await api.call('GET', '/api/saved-providers?sort=id', { user: hobbyist })).statusCode).toBe(400);
  });

  it("shows each hobbyist their own saves only, and the ad's owner how many saved it", async () => {
    const another = await buildHobbyist(ctx);
    expect(await ids(another)).toEqual([]);
    expect((await save(ads.shown, another)).statusCode).toBe(200);
    const asOwner = await api.ok('GET', adRelatedUrl(ads.shown), { user: owner });
    expect(asOwner.data.savedBy).toBe(2);
    const admin = await buildAdmin(ctx);
    expect((await api.ok('GET', adRelatedUrl(ads.shown), { user: admin })).data.savedBy).toBe(2);
    // Nobody else learns who or how many.
    expect((await api.ok('GET', adRelatedUrl(ads.shown), { user: another })).data.savedBy).toBeUndefined();
    expect((await api.ok('GET', adRelatedUrl(ads.shown))).data.savedBy).toBeUndefined();
    expect(
      (await api.ok('GET', adRelatedUrl(ads.shown), { user: await buildProvider(ctx) })).data.savedBy,
    ).toBeUndefined();
  });

  it('removes a save, twice is fine, and a hidden ad can be removed too', async () => {
    for (let i = 0; i < 2; i++) {
      const res = await api.call('DELETE', `/api/saved-providers/${ads.hidden}`, { user: hobbyist });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ data: { provider: ads.hidden, saved: false } });
    }
    expect(await ids()).toEqual([ads.other, ads.shown]);
  });

  it('is for hobbyists only', async () => {
    for (const user of [owner, await buildAdmin(ctx)]) {
      expect((await save(ads.shown, user)).statusCode).toBe(403);
      expect((await api.call('GET', '/api/saved-providers', { user })).statusCode).toBe(403);
    }
    expect((await api.call('GET', '/api/saved-providers')).statusCode).toBe(401);
  });
});
