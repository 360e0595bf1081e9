import { MESSAGES, REACTION_PATHS, REACTION_TYPES } from '@app/domain';
import { describe, expect, it } from 'vitest';
import { buildProviderAd } from './factories.ts';
import { buildHobbyist } from './helpers.ts';
import {
  admin,
  call,
  counters,
  ctx,
  db,
  errorPaths,
  hidden,
  hob,
  hob2,
  json,
  missing,
  other,
  owner,
  reactionsOf,
  rowCounts,
  setUpHobbyistCast,
  shown,
  vendor,
} from './hobbyist-fixtures.ts';

/** Reactions: `/api/likes`, `/api/dislikes`, `/api/averages` (server/src/modules/reactions/). */
setUpHobbyistCast();

describe('POST /api/likes|dislikes|averages', () => {
  it('400: no data wrapper, no provider, a provider that is not a whole positive number', async () => {
    for (const body of [
      { provider: shown },
      { data: {} },
      { data: { provider: 'abc' } },
      { data: { provider: -1 } },
      { data: { provider: 1.5 } },
    ]) {
      const res = await call('POST', '/api/likes', { user: hob, body });
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(json(res).error.name).toBe('ValidationError');
    }
    const res = await call('POST', '/api/likes', { user: hob, body: { data: {} } });
    expect(errorPaths(res)).toContain('data.provider');
    expect(json(res).error.details.errors[0].message).toBe(MESSAGES.providerRefErrors.providerRequired);
  });

  it('404: an unknown or hidden provider', async () => {
    for (const provider of [missing, hidden]) {
      const res = await call('POST', '/api/likes', { user: hob, body: { data: { provider } } });
      expect(res.statusCode).toBe(404);
    }
  });

  it('creates the reaction and raises its counter; the same again changes nothing', async () => {
    const h = await buildHobbyist(ctx);
    const p = await buildProviderAd(ctx, owner);
    const res = await call('POST', '/api/likes', { user: h, body: { data: { provider: p, user: 12345 } } });
    expect(res.statusCode).toBe(200);
    const body = json(res);
    expect(body.data.id).toBeGreaterThan(0);
    expect(Object.keys(body.data.attributes).sort()).toEqual(['createdAt', 'updatedAt']);
    expect(body.meta.counts).toEqual({ likes: 1, dislikes: 0, averages: 0 });
    const rows = await reactionsOf(h.id, p);
    expect(rows).toEqual([{ id: body.data.id, kind: 'like' }]);

    const again = await call('POST', '/api/likes', { user: h, body: { data: { provider: p } } });
    expect(again.statusCode).toBe(200);
    expect(json(again).data.id).toBe(body.data.id);
    expect(json(again).meta.counts).toEqual({ likes: 1, dislikes: 0, averages: 0 });
    expect(await counters(p)).toMatchObject({ likes: 1, dislikes: 0, averages: 0 });
  });

  it('switching: like → dislike → average removes the previous one and keeps the counters right', async () => {
    const h = await buildHobbyist(ctx);
    const h2 = await buildHobbyist(ctx);
    const p = await buildProviderAd(ctx, owner);
    await call('POST', '/api/likes', { user: h2, body: { data: { provider: p } } });

    const like = await call('POST', '/api/likes', { user: h, body: { data: { provider: p } } });
    expect(json(like).meta.counts).toEqual({ likes: 2, dislikes: 0, averages: 0 });
    const dislike = await call('POST', '/api/dislikes', { user: h, body: { data: { provider: p } } });
    expect(dislike.statusCode).toBe(200);
    expect(json(dislike).meta.counts).toEqual({ likes: 1, dislikes: 1, averages: 0 });
    expect(await reactionsOf(h.id, p)).toEqual([{ id: json(dislike).data.id, kind: 'dislike' }]);

    const list = await call(
      'GET',
      `/api/likes?filters[provider][id][$eq]=${p}&filters[user][id][$eq]=${h.id}`,
    );
    expect(json(list).data).toEqual([]);
    expect(
      (
        await call('GET', `/api/dislikes?filters[provider][id][$eq]=${p}&filters[user][id][$eq]=${h.id}`)
      ).json().data,
    ).toHaveLength(1);

    const average = await call('POST', '/api/averages', { user: h, body: { data: { provider: p } } });
    expect(json(average).meta.counts).toEqual({ likes: 1, dislikes: 0, averages: 1 });
    expect(await reactionsOf(h.id, p)).toEqual([{ id: json(average).data.id, kind: 'average' }]);
    const back = await call('POST', '/api/likes', { user: h, body: { data: { provider: p } } });
    expect(json(back).meta.counts).toEqual({ likes: 2, dislikes: 0, averages: 0 });
    expect(await counters(p)).toMatchObject(await rowCounts(p).then(({ comments: _, ...r }) => r));
  });

  it('parallel posts by one hobbyist leave exactly one reaction and consistent counters', async () => {
    const h = await buildHobbyist(ctx);
    const p = await buildProviderAd(ctx, owner);
    const same = await Promise.all(
      Array.from({ length: 6 }, () =>
        call('POST', '/api/likes', { user: h, body: { data: { provider: p } } }),
      ),
    );
    expect(same.map((r) => r.statusCode)).toEqual(Array(6).fill(200));
    expect(new Set(same.map((r) => json(r).data.id)).size).toBe(1);
    expect(await reactionsOf(h.id, p)).toHaveLength(1);
    expect(await counters(p)).toMatchObject({ likes: 1, dislikes: 0, averages: 0 });

    const mixed = await Promise.all(
      [...REACTION_TYPES, ...REACTION_TYPES, ...REACTION_TYPES].map((kind) =>
        call('POST', `/api/${REACTION_PATHS[kind]}`, { user: h, body: { data: { provider: p } } }),
      ),
    );
    expect(mixed.map((r) => `${r.statusCode} ${r.statusCode === 200 ? '' : r.body}`)).toEqual(
      Array(9).fill('200 '),
    );
    const rows = await reactionsOf(h.id, p);
    expect(rows).toHaveLength(1);
    const c = await counters(p);
    expect(c.likes + c.dislikes + c.averages).toBe(1);
    expect(c).toMatchObject({
      likes: rows[0]!.kind === 'like' ? 1 : 0,
      dislikes: rows[0]!.kind === 'dislike' ? 1 : 0,
      averages: rows[0]!.kind === 'average' ? 1 : 0,
    });
  });

  it('parallel posts by many hobbyists count every one of them', async () => {
    const p = await buildProviderAd(ctx, owner);
    const users = await Promise.all(Array.from({ length: 8 }, () => buildHobbyist(ctx)));
    await Promise.all(
      users.map((u, i) =>
        call('POST', `/api/${REACTION_PATHS[REACTION_TYPES[i % 3]!]}`, {
          user: u,
          body: { data: { provider: p } },
        }),
      ),
    );
    expect(await counters(p)).toMatchObject({ likes: 3, dislikes: 3, averages: 2 });
  });
});

