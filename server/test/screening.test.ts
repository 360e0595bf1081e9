import { HOBBYIST_RATING_KINDS, HOBBYIST_RATING_PATHS, MESSAGES, SCREENING_LIMITS } from '@app/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DEMO_SCREENING_COMMENTS,
  DEMO_SCREENING_NUMBERS,
  seedDemoScreening,
} from '../src/demo/seed-demo-screening.ts';
import {
  buildAdmin,
  buildHobbyist,
  buildProvider,
  buildVendor,
  createTestApp,
  type TestContext,
  type TestUser,
  usernameOf,
} from './helpers.ts';

/**
 * Screening of hobbyists by providers (server/src/modules/screening/):
 * `/api/customer-hobbyists`, `/api/hobbyist-likes|averages|dislikes`, `/api/hobbyist-comments` and
 * the flag. Providers and the admin only, reads included.
 */
let ctx: TestContext;
let admin: TestUser;
let vendor: TestUser;
let hob: TestUser;
let p1: TestUser;
let p2: TestUser;
beforeAll(async () => {
  ctx = await createTestApp();
  admin = await buildAdmin(ctx);
  vendor = await buildVendor(ctx);
  hob = await buildHobbyist(ctx);
  p1 = await buildProvider(ctx);
  p2 = await buildProvider(ctx);
});
afterAll(() => ctx.close());

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
let addressSeq = 1;
const call = (method: Method, url: string, opts: { user?: TestUser | null; body?: unknown } = {}) =>
  ctx.app.inject({
    method,
    url,
    ...(opts.body !== undefined ? { payload: opts.body as object } : {}),
    headers: opts.user ? opts.user.auth : {},
    remoteAddress: `10.12.${Math.floor(addressSeq / 250) % 250}.${addressSeq++ % 250}`,
  });
type Reply = Awaited<ReturnType<typeof call>>;
// eslint-disable-next-line @typescript-eslint/no-explicit-any
const json = (res: Reply): any => res.json();
const db = () => ctx.database.db;

let phoneSeq = 1000;
/** A fresh fake number, `555-01xx-…` style, with dashes. */
const newPhone = () =>
  `555-${String(phoneSeq++).padStart(4, '0')}-${String(phoneSeq % 10000).padStart(4, '0')}`;

async function addRecord(user: TestUser, phone = newPhone()): Promise<number> {
  const res = await call('POST', '/api/customer-hobbyists', {
    user,
    body: { data: { phone_number: phone } },
  });
  expect(res.statusCode, res.body).toBe(200);
  return json(res).data.id;
}
async function rate(user: TestUser, kind: 'like' | 'average' | 'dislike', record: number) {
  return call('POST', `/api/${HOBBYIST_RATING_PATHS[kind]}`, {
    user,
    body: { data: { customer_hobbyist: record } },
  });
}
async function addComment(user: TestUser, record: number, text = 'Polite and on time.'): Promise<number> {
  const res = await call('POST', '/api/hobbyist-comments', {
    user,
    body: { data: { customer_hobbyist: record, hobbyist_comment: text } },
  });
  expect(res.statusCode, res.body).toBe(200);
  return json(res).data.id;
}
async function record(user: TestUser, id: number) {
  const res = await call('GET', `/api/customer-hobbyists/${id}`, { user });
  expect(res.statusCode, res.body).toBe(200);
  return json(res).data.attributes;
}
const ratingRows = (userId: number, recordId: number) =>
  db()
    .selectFrom('hobbyist_ratings')
    .select(['id', 'kind'])
    .where('user_id', '=', userId)
    .where('customer_hobbyist_id', '=', recordId)
    .execute();

