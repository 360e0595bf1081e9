import { MESSAGES, VENUE_SORTS } from '@app/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildFiles } from './directory-helpers.ts';
import {
  buildAdmin,
  buildHobbyist,
  buildProvider,
  buildVendor,
  createTestApp,
  type TestContext,
  type TestUser,
} from './helpers.ts';
import { placesApi, seedPlaceCities, type Json } from './places-helpers.ts';

/**
 * Venue reviews: who may write, read, change and delete them, one per hobbyist and
 * place (also when two posts race), the place's rating, count and newest review time kept by every
 * write, and the venue listing's four sort orders (VENUE_SORTS) on what the reviews made.
 */

let ctx: TestContext;
let admin: TestUser;
let provider: TestUser;
let hobbyist: TestUser;
let otherHobbyist: TestUser;
let vendor: TestUser;
let api: ReturnType<typeof placesApi>;
let place: number;

beforeAll(async () => {
  ctx = await createTestApp();
  await seedPlaceCities(ctx);
  [admin, provider, hobbyist, otherHobbyist, vendor] = await Promise.all([
    buildAdmin(ctx),
    buildProvider(ctx),
    buildHobbyist(ctx),
    buildHobbyist(ctx),
    buildVendor(ctx),
  ]);
  api = placesApi(ctx);
  place = await api.newPlace(provider);
  await api.approve(admin, place);
});
afterAll(() => ctx.close());

