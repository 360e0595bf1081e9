import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newAddress } from './directory-helpers.ts';
import { buildProviderAd } from './factories.ts';
import { apiCalls, buildProvider, createTestApp, type TestContext, type TestUser } from './helpers.ts';

/**
 * The directory's search (`search=`): stage name, title, city and phone digits, any part of them, as a
 * filter of the listing that keeps the Categories counts right, through the full-text index of each engine.
 */

let ctx: TestContext;
let owner: TestUser;
const ids = { ruby: 0, rosa: 0, jose: 0, phone: 0, hidden: 0, percent: 0 };

beforeAll(async () => {
  ctx = await createTestApp();
  owner = await buildProvider(ctx);
  ids.ruby = await buildProviderAd(ctx, owner, {
    name: 'Ruby Rosé',
    title: 'Evenings',
    city: 'Fresno',
    phone: '555-0100',
  });
  ids.rosa = await buildProviderAd(ctx, owner, {
    name: 'Rosalind',
    title: 'Dinner dates',
    city: 'Oakland',
    phone: '555-0101',
  });
  ids.jose = await buildProviderAd(ctx, owner, {
    name: 'Mia',
    title: 'Afternoons',
    city: 'San Jose',
    phone: '555-0102',
    call: 'Incall',
  });
  ids.phone = await buildProviderAd(ctx, owner, {
    name: 'Nora',
    title: 'Weekends',
    city: 'Fresno',
    phone: '(415) 867-5309',
    call: 'Outcall',
  });
  ids.hidden = await buildProviderAd(ctx, owner, { name: 'Ruby Hidden', city: 'Fresno', is_showed: 0 });
  ids.percent = await buildProviderAd(ctx, owner, {
    name: 'Half',
    title: '100% fun',
    city: 'Modesto',
    phone: '555-0103',
  });
});
afterAll(() => ctx.close());

const get = (url: string) => ctx.app.inject({ url, remoteAddress: newAddress() });
const listed = async (search: string, more = '') => {
  const res = await get(`/api/providers?search=${encodeURIComponent(search)}${more}`);
  expect(res.statusCode, search).toBe(200);
  return (res.json().data as { id: number }[]).map((p) => p.id);
};

describe('GET /api/providers?search=', () => {
  it('finds any part of a stage name, a title or a city, newest first, only shown ads', async () => {
    expect(await listed('ruby')).toEqual([ids.ruby]);
    expect(await listed('ROS')).toEqual([ids.rosa, ids.ruby]);
    expect(await listed('osalin')).toEqual([ids.rosa]);
    expect(await listed('dinner')).toEqual([ids.rosa]);
    expect(await listed('jose')).toEqual([ids.jose]);
    expect(await listed('fresno')).toEqual([ids.phone, ids.ruby]);
  });

  it('needs every word somewhere, short words too', async () => {
    expect(await listed('fresno nora')).toEqual([ids.phone]);
    expect(await listed('san jo')).toEqual([ids.jose]);
    expect(await listed('ruby oakland')).toEqual([]);
  });

  it('finds digits anywhere in the phone number, however the term is written', async () => {
    expect(await listed('8675')).toEqual([ids.phone]);
    expect(await listed('867-53')).toEqual([ids.phone]);
    expect(await listed('(415)')).toEqual([ids.phone]);
    expect(await listed('0101')).toEqual([ids.rosa]);
    expect(await listed('09')).toEqual([ids.phone]);
  });

  it('reads % and _ as themselves', async () => {
    expect(await listed('0%')).toEqual([ids.percent]);
    expect(await listed('%%')).toEqual([]);
    expect(await listed('a_b')).toEqual([]);
  });

  it('narrows with the other filters, and the counts of /api/filterdata are those of the matches', async () => {
    expect(await listed('fresno', '&filter[call][0]=Outcall')).toEqual([ids.phone]);
    const counts = (await get('/api/filterdata?search=fresno')).json().data;
    expect(counts.total).toBe(2);
    expect(counts.counts.call).toMatchObject({ Outcall: 1 });
    const all = (await get('/api/filterdata')).json().data;
    expect(all.total).toBe(5);
  });

  it('pages and counts as the listing does', async () => {
    const res = await get('/api/providers?search=fresno&pagination[pageSize]=1&pagination[page]=2');
    expect(res.json().meta.pagination).toMatchObject({ page: 2, pageSize: 1, total: 2 });
    expect(res.json().data.map((p: { id: number }) => p.id)).toEqual([ids.ruby]);
  });

  it('works on the SQL path (a Strapi sort) and for the owner, who also finds their hidden ad', async () => {
    const sorted = await get('/api/providers?search=ruby&sort=id:asc');
    expect(sorted.json().data.map((p: { id: number }) => p.id)).toEqual([ids.ruby]);
    const mine = await apiCalls(ctx).call('GET', `/api/providers?search=ruby&filters[user][id]=${owner.id}`, {
      user: owner,
    });
    expect(mine.statusCode).toBe(200);
    expect(
      mine
        .json()
        .data.map((p: { id: number }) => p.id)
        .sort(),
    ).toEqual([ids.ruby, ids.hidden].sort());
  });

  it('follows changes: a renamed ad is found by its new name', async () => {
    await ctx.database.db
      .updateTable('providers')
      .set({ name: 'Scarlett' })
      .where('id', '=', ids.percent)
      .execute();
    await ctx.database.db.deleteFrom('providers').where('id', '=', ids.hidden).execute();
    expect(await listed('scarlett')).toEqual([ids.percent]);
    expect(await listed('half')).toEqual([]);
    const mine = await apiCalls(ctx).call(
      'GET',
      `/api/providers?search=hidden&filters[user][id]=${owner.id}`,
      {
        user: owner,
      },
    );
    expect(mine.json().data).toEqual([]);
  });

  it('refuses a term that is too short, too long or not one term, with a 400 naming it', async () => {
    for (const query of ['search=a', `search=${'x'.repeat(65)}`, 'search[0]=a&search[1]=b']) {
      const res = await get(`/api/providers?${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(JSON.stringify(res.json().error.details), query).toContain('search');
    }
    // An empty term is no search.
    expect((await get('/api/providers?search=%20')).json().meta.pagination.total).toBe(5);
  });
});
