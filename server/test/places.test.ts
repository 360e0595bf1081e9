import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { MESSAGES } from '@app/domain';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uploadsRoot } from '../src/storage/index.ts';
import { buildAdBody, buildFiles } from './directory-helpers.ts';
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
import { makePng, uploadImage } from './upload-helpers.ts';

/**
 * Places: addresses, places and their review before publication, who may
 * see and change what, files of replaced and deleted places, the multipart create through the upload
 * pipeline, and the venue listing's filters. Reviews and sort orders: places-reviews.test.ts.
 */

let ctx: TestContext;
let admin: TestUser;
let provider: TestUser;
let otherProvider: TestUser;
let hobbyist: TestUser;
let vendor: TestUser;
let api: ReturnType<typeof placesApi>;

beforeAll(async () => {
  ctx = await createTestApp();
  await seedPlaceCities(ctx);
  [admin, provider, otherProvider, hobbyist, vendor] = await Promise.all([
    buildAdmin(ctx),
    buildProvider(ctx),
    buildProvider(ctx),
    buildHobbyist(ctx),
    buildVendor(ctx),
  ]);
  api = placesApi(ctx);
});
afterAll(() => ctx.close());

const db = () => ctx.database.db;
const errorOf = (res: { json: () => Json }) => res.json().error as Json;
const errorPaths = (res: { json: () => Json }) =>
  ((errorOf(res)?.details?.errors ?? []) as { path: (string | number)[] }[]).map((e) => e.path.join('.'));

async function fileRow(id: number) {
  return db().selectFrom('files').selectAll().where('id', '=', id).executeTakeFirst();
}
const diskPath = (row: { storage_key: string; ext: string }) =>
  path.join(uploadsRoot(ctx.config.dataDir), 'public', `${row.storage_key}${row.ext}`);

// ---------------------------------------------------------------------------------------------