describe('who may call screening', () => {
  it('anonymous 401, hobbyist and vendor 403 on every route (reads and writes); no phone number leaks', async () => {
    const phone = newPhone();
    const rec = await addRecord(p1, phone);
    const like = json(await rate(p1, 'like', rec)).data.id;
    const comment = await addComment(p1, rec);
    const digits = phone.replace(/\D/g, '');
    const routes: [Method, string, unknown?][] = [
      ['GET', '/api/customer-hobbyists'],
      ['GET', `/api/customer-hobbyists?filters[phone_number][$startsWith]=${digits.slice(0, 5)}`],
      ['GET', `/api/customer-hobbyists/${rec}`],
      ['POST', '/api/customer-hobbyists', { data: { phone_number: newPhone() } }],
      ['PUT', `/api/customer-hobbyists/${rec}`, { data: { phone_number: newPhone() } }],
      ['DELETE', `/api/customer-hobbyists/${rec}`],
      ...HOBBYIST_RATING_KINDS.flatMap((kind): [Method, string, unknown?][] => [
        ['GET', `/api/${HOBBYIST_RATING_PATHS[kind]}?populate=*`],
        ['GET', `/api/${HOBBYIST_RATING_PATHS[kind]}/${like}?populate=*`],
        ['POST', `/api/${HOBBYIST_RATING_PATHS[kind]}`, { data: { customer_hobbyist: rec } }],
        ['PUT', `/api/${HOBBYIST_RATING_PATHS[kind]}/${like}`, { data: {} }],
        ['DELETE', `/api/${HOBBYIST_RATING_PATHS[kind]}/${like}`],
      ]),
      ['GET', '/api/hobbyist-comments?populate=*'],
      ['GET', `/api/hobbyist-comments/${comment}?populate=*`],
      ['POST', '/api/hobbyist-comments', { data: { customer_hobbyist: rec, hobbyist_comment: 'Hi.' } }],
      ['PUT', `/api/hobbyist-comments/${comment}`, { data: { hobbyist_comment: 'Edited.' } }],
      ['DELETE', `/api/hobbyist-comments/${comment}`],
      ['POST', `/api/hobbyist-comments/${comment}/flag`, { data: {} }],
    ];
    for (const [method, url, body] of routes) {
      const anon = await call(method, url, { body });
      expect(anon.statusCode, `anonymous ${method} ${url}`).toBe(401);
      for (const user of [hob, vendor]) {
        const res = await call(method, url, { user, body });
        expect(res.statusCode, `${method} ${url}`).toBe(403);
        expect(res.body).not.toContain(digits);
        // The admin-only routes say so; the others say screening is for providers.
        const adminRoute = url.startsWith(`/api/customer-hobbyists/${rec}`) && method !== 'GET';
        if (!adminRoute) expect(json(res).error.message).toBe(MESSAGES.screening.providersOnly);
      }
    }
    // Nothing changed.
    expect((await record(p1, rec)).phone_number).toBe(digits);
    expect(await ratingRows(p1.id, rec)).toHaveLength(1);
  });

  it('providers and the admin read every record, rating and comment', async () => {
    const rec = await addRecord(p1);
    await rate(p1, 'like', rec);
    await addComment(p1, rec);
    for (const user of [p1, p2, admin]) {
      expect((await call('GET', `/api/customer-hobbyists/${rec}`, { user })).statusCode).toBe(200);
      const likes = await call('GET', `/api/hobbyist-likes?filters[customer_hobbyist][id][$eq]=${rec}`, {
        user,
      });
      expect(json(likes).data).toHaveLength(1);
      const comments = await call(
        'GET',
        `/api/hobbyist-comments?filters[customer_hobbyist][id][$eq]=${rec}`,
        {
          user,
        },
      );
      expect(json(comments).data).toHaveLength(1);
    }
  });

  it("PUT and DELETE of a record are the admin's: providers 403", async () => {
    const rec = await addRecord(p1);
    for (const user of [p1, p2]) {
      const put = await call('PUT', `/api/customer-hobbyists/${rec}`, {
        user,
        body: { data: { phone_number: newPhone() } },
      });
      expect(put.statusCode).toBe(403);
      expect((await call('DELETE', `/api/customer-hobbyists/${rec}`, { user })).statusCode).toBe(403);
    }
  });
});