const db = () => ctx.database.db;
const body = (vendorId: number, rating = 4, review = 'Clean and friendly staff.') => ({
  data: { vendor: vendorId, rating, review },
});
const stats = async (id: number) =>
  db()
    .selectFrom('places')
    .select(['rating', 'review_count', 'last_review_at'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow()
    .then((r) => ({ ...r, rating: Number(r.rating), review_count: Number(r.review_count) }));
const newPublicPlace = async (where: { city?: string; type?: string } = {}) => {
  const id = await api.newPlace(provider, where);
  await api.approve(admin, id);
  return id;
};

describe('POST /api/vendor-reviews', () => {
  it('401 anonymous; 403 for every account but a hobbyist, with the message', async () => {
    expect((await api.call('POST', '/api/vendor-reviews', { body: body(place) })).statusCode).toBe(401);
    for (const user of [provider, vendor, admin]) {
      const res = await api.call('POST', '/api/vendor-reviews', { user, body: body(place) });
      expect(res.statusCode).toBe(403);
      expect(res.json().error.message).toBe(MESSAGES.venueReviews.hobbyistsOnly);
    }
  });

  it('400 for a bad rating or text (trimmed, 5-1000), wrong types and huge ids, never a 500', async () => {
    const R = MESSAGES.venueReviews;
    const cases: [unknown, string][] = [
      [{ ...body(place).data, rating: 0 }, R.ratingRequired],
      [{ ...body(place).data, rating: 6 }, R.ratingRequired],
      [{ ...body(place).data, rating: 3.5 }, R.ratingRequired],
      [{ ...body(place).data, rating: '4' }, R.ratingRequired],
      [{ ...body(place).data, review: '  abc   ' }, R.textTooShort],
      [{ ...body(place).data, review: '     ' }, R.textRequired],
      [{ ...body(place).data, review: 'x'.repeat(1001) }, R.textTooLong],
      [{ ...body(place).data, review: undefined }, R.textRequired],
      [{ ...body(place).data, vendor: 2147483648 }, ''],
      [{ ...body(place).data, vendor: 'abc' }, ''],
      [{ ...body(place).data, vendor: { $gt: 0 } }, ''],
      [{ ...body(place).data, review: 'Fine\u0000place' }, ''],
    ];
    for (const [data, message] of cases) {
      const res = await api.call('POST', '/api/vendor-reviews', { user: hobbyist, body: { data } });
      expect(res.statusCode, JSON.stringify(data).slice(0, 80)).toBe(400);
      if (message) expect(JSON.stringify(res.json().error)).toContain(message);
    }
  });

  it('404 for a place that does not exist or is not public', async () => {
    const pending = await api.newPlace(provider);
    for (const vendorId of [pending, 999999]) {
      const res = await api.call('POST', '/api/vendor-reviews', { user: hobbyist, body: body(vendorId) });
      expect(res.statusCode).toBe(404);
    }
  });

  it('one review per hobbyist and place: the second is a 409; the text is stored trimmed', async () => {
    const id = await newPublicPlace();
    const first = await api.ok('POST', '/api/vendor-reviews', {
      user: hobbyist,
      body: body(id, 5, '   Clean and friendly staff.  '),
    });
    expect(first.data.attributes).toMatchObject({ rating: 5, review: 'Clean and friendly staff.' });
    const again = await api.call('POST', '/api/vendor-reviews', { user: hobbyist, body: body(id, 2) });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe(MESSAGES.venueReviews.alreadyReviewed);
    expect(await stats(id)).toMatchObject({ rating: 5, review_count: 1 });
  });

  it('two parallel posts of one hobbyist: one 200, one 409, one review counted', async () => {
    const id = await newPublicPlace();
    const results = await Promise.all([
      api.call('POST', '/api/vendor-reviews', { user: hobbyist, body: body(id, 5) }),
      api.call('POST', '/api/vendor-reviews', { user: hobbyist, body: body(id, 1) }),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const rows = await db().selectFrom('place_reviews').select('rating').where('place_id', '=', id).execute();
    expect(rows).toHaveLength(1);
    expect(await stats(id)).toMatchObject({ review_count: 1, rating: Number(rows[0]!.rating) });
  });

  it("keeps the place's rating (2 decimals), count and newest review time", async () => {
    const id = await newPublicPlace();
    expect(await stats(id)).toEqual({ rating: 0, review_count: 0, last_review_at: '' });
    const third = await buildHobbyist(ctx);
    const a = await api.ok('POST', '/api/vendor-reviews', { user: hobbyist, body: body(id, 5) });
    await api.ok('POST', '/api/vendor-reviews', { user: otherHobbyist, body: body(id, 4) });
    const c = await api.ok('POST', '/api/vendor-reviews', { user: third, body: body(id, 4) });
    expect(await stats(id)).toEqual({
      rating: 4.33,
      review_count: 3,
      last_review_at: c.data.attributes.createdAt,
    });
    const pub = await api.ok('GET', `/api/vendors/${id}`);
    expect(pub.data.attributes).toMatchObject({
      rating: 4.33,
      review_count: 3,
      last_review_at: c.data.attributes.createdAt,
    });

    await api.ok('PUT', `/api/vendor-reviews/${a.data.id}`, {
      user: hobbyist,
      body: { data: { rating: 1 } },
    });
    expect(await stats(id)).toMatchObject({ rating: 3, review_count: 3 });
    await api.ok('DELETE', `/api/vendor-reviews/${c.data.id}`, { user: third });
    expect(await stats(id)).toMatchObject({ rating: 2.5, review_count: 2 });
    await api.ok('DELETE', `/api/vendor-reviews/${a.data.id}`, { user: admin });
    const left = await stats(id);
    expect(left).toMatchObject({ rating: 4, review_count: 1 });
    expect(left.last_review_at).not.toBe('');
  });
});

describe('reading, changing and deleting reviews', () => {
  let shown: number;
  let review: number;
  beforeAll(async () => {
    shown = await newPublicPlace();
    review = (
      await api.ok('POST', '/api/vendor-reviews', {
        user: hobbyist,
        body: body(shown, 4, 'Clean and friendly staff.'),
      })
    ).data.id;
    await new Promise((r) => setTimeout(r, 5));
    await api.ok('POST', '/api/vendor-reviews', {
      user: otherHobbyist,
      body: body(shown, 3, 'Quiet place, easy parking.'),
    });
  });

  it("anyone reads a public place's reviews, newest first, with the authors' usernames (names null)", async () => {
    const res = await api.ok(
      'GET',
      `/api/vendor-reviews?filters[vendor][id][$eq]=${shown}&populate[user][fields][0]=first_name&populate[user][fields][1]=last_name&sort=createdAt:desc`,
    );
    expect((res.data as Json[]).map((r) => r.attributes.review)).toEqual([
      'Quiet place, easy parking.',
      'Clean and friendly staff.',
    ]);
    expect(res.data[0].attributes.user.data.attributes).toEqual({ first_name: null, last_name: null });
    const authors = await api.ok(
      'GET',
      `/api/vendor-reviews?filters[vendor][id][$eq]=${shown}&populate=user`,
    );
    for (const r of authors.data as Json[]) {
      expect(Object.keys(r.attributes.user.data.attributes).sort()).toEqual([
        'first_name',
        'last_name',
        'username',
      ]);
      expect(r.attributes.user.data.attributes.username).toEqual(expect.any(String));
      expect(r.attributes.user.data.attributes.first_name).toBeNull();
      expect(r.attributes.user.data.attributes.last_name).toBeNull();
    }
    expect(res.meta.pagination.total).toBe(2);
    expect((await api.ok('GET', `/api/vendor-reviews/${review}`)).data.attributes.rating).toBe(4);
    for (const id of ['abc', '2147483648']) {
      expect((await api.call('GET', `/api/vendor-reviews/${id}`)).statusCode).toBe(400);
    }
    expect(
      (await api.call('GET', '/api/vendor-reviews?filters[vendor][id][$eq]=99999999999')).statusCode,
    ).toBe(400);
    expect((await api.call('GET', '/api/vendor-reviews?pagination[pageSize]=1000')).statusCode).toBe(200);
  });

  it('the reviews of a place gone back to review are hidden but from their author and the admin', async () => {
    const id = await newPublicPlace();
    const r = (await api.ok('POST', '/api/vendor-reviews', { user: hobbyist, body: body(id) })).data.id;
    await api.ok('PUT', `/api/vendors/${id}`, { user: admin, body: { data: { isShowed: false } } });
    expect((await api.call('GET', `/api/vendor-reviews/${r}`)).statusCode).toBe(404);
    expect((await api.call('GET', `/api/vendor-reviews/${r}`, { user: otherHobbyist })).statusCode).toBe(404);
    expect(await api.listed(`/api/vendor-reviews?filters[vendor][id][$eq]=${id}`)).toEqual([]);
    expect((await api.call('GET', `/api/vendor-reviews/${r}`, { user: hobbyist })).statusCode).toBe(200);
    expect((await api.call('GET', `/api/vendor-reviews/${r}`, { user: admin })).statusCode).toBe(200);
    // Populated through the review, the hidden place is not shown.
    const item = await api.ok('GET', `/api/vendor-reviews/${r}?populate=vendor`, { user: hobbyist });
    expect(item.data.attributes.vendor.data).toBeNull();
  });

  it('PUT: 401 anonymous, 403 another account, 400 bad input; the author and the admin edit', async () => {
    const data = { data: { review: 'Clean, friendly and quiet.' } };
    expect((await api.call('PUT', `/api/vendor-reviews/${review}`, { body: data })).statusCode).toBe(401);
    for (const user of [otherHobbyist, provider, vendor]) {
      expect((await api.call('PUT', `/api/vendor-reviews/${review}`, { user, body: data })).statusCode).toBe(
        403,
      );
    }
    for (const bad of [{ rating: 9 }, { review: 'abc' }, { review: 5 }]) {
      const res = await api.call('PUT', `/api/vendor-reviews/${review}`, {
        user: hobbyist,
        body: { data: bad },
      });
      expect(res.statusCode, JSON.stringify(bad)).toBe(400);
    }
    expect(
      (await api.call('PUT', '/api/vendor-reviews/999999', { user: hobbyist, body: data })).statusCode,
    ).toBe(404);
    const edited = await api.ok('PUT', `/api/vendor-reviews/${review}`, { user: hobbyist, body: data });
    expect(edited.data.attributes).toMatchObject({ review: 'Clean, friendly and quiet.', rating: 4 });
    await api.ok('PUT', `/api/vendor-reviews/${review}`, { user: admin, body: { data: { rating: 5 } } });
    expect(await stats(shown)).toMatchObject({ rating: 4, review_count: 2 });
  });

  it('DELETE: 401 anonymous, 403 another account; the author deletes', async () => {
    expect((await api.call('DELETE', `/api/vendor-reviews/${review}`)).statusCode).toBe(401);
    for (const user of [otherHobbyist, provider]) {
      expect((await api.call('DELETE', `/api/vendor-reviews/${review}`, { user })).statusCode).toBe(403);
    }
    await api.ok('DELETE', `/api/vendor-reviews/${review}`, { user: hobbyist });
    expect((await api.call('GET', `/api/vendor-reviews/${review}`)).statusCode).toBe(404);
    expect(await stats(shown)).toMatchObject({ rating: 3, review_count: 1 });
    // The hobbyist may review the place again now.
    await api.ok('POST', '/api/vendor-reviews', { user: hobbyist, body: body(shown, 5) });
  });
});

describe("parallel review writes keep the place's rating true (the place's row is locked first)", () => {
  /** The place's stored rating and count against what its reviews say. */
  async function expectTrueStats(id: number) {
    const rows = await db().selectFrom('place_reviews').select('rating').where('place_id', '=', id).execute();
    const got = await stats(id);
    expect(got.review_count).toBe(rows.length);
    const avg = rows.length ? rows.reduce((sum, r) => sum + Number(r.rating), 0) / rows.length : 0;
    // Stored with 2 decimals.
    expect(Math.abs(got.rating - avg)).toBeLessThanOrEqual(0.005 + 1e-9);
    return { got, rows };
  }

  it('six hobbyists reviewing one place at once are all counted', async () => {
    const id = await newPublicPlace();
    const voters = await Promise.all(Array.from({ length: 6 }, () => buildHobbyist(ctx)));
    const results = await Promise.all(
      voters.map((user, i) => api.call('POST', '/api/vendor-reviews', { user, body: body(id, 1 + (i % 5)) })),
    );
    expect(results.map((r) => r.statusCode)).toEqual(voters.map(() => 200));
    const { got } = await expectTrueStats(id);
    expect(got).toMatchObject({ review_count: 6, rating: 2.67 });
  });

  it('parallel creates, edits and deletes on one place end with the true rating and count', async () => {
    const id = await newPublicPlace();
    const voters = await Promise.all(Array.from({ length: 8 }, () => buildHobbyist(ctx)));
    const first = voters.slice(0, 4);
    const reviews: number[] = [];
    for (const user of first) {
      reviews.push((await api.ok('POST', '/api/vendor-reviews', { user, body: body(id, 3) })).data.id);
    }
    const results = await Promise.all([
      ...voters
        .slice(4)
        .map((user, i) => api.call('POST', '/api/vendor-reviews', { user, body: body(id, 5 - i) })),
      api.call('PUT', `/api/vendor-reviews/${reviews[0]}`, { user: first[0], body: { data: { rating: 1 } } }),
      api.call('PUT', `/api/vendor-reviews/${reviews[1]}`, { user: admin, body: { data: { rating: 5 } } }),
      api.call('DELETE', `/api/vendor-reviews/${reviews[2]}`, { user: first[2] }),
      api.call('DELETE', `/api/vendor-reviews/${reviews[3]}`, { user: admin }),
    ]);
    expect(results.map((r) => r.statusCode)).toEqual(results.map(() => 200));
    const { got, rows } = await expectTrueStats(id);
    expect(rows.map((r) => Number(r.rating)).sort()).toEqual([1, 2, 3, 4, 5, 5]);
    expect(got).toMatchObject({ review_count: 6, rating: 3.33 });
  });

  it('reviews racing the deletion of their place are 200s or 404s, never a 500', async () => {
    const id = await newPublicPlace();
    const voters = await Promise.all(Array.from({ length: 4 }, () => buildHobbyist(ctx)));
    const results = await Promise.all([
      ...voters.map((user) => api.call('POST', '/api/vendor-reviews', { user, body: body(id) })),
      api.call('DELETE', `/api/vendors/${id}`, { user: provider }),
    ]);
    for (const res of results) expect([200, 404], res.body).toContain(res.statusCode);
    expect(results.at(-1)!.statusCode).toBe(200);
    expect(await db().selectFrom('place_reviews').select('id').where('place_id', '=', id).execute()).toEqual(
      [],
    );
  });
});

describe('the venue sort orders (VENUE_SORTS)', () => {
  const ids: Record<string, number> = {};
  const city = 'Los Angeles';
  beforeAll(async () => {
    // Four shops in one city: `top` rated highest on 1 review, `busy` most reviews, `fresh` reviewed
    // last, `video` with a video and no review.
    for (const key of ['top', 'busy', 'fresh', 'video'])
      ids[key] = await newPublicPlace({ city, type: 'sextoy' });
    const voters = await Promise.all([buildHobbyist(ctx), buildHobbyist(ctx), buildHobbyist(ctx)]);
    const review = (user: TestUser, id: number, rating: number) =>
      api.ok('POST', '/api/vendor-reviews', { user, body: body(id, rating) });
    await review(voters[0]!, ids.busy!, 4);
    await review(voters[1]!, ids.busy!, 4);
    await review(voters[2]!, ids.busy!, 3);
    await new Promise((r) => setTimeout(r, 5));
    await review(voters[0]!, ids.top!, 5);
    await new Promise((r) => setTimeout(r, 5));
    await review(voters[1]!, ids.fresh!, 2);
    const [video] = await buildFiles(ctx, provider, 'video');
    await api.ok('PUT', `/api/vendors/${ids.video}`, { user: provider, body: { data: { video } } });
    await api.approve(admin, ids.video!);
  });

  const listing = (sort: readonly string[]) =>
    api.listed(
      `/api/vendors?filters[vendor_type][type][$eq]=sextoy&filters[address][state][$eq]=CA&filters[address][city][$in][0]=${city}&${sort
        .map((s, i) => `sort[${i}]=${s}`)
        .join('&')}&pagination[pageSize]=10`,
    );

  it('Rating: highest average first', async () => {
    expect(await listing(VENUE_SORTS.rating)).toEqual([ids.top, ids.busy, ids.fresh, ids.video]);
  });
  it('# of Reviews: most reviews first', async () => {
    expect(await listing(VENUE_SORTS.reviews)).toEqual([ids.busy, ids.top, ids.fresh, ids.video]);
  });
  it('Review date: newest review first, places without one last', async () => {
    expect(await listing(VENUE_SORTS.date)).toEqual([ids.fresh, ids.top, ids.busy, ids.video]);
  });
  it('Videos: places with a video first', async () => {
    expect(await listing(VENUE_SORTS.videos)).toEqual([ids.video, ids.fresh, ids.busy, ids.top]);
  });
  it('default: newest place first', async () => {
    expect(await listing([])).toEqual([ids.video, ids.fresh, ids.busy, ids.top]);
  });
});