describe('/api/addresses', () => {
  it('401 without a login on every route', async () => {
    for (const [method, url] of [
      ['GET', '/api/addresses'],
      ['GET', '/api/addresses/1'],
      ['POST', '/api/addresses'],
      ['PUT', '/api/addresses/1'],
      ['DELETE', '/api/addresses/1'],
    ] as const) {
      const res = await api.call(method, url, {
        body: method === 'GET' || method === 'DELETE' ? undefined : { data: {} },
      });
      expect(res.statusCode, `${method} ${url}`).toBe(401);
    }
  });

  it('POST: providers and the admin only (403 for hobbyists and vendors)', async () => {
    const body = {
      data: { location: '1 Main St', city: 'San Jose', state: 'CA', postal_code: '95112', country: 'US' },
    };
    expect((await api.call('POST', '/api/addresses', { user: hobbyist, body })).statusCode).toBe(403);
    expect((await api.call('POST', '/api/addresses', { user: vendor, body })).statusCode).toBe(403);
    expect((await api.call('POST', '/api/addresses', { user: admin, body })).statusCode).toBe(200);
  });

  it("POST: 400 with the spec's messages and for a state or city not in the lookups", async () => {
    const base = {
      location: '1 Main St',
      city: 'San Jose',
      state: 'CA',
      postal_code: '95112',
      country: 'US',
    };
    const cases: [Record<string, unknown>, string, string][] = [
      [{ postal_code: '' }, 'data.postal_code', MESSAGES.placeForm.postalCodeRequired],
      [{ location: '   ' }, 'data.location', MESSAGES.placeForm.addressRequired],
      [{ city: undefined }, 'data.city', MESSAGES.placeForm.cityRequired],
      [{ state: 'ZZ' }, 'data.state', `${MESSAGES.adErrors.unknownState} ZZ`],
      [{ city: 'Reno' }, 'data.city', `${MESSAGES.adErrors.unknownCity} Reno`],
      [{ location: 7 }, 'data.location', ''],
    ];
    for (const [overrides, at, message] of cases) {
      const res = await api.call('POST', '/api/addresses', {
        user: provider,
        body: { data: { ...base, ...overrides } },
      });
      expect(res.statusCode, JSON.stringify(overrides)).toBe(400);
      expect(errorPaths(res)).toContain(at);
      if (message) expect(JSON.stringify(errorOf(res))).toContain(message);
    }
  });

  it('POST and PUT take the country by name or code, in any case, and store and answer the code', async () => {
    const base = { location: '4 Pine St', city: 'San Jose', state: 'CA', postal_code: '95112' };
    for (const country of [
      'United States',
      'united states',
      'UNITED STATES OF AMERICA',
      'USA',
      'us',
      ' US ',
    ]) {
      const res = await api.ok('POST', '/api/addresses', {
        user: provider,
        body: { data: { ...base, country } },
      });
      expect(res.data.attributes.country, country).toBe('US');
      const row = await db()
        .selectFrom('addresses')
        .select('country')
        .where('id', '=', res.data.id)
        .executeTakeFirstOrThrow();
      expect(row.country).toBe('US');
    }
    // An unknown country is a 400 at data.country, saying what it takes; none at all is 'Country is required'.
    for (const country of ['Atlantis', 'XX', 'U', 'United', 'Narnia Republic']) {
      const res = await api.call('POST', '/api/addresses', {
        user: provider,
        body: { data: { ...base, country } },
      });
      expect(res.statusCode, country).toBe(400);
      expect(errorPaths(res)).toEqual(['data.country']);
      expect(errorOf(res).details.errors[0].message).toBe(MESSAGES.validation.countryUnknown);
    }
    for (const country of ['', '  ', undefined, 5]) {
      const res = await api.call('POST', '/api/addresses', {
        user: provider,
        body: { data: { ...base, country } },
      });
      expect(res.statusCode, String(country)).toBe(400);
      expect(errorOf(res).details.errors[0].message).toBe(MESSAGES.placeForm.countryRequired);
    }
    // A known country without the state in the lookups is the state's 400, as before.
    const canada = await api.call('POST', '/api/addresses', {
      user: provider,
      body: { data: { ...base, country: 'Canada' } },
    });
    expect(canada.statusCode).toBe(400);
    expect(errorPaths(canada)).toEqual(['data.state']);

    const id = await api.newAddress(provider);
    const edited = await api.ok('PUT', `/api/addresses/${id}`, {
      user: provider,
      body: { data: { country: 'United States' } },
    });
    expect(edited.data.attributes.country).toBe('US');
    const refused = await api.call('PUT', `/api/addresses/${id}`, {
      user: provider,
      body: { data: { country: 'Atlantis' } },
    });
    expect(refused.statusCode).toBe(400);
    expect(errorPaths(refused)).toEqual(['data.country']);
  });

  it('the owner reads, changes and deletes; another provider meets a 404; the admin sees all', async () => {
    const id = await api.newAddress(provider, { location: '2 Oak Avenue', city: 'Oakland' });
    const mine = await api.listed('/api/addresses?pagination[pageSize]=100', provider);
    expect(mine).toContain(id);
    expect(await api.listed('/api/addresses?pagination[pageSize]=100', otherProvider)).not.toContain(id);
    expect(await api.listed('/api/addresses?pagination[pageSize]=100', admin)).toContain(id);

    const got = await api.ok('GET', `/api/addresses/${id}`, { user: provider });
    expect(got.data.attributes).toMatchObject({
      location: '2 Oak Avenue',
      city: 'Oakland',
      state: 'CA',
      country: 'US',
    });
    for (const user of [otherProvider, hobbyist]) {
      expect((await api.call('GET', `/api/addresses/${id}`, { user })).statusCode).toBe(404);
      expect(
        (await api.call('PUT', `/api/addresses/${id}`, { user, body: { data: { city: 'San Jose' } } }))
          .statusCode,
      ).toBe(404);
      expect((await api.call('DELETE', `/api/addresses/${id}`, { user })).statusCode).toBe(404);
    }

    // A new state must hold the stored city.
    const moved = await api.call('PUT', `/api/addresses/${id}`, {
      user: provider,
      body: { data: { state: 'NV' } },
    });
    expect(moved.statusCode).toBe(400);
    expect(errorPaths(moved)).toEqual(['data.city']);
    const edited = await api.ok('PUT', `/api/addresses/${id}`, {
      user: provider,
      body: { data: { city: 'Los Angeles', postal_code: '90001' } },
    });
    expect(edited.data.attributes).toMatchObject({ city: 'Los Angeles', postal_code: '90001' });
    await api.ok('PUT', `/api/addresses/${id}`, { user: admin, body: { data: { location: '3 Elm Road' } } });

    await api.ok('DELETE', `/api/addresses/${id}`, { user: provider });
    expect((await api.call('GET', `/api/addresses/${id}`, { user: provider })).statusCode).toBe(404);
  });

  it("another provider's list holds none of the first provider's addresses", async () => {
    const own = [await api.newAddress(provider), await api.newAddress(provider, { city: 'Oakland' })];
    await api.newAddress(otherProvider);
    const ownedBy = async (user: TestUser) =>
      (await db().selectFrom('addresses').select('id').where('user_id', '=', user.id).execute()).map((r) =>
        Number(r.id),
      );
    const theirs = await api.listed('/api/addresses?pagination[pageSize]=100', otherProvider);
    expect(theirs.length).toBeGreaterThan(0);
    expect(theirs.sort()).toEqual((await ownedBy(otherProvider)).sort());
    for (const id of await ownedBy(provider)) expect(theirs).not.toContain(id);
    expect(own.every((id) => !theirs.includes(id))).toBe(true);
    // Nor through a filter on the owner.
    expect(await api.listed(`/api/addresses?filters[user][id][$eq]=${provider.id}`, otherProvider)).toEqual(
      [],
    );
  });

  it('400 for a bad id, not a 500', async () => {
    for (const id of ['abc', '2147483648', '99999999999999999999', '-1', '1.5']) {
      expect((await api.call('GET', `/api/addresses/${id}`, { user: provider })).statusCode, id).toBe(400);
    }
  });

  it('409 deleting an address a place names; the place keeps it', async () => {
    const placeId = await api.newPlace(provider);
    const place = await db()
      .selectFrom('places')
      .select('address_id')
      .where('id', '=', placeId)
      .executeTakeFirstOrThrow();
    const res = await api.call('DELETE', `/api/addresses/${place.address_id}`, { user: provider });
    expect(res.statusCode).toBe(409);
    expect(errorOf(res).message).toBe(MESSAGES.placeErrors.addressInUse);
  });
});

// ---------------------------------------------------------------------------------------------