describe('records: phone numbers as digits', () => {
  it('stores digits; 555-123-4567 and 5551234567 are one record (meta.existing), never a duplicate', async () => {
    const first = await call('POST', '/api/customer-hobbyists', {
      user: p1,
      body: { data: { phone_number: ' 555-123-4567 ' } },
    });
    expect(first.statusCode).toBe(200);
    const body = json(first);
    expect(body.meta).toEqual({ existing: false });
    expect(body.data.attributes).toMatchObject({
      phone_number: '5551234567',
      likes_count: 0,
      averages_count: 0,
      dislikes_count: 0,
      comments_count: 0,
      my_rating: null,
    });
    expect(Object.keys(body.data.attributes).sort()).toEqual(
      [
        'phone_number',
        'createdAt',
        'updatedAt',
        'likes_count',
        'averages_count',
        'dislikes_count',
        'comments_count',
        'my_rating',
      ].sort(),
    );
    for (const [user, phone] of [
      [p2, '5551234567'],
      [p1, '(555) 123 4567'],
      [admin, '555.123.4567'],
    ] as const) {
      const again = await call('POST', '/api/customer-hobbyists', {
        user,
        body: { data: { phone_number: phone } },
      });
      expect(again.statusCode).toBe(200);
      expect(json(again).data.id).toBe(body.data.id);
      expect(json(again).meta).toEqual({ existing: true });
    }
    const rows = await db()
      .selectFrom('customer_hobbyists')
      .select(['id', 'created_by'])
      .where('phone_number', '=', '5551234567')
      .execute();
    expect(rows).toEqual([{ id: body.data.id, created_by: p1.id }]);
  });

  it('parallel posts of one new number make one record', async () => {
    const phone = '555-0177-0001';
    const replies = await Promise.all(
      [p1, p2, p1, p2, admin].map((user) =>
        call('POST', '/api/customer-hobbyists', { user, body: { data: { phone_number: phone } } }),
      ),
    );
    expect(replies.map((r) => r.statusCode)).toEqual([200, 200, 200, 200, 200]);
    expect(new Set(replies.map((r) => json(r).data.id)).size).toBe(1);
    expect(replies.filter((r) => json(r).meta.existing === false)).toHaveLength(1);
    const rows = await db()
      .selectFrom('customer_hobbyists')
      .select('id')
      .where('phone_number', '=', '55501770001')
      .execute();
    expect(rows).toHaveLength(1);
  });

  it('searches on digits: $startsWith, $eq and $contains take a formatted value', async () => {
    const a = await addRecord(p1, '555-988-1111');
    const b = await addRecord(p1, '555-988-2222');
    const c = await addRecord(p1, '555-989-0000');
    const ids = async (query: string) => {
      const res = await call('GET', `/api/customer-hobbyists?${query}`, { user: p2 });
      expect(res.statusCode, res.body).toBe(200);
      return json(res).data.map((d: { id: number }) => d.id);
    };
    expect(await ids(`filters[phone_number][$startsWith]=${encodeURIComponent('555-98')}`)).toEqual(
      expect.arrayContaining([a, b, c]),
    );
    expect(await ids(`filters[phone_number][$startsWith]=${encodeURIComponent('555-988')}`)).toEqual([b, a]);
    expect(await ids(`filters[phone_number][$startsWith]=${encodeURIComponent('(555) 988-2')}`)).toEqual([b]);
    expect(await ids(`filters[phone_number][$eq]=${encodeURIComponent('555 989 0000')}`)).toEqual([c]);
    expect(await ids(`filters[phone_number][$contains]=${encodeURIComponent('88-11')}`)).toEqual([a]);
    expect(await ids('filters[phone_number][$startsWith]=abc')).toEqual([]);
    // Through a relation too: a rating's record.
    await rate(p2, 'like', c);
    const likes = await call(
      'GET',
      `/api/hobbyist-likes?filters[customer_hobbyist][phone_number][$startsWith]=${encodeURIComponent('555-989')}`,
      { user: p1 },
    );
    expect(json(likes).data).toHaveLength(1);
  });

  it("the screen's search, $contains, finds the digits anywhere in the number; wildcards are plain text", async () => {
    const a = await addRecord(p1, '408-771-5501');
    const b = await addRecord(p1, '650-550-1000');
    const c = await addRecord(p1, '5501-234-999');
    const found = async (text: string) => {
      const res = await call(
        'GET',
        `/api/customer-hobbyists?filters[phone_number][$contains]=${encodeURIComponent(text)}&pagination[pageSize]=20`,
        { user: p2 },
      );
      expect(res.statusCode, res.body).toBe(200);
      return json(res).data.map((d: { id: number }) => d.id) as number[];
    };
    // At the end, in the middle and at the start alike, newest first.
    expect(await found('5501')).toEqual(expect.arrayContaining([c, b, a]));
    expect((await found('5501')).filter((id) => [a, b, c].includes(id))).toEqual([c, b, a]);
    expect(await found('771-55')).toEqual([a]);
    expect(await found('0-1000')).toEqual([b]);
    // LIKE's and GLOB's wildcards in a value without digits are looked for as they are: nothing has them.
    for (const wildcard of ['%', '_', '*', '?', '[0-9]', '\\'])
      expect(await found(wildcard), wildcard).toEqual([]);
    // Typed among the digits, they are dropped with the other non-digits: 55%01 searches 5501.
    expect((await found('55%01')).filter((id) => [a, b, c].includes(id))).toEqual([c, b, a]);
  });

  it(`lists newest first, 10 a page by default, at most ${SCREENING_LIMITS.maxPageSize}`, async () => {
    for (let i = 0; i < 11; i++) await addRecord(admin);
    const res = await call('GET', '/api/customer-hobbyists', { user: p1 });
    const body = json(res);
    expect(body.data).toHaveLength(10);
    expect(body.meta.pagination).toMatchObject({ page: 1, pageSize: 10 });
    expect(body.meta.pagination.total).toBeGreaterThanOrEqual(11);
    const ids = body.data.map((d: { id: number }) => d.id);
    expect(ids).toEqual([...ids].sort((x: number, y: number) => y - x));
    const big = await call('GET', '/api/customer-hobbyists?pagination[pageSize]=500', { user: p1 });
    expect(json(big).meta.pagination.pageSize).toBe(SCREENING_LIMITS.maxPageSize);
  });

  it('400, never 500, for bad input', async () => {
    const bodies = [
      {},
      { phone_number: '555-1234' },
      { data: {} },
      { data: { phone_number: '' } },
      { data: { phone_number: '   ' } },
      { data: { phone_number: 'abc' } },
      { data: { phone_number: '12' } },
      { data: { phone_number: '1'.repeat(16) } },
      { data: { phone_number: 5551234567 } },
      { data: { phone_number: ['555'] } },
      { data: { phone_number: 'x'.repeat(100_000) } },
    ];
    for (const body of bodies) {
      const res = await call('POST', '/api/customer-hobbyists', { user: p1, body });
      expect(res.statusCode, JSON.stringify(body).slice(0, 60)).toBe(400);
    }
    const empty = await call('POST', '/api/customer-hobbyists', {
      user: p1,
      body: { data: { phone_number: '' } },
    });
    expect(json(empty).error.details.errors[0].message).toBe(MESSAGES.screening.phoneRequired);
    const invalid = await call('POST', '/api/customer-hobbyists', {
      user: p1,
      body: { data: { phone_number: 'abc' } },
    });
    expect(json(invalid).error.details.errors[0].message).toBe(MESSAGES.screening.phoneInvalid);
    for (const url of [
      '/api/customer-hobbyists/abc',
      '/api/customer-hobbyists/0',
      '/api/customer-hobbyists?filters[nope][$eq]=1',
      '/api/customer-hobbyists?filters[phone_number][$startsWith][0]=1',
      '/api/customer-hobbyists?sort=likes_count:desc',
      '/api/customer-hobbyists?populate=nope',
      '/api/hobbyist-comments?populate[user_provider][fields][0]=email',
      '/api/hobbyist-comments?filters[user_provider][email][$eq]=a',
      '/api/hobbyist-likes/2147483648',
    ]) {
      expect((await call('GET', url, { user: p1 })).statusCode, url).toBe(400);
    }
    expect((await call('GET', '/api/customer-hobbyists/999999', { user: p1 })).statusCode).toBe(404);

    // Odd text on an existing record: stored or refused, never a 500, on either engine.
    const rec = await addRecord(p1);
    for (const text of ['\ud800 lone', 'a\u0000b', '\u202e\u0000x', { $gt: '' }, ['a'], 12, null]) {
      const res = await call('POST', '/api/hobbyist-comments', {
        user: admin,
        body: { data: { customer_hobbyist: rec, hobbyist_comment: text } },
      });
      expect(res.statusCode, JSON.stringify(text)).toBeLessThan(500);
      expect(res.statusCode === 200 || res.statusCode === 400, JSON.stringify(text)).toBe(true);
    }
    for (const q of ['%ED%A0%80', '%00', '%25', '_', '*', '%27', '%5C', '%']) {
      const res = await call('GET', `/api/customer-hobbyists?filters[phone_number][$startsWith]=${q}`, {
        user: p1,
      });
      expect(res.statusCode, q).toBeLessThan(500);
    }
  });
});