describe('GET /api/likes|dislikes|averages', () => {
  it('anyone lists them with filters and the populated user (public fields only)', async () => {
    const p = await buildProviderAd(ctx, owner);
    await call('POST', '/api/likes', { user: hob, body: { data: { provider: p } } });
    await call('POST', '/api/averages', { user: hob2, body: { data: { provider: p } } });
    const res = await call('GET', `/api/likes?filters[provider][id][$eq]=${p}&populate=user`);
    expect(res.statusCode).toBe(200);
    const body = json(res);
    expect(body.data).toHaveLength(1);
    expect(body.meta.pagination).toMatchObject({ page: 1, total: 1 });
    const user = body.data[0].attributes.user.data;
    expect(user.id).toBe(hob.id);
    // Who liked: the account's id only, none of its names.
    expect(user.attributes).toEqual({});
    expect(JSON.stringify(body)).not.toContain(hob.email);
    expect(json(await call('GET', `/api/averages?filters[provider][id][$eq]=${p}`)).data).toHaveLength(1);
    expect(json(await call('GET', `/api/dislikes?filters[provider][id][$eq]=${p}`)).data).toHaveLength(0);
  });

  it('400 for an undeclared filter; GET /:id is 404 for an unknown id or another kind', async () => {
    expect((await call('GET', '/api/likes?filters[kind][$eq]=like')).statusCode).toBe(400);
    expect((await call('GET', '/api/likes/abc')).statusCode).toBe(400);
    const p = await buildProviderAd(ctx, owner);
    const like = json(await call('POST', '/api/likes', { user: hob, body: { data: { provider: p } } }));
    expect((await call('GET', `/api/likes/${like.data.id}`)).statusCode).toBe(200);
    expect((await call('GET', `/api/dislikes/${like.data.id}`)).statusCode).toBe(404);
    expect((await call('GET', `/api/likes/${missing}`)).statusCode).toBe(404);
  });

  it('reactions on a hidden provider are not public', async () => {
    const p = await buildProviderAd(ctx, owner);
    const like = json(await call('POST', '/api/likes', { user: hob2, body: { data: { provider: p } } }));
    await db().updateTable('providers').set({ is_showed: 0 }).where('id', '=', p).execute();
    expect((await call('GET', `/api/likes/${like.data.id}`)).statusCode).toBe(404);
    expect((await call('GET', `/api/likes/${like.data.id}`, { user: hob2 })).statusCode).toBe(200);
    expect((await call('GET', `/api/likes/${like.data.id}`, { user: admin })).statusCode).toBe(200);
  });
});

