import { COUNT_SECTIONS, CUM_TYPES, MESSAGES, SUBTYPES } from '@app/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildAdBody, buildFiles, callAs, type Method } from './directory-helpers.ts';
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
let hobbyist: TestUser;
let vendor: TestUser;
let owner: TestUser;
let other: TestUser;
let shownId: number;
let hiddenId: number;
let otherShownId: number;

const call = (method: Method, url: string, opts: { user?: TestUser | null; body?: unknown } = {}) =>
  callAs(ctx, method, url, opts);
const errorPaths = (res: { json(): unknown }) =>
  ((res.json() as { error: { details: { errors?: { path: unknown[] }[] } } }).error.details.errors ?? []).map(
    (e) => e.path.join('.'),
  );
const ids = (res: { json(): unknown }) => (res.json() as { data: { id: number }[] }).data.map((i) => i.id);

beforeAll(async () => {
  ctx = await createTestApp();
  [admin, hobbyist, vendor, owner, other] = await Promise.all([
    buildAdmin(ctx),
    buildHobbyist(ctx),
    buildVendor(ctx),
    buildProvider(ctx),
    buildProvider(ctx),
  ]);
  shownId = await buildProviderAd(ctx, owner, { title: 'Shown ad', city: 'Oakland' });
  hiddenId = await buildProviderAd(ctx, owner, { title: 'Hidden ad', is_showed: 0 });
  otherShownId = await buildProviderAd(ctx, other, { title: 'Other ad', state: 'NV', city: 'Reno' });
});
afterAll(() => ctx.close());

/** A valid ad body for `user`, with fresh files of theirs. */
const adBody = (user: TestUser, overrides: Record<string, unknown> = {}) => buildAdBody(ctx, user, overrides);