describe('ratings: exclusive per provider and record', () => {
  it('counts, my_rating, populate=* of the to-many relations', async () => {
    const rec = await addRecord(p1);
    await rate(p1, 'like', rec);
    await rate(p2, 'dislike', rec);
    await addComment(p2, rec, 'Hard to reach.');
    expect(await record(p1, rec)).toMatchObject({
      likes_count: 1,
      averages_count: 0,
      dislikes_count: 1,
      comments_count: 1,
      my_rating: 'like',
    });
    expect((await record(p2, rec)).my_rating).toBe('dislike');
    expect((await record(admin, rec)).my_rating).toBeNull();

    const res = await call('GET', `/api/customer-hobbyists/${rec}?populate=*`, { user: p2 });
    const a = json(res).data.attributes;
    expect(a.hobbyist_likes.data).toHaveLength(1);
    expect(a.hobbyist_averages.data).toHaveLength(0);
    expect(a.hobbyist_dislikes.data).toHaveLength(1);
    expect(
      a.comments.data.map((c: { attributes: { hobbyist_comment: string } }) => c.attributes.hobbyist_comment),
    ).toEqual(['Hard to reach.']);
    const list = await call('GET', `/api/customer-hobbyists?filters[id][$eq]=${rec}&populate=*`, {
      user: p1,
    });
    expect(json(list).data[0].attributes).toMatchObject({ likes_count: 1, my_rating: 'like' });
    expect(json(list).data[0].attributes.hobbyist_dislikes.data).toHaveLength(1);
  });

  it('switching moves the counters; clicking the chosen one changes nothing', async () => {
    const rec = await addRecord(p1);
    await rate(p2, 'like', rec);
    const like = await rate(p1, 'like', rec);
    expect(like.statusCode).toBe(200);
    expect(json(like).meta.counts).toEqual({ likes: 2, averages: 0, dislikes: 0 });
    expect(Object.keys(json(like).data.attributes).sort()).toEqual(['createdAt', 'updatedAt']);

    const again = await rate(p1, 'like', rec);
    expect(json(again).data).toEqual(json(like).data);
    expect(json(again).meta.counts).toEqual({ likes: 2, averages: 0, dislikes: 0 });

    const avg = await rate(p1, 'average', rec);
    expect(json(avg).meta.counts).toEqual({ likes: 1, averages: 1, dislikes: 0 });
    expect(await ratingRows(p1.id, rec)).toEqual([{ id: json(avg).data.id, kind: 'average' }]);
    expect(await record(p1, rec)).toMatchObject({ likes_count: 1, averages_count: 1, my_rating: 'average' });

    const dis = await rate(p1, 'dislike', rec);
    expect(json(dis).meta.counts).toEqual({ likes: 1, averages: 0, dislikes: 1 });

    // The caller's own rating, as the screen asks for it.
    const mine = async (path: string) =>
      json(
        await call(
          'GET',
          `/api/${path}?filters[customer_hobbyist][id][$eq]=${rec}&filters[user_provider][id][$eq]=${p1.id}`,
          {
            user: p1,
          },
        ),
      ).data;
    expect(await mine('hobbyist-likes')).toEqual([]);
    expect(await mine('hobbyist-averages')).toEqual([]);
    expect((await mine('hobbyist-dislikes')).map((d: { id: number }) => d.id)).toEqual([json(dis).data.id]);

    // A rating is its own kind only: the dislike is a 404 under likes.
    expect((await call('GET', `/api/hobbyist-likes/${json(dis).data.id}`, { user: p1 })).statusCode).toBe(
      404,
    );
    // PUT is a no-op for its provider.
    const put = await call('PUT', `/api/hobbyist-dislikes/${json(dis).data.id}`, {
      user: p1,
      body: { data: {} },
    });
    expect(put.statusCode).toBe(200);
    expect(json(put).meta.counts).toEqual({ likes: 1, averages: 0, dislikes: 1 });

    // Deleting one's own: the counters follow.
    const del = await call('DELETE', `/api/hobbyist-dislikes/${json(dis).data.id}`, { user: p1 });
    expect(del.statusCode).toBe(200);
    expect(json(del).meta.counts).toEqual({ likes: 1, averages: 0, dislikes: 0 });
    expect((await record(p1, rec)).my_rating).toBeNull();
  });

  it('six parallel clicks of mixed kinds from one provider leave exactly one rating', async () => {
    const rec = await addRecord(p1);
    const kinds = ['like', 'dislike', 'average', 'like', 'average', 'dislike'] as const;
    const replies = await Promise.all(kinds.map((kind) => rate(p2, kind, rec)));
    expect(replies.map((r) => `${r.statusCode} ${r.statusCode === 200 ? '' : r.body}`)).toEqual(
      Array(6).fill('200 '),
    );
    const rows = await ratingRows(p2.id, rec);
    expect(rows).toHaveLength(1);
    const a = await record(p2, rec);
    expect(a.likes_count + a.averages_count + a.dislikes_count).toBe(1);
    expect(a.my_rating).toBe(rows[0]!.kind);

    const same = await Promise.all(Array.from({ length: 6 }, () => rate(p1, 'like', rec)));
    expect(same.map((r) => r.statusCode)).toEqual(Array(6).fill(200));
    expect(new Set(same.map((r) => json(r).data.id)).size).toBe(1);
    expect(await ratingRows(p1.id, rec)).toHaveLength(1);
  });

  it('the provider comes from the token; 400 for bad bodies; 404 for an unknown record', async () => {
    const rec = await addRecord(p1);
    const res = await call('POST', '/api/hobbyist-likes', {
      user: p2,
      body: { data: { customer_hobbyist: rec, user_provider: p1.id } },
    });
    expect(res.statusCode).toBe(200);
    expect(await ratingRows(p2.id, rec)).toHaveLength(1);
    expect(await ratingRows(p1.id, rec)).toHaveLength(0);
    for (const body of [
      {},
      { data: {} },
      { data: { customer_hobbyist: 'abc' } },
      { data: { customer_hobbyist: -1 } },
    ]) {
      expect((await call('POST', '/api/hobbyist-likes', { user: p2, body })).statusCode).toBe(400);
    }
    expect((await rate(p2, 'like', 999_999)).statusCode).toBe(404);
  });

  it('others may not change or delete my rating (403); the admin removes it, recorded', async () => {
    const rec = await addRecord(p1);
    const id = json(await rate(p1, 'average', rec)).data.id;
    expect((await call('DELETE', `/api/hobbyist-averages/${id}`, { user: p2 })).statusCode).toBe(403);
    expect((await call('PUT', `/api/hobbyist-averages/${id}`, { user: p2, body: {} })).statusCode).toBe(403);
    const del = await call('DELETE', `/api/hobbyist-averages/${id}`, { user: admin });
    expect(del.statusCode).toBe(200);
    expect(await ratingRows(p1.id, rec)).toHaveLength(0);
    const log = await db()
      .selectFrom('audit_log')
      .selectAll()
      .where('subject', '=', `hobbyist-average:${id}`)
      .execute();
    expect(log).toHaveLength(1);
    expect(log[0]).toMatchObject({ actor_id: admin.id, action: 'screening.rating.remove' });
    expect(JSON.parse(log[0]!.details!)).toMatchObject({
      kind: 'average',
      customer_hobbyist: rec,
      user_provider: p1.id,
    });
  });
});

