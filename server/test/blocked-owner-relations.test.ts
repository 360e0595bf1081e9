import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callAs, type Method } from './directory-helpers.ts';
import { buildProviderAd } from './factories.ts';
import {
  buildAdmin,
  buildHobbyist,
  buildProvider,
  createTestApp,
  type TestContext,
  type TestUser,
} from './helpers.ts';

/*
 * The blocked-owner rule (an admin-blocked account's ads are not public) is the provider resource's
 * public scope. It must hold wherever a provider is reached through a relation, not only in the
 * listing: a comment's or a reaction's populated provider, and a filter through `provider`.
 */

let ctx: TestContext;
let admin: TestUser;
let owner: TestUser;
let hob: TestUser;
let adId: number;
let commentId: number;
let likeId: number;
const title = 'Relation-blocked owner ad';

const call = (method: Method, url: string, opts: { user?: TestUser | null; body?: unknown } = {}) =>
  callAs(ctx, method, url, opts);

beforeAll(async () => {
  ctx = await createTestApp();
  [admin, owner, hob] = await Promise.all([buildAdmin(ctx), buildProvider(ctx), buildHobbyist(ctx)]);
  adId = await buildProviderAd(ctx, owner, { title });
  const comment = await call('POST', '/api/comments', {
    user: hob,
    body: { data: { provider: adId, comment: 'Lovely' } },
  });
  expect(comment.statusCode).toBe(200);
  commentId = comment.json().data.id;
  const like = await call('POST', '/api/likes', { user: hob, body: { data: { provider: adId } } });
  expect(like.statusCode).toBe(200);
  likeId = like.json().data.id;
});
afterAll(() => ctx.close());

const block = async (blocked: boolean) => {
  const res = await call('PUT', `/api/users/${owner.id}`, { user: admin, body: { is_active: !blocked } });
  expect(res.statusCode).toBe(200);
};

/** What `user` sees of the ad through the comment's and the like's `provider` relation. */
async function throughRelations(user: TestUser | null) {
  const comments = await call('GET', `/api/comments?populate=provider&filters[id][$eq]=${commentId}`, {
    user,
  });
  const comment = await call('GET', `/api/comments/${commentId}?populate=provider`, { user });
  const likes = await call('GET', `/api/likes?populate=provider&filters[id][$eq]=${likeId}`, { user });
  const filtered = await call(
    'GET',
    `/api/comments?filters[provider][title][$eq]=${encodeURIComponent(title)}`,
    {
      user,
    },
  );
  const ids = (res: typeof comments) => (res.json().data as { id: number }[]).map((i) => i.id);
  const providerOf = (item: { attributes: { provider: { data: { id: number } | null } } } | undefined) =>
    item === undefined ? 'no item' : (item.attributes.provider.data?.id ?? null);
  return {
    listedComment: providerOf(comments.json().data[0]),
    oneComment: comment.statusCode === 200 ? providerOf(comment.json().data) : comment.statusCode,
    listedLike: providerOf(likes.json().data[0]),
    filteredByProvider: ids(filtered),
  };
}

describe("a blocked account's provider reached through a relation", () => {
  it('is populated as null and matches no relation filter, for its author and the admin alike', async () => {
    const before = {
      listedComment: adId,
      oneComment: adId,
      listedLike: adId,
      filteredByProvider: [commentId],
    };
    expect(await throughRelations(hob)).toEqual(before);
    expect(await throughRelations(admin)).toEqual(before);
    expect(await throughRelations(null)).toEqual(before);

    await block(true);
    // The author still sees their own comment and like, but not the blocked owner's ad behind them.
    const hidden = { listedComment: null, oneComment: null, listedLike: null, filteredByProvider: [] };
    expect(await throughRelations(hob)).toEqual(hidden);
    // The admin sees every comment, and a relation still applies the provider's public scope.
    expect(await throughRelations(admin)).toEqual(hidden);
    // Anyone else no longer sees the comment or the like at all.
    expect(await throughRelations(null)).toEqual({
      listedComment: 'no item',
      oneComment: 404,
      listedLike: 'no item',
      filteredByProvider: [],
    });

    await block(false);
    expect(await throughRelations(hob)).toEqual(before);
  });
});