describe('GET /api/providers', () => {
  it('lists only shown providers, newest first, ten by default', async () => {
    const res = await call('GET', '/api/providers');
    expect(res.statusCode).toBe(200);
    expect(ids(res)).toEqual([otherShownId, shownId]);
    expect(res.json().meta.pagination).toEqual({ page: 1, pageSize: 10, pageCount: 1, total: 2 });
    const item = res.json().data[1];
    expect(item.attributes).toMatchObject({
      title: 'Shown ad',
      city: 'Oakland',
      isShowed: true,
      donation_hour: 200,
      donation_half_hour: 100,
      kissing: 'yes',
      kissing_types: 'Light',
      likes_count: 0,
      comments_count: 0,
    });
    expect(item.attributes.createdAt).toMatch(/^\d{4}-/);
  });

  it('never lists hidden providers to anyone but their owner and the admin', async () => {
    for (const user of [null, hobbyist, vendor, other]) {
      const res = await call('GET', `/api/providers?filters[user][id][$eq]=${owner.id}`, { user });
      expect(ids(res), `as ${user?.id ?? 'anonymous'}`).toEqual([shownId]);
      expect(ids(await call('GET', '/api/providers?pagination[pageSize]=40', { user }))).not.toContain(
        hiddenId,
      );
    }
    // The owner, filtering by their own id, sees the hidden one; without that filter, only shown ones.
    const own = await call('GET', `/api/providers?filters[user][id][$eq]=${owner.id}`, { user: owner });
    expect(ids(own)).toEqual([hiddenId, shownId]);
    expect(own.json().data[0].attributes.isShowed).toBe(false);
    expect(ids(await call('GET', '/api/providers', { user: owner }))).not.toContain(hiddenId);
    // The owner's filter by someone else's id shows no hidden ad of theirs.
    const hiddenOfOther = await buildProviderAd(ctx, other, { is_showed: 0 });
    const cross = await call('GET', `/api/providers?filters[user][id][$eq]=${other.id}`, { user: owner });
    expect(ids(cross)).not.toContain(hiddenOfOther);
    expect(ids(await call('GET', '/api/providers', { user: admin }))).toEqual(
      expect.arrayContaining([hiddenId, hiddenOfOther, shownId]),
    );
    // Facet parameters on the owner's view keep working (SQL path).
    const ownInOakland = await call(
      'GET',
      `/api/providers?filters[user][id][$eq]=${owner.id}&city=Oakland&state=CA`,
      { user: owner },
    );
    expect(ids(ownInOakland)).toEqual([shownId]);
  });

  it('populates user as its id only (no username, names or e-mail), and refuses messages and docs', async () => {
    const res = await call('GET', '/api/providers?populate=*');
    expect(res.statusCode).toBe(200);
    const user = res.json().data[0].attributes.user.data;
    expect(user.attributes).toEqual({});
    expect(JSON.stringify(res.json())).not.toContain('@example.test');
    expect(res.json().data[0].attributes).not.toHaveProperty('messages');
    expect(res.json().data[0].attributes).not.toHaveProperty('docs');
    for (const url of [
      '/api/providers?populate=messages',
      '/api/providers?populate[docs]=true',
      '/api/providers?populate[user][fields][0]=email',
      '/api/providers?filters[messages][text][$contains]=a',
      '/api/providers?filters[user][email][$contains]=a',
    ]) {
      const r = await call('GET', url);
      expect(r.statusCode, url).toBe(400);
    }
    const populated = await call(
      'GET',
      '/api/providers?populate=images,language,race,user,video,comments,likes,dislikes,averages',
    );
    expect(populated.statusCode).toBe(200);
    expect(populated.json().data[0].attributes.images).toEqual({ data: [] });
    expect(populated.json().data[0].attributes.video).toEqual({ data: null });
  });

  it('pages: default size 10, at most 40 (larger sizes are clamped), deep pages empty', async () => {
    expect((await call('GET', '/api/providers?pagination[pageSize]=40')).statusCode).toBe(200);
    // From the facet index (anonymous, default order) and from SQL (the admin) alike.
    for (const user of [undefined, admin]) {
      const clamped = await call('GET', '/api/providers?pagination[pageSize]=100000', { user });
      expect(clamped.statusCode).toBe(200);
      expect(clamped.json().meta.pagination).toMatchObject({ page: 1, pageSize: 40 });
    }
    for (const bad of ['abc', '-1', '0']) {
      const res = await call('GET', `/api/providers?pagination[pageSize]=${bad}`);
      expect(res.statusCode).toBe(400);
      expect(errorPaths(res)).toEqual(['pagination.pageSize']);
    }
    const deep = await call('GET', '/api/providers?pagination[page]=500');
    expect(deep.json()).toEqual({
      data: [],
      meta: { pagination: { page: 500, pageSize: 10, pageCount: 1, total: expect.any(Number) } },
    });
    const one = await call('GET', '/api/providers?pagination[pageSize]=1&pagination[page]=2');
    expect(ids(one)).toEqual([shownId]);
  });

  it('answers 400 naming the parameter for bad facet input, never 500', async () => {
    const many = Array.from({ length: 10_000 }, (_, i) => `filter[language][${i}]=${i + 1}`).join('&');
    const cities = Array.from({ length: 300 }, (_, i) => `city[${i}]=C${i}`).join('&');
    const cases: [string, string][] = [
      ['filter[colour][0]=red', 'filter.colour'],
      ['filter[language][0]=abc', 'filter.language'],
      ['filter[race]=1;drop', 'filter.race'],
      ['filter[kissing]=maybe', 'filter.kissing'],
      ['filter[call][0]=Teleport', 'filter.call'],
      ['filter[age][0]=20', 'filter.age'],
      ['filter[age][0]=18&filter[age][1]=99999', 'filter.age.1'],
      ['filter[age][0]=-5&filter[age][1]=30', 'filter.age.0'],
      ['filter[age][0]=50&filter[age][1]=20', 'filter.age'],
      ['filter[donation_hour][0]=1e9&filter[donation_hour][1]=2', 'filter.donation_hour.0'],
      ['minValue=abc', 'minValue'],
      ['maxValueDonation=99999999', 'maxValueDonation'],
      ['filter=yes', 'filter'],
      ['filter[kissing][x]=yes', 'filter.kissing'],
      ['country=USA1', 'country'],
      ['state=California', 'state'],
      ['colour=red', 'colour'],
      ['filter[cum]=sometimes', 'filter.cum'],
      [many, 'filter.language'],
      [cities, 'city'],
    ];
    for (const [qs, path] of cases) {
      for (const route of ['/api/providers', '/api/filterdata']) {
        const res = await call('GET', `${route}?${qs}`);
        expect(res.statusCode, `${route}?${qs.slice(0, 60)}`).toBe(400);
        expect(errorPaths(res), `${route}?${qs.slice(0, 60)}`).toEqual([path]);
      }
    }
    // N/A, empty values and a [0, 0] range are ignored.
    const ignored = await call(
      'GET',
      '/api/providers?filter[kissing]=N/A&filter[language][0]=&filter[age][0]=0&filter[age][1]=0&filter[race][0]=0',
    );
    expect(ignored.statusCode).toBe(200);
    expect(ignored.json().meta.pagination.total).toBe(2);
  });

  it('filters by location and facets', async () => {
    const get = async (qs: string) => ids(await call('GET', `/api/providers?${qs}`));
    expect(await get('state=NV')).toEqual([otherShownId]);
    expect(await get('state=CA&city[0]=Oakland')).toEqual([shownId]);
    expect(await get('city=Reno')).toEqual([otherShownId]);
    expect(await get('city[0]=Nowhere')).toEqual([]);
    expect(await get('country=US&filter[call][0]=Incall')).toEqual([otherShownId, shownId]);
    expect(await get('filter[call][0]=Outcall')).toEqual([]);
    expect(await get('filter[kissing_types][0]=Light&filter[kissing]=yes')).toEqual([otherShownId, shownId]);
    expect(await get('filter[age][0]=26&filter[age][1]=30')).toEqual([]);
    expect(await get('minValue=20&maxValue=30&minValueDonation=150&maxValueDonation=250')).toEqual([
      otherShownId,
      shownId,
    ]);
    // Combined with a Strapi filter and another order (SQL for both).
    expect(await get(`state=CA&filters[title][$containsi]=shown&sort=title:asc`)).toEqual([shownId]);
  });
});

