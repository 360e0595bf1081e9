import { randomBytes } from 'node:crypto';
import { ensureSubscription } from './factories.ts';
import { insertFiles } from '../src/modules/media/media.queries.ts';
import type { TestContext, TestUser } from './helpers.ts';

let addressSeq = 1;
/** A fresh client address per request, so the per-address rate limits never get in the way. */
export const newAddress = () => `10.4.${Math.floor(addressSeq / 250) % 250}.${addressSeq++ % 250}`;

export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** `app.inject` as `user` (or anonymously) from a new address. */
export function callAs(
  ctx: TestContext,
  method: Method,
  url: string,
  opts: { user?: TestUser | null; body?: unknown } = {},
) {
  return ctx.app.inject({
    method,
    url,
    ...(opts.body !== undefined ? { payload: opts.body as object } : {}),
    headers: opts.user ? opts.user.auth : {},
    remoteAddress: newAddress(),
  });
}

/** File records owned by `owner` (no bytes: enough for checks on ids, kinds and ownership). */
export async function buildFiles(
  ctx: TestContext,
  owner: TestUser | { id: number },
  kind: 'image' | 'video' | 'doc',
  n = 1,
): Promise<number[]> {
  return insertFiles(
    ctx.database.db,
    Array.from({ length: n }, (_, i) => ({
      name: `${kind}-${i}`,
      // A storage key as the server makes them (random hex), for a file with no bytes on disk.
      storage_key: randomBytes(16).toString('hex'),
      ext: kind === 'video' ? '.mp4' : '.png',
      mime: kind === 'video' ? 'video/mp4' : 'image/png',
      size: 100,
      width: kind === 'video' ? null : 10,
      height: kind === 'video' ? null : 10,
      formats: null,
      is_private: kind === 'doc' ? 1 : 0,
      purpose: kind === 'doc' ? 'docs' : null,
      owner_id: owner.id,
    })),
  );
}

/**
 * A valid `POST /api/providers` body: an ad with a fresh image and ID document of `user` (files must be
 * the caller's own); without a user (an anonymous caller) no files are made.
 */
export async function buildAdBody(
  ctx: TestContext,
  user: TestUser | null,
  overrides: Record<string, unknown> = {},
) {
  // Posting needs an active subscription: the poster gets one.
  if (user) await ensureSubscription(ctx, user);
  const [image] = user ? await buildFiles(ctx, user, 'image') : [];
  const [doc] = user ? await buildFiles(ctx, user, 'doc') : [];
  return {
    data: {
      title: 'Friendly companion in San Jose',
      name: 'Aria',
      state: 'CA',
      city: 'San Jose',
      age: 27,
      call: 'Outcall/Incall',
      kissing: 'yes',
      kissing_types: 'Light,Heavy',
      cum_type: ['Swallow', 'COB'],
      donation_hour: 250,
      donation_half_hour: 150.5,
      ...(image ? { images: [image], docs: [doc] } : {}),
      ...overrides,
    },
  };
}
