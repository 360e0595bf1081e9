import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkAccess, requireAccess } from '../src/access/index.ts';
import type { Actor } from '../src/http/auth.ts';
import { AppError } from '../src/http/errors.ts';
import { buildProviderAd } from './factories.ts';
import { buildAdmin, buildHobbyist, buildProvider, createTestApp, type TestContext } from './helpers.ts';
import { uploadImage } from './upload-helpers.ts';

/** The one record-level access check (server/src/access/): visibility is a 404, the right a 403. */
let ctx: TestContext;
let owner: Actor;
let other: Actor;
let admin: Actor;
let shown: number;
let hidden: number;
let otherAd: number;
beforeAll(async () => {
  ctx = await createTestApp();
  const [o, p, a] = [await buildProvider(ctx), await buildProvider(ctx), await buildAdmin(ctx)];
  owner = { id: o.id, role: 'authenticated', userType: 'Provider' };
  other = { id: p.id, role: 'authenticated', userType: 'Provider' };
  admin = { id: a.id, role: 'admin', userType: null };
  shown = await buildProviderAd(ctx, o);
  hidden = await buildProviderAd(ctx, o, { is_showed: 0 });
  otherAd = await buildProviderAd(ctx, p);
});
afterAll(() => ctx.close());

async function statusOf(p: Promise<unknown>): Promise<number> {
  try {
    await p;
    return 200;
  } catch (err) {
    if (err instanceof AppError) return err.status;
    throw err;
  }
}

describe('requireAccess', () => {
  it('answers every id in one call, in order, with the columns asked for', async () => {
    const db = ctx.database.db;
    const rows = await requireAccess(db, owner, 'provider.update', [hidden, shown], ['user_id']);
    expect(rows.map((r) => [r.id, r.user_id, r.allowed])).toEqual([
      [hidden, owner.id, true],
      [shown, owner.id, true],
    ]);
  });

  it('a record the actor may not see is a 404; one seen but not theirs is a 403', async () => {
    const db = ctx.database.db;
    expect(await statusOf(requireAccess(db, null, 'provider.read', [shown]))).toBe(200);
    expect(await statusOf(requireAccess(db, null, 'provider.read', [hidden]))).toBe(404);
    expect(await statusOf(requireAccess(db, other, 'provider.update', [hidden]))).toBe(404);
    expect(await statusOf(requireAccess(db, other, 'provider.update', [shown]))).toBe(403);
    expect(await statusOf(requireAccess(db, other, 'provider.update', [otherAd, shown]))).toBe(403);
    expect(await statusOf(requireAccess(db, admin, 'provider.update', [hidden, otherAd]))).toBe(200);
    expect(await statusOf(requireAccess(db, owner, 'provider.update', [999_999]))).toBe(404);
  });

  it('private files: their owner and the admin only', async () => {
    const db = ctx.database.db;
    const o = await buildProvider(ctx);
    const doc = await uploadImage(ctx, o, { purpose: 'docs' });
    const picture = await uploadImage(ctx, o);
    const hobbyist = await buildHobbyist(ctx);
    const stranger: Actor = { id: hobbyist.id, role: 'authenticated', userType: 'Hobbyist' };
    const me: Actor = { id: o.id, role: 'authenticated', userType: 'Provider' };
    expect(await statusOf(requireAccess(db, null, 'file.read', [doc]))).toBe(404);
    expect(await statusOf(requireAccess(db, stranger, 'file.read', [doc]))).toBe(404);
    expect(await statusOf(requireAccess(db, me, 'file.read', [doc]))).toBe(200);
    expect(await statusOf(requireAccess(db, admin, 'file.read', [doc]))).toBe(200);
    expect(await statusOf(requireAccess(db, stranger, 'file.delete', [picture]))).toBe(403);
    expect(await checkAccess(db, stranger, 'file.read', [doc, picture])).toEqual(new Set([picture]));
  });

  it('hides the ads of a blocked account from everyone but the admin', async () => {
    const db = ctx.database.db;
    const blocked = await buildProvider(ctx);
    const ad = await buildProviderAd(ctx, blocked);
    await db.updateTable('users').set({ is_active: 0 }).where('id', '=', blocked.id).execute();
    expect(await statusOf(requireAccess(db, null, 'provider.read', [ad]))).toBe(404);
    expect(await statusOf(requireAccess(db, other, 'provider.read', [ad]))).toBe(404);
    expect(await statusOf(requireAccess(db, admin, 'provider.read', [ad]))).toBe(200);
  });
});