describe('GET /api/providers/:id', () => {
  it('shows a shown provider to anyone, a hidden one only to its owner and the admin', async () => {
    const res = await call('GET', `/api/providers/${shownId}?populate=user`);
    expect(res.statusCode).toBe(200);
    expect(res.json().data.id).toBe(shownId);
    expect(res.json().data.attributes.user.data.attributes).not.toHaveProperty('email');
    for (const user of [null, hobbyist, other]) {
      expect((await call('GET', `/api/providers/${hiddenId}`, { user })).statusCode).toBe(404);
    }
    for (const user of [owner, admin]) {
      const r = await call('GET', `/api/providers/${hiddenId}?populate=docs`, { user });
      expect(r.statusCode).toBe(200);
      expect(r.json().data.attributes.docs).toEqual({ data: [] });
    }
    expect((await call('GET', `/api/providers/${shownId}?populate=docs`, { user: other })).statusCode).toBe(
      400,
    );
    expect((await call('GET', '/api/providers/abc')).statusCode).toBe(400);
    expect((await call('GET', '/api/providers/99999999')).statusCode).toBe(404);
    expect((await call('GET', '/api/providers/99999999999')).statusCode).toBe(400);
  });
});

describe('POST /api/providers', () => {
  it('refuses anonymous callers, hobbyists and vendors', async () => {
    expect((await call('POST', '/api/providers', { body: await adBody(owner) })).statusCode).toBe(401);
    for (const user of [hobbyist, vendor]) {
      const res = await call('POST', '/api/providers', { user, body: await adBody(user) });
      expect(res.statusCode).toBe(403);
    }
  });

  it('answers 400 naming the field for bad input', async () => {
    const [othersImage] = await buildFiles(ctx, other, 'image');
    const [video] = await buildFiles(ctx, owner, 'video');
    const [ownImage] = await buildFiles(ctx, owner, 'image');
    const cases: [Record<string, unknown>, string][] = [
      [{ age: 17 }, 'data.age'],
      [{ age: 'old' }, 'data.age'],
      [{ donation_hour: -1 }, 'data.donation_hour'],
      [{ donation_hour: 10.555 }, 'data.donation_hour'],
      [{ kissing: 'Yes' }, 'data.kissing'],
      [{ kissing_types: 'Light,Wild' }, 'data.kissing_types'],
      [{ call: 'Anywhere' }, 'data.call'],
      [{ images: [] }, 'data.images'],
      [{ images: [othersImage] }, 'data.images'],
      [{ images: [video] }, 'data.images'],
      [{ video: ownImage }, 'data.video'],
      // A public image the owner uploaded may be named as a document (it turns private); a video not.
      [{ docs: [video] }, 'data.docs'],
      // No document is fine for this verified provider; verification.test.ts has the rule.
      [{ docs: [othersImage] }, 'data.docs'],
      [{ title: '' }, 'data.title'],
      [{ language: 99999 }, 'data.language'],
      [{ state: 'California' }, 'data.state'],
      [{ country: 'Atlantis' }, 'data.country'],
      [{ country: 'XX' }, 'data.country'],
      [{ country: '' }, 'data.country'],
    ];
    for (const [overrides, path] of cases) {
      const res = await call('POST', '/api/providers', { user: owner, body: await adBody(owner, overrides) });
      expect(res.statusCode, JSON.stringify(overrides)).toBe(400);
      const paths = errorPaths(res);
      expect(
        paths.some((p) => p === path || p.startsWith(`${path}.`)),
        `${JSON.stringify(overrides)}: ${paths.join()}`,
      ).toBe(true);
    }
    expect((await call('POST', '/api/providers', { user: owner, body: { nodata: 1 } })).statusCode).toBe(400);
    const unknown = await call('POST', '/api/providers', {
      user: owner,
      body: await adBody(owner, { country: 'Atlantis' }),
    });
    expect(unknown.json().error.details.errors[0].message).toBe(MESSAGES.validation.countryUnknown);
  });

  it('takes the country by name or code, in any case, and stores and answers the code', async () => {
    for (const country of ['United States', 'united states', 'USA', 'us']) {
      const res = await call('POST', '/api/providers', {
        user: owner,
        body: await adBody(owner, { country }),
      });
      expect(res.statusCode, country).toBe(200);
      const created = res.json().data;
      expect(created.attributes.country, country).toBe('US');
      const row = await ctx.database.db
        .selectFrom('providers')
        .select('country')
        .where('id', '=', created.id)
        .executeTakeFirstOrThrow();
      expect(row.country).toBe('US');
      const edited = await call('PUT', `/api/providers/${created.id}`, {
        user: owner,
        body: { data: { country: 'United States of America' } },
      });
      expect(edited.statusCode).toBe(200);
      expect(edited.json().data.attributes.country).toBe('US');
      await call('DELETE', `/api/providers/${created.id}`, { user: owner });
    }
  });

  it('creates an ad owned by the caller, normalised, listed at once', async () => {
    const [video] = await buildFiles(ctx, owner, 'video');
    const body = await adBody(owner, { video, user: other.id, likes_count: 99, fellatio: 'no' });
    const res = await call('POST', '/api/providers', { user: owner, body });
    expect(res.statusCode).toBe(200);
    const created = res.json().data;
    expect(created.attributes).toMatchObject({
      title: 'Friendly companion in San Jose',
      country: 'US',
      kissing_types: 'Light,Heavy',
      cum_type: 'Swallow,COB',
      donation_hour: 250,
      donation_half_hour: 150.5,
      isShowed: false,
      review: 'pending',
      duration_ad: 2,
      duration_ad_unit: 'Days',
      likes_count: 0,
      fellatio: 'no',
      fellatio_type: null,
    });
    const row = await ctx.database.db
      .selectFrom('providers')
      .selectAll()
      .where('id', '=', created.id)
      .executeTakeFirstOrThrow();
    // Money in cents: $150.50 is 15050.
    expect(row).toMatchObject({
      user_id: owner.id,
      donation_hour: 25000,
      donation_half_hour: 15050,
      video_id: video,
    });
    // Waiting for review: not public until the admin approves it.
    const before = await call('GET', `/api/providers?populate=images,video&filter[cum_type][0]=COB`);
    expect(ids(before)).toEqual([]);
    const approved = await call('PUT', `/api/providers/${created.id}`, {
      user: admin,
      body: { data: { review: 'approved' } },
    });
    expect(approved.json().data.attributes).toMatchObject({ isShowed: true, review: 'approved' });
    const listed = await call('GET', `/api/providers?populate=images,video&filter[cum_type][0]=COB`);
    expect(ids(listed)).toEqual([created.id]);
    expect(listed.json().data[0].attributes.images.data).toHaveLength(1);
    expect(listed.json().data[0].attributes.video.data.id).toBe(video);
    // The admin may post too (owned by the admin).
    const byAdmin = await call('POST', '/api/providers', { user: admin, body: await adBody(admin) });
    expect(byAdmin.statusCode).toBe(200);
    await call('DELETE', `/api/providers/${byAdmin.json().data.id}`, { user: admin });
  });
});

