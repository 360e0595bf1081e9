import { ENGAGEMENT_LIMITS, MESSAGES, REACTION_PATHS, REACTION_TYPES } from '@app/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DEFAULT_PAYMENT_ADDRESS,
  DEFAULT_TIP_MAX_AMOUNT,
  DEFAULT_TIPS_PER_HOUR,
} from '../src/modules/engagement/engagement.settings.ts';
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

let ctx: TestContext;
let admin: TestUser;
let vendor: TestUser;
/** Owns `shown` and `hidden`. */
let owner: TestUser;
/** Owns `other`. */
let otherOwner: TestUser;
let hob: TestUser;
let hob2: TestUser;
let shown: number;
let hidden: number;
let other: number;
const missing = 999_999;

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

let addressSeq = 1;
const call = (
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
const json = (res: Reply) => res.json();
type Json = ReturnType<typeof json>;
const errorPaths = (res: Reply) =>
  ((json(res).error.details.errors ?? []) as { path: string[] }[]).map((e) => e.path.join('.'));

const db = () => ctx.database.db;
async function counters(providerId: number) {
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
async function reactionsOf(userId: number, providerId: number) {
  return db()
    .selectFrom('reactions')
    .select(['id', 'kind'])
    .where('user_id', '=', userId)
    .where('provider_id', '=', providerId)
    .execute();
}
async function rowCounts(providerId: number) {
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
async function expectHobbyistOnly(method: 'POST', url: string, body: unknown) {
  expect((await call(method, url, { body })).statusCode, `${url} anonymous`).toBe(401);
  for (const user of [owner, vendor, admin]) {
    const res = await call(method, url, { user, body });
    expect(res.statusCode, `${url} as ${user.email}`).toBe(403);
    expect(json(res).error.name).toBe('ForbiddenError');
  }
}

// ---------------------------------------------------------------------------------------------

describe('hobbyist-only writes', () => {
  it('refuse anonymous visitors (401), providers, vendors and the admin (403), whatever the body', async () => {
    const writes: [string, unknown][] = [
      ['/api/likes', { data: { provider: shown } }],
      ['/api/dislikes', { data: { provider: shown } }],
      ['/api/averages', { data: { provider: shown } }],
      ['/api/comments', { data: { provider: shown, comment: 'Hello' } }],
      ['/api/messages', { data: { provider: shown, text: 'Hello' } }],
      [`/api/providers/${shown}/mail`, { data: { message: 'Hello' } }],
      ['/api/tips', { data: { provider: shown, tip_amount: 5, transaction_id: 'tx-1' } }],
      ['/api/likes', { data: {} }],
      ['/api/tips', {}],
    ];
    for (const [url, body] of writes) await expectHobbyistOnly('POST', url, body);
    expect(await db().selectFrom('reactions').select('id').execute()).toHaveLength(0);
    expect(await db().selectFrom('tips').select('id').execute()).toHaveLength(0);
    expect(ctx.mailer.sent).toHaveLength(0);
  });
});

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
    expect(json(res).error.details.errors[0].message).toBe(MESSAGES.engagementErrors.providerRequired);
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
    expect(user.attributes).toMatchObject({ first_name: 'Test', last_name: 'Person' });
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

// ---------------------------------------------------------------------------------------------

describe('comments', () => {
  it('POST 400: missing, blank, too long, no provider', async () => {
    for (const data of [
      { provider: shown },
      { provider: shown, comment: '   ' },
      { provider: shown, comment: 'x'.repeat(ENGAGEMENT_LIMITS.comment + 1) },
      { comment: 'Hello' },
    ]) {
      const res = await call('POST', '/api/comments', { user: hob, body: { data } });
      expect(res.statusCode, JSON.stringify(data).slice(0, 60)).toBe(400);
    }
    const blank = await call('POST', '/api/comments', {
      user: hob,
      body: { data: { provider: shown, comment: ' ' } },
    });
    expect(errorPaths(blank)).toEqual(['data.comment']);
    expect(json(blank).error.details.errors[0].message).toBe(MESSAGES.comments.required);
  });

  it('POST 404: unknown or hidden provider', async () => {
    for (const provider of [missing, hidden]) {
      const res = await call('POST', '/api/comments', {
        user: hob,
        body: { data: { provider, comment: 'Hi' } },
      });
      expect(res.statusCode).toBe(404);
    }
  });

  it('POST stores the trimmed comment, by the caller, and raises comments_count', async () => {
    const p = await buildProviderAd(ctx, owner);
    const res = await call('POST', '/api/comments', {
      user: hob,
      body: { data: { provider: p, comment: '  Very friendly and on time.  ', user: hob2.id } },
    });
    expect(res.statusCode).toBe(200);
    expect(json(res).data.attributes.comment).toBe('Very friendly and on time.');
    const row = await db()
      .selectFrom('comments')
      .selectAll()
      .where('id', '=', json(res).data.id)
      .executeTakeFirstOrThrow();
    expect(row.user_id).toBe(hob.id);
    expect(await counters(p)).toMatchObject({ comments: 1 });
    const max = 'y'.repeat(ENGAGEMENT_LIMITS.comment);
    expect(
      (await call('POST', '/api/comments', { user: hob2, body: { data: { provider: p, comment: max } } }))
        .statusCode,
    ).toBe(200);
    expect(await counters(p)).toMatchObject({ comments: 2 });
  });

  it('GET: anyone, newest first, with the commenter names; hidden providers’ comments are not public', async () => {
    const p = await buildProviderAd(ctx, owner);
    for (const [user, comment] of [
      [hob, 'First'],
      [hob2, 'Second'],
      [hob, 'Third'],
    ] as const) {
      await call('POST', '/api/comments', { user, body: { data: { provider: p, comment } } });
      await new Promise((r) => setTimeout(r, 5));
    }
    const res = await call(
      'GET',
      `/api/comments?filters[provider][id][$eq]=${p}&populate[user][fields][0]=first_name&populate[user][fields][1]=last_name`,
    );
    expect(res.statusCode).toBe(200);
    const data = json(res).data as Json[];
    expect(data.map((c) => c.attributes.comment)).toEqual(['Third', 'Second', 'First']);
    expect(data[0]!.attributes.user.data.attributes).toEqual({ first_name: 'Test', last_name: 'Person' });
    expect(Object.keys(data[0]!.attributes).sort()).toEqual(['comment', 'createdAt', 'updatedAt', 'user']);

    await db().updateTable('providers').set({ is_showed: 0 }).where('id', '=', p).execute();
    const all = json(await call('GET', '/api/comments?pagination[pageSize]=100')).data as Json[];
    expect(all.map((c) => c.attributes.comment)).not.toContain('Second');
    expect((await call('GET', `/api/comments/${data[0]!.id}`)).statusCode).toBe(404);
    expect((await call('GET', `/api/comments/${data[0]!.id}`, { user: hob })).statusCode).toBe(200);
  });

  it('PUT: 401, 400, 404, 403 to others; the author and the admin may edit', async () => {
    const p = await buildProviderAd(ctx, owner);
    const c = json(
      await call('POST', '/api/comments', { user: hob, body: { data: { provider: p, comment: 'Hi' } } }),
    );
    const url = `/api/comments/${c.data.id}`;
    expect((await call('PUT', url, { body: { data: { comment: 'x' } } })).statusCode).toBe(401);
    expect((await call('PUT', url, { user: hob, body: { data: { comment: '' } } })).statusCode).toBe(400);
    expect(
      (await call('PUT', `/api/comments/${missing}`, { user: hob, body: { data: { comment: 'x' } } }))
        .statusCode,
    ).toBe(404);
    for (const user of [hob2, owner, vendor]) {
      expect((await call('PUT', url, { user, body: { data: { comment: 'x' } } })).statusCode).toBe(403);
    }
    const edited = await call('PUT', url, { user: hob, body: { data: { comment: ' Edited ' } } });
    expect(edited.statusCode).toBe(200);
    expect(json(edited).data.attributes.comment).toBe('Edited');
    const moderated = await call('PUT', url, { user: admin, body: { data: { comment: 'Moderated' } } });
    expect(json(moderated).data.attributes.comment).toBe('Moderated');
  });

  it('DELETE: 401, 404, 403 to others; the author or the admin deletes and the count drops', async () => {
    const p = await buildProviderAd(ctx, owner);
    const a = json(
      await call('POST', '/api/comments', { user: hob, body: { data: { provider: p, comment: 'A' } } }),
    );
    const b = json(
      await call('POST', '/api/comments', { user: hob2, body: { data: { provider: p, comment: 'B' } } }),
    );
    expect((await call('DELETE', `/api/comments/${a.data.id}`)).statusCode).toBe(401);
    expect((await call('DELETE', `/api/comments/${missing}`, { user: hob })).statusCode).toBe(404);
    expect((await call('DELETE', `/api/comments/${a.data.id}`, { user: hob2 })).statusCode).toBe(403);
    expect((await call('DELETE', `/api/comments/${a.data.id}`, { user: owner })).statusCode).toBe(403);
    const res = await call('DELETE', `/api/comments/${a.data.id}`, { user: hob });
    expect(res.statusCode).toBe(200);
    expect(json(res).data.attributes.comment).toBe('A');
    expect(await counters(p)).toMatchObject({ comments: 1 });
    expect((await call('DELETE', `/api/comments/${b.data.id}`, { user: admin })).statusCode).toBe(200);
    expect(await counters(p)).toMatchObject({ comments: 0 });
  });
});

// ---------------------------------------------------------------------------------------------

describe('messages', () => {
  let toShown: number;
  let toShownByHob2: number;
  let toOther: number;
  beforeAll(async () => {
    const post = async (user: TestUser, provider: number, text: string) =>
      json(await call('POST', '/api/messages', { user, body: { data: { provider, text } } })).data
        .id as number;
    toShown = await post(hob, shown, 'Hello, are you free on Friday?');
    toShownByHob2 = await post(hob2, shown, 'Hi from another hobbyist');
    toOther = await post(hob, other, 'Hello other');
  });

  it('POST 400: blank or too long text, no provider; 404: unknown or hidden provider', async () => {
    for (const data of [
      { provider: shown, text: '  ' },
      { provider: shown, text: 'x'.repeat(ENGAGEMENT_LIMITS.message + 1) },
      { text: 'Hello' },
    ]) {
      expect((await call('POST', '/api/messages', { user: hob, body: { data } })).statusCode).toBe(400);
    }
    for (const provider of [missing, hidden]) {
      expect(
        (await call('POST', '/api/messages', { user: hob, body: { data: { provider, text: 'Hi' } } }))
          .statusCode,
      ).toBe(404);
    }
  });

  it('POST stores the trimmed text for the caller', async () => {
    const res = await call('POST', '/api/messages', {
      user: hob2,
      body: { data: { provider: other, text: ' Trim me ' } },
    });
    expect(res.statusCode).toBe(200);
    expect(json(res).data.attributes).toEqual({ text: 'Trim me', createdAt: expect.any(String) });
    await call('DELETE', `/api/messages/${json(res).data.id}`, { user: hob2 });
  });

  it('GET: never public (401)', async () => {
    expect((await call('GET', '/api/messages')).statusCode).toBe(401);
    expect((await call('GET', `/api/messages/${toShown}`)).statusCode).toBe(401);
  });

  it('GET: a hobbyist sees their own, a provider those to their providers, others none, the admin all', async () => {
    const ids = async (user: TestUser, query = '') =>
      (json(await call('GET', `/api/messages?pagination[pageSize]=100${query}`, { user })).data as Json[])
        .map((m) => m.id as number)
        .sort((a, b) => a - b);
    expect(await ids(hob)).toEqual([toShown, toOther].sort((a, b) => a - b));
    expect(await ids(hob2)).toEqual([toShownByHob2]);
    expect(await ids(owner)).toEqual([toShown, toShownByHob2].sort((a, b) => a - b));
    expect(await ids(otherOwner)).toEqual([toOther]);
    expect(await ids(vendor)).toEqual([]);
    expect(await ids(admin)).toEqual(expect.arrayContaining([toShown, toShownByHob2, toOther]));
    expect(await ids(owner, `&filters[provider][id][$eq]=${other}`)).toEqual([]);
    expect(await ids(hob, `&filters[provider][id][$eq]=${shown}`)).toEqual([toShown]);

    const populated = json(
      await call(
        'GET',
        `/api/messages?filters[provider][id][$eq]=${shown}&populate[user][fields][0]=first_name`,
        {
          user: owner,
        },
      ),
    );
    expect(populated.data[0].attributes.user.data.attributes).toEqual({ first_name: 'Test' });
    expect(JSON.stringify(populated)).not.toContain(hob.email);
  });

  it('GET /:id: 404 for a message the caller may not see', async () => {
    expect((await call('GET', `/api/messages/${toShown}`, { user: hob })).statusCode).toBe(200);
    expect((await call('GET', `/api/messages/${toShown}`, { user: owner })).statusCode).toBe(200);
    for (const user of [hob2, otherOwner, vendor]) {
      expect((await call('GET', `/api/messages/${toShown}`, { user })).statusCode).toBe(404);
    }
  });

  it('PUT and DELETE: 401, 404 when not visible, 403 for the recipient; the author and the admin may', async () => {
    const url = `/api/messages/${toShownByHob2}`;
    for (const method of ['PUT', 'DELETE'] as const) {
      expect((await call(method, url, { body: { data: { text: 'x' } } })).statusCode).toBe(401);
      expect((await call(method, url, { user: hob, body: { data: { text: 'x' } } })).statusCode).toBe(404);
      expect((await call(method, url, { user: otherOwner, body: { data: { text: 'x' } } })).statusCode).toBe(
        404,
      );
      expect((await call(method, url, { user: owner, body: { data: { text: 'x' } } })).statusCode).toBe(403);
    }
    expect((await call('PUT', url, { user: hob2, body: { data: { text: '' } } })).statusCode).toBe(400);
    const edited = await call('PUT', url, { user: hob2, body: { data: { text: 'Edited' } } });
    expect(json(edited).data.attributes.text).toBe('Edited');
    expect((await call('PUT', url, { user: admin, body: { data: { text: 'By admin' } } })).statusCode).toBe(
      200,
    );
    const extra = json(
      await call('POST', '/api/messages', { user: hob2, body: { data: { provider: shown, text: 'Bye' } } }),
    );
    expect((await call('DELETE', `/api/messages/${extra.data.id}`, { user: hob2 })).statusCode).toBe(200);
    expect((await call('DELETE', url, { user: admin })).statusCode).toBe(200);
    expect((await call('GET', url, { user: hob2 })).statusCode).toBe(404);
  });
});

// ---------------------------------------------------------------------------------------------

describe('POST /api/providers/:id/mail', () => {
  it('400: blank, too long or missing message, bad id; 404: unknown or hidden provider', async () => {
    for (const data of [{ message: ' ' }, { message: 'x'.repeat(ENGAGEMENT_LIMITS.mail + 1) }, {}]) {
      expect(
        (await call('POST', `/api/providers/${shown}/mail`, { user: hob, body: { data } })).statusCode,
      ).toBe(400);
    }
    expect(
      (await call('POST', '/api/providers/abc/mail', { user: hob, body: { data: { message: 'Hi' } } }))
        .statusCode,
    ).toBe(400);
    for (const id of [missing, hidden]) {
      expect(
        (await call('POST', `/api/providers/${id}/mail`, { user: hob, body: { data: { message: 'Hi' } } }))
          .statusCode,
      ).toBe(404);
    }
    expect(ctx.mailer.sent).toHaveLength(0);
  });

  it("sends to the provider's account address with reply-to the hobbyist, and never answers the address", async () => {
    const res = await call('POST', `/api/providers/${shown}/mail`, {
      user: hob,
      body: { data: { message: '  Hello, may I book Friday at 8?  ' } },
    });
    expect(res.statusCode).toBe(200);
    expect(json(res)).toEqual({ data: { sent: true }, meta: {} });
    expect(res.body).not.toContain(owner.email);
    expect(ctx.mailer.sent).toHaveLength(1);
    const mail = ctx.mailer.sent[0]!;
    expect(mail.to).toBe(owner.email);
    expect(mail.replyTo).toBe(hob.email);
    expect(mail.subject).toBe('Message from Test via Live the Fantasy');
    expect(mail.text).toContain('Hello, may I book Friday at 8?');
    expect(mail.text).not.toContain(hob.email);
  });

  it('is limited per account', async () => {
    const h = await buildHobbyist(ctx);
    const before = ctx.mailer.sent.length;
    for (let i = 0; i < ENGAGEMENT_LIMITS.mailPerHour; i++) {
      const res = await call('POST', `/api/providers/${other}/mail`, {
        user: h,
        body: { data: { message: `Hi ${i}` } },
      });
      expect(res.statusCode).toBe(200);
    }
    const over = await call('POST', `/api/providers/${other}/mail`, {
      user: h,
      body: { data: { message: 'Hi' } },
    });
    expect(over.statusCode).toBe(429);
    expect(ctx.mailer.sent.length - before).toBe(ENGAGEMENT_LIMITS.mailPerHour);
    // Another account is not affected.
    expect(
      (await call('POST', `/api/providers/${other}/mail`, { user: hob2, body: { data: { message: 'Hi' } } }))
        .statusCode,
    ).toBe(200);
  });
});

// ---------------------------------------------------------------------------------------------

describe('GET /api/payment-info', () => {
  it('anyone gets the configured address and its QR code as a PNG data URL', async () => {
    const res = await call('GET', '/api/payment-info');
    expect(res.statusCode).toBe(200);
    const { address, qr, tip_max_amount } = json(res).data;
    expect(address).toBe(DEFAULT_PAYMENT_ADDRESS);
    expect(tip_max_amount).toBe(DEFAULT_TIP_MAX_AMOUNT);
    expect(qr).toMatch(/^data:image\/png;base64,[A-Za-z0-9+/]+=*$/);
    const png = Buffer.from(qr.split(',')[1], 'base64');
    expect(png.subarray(1, 4).toString()).toBe('PNG');

    await db()
      .updateTable('settings')
      .set({ value: 'PAY-TO: operator@example.test' })
      .where('key', '=', 'payment_address')
      .execute();
    const changed = json(await call('GET', '/api/payment-info', { user: hob })).data;
    expect(changed.address).toBe('PAY-TO: operator@example.test');
    expect(changed.qr).not.toBe(qr);
    await db()
      .updateTable('settings')
      .set({ value: DEFAULT_PAYMENT_ADDRESS })
      .where('key', '=', 'payment_address')
      .execute();
  });
});

// ---------------------------------------------------------------------------------------------

describe('tips and transactions', () => {
  const tip = (provider: number, tip_amount: unknown = 25.5, transaction_id: unknown = 'TX-1001') => ({
    data: { provider, tip_amount, transaction_id },
  });
  const NONE = Symbol('absent');
  /** A tip body where NONE leaves the field out. */
  const tipWith = (provider: number, tip_amount: unknown, transaction_id: unknown) => ({
    data: {
      provider,
      ...(tip_amount === NONE ? {} : { tip_amount }),
      ...(transaction_id === NONE ? {} : { transaction_id }),
    },
  });

  it('POST /api/tips 400: amount not > 0, over 10,000, sub-cent, not a number; transaction id blank or long', async () => {
    const bad: [unknown, unknown, string][] = [
      [0, 'TX', MESSAGES.tip.amountPositive],
      [-5, 'TX', MESSAGES.tip.amountPositive],
      [10_000.01, 'TX', MESSAGES.tip.amountTooLarge],
      [1.234, 'TX', MESSAGES.tip.amountCents],
      ['50', 'TX', MESSAGES.tip.amountRequired],
      [NONE, 'TX', MESSAGES.tip.amountRequired],
      [5, '   ', MESSAGES.tip.transactionIdRequired],
      [5, NONE, MESSAGES.tip.transactionIdRequired],
      [5, 'x'.repeat(ENGAGEMENT_LIMITS.transactionId + 1), MESSAGES.tip.transactionIdTooLong],
    ];
    for (const [amount, txId, message] of bad) {
      const res = await call('POST', '/api/tips', { user: hob, body: tipWith(shown, amount, txId) });
      expect(res.statusCode, `${String(amount)} ${String(txId)}`).toBe(400);
      expect(json(res).error.details.errors.map((e: Json) => e.message)).toContain(message);
    }
    expect(await db().selectFrom('tips').select('id').execute()).toHaveLength(0);
  });

  it('POST /api/tips 404: unknown or hidden provider', async () => {
    for (const provider of [missing, hidden]) {
      expect((await call('POST', '/api/tips', { user: hob, body: tip(provider) })).statusCode).toBe(404);
    }
    expect(await db().selectFrom('transactions').select('id').execute()).toHaveLength(0);
  });

  let tipId: number;
  it("records the tip and exactly one pending credit transaction for the provider's user", async () => {
    const res = await call('POST', '/api/tips', { user: hob, body: tip(shown, 25.5, '  TX-1001  ') });
    expect(res.statusCode).toBe(200);
    const body = json(res);
    tipId = body.data.id;
    expect(body.data.attributes).toEqual({
      transaction_id: 'TX-1001',
      tip_amount: 25.5,
      payment_status: 'pending',
      createdAt: expect.any(String),
    });
    const stored = await db()
      .selectFrom('tips')
      .selectAll()
      .where('id', '=', tipId)
      .executeTakeFirstOrThrow();
    expect(stored).toMatchObject({
      user_id: hob.id,
      provider_id: shown,
      tip_amount: 2550,
      payment_status: 'pending',
    });
    const txs = await db().selectFrom('transactions').selectAll().where('tip_id', '=', tipId).execute();
    expect(txs).toHaveLength(1);
    expect(txs[0]).toMatchObject({
      transaction_uid: 'TX-1001',
      transaction_amount: 2550,
      user_id: owner.id,
      order_type: 'tip',
      transaction_type: 'credit',
      payment_status: 'pending',
    });
    // The cap itself is allowed (default $1,000; above it: see "the tip cap").
    const max = await call('POST', '/api/tips', {
      user: hob2,
      body: tip(other, DEFAULT_TIP_MAX_AMOUNT, 'TX-2002'),
    });
    expect(max.statusCode).toBe(200);
    expect(json(max).data.attributes.tip_amount).toBe(DEFAULT_TIP_MAX_AMOUNT);
  });

  it('GET /api/tips: the tipper, the provider’s user and the admin; nobody else', async () => {
    expect((await call('GET', '/api/tips')).statusCode).toBe(401);
    const ids = async (user: TestUser) =>
      (json(await call('GET', '/api/tips', { user })).data as Json[]).map((t) => t.id as number);
    expect(await ids(hob)).toEqual([tipId]);
    expect(await ids(owner)).toEqual([tipId]);
    expect(await ids(otherOwner)).not.toContain(tipId);
    expect(await ids(hob2)).not.toContain(tipId);
    expect(await ids(vendor)).toEqual([]);
    expect(await ids(admin)).toContain(tipId);
    expect((await call('GET', `/api/tips/${tipId}`, { user: owner })).statusCode).toBe(200);
    expect((await call('GET', `/api/tips/${tipId}`, { user: hob2 })).statusCode).toBe(404);
    const populated = json(
      await call('GET', `/api/tips/${tipId}?populate[provider][fields][0]=title`, { user: hob }),
    );
    expect(populated.data.attributes.provider.data.id).toBe(shown);
  });

  it('GET /api/transactions: own (the credited provider’s user), the tipper, the admin; others none', async () => {
    expect((await call('GET', '/api/transactions')).statusCode).toBe(401);
    const list = async (user: TestUser, query = '') =>
      json(await call('GET', `/api/transactions${query}`, { user })).data as Json[];
    const mine = await list(owner);
    expect(mine).toHaveLength(1);
    expect(mine[0]!.attributes).toMatchObject({
      transaction_uid: 'TX-1001',
      transaction_amount: 25.5,
      order_type: 'tip',
      transaction_type: 'credit',
      payment_status: 'pending',
    });
    // The tipper follows the state of the credit their tip made (it is not their money: see the wallet).
    expect((await list(hob)).map((t) => t.attributes.transaction_uid)).toEqual(['TX-1001']);
    expect((await list(hob2)).map((t) => t.attributes.transaction_uid)).toEqual(['TX-2002']);
    expect(await list(vendor)).toEqual([]);
    expect((await list(otherOwner)).map((t) => t.attributes.transaction_uid)).toEqual(['TX-2002']);
    expect((await list(admin)).length).toBeGreaterThanOrEqual(2);

    // The wallet screen's query: own or tips to own providers, everything populated, newest first.
    const wallet = await list(
      owner,
      `?filters[$or][0][tip][provider][user][id][$eq]=${owner.id}&filters[$or][1][user][id][$eq]=${owner.id}` +
        '&populate[tip][populate][provider][fields][0]=title&populate[user]=*&sort=id:desc',
    );
    expect(wallet).toHaveLength(1);
    expect(wallet[0]!.attributes.tip.data).toMatchObject({ id: tipId, attributes: { tip_amount: 25.5 } });
    expect(wallet[0]!.attributes.tip.data.attributes.provider.data.id).toBe(shown);
    expect(wallet[0]!.attributes.user.data.id).toBe(owner.id);
    expect(JSON.stringify(wallet)).not.toContain(owner.email);

    const txId = mine[0]!.id as number;
    expect((await call('GET', `/api/transactions/${txId}`, { user: owner })).statusCode).toBe(200);
    expect((await call('GET', `/api/transactions/${txId}`, { user: hob })).statusCode).toBe(200);
    expect((await call('GET', `/api/transactions/${txId}`, { user: hob2 })).statusCode).toBe(404);
    expect((await call('GET', `/api/transactions/${txId}`, { user: otherOwner })).statusCode).toBe(404);
  });

  it('POST /api/transactions: admin only (adjustments)', async () => {
    const adjustment = {
      data: { user: owner.id, transaction_uid: 'ADJ-1', transaction_amount: 10, transaction_type: 'debit' },
    };
    expect((await call('POST', '/api/transactions', { body: adjustment })).statusCode).toBe(401);
    for (const user of [hob, owner, vendor]) {
      expect((await call('POST', '/api/transactions', { user, body: adjustment })).statusCode).toBe(403);
    }
    expect(
      (
        await call('POST', '/api/transactions', {
          user: admin,
          body: { data: { ...adjustment.data, transaction_amount: 0 } },
        })
      ).statusCode,
    ).toBe(400);
    const unknown = await call('POST', '/api/transactions', {
      user: admin,
      body: { data: { ...adjustment.data, user: missing } },
    });
    expect(unknown.statusCode).toBe(400);
    expect(errorPaths(unknown)).toEqual(['data.user']);
    const res = await call('POST', '/api/transactions', { user: admin, body: adjustment });
    expect(res.statusCode).toBe(200);
    expect(json(res).data.attributes).toMatchObject({
      transaction_amount: 10,
      transaction_type: 'debit',
      order_type: 'other',
      payment_status: 'verified',
    });
    const owned = json(await call('GET', '/api/transactions', { user: owner })).data as Json[];
    expect(owned.map((t) => t.attributes.transaction_uid)).toEqual(['ADJ-1', 'TX-1001']);
  });

  it('POST /api/tips 400: a transaction ID already used for a tip, also when two race', async () => {
    const before = await db().selectFrom('transactions').select('id').execute();
    for (const user of [hob, hob2]) {
      const res = await call('POST', '/api/tips', { user, body: tip(other, 5, ' TX-1001 ') });
      expect(res.statusCode).toBe(400);
      expect(json(res).error.details.errors).toEqual([
        {
          path: ['data', 'transaction_id'],
          message: MESSAGES.tip.transactionIdUsed,
          name: 'ValidationError',
        },
      ]);
    }
    const raced = await Promise.all(
      [hob, hob2].map((user) => call('POST', '/api/tips', { user, body: tip(other, 7, 'TX-RACE') })),
    );
    expect(raced.map((r) => r.statusCode).sort()).toEqual([200, 400]);
    const after = await db().selectFrom('transactions').select('id').execute();
    expect(after).toHaveLength(before.length + 1);
    const racedTips = await db()
      .selectFrom('tips')
      .select('id')
      .where('transaction_id', '=', 'TX-RACE')
      .execute();
    expect(racedTips).toHaveLength(1);
  });
});

// ---------------------------------------------------------------------------------------------

describe('tip payment state and the wallet (issue 9, item 3)', () => {
  /** Owns `ad`; its wallet starts empty. */
  let payee: TestUser;
  let tipper: TestUser;
  let ad: number;
  let seq = 0;
  beforeAll(async () => {
    payee = await buildProvider(ctx);
    tipper = await buildHobbyist(ctx);
    ad = await buildProviderAd(ctx, payee);
  });

  const postTip = (user: TestUser, tip_amount: number, provider = ad) =>
    call('POST', '/api/tips', {
      user,
      body: { data: { provider, tip_amount, transaction_id: `MADE-UP-${Date.now()}-${seq++}` } },
    });
  const review = (id: number, data: unknown, user: TestUser | null = admin) =>
    call('PUT', `/api/tips/${id}`, { user, body: { data } });
  const wallet = async (user: TestUser) => {
    const res = await call('GET', '/api/wallet', { user });
    expect(res.statusCode).toBe(200);
    return json(res).data;
  };
  const states = async (tipId: number) => ({
    tip: (await db().selectFrom('tips').select('payment_status').where('id', '=', tipId).executeTakeFirst())
      ?.payment_status,
    ledger: (
      await db().selectFrom('transactions').select('payment_status').where('tip_id', '=', tipId).execute()
    ).map((r) => r.payment_status),
  });
  const empty = {
    totalCredit: 0,
    totalDebit: 0,
    totalCreditPackage: 0,
    totalIncome: 0,
    totalWalletBalance: 0,
    pending: { totalCredit: 0, totalDebit: 0, count: 0 },
  };

  let verifiedId: number;
  let rejectedId: number;
  it('a made-up tip is pending everywhere and does not count in the balance', async () => {
    expect(await wallet(payee)).toEqual(empty);
    const res = await postTip(tipper, 40);
    expect(res.statusCode).toBe(200);
    verifiedId = json(res).data.id;
    expect(json(res).data.attributes.payment_status).toBe('pending');
    expect(await states(verifiedId)).toEqual({ tip: 'pending', ledger: ['pending'] });
    for (const user of [tipper, payee, admin]) {
      const tips = json(await call('GET', `/api/tips?filters[id][$eq]=${verifiedId}`, { user })).data;
      expect(
        tips.map((t: Json) => t.attributes.payment_status),
        user.email,
      ).toEqual(['pending']);
    }
    const ledger = json(await call('GET', '/api/transactions', { user: payee })).data as Json[];
    expect(ledger.map((t) => [t.attributes.transaction_amount, t.attributes.payment_status])).toEqual([
      [40, 'pending'],
    ]);
    expect(await wallet(payee)).toEqual({ ...empty, pending: { totalCredit: 40, totalDebit: 0, count: 1 } });
    // The tipper's own wallet holds nothing of it: a tip sent is the provider's credit.
    expect(await wallet(tipper)).toEqual(empty);
  });

  it('PUT /api/tips/:id: admin only (401 anonymous, 403 anyone else), nothing changes', async () => {
    expect((await review(verifiedId, { payment_status: 'verified' }, null)).statusCode).toBe(401);
    for (const user of [tipper, payee, hob2, vendor, otherOwner]) {
      const res = await review(verifiedId, { payment_status: 'verified' }, user);
      expect(res.statusCode, user.email).toBe(403);
    }
    expect(await states(verifiedId)).toEqual({ tip: 'pending', ledger: ['pending'] });
    expect((await wallet(payee)).totalWalletBalance).toBe(0);
  });

  it('PUT /api/tips/:id 400 for any other body, 404 for a missing tip; nothing changes', async () => {
    const bad: unknown[] = [
      { payment_status: 'pending' },
      { payment_status: 'paid' },
      { payment_status: 'VERIFIED' },
      { payment_status: 1 },
      {},
      { payment_status: 'verified', tip_amount: 1 },
      null,
    ];
    for (const data of bad) {
      const res = await review(verifiedId, data);
      expect(res.statusCode, JSON.stringify(data)).toBe(400);
      expect(json(res).error.name).toBe('ValidationError');
    }
    const msg = json(await review(verifiedId, { payment_status: 'paid' })).error.details.errors;
    expect(msg).toEqual([
      expect.objectContaining({
        path: ['data', 'payment_status'],
        message: MESSAGES.tip.paymentStatusInvalid,
      }),
    ]);
    expect((await call('PUT', `/api/tips/${verifiedId}`, { user: admin, body: {} })).statusCode).toBe(400);
    expect((await review(missing, { payment_status: 'verified' })).statusCode).toBe(404);
    expect(await states(verifiedId)).toEqual({ tip: 'pending', ledger: ['pending'] });
  });

  it('verified by the admin: the tip and its ledger row are verified and count in the balance', async () => {
    const res = await review(verifiedId, { payment_status: 'verified' });
    expect(res.statusCode).toBe(200);
    expect(json(res).data).toMatchObject({
      id: verifiedId,
      attributes: { tip_amount: 40, payment_status: 'verified' },
    });
    expect(await states(verifiedId)).toEqual({ tip: 'verified', ledger: ['verified'] });
    expect(await wallet(payee)).toEqual({
      ...empty,
      totalCredit: 40,
      totalIncome: 40,
      totalWalletBalance: 40,
    });
    // Verifying again changes nothing.
    expect((await review(verifiedId, { payment_status: 'verified' })).statusCode).toBe(200);
    expect((await wallet(payee)).totalWalletBalance).toBe(40);
  });

  it('rejected: never counts, neither in the balance nor as pending', async () => {
    const res = await postTip(tipper, 15.25);
    rejectedId = json(res).data.id;
    expect((await wallet(payee)).pending).toEqual({ totalCredit: 15.25, totalDebit: 0, count: 1 });
    const rejected = await review(rejectedId, { payment_status: 'rejected' });
    expect(rejected.statusCode).toBe(200);
    expect(json(rejected).data.attributes.payment_status).toBe('rejected');
    expect(await states(rejectedId)).toEqual({ tip: 'rejected', ledger: ['rejected'] });
    expect(await wallet(payee)).toEqual({
      ...empty,
      totalCredit: 40,
      totalIncome: 40,
      totalWalletBalance: 40,
    });
    // Its transaction ID stays used: a rejected payment cannot be quoted again.
    const tx = (
      await db()
        .selectFrom('tips')
        .select('transaction_id')
        .where('id', '=', rejectedId)
        .executeTakeFirstOrThrow()
    ).transaction_id;
    const again = await call('POST', '/api/tips', {
      user: tipper,
      body: { data: { provider: ad, tip_amount: 5, transaction_id: tx } },
    });
    expect(again.statusCode).toBe(400);
  });

  it('the totals of spec §4 over verified rows: balance = credit − debit (floored at 0), income = credit − package credit', async () => {
    const adjust = (data: Record<string, unknown>) =>
      call('POST', '/api/transactions', {
        user: admin,
        body: { data: { user: payee.id, transaction_uid: `ADJ-${seq++}`, ...data } },
      });
    expect((await adjust({ transaction_amount: 100, transaction_type: 'debit' })).statusCode).toBe(200);
    expect(await wallet(payee)).toMatchObject({ totalCredit: 40, totalDebit: 100, totalWalletBalance: 0 });
    expect(
      (await adjust({ transaction_amount: 200.1, transaction_type: 'credit', order_type: 'package' }))
        .statusCode,
    ).toBe(200);
    await postTip(tipper, 7.5); // pending: apart
    expect(await wallet(payee)).toEqual({
      totalCredit: 240.1,
      totalDebit: 100,
      totalCreditPackage: 200.1,
      totalIncome: 40,
      totalWalletBalance: 140.1,
      pending: { totalCredit: 7.5, totalDebit: 0, count: 1 },
    });
    // Another provider's wallet holds none of it.
    expect(await wallet(await buildProvider(ctx))).toEqual(empty);
    expect((await call('GET', '/api/wallet')).statusCode).toBe(401);
  });
});

describe('the tip cap and the hourly tip limit', () => {
  let payee: TestUser;
  let ad: number;
  let seq = 0;
  beforeAll(async () => {
    payee = await buildProvider(ctx);
    ad = await buildProviderAd(ctx, payee);
  });
  const postTip = (user: TestUser, tip_amount: number) =>
    call('POST', '/api/tips', {
      user,
      body: { data: { provider: ad, tip_amount, transaction_id: `CAP-${Date.now()}-${seq++}` } },
    });
  const tipCount = async () =>
    (await db().selectFrom('tips').select('id').where('provider_id', '=', ad).execute()).length;
  const setSetting = (key: string, value: string) =>
    db().updateTable('settings').set({ value }).where('key', '=', key).execute();

  it('a tip above the cap (default $1,000) is a 400 at data.tip_amount; nothing is written', async () => {
    const tipper = await buildHobbyist(ctx);
    const before = await db().selectFrom('transactions').select('id').execute();
    for (const amount of [DEFAULT_TIP_MAX_AMOUNT + 0.01, 5000, 10_000]) {
      const res = await postTip(tipper, amount);
      expect(res.statusCode, String(amount)).toBe(400);
      expect(json(res).error.details.errors).toEqual([
        {
          path: ['data', 'tip_amount'],
          message: `${MESSAGES.tip.amountOverCap} $1,000.00`,
          name: 'ValidationError',
        },
      ]);
    }
    expect(await tipCount()).toBe(0);
    expect(await db().selectFrom('transactions').select('id').execute()).toHaveLength(before.length);
    expect((await postTip(tipper, DEFAULT_TIP_MAX_AMOUNT)).statusCode).toBe(200);

    // The operator's setting decides; an unreadable value falls back to the default.
    await setSetting('tip_max_amount', '50');
    const over = await postTip(tipper, 50.01);
    expect(over.statusCode).toBe(400);
    expect(json(over).error.message).toBe(`${MESSAGES.tip.amountOverCap} $50.00`);
    expect(json(await call('GET', '/api/payment-info')).data.tip_max_amount).toBe(50);
    expect((await postTip(tipper, 50)).statusCode).toBe(200);
    await setSetting('tip_max_amount', 'lots');
    expect((await postTip(tipper, DEFAULT_TIP_MAX_AMOUNT + 1)).statusCode).toBe(400);
    await setSetting('tip_max_amount', String(DEFAULT_TIP_MAX_AMOUNT));
    expect(await tipCount()).toBe(2);
  });

  it(`the ${DEFAULT_TIPS_PER_HOUR + 1}st tip of a hobbyist in an hour is a 429; others still tip`, async () => {
    const tipper = await buildHobbyist(ctx);
    const before = await tipCount();
    for (let i = 0; i < DEFAULT_TIPS_PER_HOUR; i++) {
      const res = await postTip(tipper, 1);
      expect(res.statusCode, `tip ${i + 1}`).toBe(200);
    }
    const over = await postTip(tipper, 1);
    expect(over.statusCode).toBe(429);
    expect(json(over).error).toMatchObject({ name: 'RateLimitError', message: MESSAGES.tip.tooMany });
    expect(await tipCount()).toBe(before + DEFAULT_TIPS_PER_HOUR);
    // Per account: another hobbyist (from any address) is not held back.
    expect((await postTip(await buildHobbyist(ctx), 1)).statusCode).toBe(200);
  });
});