describe('comments', () => {
  it("posts trimmed; lists with the author's username only (names null), newest first", async () => {
    const rec = await addRecord(p1);
    const first = await addComment(p1, rec, '  Polite and on time.  ');
    const second = await addComment(p2, rec, 'Paid as agreed.');
    const one = await call('GET', `/api/hobbyist-comments/${first}`, { user: p2 });
    expect(json(one).data.attributes.hobbyist_comment).toBe('Polite and on time.');
    const res = await call(
      'GET',
      `/api/hobbyist-comments?filters[customer_hobbyist][id][$eq]=${rec}&populate[user_provider][fields][0]=first_name&populate[user_provider][fields][1]=last_name&sort=createdAt:desc`,
      { user: p1 },
    );
    const data = json(res).data;
    expect(data.map((d: { id: number }) => d.id)).toEqual([second, first]);
    expect(data[0].attributes.user_provider.data).toEqual({
      id: p2.id,
      attributes: { first_name: null, last_name: null },
    });
    const all = await call(
      'GET',
      `/api/hobbyist-comments?filters[customer_hobbyist][id][$eq]=${rec}&populate=*`,
      {
        user: p1,
      },
    );
    expect(json(all).data[0].attributes.user_provider.data.attributes).toEqual({
      username: await usernameOf(ctx, p2.id),
      first_name: null,
      last_name: null,
    });
    expect(json(all).data[0].attributes.customer_hobbyist.data.id).toBe(rec);
  });

  it('400 for empty, blank or too long text; 404 for an unknown record', async () => {
    const rec = await addRecord(p1);
    for (const text of ['', '   ', 'x'.repeat(SCREENING_LIMITS.comment + 1)]) {
      const res = await call('POST', '/api/hobbyist-comments', {
        user: p1,
        body: { data: { customer_hobbyist: rec, hobbyist_comment: text } },
      });
      expect(res.statusCode).toBe(400);
    }
    const blank = await call('POST', '/api/hobbyist-comments', {
      user: p1,
      body: { data: { customer_hobbyist: rec, hobbyist_comment: '  ' } },
    });
    expect(json(blank).error.details.errors[0].message).toBe(MESSAGES.screening.commentRequired);
    const unknown = await call('POST', '/api/hobbyist-comments', {
      user: p1,
      body: { data: { customer_hobbyist: 999_999, hobbyist_comment: 'Hello.' } },
    });
    expect(unknown.statusCode).toBe(404);
    const max = await call('POST', '/api/hobbyist-comments', {
      user: p1,
      body: { data: { customer_hobbyist: rec, hobbyist_comment: 'x'.repeat(SCREENING_LIMITS.comment) } },
    });
    expect(max.statusCode).toBe(200);
  });

  it('its author edits and deletes it; others 403; the admin removes it, recorded in audit_log', async () => {
    const rec = await addRecord(p1);
    const id = await addComment(p1, rec, 'Was late twice.');
    const put = await call('PUT', `/api/hobbyist-comments/${id}`, {
      user: p1,
      body: { data: { hobbyist_comment: ' Was late once. ' } },
    });
    expect(put.statusCode).toBe(200);
    expect(json(put).data.attributes.hobbyist_comment).toBe('Was late once.');
    expect(
      (
        await call('PUT', `/api/hobbyist-comments/${id}`, {
          user: p2,
          body: { data: { hobbyist_comment: 'Mine.' } },
        })
      ).statusCode,
    ).toBe(403);
    expect((await call('DELETE', `/api/hobbyist-comments/${id}`, { user: p2 })).statusCode).toBe(403);

    const del = await call('DELETE', `/api/hobbyist-comments/${id}`, { user: admin });
    expect(del.statusCode).toBe(200);
    expect(json(del).data.attributes.hobbyist_comment).toBe('Was late once.');
    expect((await call('GET', `/api/hobbyist-comments/${id}`, { user: p1 })).statusCode).toBe(404);
    const log = await db()
      .selectFrom('audit_log')
      .selectAll()
      .where('subject', '=', `hobbyist-comment:${id}`)
      .execute();
    expect(log).toHaveLength(1);
    expect(log[0]).toMatchObject({ actor_id: admin.id, action: 'screening.comment.remove' });
    expect(JSON.parse(log[0]!.details!)).toMatchObject({ text: 'Was late once.', user_provider: p1.id });

    // An author's own delete is not an admin action: nothing recorded.
    const own = await addComment(p2, rec);
    expect((await call('DELETE', `/api/hobbyist-comments/${own}`, { user: p2 })).statusCode).toBe(200);
    expect(
      await db()
        .selectFrom('audit_log')
        .select('id')
        .where('subject', '=', `hobbyist-comment:${own}`)
        .execute(),
    ).toEqual([]);
  });

  it("flag: another provider's comment lands in the admin's reports, once; one's own is a 400", async () => {
    const rec = await addRecord(p1);
    const id = await addComment(p1, rec, 'Never showed up.');
    const own = await call('POST', `/api/hobbyist-comments/${id}/flag`, { user: p1, body: { data: {} } });
    expect(own.statusCode).toBe(400);
    expect(json(own).error.message).toBe(MESSAGES.screening.ownFlag);

    const flag = await call('POST', `/api/hobbyist-comments/${id}/flag`, {
      user: p2,
      body: { data: { details: 'This is not true.' } },
    });
    expect(flag.statusCode).toBe(200);
    expect(json(flag)).toEqual({
      data: { id: expect.any(Number), attributes: { status: 'open' } },
      meta: {},
    });
    const again = await call('POST', `/api/hobbyist-comments/${id}/flag`, { user: p2 });
    expect(again.statusCode).toBe(200);
    expect(json(again).data.id).toBe(json(flag).data.id);

    const reports = await call(
      'GET',
      `/api/reports?filters[listing][$eq]=hobbyist-comment:${id}&populate[reporter][fields][0]=first_name`,
      { user: admin },
    );
    expect(reports.statusCode).toBe(200);
    const data = json(reports).data;
    expect(data).toHaveLength(1);
    expect(data[0].id).toBe(json(flag).data.id);
    expect(data[0].attributes).toMatchObject({ status: 'open', reason: 'Offensive or illegal content' });
    expect(data[0].attributes.details).toContain(MESSAGES.screening.flagReason);
    expect(data[0].attributes.details).toContain('Never showed up.');
    expect(data[0].attributes.details).toContain('This is not true.');
    expect(data[0].attributes.reporter.data.id).toBe(p2.id);

    expect((await call('POST', '/api/hobbyist-comments/999999/flag', { user: p2 })).statusCode).toBe(404);
    const long = await call('POST', `/api/hobbyist-comments/${id}/flag`, {
      user: p2,
      body: { data: { details: 'x'.repeat(1001) } },
    });
    expect(long.statusCode).toBe(400);
  });
});