describe('paid and visibility fields', () => {
  const paid = {
    ad_bonus_side_panel_ad: true,
    duration_ad: 365,
    duration_ad_unit: 'Days',
    isShowed: false,
  };
  const stored = (id: number) =>
    ctx.database.db
      .selectFrom('providers')
      .select(['ad_bonus_side_panel_ad', 'duration_ad', 'duration_ad_unit', 'is_showed', 'likes_count'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();

  it("ignores a provider's values on create and on update; the server sets them", async () => {
    const res = await call('POST', '/api/providers', {
      user: owner,
      body: await adBody(owner, { ...paid, likes_count: 500 }),
    });
    expect(res.statusCode).toBe(200);
    const id = res.json().data.id as number;
    const defaults = { ad_bonus_side_panel_ad: 0, duration_ad: 2, duration_ad_unit: 'Days', is_showed: 0 };
    expect(await stored(id)).toEqual({ ...defaults, likes_count: 0 });
    const put = await call('PUT', `/api/providers/${id}`, {
      user: owner,
      body: { data: { ...paid, title: 'Paid?' } },
    });
    expect(put.statusCode).toBe(200);
    expect(put.json().data.attributes.title).toBe('Paid?');
    expect(await stored(id)).toEqual({ ...defaults, likes_count: 0 });
    await call('DELETE', `/api/providers/${id}`, { user: owner });
  });

  it('lets the admin set them', async () => {
    const id = await buildProviderAd(ctx, owner, { title: 'Admin sets paid fields' });
    const put = await call('PUT', `/api/providers/${id}`, { user: admin, body: { data: paid } });
    expect(put.statusCode).toBe(200);
    expect(await stored(id)).toMatchObject({
      ad_bonus_side_panel_ad: 1,
      duration_ad: 365,
      duration_ad_unit: 'Days',
      is_showed: 0,
    });
    await call('DELETE', `/api/providers/${id}`, { user: admin });
  });
});

describe('PUT and DELETE /api/providers/:id', () => {
  it('lets only the owner and the admin change an ad (404 hidden, 403 visible)', async () => {
    const adId = await buildProviderAd(ctx, owner, { title: 'To change' });
    const hidden = await buildProviderAd(ctx, owner, { title: 'Hidden to change', is_showed: 0 });
    const body = { data: { title: 'Changed' } };
    for (const method of ['PUT', 'DELETE'] as const) {
      expect((await call(method, `/api/providers/${adId}`, { body })).statusCode).toBe(401);
      for (const user of [hobbyist, vendor, other]) {
        expect((await call(method, `/api/providers/${adId}`, { user, body })).statusCode).toBe(403);
        expect((await call(method, `/api/providers/${hidden}`, { user, body })).statusCode).toBe(404);
      }
      expect((await call(method, '/api/providers/99999999', { user: owner, body })).statusCode).toBe(404);
      expect((await call(method, '/api/providers/x', { user: owner, body })).statusCode).toBe(400);
    }
    const bad = await call('PUT', `/api/providers/${adId}`, { user: owner, body: { data: { age: 12 } } });
    expect(bad.statusCode).toBe(400);
    expect(errorPaths(bad)).toEqual(['data.age']);

    const res = await call('PUT', `/api/providers/${adId}`, { user: owner, body });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.attributes.title).toBe('Changed');
    const byAdmin = await call('PUT', `/api/providers/${hidden}`, {
      user: admin,
      body: { data: { isShowed: true, kissing: 'no' } },
    });
    expect(byAdmin.json().data.attributes).toMatchObject({
      isShowed: true,
      kissing: 'no',
      kissing_types: null,
    });

    const del = await call('DELETE', `/api/providers/${adId}`, { user: owner });
    expect(del.statusCode).toBe(200);
    // The approved ad as it was: the owner's change waited for review (test/revisions.test.ts).
    expect(del.json().data.attributes.title).toBe('To change');
    expect((await call('GET', `/api/providers/${adId}`)).statusCode).toBe(404);
    expect((await call('DELETE', `/api/providers/${hidden}`, { user: admin })).statusCode).toBe(200);
  });

  it('replaces images, and refuses files the owner does not own', async () => {
    const adId = await buildProviderAd(ctx, owner, { images: await buildFiles(ctx, owner, 'image', 2) });
    const [next] = await buildFiles(ctx, owner, 'image');
    const [foreign] = await buildFiles(ctx, hobbyist, 'image');
    const refused = await call('PUT', `/api/providers/${adId}`, {
      user: owner,
      body: { data: { images: [foreign] } },
    });
    expect(refused.statusCode).toBe(400);
    expect(errorPaths(refused)).toEqual(['data.images']);
    const res = await call('PUT', `/api/providers/${adId}`, {
      user: owner,
      body: { data: { images: [next] } },
    });
    expect(res.statusCode).toBe(200);
    // New photos of an approved ad wait for review (decision 0015): the owner reads them, the public the
    // approved ones.
    const shown = await call('GET', `/api/providers/${adId}?populate=images`);
    expect(shown.json().data.attributes.images.data.map((i: { id: number }) => i.id)).not.toContain(next);
    const one = await call('GET', `/api/providers/${adId}?populate=images`, { user: owner });
    expect(one.json().data.attributes.images.data.map((i: { id: number }) => i.id)).toEqual([next]);
    expect(one.json().data.attributes.pending_revision.state).toBe('pending');
    await call('DELETE', `/api/providers/${adId}`, { user: owner });
  });

  it("keeps the owner's order of images (the first is the cover), not the files' ids", async () => {
    const [a, b, c] = await buildFiles(ctx, owner, 'image', 3);
    const adId = await buildProviderAd(ctx, owner, { images: [c!, a!, b!] });
    const imageIds = async () => {
      const res = await call('GET', `/api/providers/${adId}?populate=images`, { user: owner });
      return res.json().data.attributes.images.data.map((i: { id: number }) => i.id);
    };
    expect(await imageIds()).toEqual([c, a, b]);
    const listed = await call('GET', `/api/providers?populate=images&filters[id][$eq]=${adId}`);
    expect(listed.json().data[0].attributes.images.data.map((i: { id: number }) => i.id)).toEqual([c, a, b]);
    const res = await call('PUT', `/api/providers/${adId}`, {
      user: owner,
      body: { data: { images: [b, c] } },
    });
    expect(res.statusCode).toBe(200);
    expect(await imageIds()).toEqual([b, c]);
    await call('DELETE', `/api/providers/${adId}`, { user: owner });
  });
});

describe('blocked accounts', () => {
  it("hides a blocked provider's ads from the listing, counts, lookups and reactions until unblocked", async () => {
    const blocked = await buildProvider(ctx);
    const city = 'Blockville';
    const adId = await buildProviderAd(ctx, blocked, { title: 'Blocked owner ad', state: 'WY', city });
    const listing = `/api/providers?state=WY&city[0]=${city}`;
    const counts = `/api/filterdata?country=US&state=WY&city[0]=${city}`;
    const visible = async () => ({
      listed: ids(await call('GET', listing)),
      total: (await call('GET', counts)).json().data.total,
      one: (await call('GET', `/api/providers/${adId}`)).statusCode,
      cities: (await call('GET', '/api/cityByState?state_code=WY')).json(),
    });
    const before = await visible();
    expect(before.listed).toEqual([adId]);
    expect(before.total).toBe(1);
    expect(before.one).toBe(200);
    expect(JSON.stringify(before.cities)).toContain(city);

    const block = (is_active: boolean) =>
      call('PUT', `/api/users/${blocked.id}`, { user: admin, body: { is_active } });
    expect((await block(false)).statusCode).toBe(200);
    const after = await visible();
    expect(after.listed).toEqual([]);
    expect(after.total).toBe(0);
    expect(after.one).toBe(404);
    expect(JSON.stringify(after.cities)).not.toContain(city);
    const like = await call('POST', '/api/likes', { user: hobbyist, body: { data: { provider: adId } } });
    expect(like.statusCode).toBe(404);
    // The admin still sees it, to review it.
    expect((await call('GET', `/api/providers/${adId}`, { user: admin })).statusCode).toBe(200);

    expect((await block(true)).statusCode).toBe(200);
    expect(await visible()).toEqual(before);
  });
});

describe('GET /api/filterdata', () => {
  it('answers the total and every option of every section', async () => {
    const res = await call('GET', '/api/filterdata');
    expect(res.statusCode).toBe(200);
    const { total, counts } = res.json().data;
    const listing = await call('GET', '/api/providers');
    expect(total).toBe(listing.json().meta.pagination.total);
    expect(Object.keys(counts)).toEqual(COUNT_SECTIONS);
    // Every ad here has Incall or Outcall/Incall (which counts for Incall and Outcall too).
    expect(counts.call.Incall).toBe(total);
    expect(counts.call.Outcall).toBe(counts.call['Outcall/Incall']);
    expect(counts.kissing).toEqual({ yes: total, no: 0 });
    expect(Object.keys(counts.cum_type)).toEqual(CUM_TYPES);
    expect(Object.keys(counts.anilingus_act)).toEqual(SUBTYPES.anilingus.options);
    const languages = await ctx.database.db.selectFrom('languages').select('id').execute();
    expect(Object.keys(counts.language).sort()).toEqual(languages.map((l) => String(l.id)).sort());
    // The filter state may come as populate[...] too (the original client's call).
    const viaPopulate = await call('GET', '/api/filterdata?populate[kissing]=no');
    expect(viaPopulate.json().data.total).toBe(0);
    expect(viaPopulate.json().data.counts.kissing.yes).toBe(total);
    expect((await call('GET', '/api/filterdata?pagination[page]=1')).statusCode).toBe(400);
  });
});

describe('lookups with provider counts', () => {
  it('languages and races carry counts and an N/A item', async () => {
    const [lang] = await ctx.database.db.selectFrom('languages').select('id').limit(1).execute();
    const ad = await buildProviderAd(ctx, owner, { language_id: lang!.id });
    const res = await call('GET', '/api/languages?pagination[pageSize]=100');
    expect(res.statusCode).toBe(200);
    const data = res.json().data as { id: number; attributes: { lang_name: string; provider: number } }[];
    expect(data.find((l) => l.id === lang!.id)!.attributes.provider).toBe(1);
    const total = (await call('GET', '/api/filterdata')).json().data.total;
    expect(data.at(-1)).toEqual({ id: 0, attributes: { lang_name: 'N/A', provider: total - 1 } });
    const one = await call('GET', `/api/languages/${lang!.id}`);
    expect(one.json().data.attributes.provider).toBe(1);
    const races = await call('GET', '/api/races');
    expect(races.json().data.at(-1)).toEqual({ id: 0, attributes: { race_name: 'N/A', provider: total } });
    expect((await call('GET', '/api/races/99999')).statusCode).toBe(404);
    await call('DELETE', `/api/providers/${ad}`, { user: owner });
  });

  it('states, cities and countries with counts', async () => {
    const states = await call('GET', '/api/state-by-country?country_code=US');
    expect(states.statusCode).toBe(200);
    const list = states.json().data as { state_code: string; state_name: string; provider: number }[];
    expect(list.length).toBeGreaterThan(50);
    expect(list.find((s) => s.state_code === 'NV')!.provider).toBe(1);
    expect(list.find((s) => s.state_code === 'TX')!.provider).toBe(0);
    const names = list.map((s) => s.state_name);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'en')));

    const cities = await call('GET', '/api/cityByState?state_code=CA');
    const caTotal = list.find((s) => s.state_code === 'CA')!.provider;
    const cityList = cities.json().data as { city_name: string; provider: number; state_name: string }[];
    expect(cityList.reduce((a, c) => a + c.provider, 0)).toBe(caTotal);
    expect(cityList.find((c) => c.city_name === 'Oakland')).toEqual({
      city_name: 'Oakland',
      state_code: 'CA',
      state_name: 'California',
      provider: 1,
    });
    expect((await call('GET', '/api/cityByState?state_code=NV&all=true')).json().data).toEqual([
      { city_name: 'Reno', state_code: 'NV', state_name: 'Nevada', provider: 1 },
    ]);

    const country = await call('GET', '/api/provider-count-by-country?country_code=US');
    expect(country.json()).toEqual({
      data: [{ country_code: 'US', provider: (await call('GET', '/api/filterdata')).json().data.total }],
    });
    for (const url of [
      '/api/state-by-country?country_code=USA',
      '/api/cityByState',
      '/api/cityByState?state_code=CA&all=maybe',
      '/api/provider-count-by-country?country_code=1',
      '/api/state-by-country?foo=1',
    ]) {
      expect((await call('GET', url)).statusCode, url).toBe(400);
    }
  });
});
