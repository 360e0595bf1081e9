import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readDirectoryVersion } from '../src/db/directory-version.ts';
import { buildProviderAd, ensureSubscription } from './factories.ts';
import { buildProvider, createTestApp, type TestContext } from './helpers.ts';

describe('buildProviderAd', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp();
  });
  afterAll(async () => ctx.close());

  it('inserts a shown ad owned by the user and bumps the directory version', async () => {
    const owner = await buildProvider(ctx);
    await ensureSubscription(ctx, owner);
    const before = await readDirectoryVersion(ctx.database.db);
    const id = await buildProviderAd(ctx, owner, { city: 'Oakland', donation_hour: 30000 });
    const row = await ctx.database.db
      .selectFrom('providers')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      user_id: owner.id,
      city: 'Oakland',
      donation_hour: 30000,
      is_showed: 1,
      review_state: 'approved',
    });
    expect(await readDirectoryVersion(ctx.database.db)).toBe(before + 1);
  });
});