describe('the admin', () => {
  it('corrects a number (409 when another record has it) and removes a record with its entries, recorded', async () => {
    const rec = await addRecord(p1, '555-0142-0000');
    const taken = await addRecord(p1, '555-0142-9999');
    await rate(p1, 'like', rec);
    await addComment(p2, rec, 'Polite and on time.');

    const clash = await call('PUT', `/api/customer-hobbyists/${rec}`, {
      user: admin,
      body: { data: { phone_number: '555 0142 9999' } },
    });
    expect(clash.statusCode).toBe(409);
    expect(json(clash).error.message).toBe(MESSAGES.screening.phoneTaken);
    const bad = await call('PUT', `/api/customer-hobbyists/${rec}`, {
      user: admin,
      body: { data: { phone_number: 'x' } },
    });
    expect(bad.statusCode).toBe(400);
    const put = await call('PUT', `/api/customer-hobbyists/${rec}`, {
      user: admin,
      body: { data: { phone_number: '555-0142-0001' } },
    });
    expect(put.statusCode).toBe(200);
    expect(json(put).data.attributes).toMatchObject({
      phone_number: '55501420001',
      likes_count: 1,
      comments_count: 1,
    });

    const del = await call('DELETE', `/api/customer-hobbyists/${rec}`, { user: admin });
    expect(del.statusCode).toBe(200);
    expect(json(del).data.attributes.phone_number).toBe('55501420001');
    expect((await call('GET', `/api/customer-hobbyists/${rec}`, { user: p1 })).statusCode).toBe(404);
    expect(
      await db()
        .selectFrom('hobbyist_ratings')
        .select('id')
        .where('customer_hobbyist_id', '=', rec)
        .execute(),
    ).toEqual([]);
    expect(
      await db()
        .selectFrom('hobbyist_comments')
        .select('id')
        .where('customer_hobbyist_id', '=', rec)
        .execute(),
    ).toEqual([]);
    const log = await db()
      .selectFrom('audit_log')
      .selectAll()
      .where('subject', '=', `customer-hobbyist:${rec}`)
      .orderBy('id')
      .execute();
    expect(log.map((l) => l.action)).toEqual(['screening.record.update', 'screening.record.remove']);
    const details = JSON.parse(log[1]!.details!);
    expect(details).toMatchObject({ phone_number: '55501420001', likes_count: 1 });
    expect(details.comments[0]).toMatchObject({ text: 'Polite and on time.', user_id: p2.id });
    expect((await call('DELETE', `/api/customer-hobbyists/${rec}`, { user: admin })).statusCode).toBe(404);
    expect((await call('GET', `/api/customer-hobbyists/${taken}`, { user: p2 })).statusCode).toBe(200);
  });

  it('ratings and comments racing the removal of their record are 200s or 404s, never a 500', async () => {
    const raters = await Promise.all([buildProvider(ctx), buildProvider(ctx), buildProvider(ctx)]);
    const rec = await addRecord(raters[0]!);
    const results = await Promise.all([
      ...raters.map((user, i) => rate(user, HOBBYIST_RATING_KINDS[i % 3]!, rec)),
      ...raters.map((user) =>
        call('POST', '/api/hobbyist-comments', {
          user,
          body: { data: { customer_hobbyist: rec, hobbyist_comment: 'Polite and on time.' } },
        }),
      ),
      call('DELETE', `/api/customer-hobbyists/${rec}`, { user: admin }),
    ]);
    for (const res of results) expect([200, 404], res.body).toContain(res.statusCode);
    expect(results.at(-1)!.statusCode).toBe(200);
    for (const table of ['hobbyist_ratings', 'hobbyist_comments'] as const) {
      expect(
        await db().selectFrom(table).select('id').where('customer_hobbyist_id', '=', rec).execute(),
      ).toEqual([]);
    }
  });
});

