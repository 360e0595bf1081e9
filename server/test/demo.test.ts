import path from 'node:path';
import { DEMO_PENDING_PROVIDERS } from '../src/demo/seed-demo-admin.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS, DEMO_ADMIN_EMAIL, DEMO_PASSWORD, seedDemo } from '../src/demo/seed-demo.ts';
import {
  DEMO_ADS,
  DEMO_HOBBYIST_ACCOUNTS,
  DEMO_PROVIDER_ACCOUNTS,
  DEMO_VIDEO_EVERY,
} from '../src/demo/seed-demo-providers.ts';
import { findUserByEmail } from '../src/modules/users/users.queries.ts';
import { verifyPassword } from '../src/modules/users/users.service.ts';
import { createTestApp, type TestContext } from './helpers.ts';

const clipFile = path.resolve(import.meta.dirname, '../assets/demo-clip.webm');
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

describe('demo content', () => {
  // Seeds the whole demo twice (accounts, ads, pictures and a clip re-encoded): about 20 s on the
  // two-core machines, more on PostgreSQL.
  it('creates one account per role with a generated public avatar, idempotently', async () => {
    await seedDemo(ctx.database.db, ctx.config, { clipFile });
    await seedDemo(ctx.database.db, ctx.config, { clipFile });
    for (const a of DEMO_ACCOUNTS) {
      const user = await findUserByEmail(ctx.database.db, a.email);
      expect(user?.user_type).toBe(a.user_type);
      expect(await verifyPassword(user!.password, DEMO_PASSWORD)).toBe(true);
      const file = await ctx.app.inject(`/api/upload/files/${user!.avatar_id}`);
      expect(file.statusCode).toBe(200);
      const served = await ctx.app.inject(file.json().url);
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-type']).toBe('image/png');
    }
    const admin = await findUserByEmail(ctx.database.db, DEMO_ADMIN_EMAIL);
    expect(admin?.role).toBe('admin');
    const count = await ctx.database.db
      .selectFrom('users')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirst();
    // The accounts per role, the admin, the directory's providers and hobbyists, the shop's second vendor,
    // the providers waiting for ID verification (the console's demo).
    expect(Number(count?.n)).toBe(
      DEMO_ACCOUNTS.length +
        1 +
        DEMO_PROVIDER_ACCOUNTS +
        DEMO_HOBBYIST_ACCOUNTS +
        1 +
        DEMO_PENDING_PROVIDERS.length,
    );
  }, 120_000);

  it('gives a few ads the placeholder clip as a public video that plays from its URL', async () => {
    await seedDemo(ctx.database.db, ctx.config, { clipFile });
    const res = await ctx.app.inject(
      '/api/providers?populate=video&filters[video][id][$notNull]=true&pagination[pageSize]=40',
    );
    expect(res.statusCode, res.body).toBe(200);
    const { data, meta } = res.json();
    const withVideo = await ctx.database.db
      .selectFrom('providers')
      .select(['is_showed'])
      .where('video_id', 'is not', null)
      .execute();
    expect(withVideo).toHaveLength(Math.ceil(DEMO_ADS / DEMO_VIDEO_EVERY));
    expect(meta.pagination.total).toBe(withVideo.filter((p) => p.is_showed === 1).length);
    expect(meta.pagination.total).toBeGreaterThanOrEqual(3);
    for (const ad of data) {
      const video = ad.attributes.video.data.attributes;
      expect(video.mime).toBe('video/webm');
      const served = await ctx.app.inject(video.url);
      expect(served.statusCode).toBe(200);
      expect(served.rawPayload.subarray(0, 4).toString('hex')).toBe('1a45dfa3');
    }
  });
});
