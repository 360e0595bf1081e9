import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemo } from '../src/demo/seed-demo.ts';
import {
  DEMO_PRODUCTS,
  DEMO_SECOND_SELLER,
  DEMO_SECOND_SELLER_PRODUCTS,
  DEMO_SELLER_EMAIL,
} from '../src/demo/seed-demo-shop.ts';
import { callAs } from './directory-helpers.ts';
import { createTestApp, type TestContext } from './helpers.ts';
import type { Json } from './shop-helpers.ts';

/** The demo products: a demo start has a shop of two vendors, with pictures; idempotent. */

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
  await seedDemo(ctx.database.db, ctx.config);
  await seedDemo(ctx.database.db, ctx.config);
});
afterAll(() => ctx.close());

const get = async (url: string) => {
  const res = await callAs(ctx, 'GET', url);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as Json;
};

describe('demo shop', () => {
  it('sells the demo products of two vendors, once, with placeholder pictures that are served', async () => {
    const all = DEMO_PRODUCTS.length + DEMO_SECOND_SELLER_PRODUCTS.length;
    const res = await get('/api/products?populate=*&pagination[pageSize]=100');
    expect(res.meta.pagination.total).toBe(all);
    const byName = new Map((res.data as Json[]).map((p) => [p.attributes.name, p.attributes]));
    for (const [name, , dollars, description] of [...DEMO_PRODUCTS, ...DEMO_SECOND_SELLER_PRODUCTS]) {
      const a = byName.get(name);
      expect(a, name).toMatchObject({ price: dollars, description, archived: false });
      expect(dollars).toBeGreaterThanOrEqual(8);
      expect(dollars).toBeLessThanOrEqual(60);
      expect(Number.isInteger(dollars)).toBe(true);
    }
    const picture = (res.data as Json[])[0].attributes.picture.data.attributes;
    expect(picture.mime).toBe('image/png');
    const served = await ctx.app.inject(picture.url);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');

    const vendors = await get('/api/products/vendors');
    expect(vendors.data.map((v: Json) => [v.username, v.products])).toEqual([
      ['demo_vendor', DEMO_PRODUCTS.length],
      [DEMO_SECOND_SELLER.username, DEMO_SECOND_SELLER_PRODUCTS.length],
    ]);
    const first = await ctx.database.db
      .selectFrom('users')
      .select(['id', 'user_type'])
      .where('email', '=', DEMO_SELLER_EMAIL)
      .executeTakeFirstOrThrow();
    expect(first.user_type).toBe('Vender');
    const own = await get(`/api/products?filters[user][id][$eq]=${first.id}&pagination[pageSize]=100`);
    expect(own.meta.pagination.total).toBe(DEMO_PRODUCTS.length);
  });
});