describe('the daily limit', () => {
  it(`new numbers plus comments: ${SCREENING_LIMITS.entriesPerDay} a day per provider, then 429; existing numbers and the admin are free`, async () => {
    const p = await buildProvider(ctx);
    const rec = await addRecord(p1);
    // Yesterday's entries do not count.
    const old = new Date(Date.now() - 25 * 3600 * 1000).toISOString();
    await db()
      .insertInto('hobbyist_comments')
      .values(
        Array.from({ length: 5 }, () => ({
          customer_hobbyist_id: rec,
          user_id: p.id,
          hobbyist_comment: 'Old.',
          created_at: old,
          updated_at: old,
        })),
      )
      .execute();
    // 25 of today's, written directly; the rest through the API.
    const now = new Date().toISOString();
    await db()
      .insertInto('customer_hobbyists')
      .values(
        Array.from({ length: 20 }, (_, i) => ({
          phone_number: `55502${String(i).padStart(5, '0')}`,
          created_by: p.id,
          created_at: now,
          updated_at: now,
        })),
      )
      .execute();
    for (let i = 0; i < 5; i++) await addComment(p, rec, `Note ${i}.`);
    for (let i = 0; i < 5; i++) await addRecord(p);
    // 30 used: the 31st is refused, a number or a comment.
    const number = await call('POST', '/api/customer-hobbyists', {
      user: p,
      body: { data: { phone_number: newPhone() } },
    });
    expect(number.statusCode).toBe(429);
    expect(json(number).error.message).toBe(MESSAGES.screening.dailyLimit);
    const comment = await call('POST', '/api/hobbyist-comments', {
      user: p,
      body: { data: { customer_hobbyist: rec, hobbyist_comment: 'One more.' } },
    });
    expect(comment.statusCode).toBe(429);
    expect(json(comment).error.message).toBe(MESSAGES.screening.dailyLimit);
    // An existing number still answers its record; ratings are not limited.
    const existing = await call('POST', '/api/customer-hobbyists', {
      user: p,
      body: { data: { phone_number: '555-020-0003' } },
    });
    expect(existing.statusCode).toBe(200);
    expect(json(existing).meta.existing).toBe(true);
    expect((await rate(p, 'like', rec)).statusCode).toBe(200);
    // Another provider is not affected; the admin is exempt.
    await addRecord(p2);
    const before = await db()
      .selectFrom('hobbyist_comments')
      .select('id')
      .where('user_id', '=', admin.id)
      .execute();
    for (let i = 0; i < SCREENING_LIMITS.entriesPerDay + 1 - before.length; i++)
      await addComment(admin, rec, `Staff ${i}.`);
    await addRecord(admin);
  });

  it('parallel posts at the edge of the limit do not pass it', async () => {
    const p = await buildProvider(ctx);
    const now = new Date().toISOString();
    await db()
      .insertInto('customer_hobbyists')
      .values(
        Array.from({ length: SCREENING_LIMITS.entriesPerDay - 2 }, (_, i) => ({
          phone_number: `55503${String(i).padStart(5, '0')}`,
          created_by: p.id,
          created_at: now,
          updated_at: now,
        })),
      )
      .execute();
    const replies = await Promise.all(
      Array.from({ length: 6 }, () =>
        call('POST', '/api/customer-hobbyists', { user: p, body: { data: { phone_number: newPhone() } } }),
      ),
    );
    expect(replies.map((r) => r.statusCode).sort()).toEqual([200, 200, 429, 429, 429, 429]);
  });
});