describe('POST /api/vendors (JSON)', () => {
  it('401 anonymous; 403 hobbyists and vendors', async () => {
    expect((await api.call('POST', '/api/vendors', { body: { data: {} } })).statusCode).toBe(401);
    for (const user of [hobbyist, vendor]) {
      expect(
        (await api.call('POST', '/api/vendors', { user, body: await api.placeBody(provider) })).statusCode,
      ).toBe(403);
    }
  });

  it("400 with the spec's messages: 'Required' image, 'Type is required', 'Address is required', 'Invalid phone number'", async () => {
    const cases: [Record<string, unknown>, string, string][] = [
      [{ image: undefined }, 'image', MESSAGES.placeForm.required],
      [{ vendor_type: undefined }, 'data.vendor_type', MESSAGES.placeForm.typeRequired],
      [{ address: undefined }, 'data.address', MESSAGES.placeForm.addressRequired],
      [{ phone: '555-0100' }, 'data.phone', MESSAGES.placeForm.phoneInvalid],
      [{ phone: '12' }, 'data.phone', MESSAGES.placeForm.phoneInvalid],
      [{ phone: undefined }, 'data.phone', MESSAGES.placeForm.phoneInvalid],
      [{ name: 'A' }, 'data.name', ''],
      [{ email: 'not-an-email' }, 'data.email', ''],
      [{ website: 'javascript:alert(1)' }, 'data.website', MESSAGES.placeForm.websiteInvalid],
    ];
    for (const [overrides, at, message] of cases) {
      const res = await api.call('POST', '/api/vendors', {
        user: provider,
        body: await api.placeBody(provider, overrides),
      });
      expect(res.statusCode, JSON.stringify(overrides)).toBe(400);
      expect(errorPaths(res), JSON.stringify(overrides)).toContain(at);
      if (message) {
        const messages = (errorOf(res).details.errors as { message: string }[]).map((e) => e.message);
        expect(messages).toContain(message);
      }
    }
  });

  it('400 for wrong types and out-of-range ids, never a 500', async () => {
    for (const overrides of [
      { vendor_type: 99999 },
      { vendor_type: 2147483648 },
      { vendor_type: '1' },
      { address: 1e308 },
      { address: -1 },
      { image: 'x' },
      { image: 2147483647 },
      { video: 2147483647 },
      { name: { $gt: '' } },
      { phone: ['5550100'] },
      { name: 'a\u0000b' },
    ]) {
      const res = await api.call('POST', '/api/vendors', {
        user: provider,
        body: await api.placeBody(provider, overrides),
      });
      expect(res.statusCode, JSON.stringify(overrides)).toBe(400);
    }
    for (const body of [null, [], { data: null }, { data: [] }, { data: 'x' }]) {
      const res = await api.call('POST', '/api/vendors', { user: provider, body });
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
    }
  });

  it("the address must be the caller's own and no other place's; the files the caller's uploads", async () => {
    const theirs = await api.newAddress(otherProvider);
    const res = await api.call('POST', '/api/vendors', {
      user: provider,
      body: await api.placeBody(provider, { address: theirs }),
    });
    expect(res.statusCode).toBe(404);
    // The admin sees every address, but a place's address must be its owner's.
    const forAdmin = await api.call('POST', '/api/vendors', {
      user: admin,
      body: { data: { ...(await api.placeBody(admin)).data, address: theirs } },
    });
    expect(forAdmin.statusCode).toBe(403);
    expect(errorOf(forAdmin).message).toBe(MESSAGES.placeErrors.addressNotYours);

    const first = await api.placeBody(provider);
    await api.ok('POST', '/api/vendors', { user: provider, body: first });
    const again = await api.call('POST', '/api/vendors', {
      user: provider,
      body: { data: { ...first.data, image: await uploadImage(ctx, provider) } },
    });
    expect(again.statusCode).toBe(400);
    expect(errorPaths(again)).toEqual(['data.address']);

    const [othersImage] = await buildFiles(ctx, otherProvider, 'image');
    const [doc] = await buildFiles(ctx, provider, 'doc');
    const [video] = await buildFiles(ctx, provider, 'video');
    for (const [overrides, at] of [
      [{ image: othersImage }, 'data.image'],
      [{ image: doc }, 'data.image'],
      [{ image: video }, 'data.image'],
      [{ video: othersImage }, 'data.video'],
    ] as const) {
      const bad = await api.call('POST', '/api/vendors', {
        user: provider,
        body: await api.placeBody(provider, overrides),
      });
      expect(bad.statusCode, JSON.stringify(overrides)).toBe(400);
      expect(errorPaths(bad)).toEqual([at]);
    }
  });

  it('a new place waits for review: hidden from the public, shown to its owner (My Places) and the admin', async () => {
    const body = await api.placeBody(provider, { name: 'Placeholder Spa Pending' });
    const created = await api.ok('POST', '/api/vendors', { user: provider, body });
    const id = created.data.id as number;
    expect(created.data.attributes).toMatchObject({
      name: 'Placeholder Spa Pending',
      review: 'pending',
      isShowed: false,
      rating: 0,
      review_count: 0,
      last_review_at: '',
      has_video: 0,
    });
    const row = await db().selectFrom('places').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ user_id: provider.id, is_showed: 0, review_state: 'pending' });

    for (const user of [null, hobbyist, otherProvider]) {
      expect((await api.call('GET', `/api/vendors/${id}`, { user })).statusCode).toBe(404);
      expect(await api.listed('/api/vendors?pagination[pageSize]=100', user)).not.toContain(id);
      // Naming the owner in the filter shows nothing more to others.
      expect(await api.listed(`/api/vendors?filters[user][id][$eq]=${provider.id}`, user)).not.toContain(id);
    }
    const own = await api.ok('GET', `/api/vendors/${id}?populate=*`, { user: provider });
    expect(own.data.attributes.review).toBe('pending');
    expect(own.data.attributes.vendor_type.data.attributes).toMatchObject({
      type: 'eroticbody',
      name: 'Erotic Body Rubs',
    });
    expect(own.data.attributes.address.data.attributes).toMatchObject({ city: 'San Jose', state: 'CA' });
    expect(own.data.attributes.image.data.attributes.url).toMatch(/^\/uploads\//);
    const myPlaces = await api.ok(
      'GET',
      `/api/vendors?filters[user][id][$eq]=${provider.id}&pagination[pageSize]=100`,
      {
        user: provider,
      },
    );
    const mine = (myPlaces.data as Json[]).find((i) => i.id === id);
    expect(mine.attributes).toMatchObject({ review: 'pending', isShowed: false });
    expect(await api.listed('/api/vendors?pagination[pageSize]=100', admin)).toContain(id);
    expect((await api.ok('GET', `/api/vendors/${id}`, { user: admin })).data.attributes.review).toBe(
      'pending',
    );
  });

  it('the admin posts an approved place', async () => {
    const created = await api.ok('POST', '/api/vendors', { user: admin, body: await api.placeBody(admin) });
    expect(created.data.attributes).toMatchObject({ review: 'approved', isShowed: true });
  });
});

