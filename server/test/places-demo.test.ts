import path from 'node:path';
import { VENUE_KINDS, VENUE_SORTS } from '@app/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemo } from '../src/demo/seed-demo.ts';
import { DEMO_PLACES_PER_TYPE, DEMO_VENUE_REVIEWS } from '../src/demo/seed-demo-places.ts';
import { demoProviderEmail } from '../src/demo/seed-demo-providers.ts';
import { callAs } from './directory-helpers.ts';
import { createTestApp, type TestContext } from './helpers.ts';
import type { Json } from './places-helpers.ts';

/** The demo places: approved places of every type with reviews, one pending; idempotent. */

const clipFile = path.resolve(import.meta.dirname, '../assets/demo-clip.webm');
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
  await seedDemo(ctx.database.db, ctx.config, { clipFile });
  await seedDemo(ctx.database.db, ctx.config, { clipFile });
});
afterAll(() => ctx.close());

const get = async (url: string) => {
  const res = await callAs(ctx, 'GET', url);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as Json;
};

describe('demo places', () => {
  it('shows every venue type in California with pictures, ratings and reviews, once', async () => {
    for (const kind of VENUE_KINDS) {
      const res = await get(
        `/api/vendors?filters[vendor_type][type][$eq]=${kind}&filters[address][state][$eq]=CA&populate[0]=image&populate[1]=address&populate[2]=vendor_type&${VENUE_SORTS.rating.map((s, i) => `sort[${i}]=${s}`).join('&')}`,
      );
      expect(res.meta.pagination.total).toBe(DEMO_PLACES_PER_TYPE);
      const ratings = (res.data as Json[]).map((p) => p.attributes.rating as number);
      expect(ratings).toEqual([...ratings].sort((a, b) => b - a));
      for (const place of res.data as Json[]) {
        const a = place.attributes;
        expect(a.name).toMatch(/^Placeholder (Spa|Shop|Club) \d$/);
        expect(a.rating).toBeGreaterThan(0);
        expect(a.review_count).toBeGreaterThanOrEqual(1);
        expect(a.review_count).toBeLessThanOrEqual(3);
        expect(a.image.data.attributes.url).toMatch(/^\/uploads\//);
        expect(['San Jose', 'Oakland', 'Los Angeles', 'San Francisco']).toContain(
          a.address.data.attributes.city,
        );
      }
      const videos = await get(
        `/api/vendors?filters[vendor_type][type][$eq]=${kind}&filters[has_video][$eq]=1`,
      );
      expect(videos.meta.pagination.total).toBe(1);
    }
    const reviews = await get('/api/vendor-reviews?pagination[pageSize]=100');
    for (const r of reviews.data as Json[]) expect(DEMO_VENUE_REVIEWS).toContain(r.attributes.review);
  });

  it('provider01 has one place waiting for review, hidden from the venue pages', async () => {
    const owner = await ctx.database.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', demoProviderEmail(1))
      .executeTakeFirstOrThrow();
    const pending = await ctx.database.db
      .selectFrom('places')
      .select(['id', 'is_showed'])
      .where('user_id', '=', owner.id)
      .where('review_state', '=', 'pending')
      .execute();
    expect(pending).toHaveLength(1);
    expect((await callAs(ctx, 'GET', `/api/vendors/${pending[0]!.id}`)).statusCode).toBe(404);
  });
});