describe('reads per account', () => {
  it(`${SCREENING_LIMITS.readsPerHour} list reads an hour per provider account, whatever its address; then 429`, async () => {
    const reader = await buildProvider(ctx);
    for (let i = 0; i < SCREENING_LIMITS.readsPerHour; i++) {
      const res = await call('GET', '/api/customer-hobbyists?pagination[pageSize]=1', { user: reader });
      expect(res.statusCode, `read ${i + 1}`).toBe(200);
    }
    expect((await call('GET', '/api/customer-hobbyists', { user: reader })).statusCode).toBe(429);
    // Another provider is not held back by it.
    expect((await call('GET', '/api/customer-hobbyists', { user: p2 })).statusCode).toBe(200);
  }, 60_000);
});

describe('the demo content', () => {
  it('adds a handful of records, ratings and tame comments from the demo providers, idempotently', async () => {
    const a = await buildProvider(ctx);
    const b = await buildProvider(ctx);
    await db().updateTable('users').set({ email: 'provider01@demo.test' }).where('id', '=', a.id).execute();
    await db().updateTable('users').set({ email: 'provider02@demo.test' }).where('id', '=', b.id).execute();
    const first = await seedDemoScreening(db());
    expect(first.records).toBe(DEMO_SCREENING_NUMBERS.length);
    expect(first.ratings).toBeGreaterThan(0);
    expect(first.comments).toBe(DEMO_SCREENING_COMMENTS.length);
    expect(await seedDemoScreening(db())).toEqual({ records: 0, ratings: 0, comments: 0 });

    const res = await call('GET', '/api/customer-hobbyists?filters[phone_number][$startsWith]=408-555-01', {
      user: a,
    });
    expect(json(res).data).toHaveLength(DEMO_SCREENING_NUMBERS.length);
    const counted = json(res).data.reduce(
      (
        n: number,
        d: { attributes: { likes_count: number; averages_count: number; dislikes_count: number } },
      ) => n + d.attributes.likes_count + d.attributes.averages_count + d.attributes.dislikes_count,
      0,
    );
    expect(counted).toBe(first.ratings);
    // Dated days back: the demo providers' daily allowance is untouched.
    for (let i = 0; i < 3; i++) await addRecord(a);
  });
});
