import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemo } from '../src/demo/seed-demo.ts';
import { DEMO_ADS, DEMO_IMAGES } from '../src/demo/seed-demo-providers.ts';
import { callAs } from './directory-helpers.ts';
import { createTestApp, type TestContext } from './helpers.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
  await seedDemo(ctx.database.db, ctx.config);
  // A second run adds nothing.
  await seedDemo(ctx.database.db, ctx.config);
});
afterAll(() => ctx.close());

describe('demo directory', () => {
  it('has a few hundred shown ads using every filter option, with shared placeholder images', async () => {
    const counts = await callAs(ctx, 'GET', '/api/filterdata');
    const { total, counts: sections } = counts.json().data as {
      total: number;
      counts: Record<string, Record<string, number>>;
    };
    expect(total).toBe(DEMO_ADS);
    for (const [section, options] of Object.entries(sections)) {
      for (const [option, n] of Object.entries(options)) expect(n, `${section}=${option}`).toBeGreaterThan(0);
    }
    const list = await callAs(ctx, 'GET', '/api/providers?populate=images,language,race,user');
    const first = list.json().data[0].attributes;
    expect(first.images.data.length).toBeGreaterThanOrEqual(1);
    expect(first.age).toBeGreaterThanOrEqual(21);
    expect(first.donation_hour).toBeGreaterThanOrEqual(100);
    const images = await ctx.database.db
      .selectFrom('files')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('name', 'like', 'demo-ad-%')
      .executeTakeFirstOrThrow();
    expect(Number(images.n)).toBe(DEMO_IMAGES);
    const served = await ctx.app.inject(first.images.data[0].attributes.url);
    expect(served.statusCode).toBe(200);
  });

  it('spreads the ads over many Californian cities and other states', async () => {
    const states = (await callAs(ctx, 'GET', '/api/state-by-country?country_code=US')).json().data as {
      state_code: string;
      provider: number;
    }[];
    const ca = states.find((s) => s.state_code === 'CA')!.provider;
    expect(ca).toBeGreaterThan(DEMO_ADS / 2);
    expect(states.filter((s) => s.provider > 0).length).toBeGreaterThanOrEqual(8);
    const cities = (await callAs(ctx, 'GET', '/api/cityByState?state_code=CA')).json().data;
    expect(cities.length).toBeGreaterThanOrEqual(20);
  });
});
