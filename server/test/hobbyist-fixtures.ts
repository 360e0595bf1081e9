import { afterAll, beforeAll, expect } from 'vitest';
import { buildProviderAd } from './factories.ts';
import {
  buildAdmin,
  buildHobbyist,
  buildProvider,
  buildVendor,
  createTestApp,
  type TestContext,
  type TestUser,
} from './helpers.ts';

/**
 * The cast the tests of the areas a hobbyist engages with share (reactions, comments, messages,
 * billing): an admin, a vendor, two providers' owners with ads (one hidden), two hobbyists, and the
 * helpers to call the API as any of them. Each test file calls `setUpHobbyistCast()` once and gets its
 * own fresh database; the bindings below are filled in by its `beforeAll`.
 */
export let ctx: TestContext;
export let admin: TestUser;
export let vendor: TestUser;
/** Owns `shown` and `hidden`. */
export let owner: TestUser;
/** Owns `other`. */
export let otherOwner: TestUser;
export let hob: TestUser;
export let hob2: TestUser;
export let shown: number;
export let hidden: number;
export let other: number;
export const missing = 999_999;

export function setUpHobbyistCast(): void {
  beforeAll(async () => {
    ctx = await createTestApp();
    admin = await buildAdmin(ctx);
    vendor = await buildVendor(ctx);
    owner = await buildProvider(ctx);
    otherOwner = await buildProvider(ctx);
    hob = await buildHobbyist(ctx);
    hob2 = await buildHobbyist(ctx);
    shown = await buildProviderAd(ctx, owner);
    hidden = await buildProviderAd(ctx, owner, { is_showed: 0 });
    other = await buildProviderAd(ctx, otherOwner);
  });
  afterAll(() => ctx.close());
}

let addressSeq = 1;
export const call = (
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  opts: { user?: TestUser | null; body?: unknown } = {},
) =>
  ctx.app.inject({
    method,
    url,
    ...(opts.body !== undefined ? { payload: opts.body as object } : {}),
    headers: opts.user ? opts.user.auth : {},
    remoteAddress: `10.7.${Math.floor(addressSeq / 250) % 250}.${addressSeq++ % 250}`,
  });

type Reply = Awaited<ReturnType<typeof call>>;
/** A reply's body, loosely typed as light-my-request gives it. */
export const json = (res: Reply) => res.json();
export type Json = ReturnType<typeof json>;
export const errorPaths = (res: Reply) =>
  ((json(res).error.details.errors ?? []) as { path: string[] }[]).map((e) => e.path.join('.'));

export const db = () => ctx.database.db;
export async function counters(providerId: number) {
  const row = await db()
    .selectFrom('providers')
    .select(['likes_count', 'dislikes_count', 'averages_count', 'comments_count'])
    .where('id', '=', providerId)
    .executeTakeFirstOrThrow();
  return {
    likes: Number(row.likes_count),
    dislikes: Number(row.dislikes_count),
    averages: Number(row.averages_count),
    comments: Number(row.comments_count),
  };
}
export async function reactionsOf(userId: number, providerId: number) {
  return db()
    .selectFrom('reactions')
    .select(['id', 'kind'])
    .where('user_id', '=', userId)
    .where('provider_id', '=', providerId)
    .execute();
}
export async function rowCounts(providerId: number) {
  const rows = await db()
    .selectFrom('reactions')
    .select(['kind'])
    .where('provider_id', '=', providerId)
    .execute();
  const comments = await db()
    .selectFrom('comments')
    .select('id')
    .where('provider_id', '=', providerId)
    .execute();
  return {
    likes: rows.filter((r) => r.kind === 'like').length,
    dislikes: rows.filter((r) => r.kind === 'dislike').length,
    averages: rows.filter((r) => r.kind === 'average').length,
    comments: comments.length,
  };
}

/** 401 without a token; 403 to a provider, a vendor and the admin (none of them is a hobbyist). */
export async function expectHobbyistOnly(method: 'POST', url: string, body: unknown) {
  expect((await call(method, url, { body })).statusCode, `${url} anonymous`).toBe(401);
  for (const user of [owner, vendor, admin]) {
    const res = await call(method, url, { user, body });
    expect(res.statusCode, `${url} as ${user.email}`).toBe(403);
    expect(json(res).error.name).toBe('ForbiddenError');
  }
}