describe('PUT and DELETE /api/likes|dislikes|averages/:id', () => {
  it('401 anonymous, 404 unknown, 403 to anyone but the owner and the admin', async () => {
    const p = await buildProviderAd(ctx, owner);
    const like = json(await call('POST', '/api/likes', { user: hob, body: { data: { provider: p } } }));
    const url = `/api/likes/${like.data.id}`;
    for (const method of ['PUT', 'DELETE'] as const) {
      expect((await call(method, url, { body: { data: {} } })).statusCode).toBe(401);
      expect(
        (await call(method, `/api/likes/${missing}`, { user: hob, body: { data: {} } })).statusCode,
      ).toBe(404);
      for (const user of [hob2, owner, vendor]) {
        expect((await call(method, url, { user, body: { data: {} } })).statusCode, method).toBe(403);
      }
    }
    expect(await counters(p)).toMatchObject({ likes: 1 });
  });

  it('PUT is a no-op answering the reaction and the counters', async () => {
    const p = await buildProviderAd(ctx, owner);
    const like = json(await call('POST', '/api/likes', { user: hob, body: { data: { provider: p } } }));
    for (const [user, body] of [
      [hob, { data: { provider: other } }],
      [hob, undefined],
      [admin, { data: {} }],
    ] as const) {
      const res = await call('PUT', `/api/likes/${like.data.id}`, { user, body });
      expect(res.statusCode).toBe(200);
      expect(json(res).data.id).toBe(like.data.id);
      expect(json(res).meta.counts).toEqual({ likes: 1, dislikes: 0, averages: 0 });
    }
    expect(await reactionsOf(hob.id, p)).toEqual([{ id: like.data.id, kind: 'like' }]);
  });

  it('DELETE by the owner or the admin removes it and lowers the counter', async () => {
    const p = await buildProviderAd(ctx, owner);
    const mine = json(await call('POST', '/api/dislikes', { user: hob, body: { data: { provider: p } } }));
    const theirs = json(await call('POST', '/api/dislikes', { user: hob2, body: { data: { provider: p } } }));
    expect(await counters(p)).toMatchObject({ dislikes: 2 });
    const res = await call('DELETE', `/api/dislikes/${mine.data.id}`, { user: hob });
    expect(res.statusCode).toBe(200);
    expect(json(res).data.id).toBe(mine.data.id);
    expect(json(res).meta.counts).toEqual({ likes: 0, dislikes: 1, averages: 0 });
    expect((await call('DELETE', `/api/dislikes/${theirs.data.id}`, { user: admin })).statusCode).toBe(200);
    expect(await counters(p)).toMatchObject({ likes: 0, dislikes: 0, averages: 0 });
    expect((await call('DELETE', `/api/dislikes/${mine.data.id}`, { user: hob })).statusCode).toBe(404);
  });
});