// ---------------------------------------------------------------------------------------------

describe('POST /api/vendors (multipart, files.image)', () => {
  const here = path.dirname(fileURLToPath(import.meta.url));
  const gpsPhoto = readFileSync(path.join(here, '../../e2e/tests/support/photo-with-gps.jpg'));

  async function dataOf(user: TestUser, overrides: Record<string, unknown> = {}) {
    const { image: _image, ...data } = (await api.placeBody(user, overrides)).data;
    return data;
  }
  const fileCount = async () =>
    Number(
      (
        await db()
          .selectFrom('files')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  it('stores the picture through the upload pipeline, without its EXIF and GPS data', async () => {
    expect((await sharp(gpsPhoto).metadata()).exif).toBeDefined();
    const res = await api.multipart(provider, await dataOf(provider, { name: 'Placeholder Shop Photo' }), {
      bytes: gpsPhoto,
      name: 'photo.jpg',
      type: 'image/jpeg',
    });
    expect(res.statusCode, res.body).toBe(200);
    const id = res.json().data.id as number;
    expect(res.json().data.attributes).toMatchObject({ name: 'Placeholder Shop Photo', review: 'pending' });
    const place = await db()
      .selectFrom('places')
      .select(['image_id', 'user_id'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    const file = (await fileRow(Number(place.image_id)))!;
    expect(file).toMatchObject({ owner_id: provider.id, is_private: 0, mime: 'image/jpeg' });
    const stored = readFileSync(diskPath(file));
    expect(stored.includes(Buffer.from('Exif\0\0'))).toBe(false);
    expect((await sharp(stored).metadata()).exif).toBeUndefined();
  });

  it("400 'Required' at image without files.image; 400 for bad data, with the picture removed again", async () => {
    const none = await api.multipart(provider, await dataOf(provider));
    expect(none.statusCode).toBe(400);
    expect(errorOf(none).details.errors).toEqual([
      expect.objectContaining({ path: ['image'], message: MESSAGES.placeForm.required }),
    ]);

    const png = { bytes: await makePng(), name: 'a.png', type: 'image/png' };
    const badPhoneData = await dataOf(provider, { phone: 'abc' });
    const notMineData = await dataOf(provider, { address: await api.newAddress(otherProvider) });
    const nulData = { ...(await dataOf(provider)), name: 'a\u0000b' };
    const goodData = await dataOf(provider);
    const before = await fileCount();
    for (const fileFirst of [false, true]) {
      const notJson = await api.multipart(provider, '{"name":', png, { fileFirst });
      expect(notJson.statusCode).toBe(400);
      expect(errorOf(notJson).message).toContain(MESSAGES.placeErrors.dataNotJson);
      const badPhone = await api.multipart(provider, badPhoneData, png, { fileFirst });
      expect(badPhone.statusCode).toBe(400);
      expect(errorPaths(badPhone)).toContain('data.phone');
      // Checked once the picture is stored: it is removed again.
      const notMine = await api.multipart(provider, notMineData, png, { fileFirst });
      expect(notMine.statusCode).toBe(404);
      const nul = await api.multipart(provider, nulData, png, { fileFirst });
      expect(nul.statusCode).toBe(400);
      const two = await api.multipart(provider, goodData, png, { fileFirst, twice: true });
      expect(two.statusCode).toBe(400);
      expect(errorOf(two).message).toBe(MESSAGES.placeErrors.oneImageOnly);
    }
    expect(await fileCount()).toBe(before);
  });

  it('401 anonymous, 403 a hobbyist, 415 a file that is not a picture', async () => {
    const png = { bytes: await makePng(), name: 'a.png', type: 'image/png' };
    expect((await api.multipart(null, {}, png)).statusCode).toBe(401);
    expect((await api.multipart(hobbyist, await dataOf(provider), png)).statusCode).toBe(403);
    const text = {
      bytes: Buffer.from('hello, not a picture at all'.repeat(10)),
      name: 'a.png',
      type: 'image/png',
    };
    expect((await api.multipart(provider, await dataOf(provider), text)).statusCode).toBe(415);
  });
});

// ---------------------------------------------------------------------------------------------

describe('review before publication', () => {
  it('approval publishes the place and mails its owner; the public sees no review fields', async () => {
    const id = await api.newPlace(provider, { city: 'Oakland' });
    const sent = ctx.mailer.sent.length;
    const approved = await api.approve(admin, id);
    expect(approved.data.attributes).toMatchObject({ review: 'approved', isShowed: true });
    const mail = ctx.mailer.sent.slice(sent);
    expect(mail).toEqual([
      expect.objectContaining({ to: provider.email, subject: MESSAGES.placeReview.mailApprovedSubject }),
    ]);

    const pub = await api.ok('GET', `/api/vendors/${id}`);
    expect(pub.data.attributes).not.toHaveProperty('review');
    expect(pub.data.attributes).not.toHaveProperty('review_reason');
    expect(pub.data.attributes).not.toHaveProperty('isShowed');
    expect(await api.listed('/api/vendors?pagination[pageSize]=100')).toContain(id);
    expect(
      await api.listed(`/api/vendors?filters[user][id][$eq]=${provider.id}&pagination[pageSize]=100`),
    ).toContain(id);
  });

  it('a rejection needs a reason, which reaches the owner (item and My Places) and their mail', async () => {
    const id = await api.newPlace(provider);
    const noReason = await api.call('PUT', `/api/vendors/${id}`, {
      user: admin,
      body: { data: { review: 'rejected' } },
    });
    expect(noReason.statusCode).toBe(400);
    expect(errorOf(noReason).message).toContain(MESSAGES.placeReview.reasonRequired);

    const sent = ctx.mailer.sent.length;
    await api.ok('PUT', `/api/vendors/${id}`, {
      user: admin,
      body: { data: { review: 'rejected', review_reason: 'The picture is blurry' } },
    });
    const mail = ctx.mailer.sent.slice(sent);
    expect(mail).toHaveLength(1);
    expect(mail[0]).toMatchObject({ to: provider.email, subject: MESSAGES.placeReview.mailRejectedSubject });
    expect(mail[0]!.text).toContain('The picture is blurry');

    const own = await api.ok('GET', `/api/vendors/${id}`, { user: provider });
    expect(own.data.attributes).toMatchObject({
      review: 'rejected',
      review_reason: 'The picture is blurry',
      isShowed: false,
    });
    const list = await api.ok(
      'GET',
      `/api/vendors?filters[user][id][$eq]=${provider.id}&pagination[pageSize]=100`,
      { user: provider },
    );
    expect((list.data as Json[]).find((i) => i.id === id).attributes.review_reason).toBe(
      'The picture is blurry',
    );
    expect((await api.call('GET', `/api/vendors/${id}`)).statusCode).toBe(404);

    // An owner's edit of a rejected place sends it back to review.
    const edited = await api.ok('PUT', `/api/vendors/${id}`, {
      user: provider,
      body: { data: { name: 'Placeholder Spa Fixed' } },
    });
    expect(edited.data.attributes).toMatchObject({ review: 'pending', review_reason: null });
  });

  it("isShowed (the seed client's switch) approves and hides", async () => {
    const id = await api.newPlace(provider);
    await api.ok('PUT', `/api/vendors/${id}`, { user: admin, body: { data: { isShowed: true } } });
    expect((await api.call('GET', `/api/vendors/${id}`)).statusCode).toBe(200);
    await api.ok('PUT', `/api/vendors/${id}`, { user: admin, body: { data: { isShowed: false } } });
    expect((await api.call('GET', `/api/vendors/${id}`)).statusCode).toBe(404);
  });

  it('the owner cannot approve their own place', async () => {
    const id = await api.newPlace(provider);
    const res = await api.ok('PUT', `/api/vendors/${id}`, {
      user: provider,
      body: { data: { review: 'approved', isShowed: true, name: 'Placeholder Spa Self' } },
    });
    expect(res.data.attributes).toMatchObject({
      review: 'pending',
      isShowed: false,
      name: 'Placeholder Spa Self',
    });
  });

  it("a blocked owner's places leave the venue pages", async () => {
    const owner = await buildProvider(ctx);
    const id = await api.newPlace(owner);
    await api.approve(admin, id);
    expect((await api.call('GET', `/api/vendors/${id}`)).statusCode).toBe(200);
    await db().updateTable('users').set({ is_active: 0 }).where('id', '=', owner.id).execute();
    expect((await api.call('GET', `/api/vendors/${id}`)).statusCode).toBe(404);
    expect(await api.listed('/api/vendors?pagination[pageSize]=100')).not.toContain(id);
  });
});

// ---------------------------------------------------------------------------------------------

describe('PUT /api/vendors/:id', () => {
  it('401 anonymous; 403 another provider or a hobbyist on a public place; 404 on a pending one', async () => {
    const shown = await api.newPlace(provider);
    await api.approve(admin, shown);
    const pending = await api.newPlace(provider);
    const body = { data: { name: 'Placeholder Taken' } };
    expect((await api.call('PUT', `/api/vendors/${shown}`, { body })).statusCode).toBe(401);
    for (const user of [otherProvider, hobbyist, vendor]) {
      expect((await api.call('PUT', `/api/vendors/${shown}`, { user, body })).statusCode).toBe(403);
      expect((await api.call('PUT', `/api/vendors/${pending}`, { user, body })).statusCode).toBe(404);
      expect((await api.call('DELETE', `/api/vendors/${shown}`, { user })).statusCode).toBe(403);
    }
    expect((await api.call('PUT', '/api/vendors/2147483648', { user: provider, body })).statusCode).toBe(400);
    expect(
      (await api.call('PUT', `/api/vendors/${shown}`, { user: provider, body: { data: { phone: 'x' } } }))
        .statusCode,
    ).toBe(400);
    expect(
      (
        await api.call('PUT', `/api/vendors/${shown}`, {
          user: provider,
          body: { data: { vendor_type: 99999 } },
        })
      ).statusCode,
    ).toBe(400);
    expect((await api.call('PUT', `/api/vendors/999999`, { user: provider, body })).statusCode).toBe(404);
  });

  it('details edit keeps the approved place public until reviewed; the admin edits at once', async () => {
    const id = await api.newPlace(provider);
    await api.approve(admin, id);
    const edited = await api.ok('PUT', `/api/vendors/${id}`, {
      user: provider,
      body: {
        data: { name: 'Placeholder Spa Renamed', website: '', vendor_type: await api.typeId('sextoy') },
      },
    });
    // The owner reads the changes waiting for review; the public the approved place (test/revisions.test.ts).
    expect(edited.data.attributes).toMatchObject({
      name: 'Placeholder Spa Renamed',
      review: 'approved',
      pending_revision: { state: 'pending' },
    });
    expect((await api.ok('GET', `/api/vendors/${id}`)).data.attributes.name).not.toBe(
      'Placeholder Spa Renamed',
    );
    await api.ok('PUT', `/api/vendors/${id}`, { user: admin, body: { data: { phone: '5550199' } } });
    const pub = await api.ok('GET', `/api/vendors/${id}?populate[0]=vendor_type`);
    expect(pub.data.attributes).toMatchObject({ phone: '5550199' });
    expect(pub.data.attributes.vendor_type.data.attributes.type).not.toBe('sextoy');
  });

  it('a new image waits for review; its approval deletes the old file; a video too (has_video)', async () => {
    const id = await api.newPlace(provider);
    await api.approve(admin, id);
    const before = await db()
      .selectFrom('places')
      .select('image_id')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    const oldFile = (await fileRow(Number(before.image_id)))!;
    expect(existsSync(diskPath(oldFile))).toBe(true);

    const image = await uploadImage(ctx, provider);
    const res = await api.ok('PUT', `/api/vendors/${id}`, { user: provider, body: { data: { image } } });
    expect(res.data.attributes).toMatchObject({ review: 'approved', isShowed: true });
    expect((await api.call('GET', `/api/vendors/${id}`)).statusCode).toBe(200);
    expect(await fileRow(oldFile.id)).toBeDefined();
    await api.approveRevision(admin, 'place', id);
    expect(await fileRow(oldFile.id)).toBeUndefined();
    expect(existsSync(diskPath(oldFile))).toBe(false);

    // The same image again changes nothing.
    const same = await api.ok('PUT', `/api/vendors/${id}`, { user: provider, body: { data: { image } } });
    expect(same.data.attributes.review).toBe('approved');
    expect(same.data.attributes.pending_revision).toBeUndefined();
    expect(await fileRow(image)).toBeDefined();

    const [video] = await buildFiles(ctx, provider, 'video');
    const withVideo = await api.ok('PUT', `/api/vendors/${id}`, {
      user: provider,
      body: { data: { video } },
    });
    expect(withVideo.data.attributes).toMatchObject({ has_video: 0, review: 'approved' });
    await api.approveRevision(admin, 'place', id);
    const noVideo = await api.ok('PUT', `/api/vendors/${id}`, {
      user: provider,
      body: { data: { video: null } },
    });
    expect(noVideo.data.attributes).toMatchObject({ has_video: 0, review: 'approved' });
    expect(await fileRow(video!)).toBeUndefined();
  });

  it('an address change must name a free address of the owner', async () => {
    const id = await api.newPlace(provider);
    const fresh = await api.newAddress(provider, { city: 'Oakland' });
    const theirs = await api.newAddress(otherProvider);
    expect(
      (await api.call('PUT', `/api/vendors/${id}`, { user: provider, body: { data: { address: theirs } } }))
        .statusCode,
    ).toBe(404);
    expect(
      (await api.call('PUT', `/api/vendors/${id}`, { user: admin, body: { data: { address: theirs } } }))
        .statusCode,
    ).toBe(403);
    const moved = await api.ok('PUT', `/api/vendors/${id}?`, {
      user: provider,
      body: { data: { address: fresh } },
    });
    expect(moved.data.id).toBe(id);
    const other = await api.newPlace(provider);
    const taken = await api.call('PUT', `/api/vendors/${other}`, {
      user: provider,
      body: { data: { address: fresh } },
    });
    expect(taken.statusCode).toBe(400);
  });
});

// ---------------------------------------------------------------------------------------------

describe('DELETE /api/vendors/:id', () => {
  it('401 anonymous; the owner deletes the place with its address, files and reviews', async () => {
    const id = await api.newPlace(provider);
    await api.approve(admin, id);
    const [video] = await buildFiles(ctx, provider, 'video');
    await api.ok('PUT', `/api/vendors/${id}`, { user: provider, body: { data: { video } } });
    await api.approve(admin, id);
    await api.ok('POST', '/api/vendor-reviews', {
      user: hobbyist,
      body: { data: { vendor: id, rating: 4, review: 'Clean and friendly staff.' } },
    });
    const row = await db().selectFrom('places').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    const image = (await fileRow(Number(row.image_id)))!;

    expect((await api.call('DELETE', `/api/vendors/${id}`)).statusCode).toBe(401);
    const res = await api.ok('DELETE', `/api/vendors/${id}`, { user: provider });
    expect(res.data.id).toBe(id);
    expect(
      await db().selectFrom('places').select('id').where('id', '=', id).executeTakeFirst(),
    ).toBeUndefined();
    expect(
      await db().selectFrom('addresses').select('id').where('id', '=', row.address_id!).executeTakeFirst(),
    ).toBeUndefined();
    expect(
      await db().selectFrom('place_reviews').select('id').where('place_id', '=', id).executeTakeFirst(),
    ).toBeUndefined();
    expect(await fileRow(image.id)).toBeUndefined();
    expect(existsSync(diskPath(image))).toBe(false);
    expect(await fileRow(video!)).toBeUndefined();
    expect((await api.call('DELETE', `/api/vendors/${id}`, { user: provider })).statusCode).toBe(404);
  });

  it('the admin deletes any place', async () => {
    const id = await api.newPlace(otherProvider);
    await api.ok('DELETE', `/api/vendors/${id}`, { user: admin });
    expect((await api.call('GET', `/api/vendors/${id}`, { user: admin })).statusCode).toBe(404);
  });
});

describe('files a place or an ad uses', () => {
  const deleteFile = (id: number, user: TestUser) => api.call('DELETE', `/api/upload/files/${id}`, { user });
  const placeFiles = (id: number) =>
    db()
      .selectFrom('places')
      .select(['image_id', 'video_id', 'has_video', 'review_state', 'is_showed'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
  const newAd = async (user: TestUser, images: number[]) =>
    (await api.ok('POST', '/api/providers', { user, body: await buildAdBody(ctx, user, { images }) })).data
      .id as number;

  it("409 deleting a public place's picture or video through the upload API; the place keeps both", async () => {
    const id = await api.newPlace(provider);
    const [video] = await buildFiles(ctx, provider, 'video');
    await api.ok('PUT', `/api/vendors/${id}`, { user: provider, body: { data: { video } } });
    await api.approve(admin, id);
    const before = await placeFiles(id);
    for (const user of [provider, admin]) {
      for (const file of [before.image_id!, video!]) {
        const res = await deleteFile(file, user);
        expect(res.statusCode).toBe(409);
        expect(errorOf(res).message).toBe(MESSAGES.upload.fileInUse);
      }
    }
    expect(await placeFiles(id)).toEqual(before);
    expect(before).toMatchObject({ video_id: video, has_video: 1, review_state: 'approved', is_showed: 1 });
    expect(await fileRow(before.image_id!)).toBeDefined();

    // The seed client's edit: a new picture, then a delete of the old one, which the public still sees
    // until the moderator approves the new one (a 409), and which goes with that approval.
    const image = await uploadImage(ctx, provider);
    await api.ok('PUT', `/api/vendors/${id}`, { user: provider, body: { data: { image } } });
    expect((await deleteFile(before.image_id!, provider)).statusCode).toBe(409);
    await api.approveRevision(admin, 'place', id);
    expect((await deleteFile(before.image_id!, provider)).statusCode).toBe(404);
    // A file nothing names any more is deleted as before.
    await api.ok('PUT', `/api/vendors/${id}`, { user: provider, body: { data: { video: null } } });
    expect(await fileRow(video!)).toBeUndefined();
    const loose = await uploadImage(ctx, provider);
    expect((await deleteFile(loose, provider)).statusCode).toBe(200);
  });

  it("409 deleting an ad's photo, video or ID document; after the edit the old photo is gone (404)", async () => {
    const [photo] = await buildFiles(ctx, provider, 'image');
    const [video] = await buildFiles(ctx, provider, 'video');
    const adId = (
      await api.ok('POST', '/api/providers', {
        user: provider,
        body: await buildAdBody(ctx, provider, { images: [photo], video }),
      })
    ).data.id as number;
    const [doc] = (
      await db().selectFrom('provider_docs').select('file_id').where('provider_id', '=', adId).execute()
    ).map((r) => Number(r.file_id));
    for (const file of [photo!, video!, doc!])
      expect((await deleteFile(file, provider)).statusCode).toBe(409);
    expect((await deleteFile(photo!, admin)).statusCode).toBe(409);
    // spec 001 §4 "Edit ad": the image list is replaced, then the previously held files deleted.
    const [next] = await buildFiles(ctx, provider, 'image');
    await api.ok('PUT', `/api/providers/${adId}`, { user: provider, body: { data: { images: [next] } } });
    expect((await deleteFile(photo!, provider)).statusCode).toBe(404);
    expect(await fileRow(next!)).toBeDefined();
  });

  it("a picture an ad and a place share survives the place's new picture and its deletion", async () => {
    const shared = await uploadImage(ctx, provider);
    const adId = await newAd(provider, [shared]);
    const placeId = await api.newPlace(provider, {}, { image: shared });
    await api.ok('PUT', `/api/vendors/${placeId}`, {
      user: provider,
      body: { data: { image: await uploadImage(ctx, provider) } },
    });
    expect(await fileRow(shared)).toBeDefined();
    const again = await api.newPlace(provider, {}, { image: shared });
    await api.ok('DELETE', `/api/vendors/${again}`, { user: provider });
    const row = (await fileRow(shared))!;
    expect(row).toBeDefined();
    expect(existsSync(diskPath(row))).toBe(true);
    const ad = await api.ok('GET', `/api/providers/${adId}?populate=images`, { user: provider });
    expect((ad.data.attributes.images.data as Json[]).map((f) => f.id)).toEqual([shared]);
    // Once nothing names it, deleting the ad deletes it.
    await api.ok('DELETE', `/api/providers/${adId}`, { user: provider });
    expect(await fileRow(shared)).toBeUndefined();
    expect(existsSync(diskPath(row))).toBe(false);
  });

  it("a picture a place and an ad share survives the ad's new photos and its deletion", async () => {
    const shared = await uploadImage(ctx, provider);
    const placeId = await api.newPlace(provider, {}, { image: shared });
    const adId = await newAd(provider, [shared]);
    const [next] = await buildFiles(ctx, provider, 'image');
    await api.ok('PUT', `/api/providers/${adId}`, { user: provider, body: { data: { images: [next] } } });
    expect(await fileRow(shared)).toBeDefined();
    const again = await newAd(provider, [shared]);
    await api.ok('DELETE', `/api/providers/${again}`, { user: provider });
    const row = (await fileRow(shared))!;
    expect(row).toBeDefined();
    expect(existsSync(diskPath(row))).toBe(true);
    expect((await placeFiles(placeId)).image_id).toBe(shared);
    await api.ok('DELETE', `/api/vendors/${placeId}`, { user: provider });
    expect(await fileRow(shared)).toBeUndefined();
  });
});

describe("a place's picture is never an ad's ID document", () => {
  it("naming a place's image as an ad's docs is a 400 and the picture stays public", async () => {
    const id = await api.newPlace(provider);
    const place = await api.ok('GET', `/api/vendors/${id}?populate=image`, { user: provider });
    const imageId = place.data.attributes.image.data.id as number;
    const res = await api.call('POST', '/api/providers', {
      user: provider,
      body: await buildAdBody(ctx, provider, { docs: [imageId] }),
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(errorPaths(res)).toEqual(['data.docs']);
    expect(Number((await fileRow(imageId))!.is_private)).toBe(0);
  });
});

// ---------------------------------------------------------------------------------------------

describe('GET /api/vendors: the venue listing', () => {
  let owner: TestUser;
  const ids: Record<string, number> = {};
  beforeAll(async () => {
    owner = await buildProvider(ctx);
    const make = async (key: string, type: string, city: string, state = 'CA') => {
      ids[key] = await api.newPlace(owner, { type, city, state });
      await api.approve(admin, ids[key]!);
    };
    await make('bodySJ', 'stripclub', 'San Francisco');
    await make('bodySJ2', 'stripclub', 'San Francisco');
    await make('shopSF', 'sextoy', 'San Francisco');
    await make('clubLA', 'stripclub', 'Los Angeles');
    await make('clubReno', 'stripclub', 'Reno', 'NV');
    ids.pending = await api.newPlace(owner, { type: 'stripclub', city: 'San Francisco' });
  });
  const ofOwner = () => `filters[user][id][$eq]=${owner.id}`;

  it('filters on the type, the state and the cities, and counts what it shows', async () => {
    const res = await api.ok(
      'GET',
      `/api/vendors?${ofOwner()}&filters[vendor_type][type][$eq]=stripclub&filters[address][state][$eq]=CA&filters[address][city][$in][0]=San Francisco&populate[0]=image&populate[1]=address&populate[2]=vendor_type&pagination[page]=1&pagination[pageSize]=10&sort[0]=rating:desc&sort[1]=review_count:desc&sort[2]=id:desc`,
    );
    expect((res.data as Json[]).map((i) => i.id)).toEqual([ids.bodySJ2, ids.bodySJ]);
    expect(res.meta.pagination).toEqual({ page: 1, pageSize: 10, pageCount: 1, total: 2 });
    expect(res.data[0].attributes.address.data.attributes.city).toBe('San Francisco');
    expect(res.data[0].attributes.vendor_type.data.attributes).toEqual({
      type: 'stripclub',
      name: expect.any(String),
    });

    const twoCities = await api.listed(
      `/api/vendors?${ofOwner()}&filters[vendor_type][type][$eq]=stripclub&filters[address][city][$in][0]=San Francisco&filters[address][city][$in][1]=Los Angeles`,
    );
    expect(twoCities.sort()).toEqual([ids.bodySJ, ids.bodySJ2, ids.clubLA].sort());
    const nevada = await api.listed(`/api/vendors?${ofOwner()}&filters[address][state][$eq]=NV`);
    expect(nevada).toEqual([ids.clubReno]);
    const shops = await api.listed(`/api/vendors?${ofOwner()}&filters[vendor_type][type][$eq]=sextoy`);
    expect(shops).toEqual([ids.shopSF]);
  });

  it('default order id:desc; the owner filtering on themself also sees the pending place', async () => {
    const pub = await api.listed(`/api/vendors?${ofOwner()}`);
    expect(pub).toEqual([ids.clubReno, ids.clubLA, ids.shopSF, ids.bodySJ2, ids.bodySJ]);
    const own = await api.listed(`/api/vendors?${ofOwner()}`, owner);
    expect(own).toEqual([ids.pending, ...pub]);
    // Signed in without naming themself, the owner gets the public view.
    expect(await api.listed('/api/vendors?pagination[pageSize]=100', owner)).not.toContain(ids.pending);
  });

  it('populate=* works and lists every relation', async () => {
    const res = await api.ok('GET', `/api/vendors?${ofOwner()}&populate=*`);
    expect(Object.keys(res.data[0].attributes)).toEqual(
      expect.arrayContaining(['vendor_type', 'address', 'image', 'video', 'user', 'vendor_reviews']),
    );
    // The place's owner: the account's id only, none of its names, username or e-mail.
    expect(res.data[0].attributes.user.data.attributes).toEqual({});
  });

  it('page sizes above 100 are clamped; unknown sorts, fields and filters are 400s, not 500s', async () => {
    const big = await api.ok('GET', `/api/vendors?${ofOwner()}&pagination[pageSize]=500`);
    expect(big.meta.pagination.pageSize).toBe(100);
    for (const q of [
      'sort=name:asc',
      'sort=email:desc',
      'sort=review:asc',
      'filters[review][$eq]=pending',
      'filters[user][id][$eq]=99999999999',
      'filters[id][$eq]=abc',
      'filters[address][nope][$eq]=x',
      'populate=messages',
      'pagination[page]=abc',
    ]) {
      expect((await api.call('GET', `/api/vendors?${q}`)).statusCode, q).toBe(400);
    }
    for (const id of ['abc', '2147483648', '0', '-3']) {
      expect((await api.call('GET', `/api/vendors/${id}`)).statusCode, id).toBe(400);
    }
  });

  it('the admin filters on the review state', async () => {
    const pending = await api.listed(`/api/vendors?${ofOwner()}&filters[review][$eq]=pending`, admin);
    expect(pending).toEqual([ids.pending]);
  });
});
