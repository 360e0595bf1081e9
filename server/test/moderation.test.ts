import { randomBytes } from 'node:crypto';
import { MESSAGES } from '@app/domain';
import { hammingDistance, phashBands, RISK_SIGNAL_WEIGHTS, SAME_PHOTO_MAX_DISTANCE } from '@app/domain/trust';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildFiles } from './directory-helpers.ts';
import { buildProviderAd, buildSubscription, ensureSubscription } from './factories.ts';
import {
  apiCalls,
  buildAdmin,
  buildHobbyist,
  buildProvider,
  buildVendor,
  createTestApp,
  type Json,
  type TestContext,
  type TestUser,
} from './helpers.ts';
import { placesApi } from './places-helpers.ts';

/**
 * Moderation and risk signals: the admin's queue of pending ads and places (riskiest
 * first, then oldest), each record's signals computed when it is submitted (text checks, the same phone or
 * photo on other accounts, many distant cities in a day, a price far below the city's median), the
 * perceptual hash of uploads, and the audit records and owner's view of approvals and rejections.
 */

let ctx: TestContext;
let admin: TestUser;
let api: ReturnType<typeof apiCalls>;
let places: ReturnType<typeof placesApi>;

/** Cities with coordinates (and the places tests' San Jose); ND, SD and MT have no cities loaded. */
const CITIES: [string, string, string, number | null, number | null][] = [
  ['San Jose', 'CA', 'California', 37.3394, -121.895],
  ['Oakland', 'CA', 'California', 37.8044, -122.2712],
  ['San Francisco', 'CA', 'California', 37.7749, -122.4194],
  ['Los Angeles', 'CA', 'California', 34.0522, -118.2437],
  ['Reno', 'NV', 'Nevada', 39.5296, -119.8138],
  ['Henderson', 'NV', 'Nevada', 36.0397, -114.9819],
  ['Boise', 'ID', 'Idaho', 43.6135, -116.2035],
];

beforeAll(async () => {
  ctx = await createTestApp();
  admin = await buildAdmin(ctx);
  api = apiCalls(ctx);
  places = placesApi(ctx);
  await ctx.database.db
    .insertInto('cities')
    .values(
      CITIES.map(([city_name, state_code, state_name, latitude, longitude]) => ({
        city_name,
        state_code,
        state_name,
        country_code: 'US',
        latitude,
        longitude,
      })),
    )
    .execute();
});
afterAll(() => ctx.close());

const db = () => ctx.database.db;

/** A fresh provider with a subscription (100 ads). */
async function provider(): Promise<TestUser> {
  const user = await buildProvider(ctx);
  await buildSubscription(ctx, user);
  return user;
}

/** A tame ad of `user` through the API (pending review); answers its id. */
async function postAd(user: TestUser, overrides: Record<string, unknown> = {}): Promise<number> {
  await ensureSubscription(ctx, user);
  const [image] = overrides.images ? [] : await buildFiles(ctx, user, 'image');
  const [doc] = await buildFiles(ctx, user, 'doc');
  const body = {
    data: {
      title: 'Friendly companion',
      name: 'Aria',
      state: 'ID',
      city: 'Boise',
      age: 29,
      call: 'Incall',
      images: [image],
      docs: [doc],
      ...overrides,
    },
  };
  return (await api.ok('POST', '/api/providers', { user, body })).data.id;
}

let phoneSeq = 0;
/** A place of `user` through the API (pending) with a phone number no other record has. */
const newPlace = (user: TestUser, overrides: Record<string, unknown> = {}) =>
  places.newPlace(user, {}, { phone: `30655${String(++phoneSeq).padStart(5, '0')}`, ...overrides });

const signalsOf = async (type: 'ad' | 'place', id: number) =>
  (await api.ok('GET', `/api/admin/signals?type=${type}&id=${id}`, { user: admin })).data as {
    risk_score: number;
    signals: { kind: string; weight: number; explanation: string }[];
  };
const kindsOf = async (type: 'ad' | 'place', id: number) =>
  (await signalsOf(type, id)).signals.map((s) => s.kind).sort();

/** A picture with structure (a blank one has no perceptual hash): a few shapes placed by `seed`. */
async function picture(seed: number, opts: { width?: number; jpeg?: boolean } = {}): Promise<Buffer> {
  const shapes = Array.from({ length: 6 }, (_, i) => {
    const x = (seed * 37 + i * 53) % 100;
    const y = (seed * 17 + i * 29) % 70;
    const shade = (seed * 41 + i * 67) % 256;
    return `<rect x="${x}" y="${y}" width="${20 + ((seed + i) % 3) * 10}" height="25" fill="rgb(${shade},${255 - shade},${(shade * 3) % 256})"/>`;
  }).join('');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="120" height="90"><rect width="120" height="90" fill="#f4f4f4"/>${shapes}</svg>`;
  const base = sharp(Buffer.from(svg)).resize({ width: opts.width ?? 120 });
  return (opts.jpeg ? base.jpeg({ quality: 80 }) : base.png()).toBuffer();
}

/** Uploads `bytes` as `user` through `POST /api/upload`; answers the new file's id. */
async function upload(user: TestUser, bytes: Buffer, name = 'photo.png'): Promise<number> {
  const boundary = `----ltf-${randomBytes(8).toString('hex')}`;
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/upload',
    payload: Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="files"; filename="${name}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
      ),
      bytes,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, ...user.auth },
    remoteAddress: `10.9.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`,
  });
  expect(res.statusCode, res.body).toBe(201);
  return (res.json() as { id: number }[])[0]!.id;
}

const phashOf = async (fileId: number) =>
  (await db().selectFrom('files').select('phash').where('id', '=', fileId).executeTakeFirstOrThrow()).phash;

describe('who may call the moderation routes', () => {
  it('401 without a token, 403 for every other account, 400 for bad query values, 404 for no record', async () => {
    const others = [await buildHobbyist(ctx), await buildProvider(ctx), await buildVendor(ctx)];
    for (const url of ['/api/admin/moderation', '/api/admin/signals?type=ad&id=1']) {
      expect((await api.call('GET', url)).statusCode, url).toBe(401);
      for (const user of others) expect((await api.call('GET', url, { user })).statusCode, url).toBe(403);
    }
    for (const url of [
      '/api/admin/moderation?type=post',
      '/api/admin/moderation?pagination[pageSize]=0',
      '/api/admin/moderation?pagination[page]=0',
      '/api/admin/signals?type=ad',
      '/api/admin/signals?type=ad&id=abc',
      '/api/admin/signals?type=ad&id=0',
    ]) {
      expect((await api.call('GET', url, { user: admin })).statusCode, url).toBe(400);
    }
    expect((await api.call('GET', '/api/admin/signals?type=ad&id=999999', { user: admin })).statusCode).toBe(
      404,
    );
    expect(
      (await api.call('GET', '/api/admin/signals?type=place&id=999999', { user: admin })).statusCode,
    ).toBe(404);
  });
});

describe('text signals, computed on submission', () => {
  it('a tame ad and a tame place have none', async () => {
    const user = await provider();
    const ad = await postAd(user, {
      phone: '208-555-0142',
      donation_hour: 200,
      message: 'Warm and discreet.',
    });
    expect(await signalsOf('ad', ad)).toEqual({ risk_score: 0, signals: [] });
    const place = await newPlace(user);
    expect(await signalsOf('place', place)).toEqual({ risk_score: 0, signals: [] });
  });

  it('youth wording with an age of 19, and contact details hidden in the text', async () => {
    const user = await provider();
    const ad = await postAd(user, {
      title: 'Young and fresh',
      age: 19,
      message: 'text me: five five five, 0 1 4 2, or kik: aria_19',
    });
    const { risk_score, signals } = await signalsOf('ad', ad);
    expect(signals.map((s) => s.kind)).toEqual([
      'age_near_18_with_youth_wording',
      'youth_wording',
      'hidden_contact',
    ]);
    expect(risk_score).toBe(
      RISK_SIGNAL_WEIGHTS.age_near_18_with_youth_wording +
        RISK_SIGNAL_WEIGHTS.youth_wording +
        RISK_SIGNAL_WEIGHTS.hidden_contact,
    );
    expect(signals[1]!.explanation).toContain('young, fresh');
    expect(signals[2]!.explanation).toContain('kik');
  });

  it('an owner’s edit computes them again (the rows are replaced)', async () => {
    const user = await provider();
    const ad = await postAd(user, { title: 'Teen model' });
    expect(await kindsOf('ad', ad)).toEqual(['youth_wording']);
    await api.ok('PUT', `/api/providers/${ad}`, { user, body: { data: { title: 'Model' } } });
    expect(await kindsOf('ad', ad)).toEqual([]);
    const rows = await db().selectFrom('risk_signals').select('id').where('record_id', '=', ad).execute();
    expect(rows).toHaveLength(0);
  });

  it('a place named with youth wording and a link', async () => {
    const user = await provider();
    const place = await newPlace(user, { name: 'Schoolgirl Spa www.example.com' });
    expect(await kindsOf('place', place)).toEqual(['hidden_contact', 'youth_wording']);
  });
});

describe('shared_phone', () => {
  it('the same digits on another account’s ad: both pending ads show it; another number does not', async () => {
    const [a, b, c] = [await provider(), await provider(), await provider()];
    const first = await postAd(a, { phone: '(208) 555-7777' });
    expect(await kindsOf('ad', first)).toEqual([]);
    const second = await postAd(b, { phone: '+1 208.555.7777' });
    const signal = (await signalsOf('ad', second)).signals[0]!;
    expect(signal.kind).toBe('shared_phone');
    expect(signal.explanation).toContain('2085557777');
    // The first ad waits for review too: its signals were computed again.
    expect(await kindsOf('ad', first)).toEqual(['shared_phone']);
    // The same account's other ad is not "another account".
    expect(await kindsOf('ad', await postAd(a, { phone: '208 555 7777' }))).toEqual(['shared_phone']);
    expect(await kindsOf('ad', await postAd(c, { phone: '208-555-0199' }))).toEqual([]);
    // The digits are written with the phone (the lookup's index), and again when the owner changes it.
    const digitsOf = async (id: number) =>
      (
        await db()
          .selectFrom('providers')
          .select('phone_digits')
          .where('id', '=', id)
          .executeTakeFirstOrThrow()
      ).phone_digits;
    expect(await digitsOf(second)).toBe('2085557777');
    await api.ok('PUT', `/api/providers/${second}`, { user: b, body: { data: { phone: '208-555-0199' } } });
    expect(await digitsOf(second)).toBe('2085550199');
    // Now the number of c's ad.
    expect(await kindsOf('ad', second)).toEqual(['shared_phone']);
  });

  it('a place’s number on another account’s ad', async () => {
    const [a, b] = [await provider(), await provider()];
    await postAd(a, { phone: '208-555-3131' });
    const place = await newPlace(b, { phone: '2085553131' });
    expect(await kindsOf('place', place)).toEqual(['shared_phone']);
  });
});

describe('perceptual hash and shared_photo', () => {
  it('every uploaded image gets a dHash; the same picture re-uploaded matches, a different one does not', async () => {
    const [a, b] = [await provider(), await provider()];
    const original = await upload(a, await picture(1));
    const again = await upload(b, await picture(1));
    const smaller = await upload(b, await picture(1, { width: 80, jpeg: true }), 'photo.jpg');
    const other = await upload(b, await picture(7));
    const [h1, h2, h3, h4] = await Promise.all([original, again, smaller, other].map(phashOf));
    expect(h1).toMatch(/^[0-9a-f]{16}$/);
    expect(h2).toBe(h1);
    expect(hammingDistance(h1!, h3!)).toBeLessThanOrEqual(SAME_PHOTO_MAX_DISTANCE);
    expect(hammingDistance(h1!, h4!)).toBeGreaterThan(SAME_PHOTO_MAX_DISTANCE);
    // A blank picture has no structure to compare: no hash.
    const blank = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#888888' } })
      .png()
      .toBuffer();
    const blankId = await upload(a, blank);
    expect(await phashOf(blankId)).toBeNull();
    // The hash's 4 bands are written with it (the same-photo lookup's index); a blank picture has none.
    const bandsOf = async (fileId: number) =>
      (
        await db()
          .selectFrom('file_phash_bands')
          .select(['band', 'value'])
          .where('file_id', '=', fileId)
          .orderBy('band')
          .execute()
      ).map((r) => Number(r.value));
    expect(await bandsOf(original)).toEqual(phashBands(h1!));
    expect(await bandsOf(blankId)).toEqual([]);
  });

  it('an ad whose photo is on another account’s ad shows it; a different photo does not', async () => {
    const [a, b, c] = [await provider(), await provider(), await provider()];
    const adA = await postAd(a, { images: [await upload(a, await picture(21))] });
    const adB = await postAd(b, {
      images: [await upload(b, await picture(21, { width: 100, jpeg: true }), 'b.jpg')],
    });
    const signal = (await signalsOf('ad', adB)).signals.find((s) => s.kind === 'shared_photo');
    expect(signal?.weight).toBe(RISK_SIGNAL_WEIGHTS.shared_photo);
    expect(await kindsOf('ad', adA)).toEqual(['shared_photo']);
    const adC = await postAd(c, { images: [await upload(c, await picture(33))] });
    expect(await kindsOf('ad', adC)).toEqual([]);
    // The same account's own photo again is no signal.
    expect(await kindsOf('ad', await postAd(c, { images: [await upload(c, await picture(33))] }))).toEqual(
      [],
    );
  });
});

describe('many_cities', () => {
  it('three cities more than 150 km apart within a day; nearby cities are no signal', async () => {
    const touring = await provider();
    await postAd(touring, { state: 'CA', city: 'San Jose' });
    await postAd(touring, { state: 'CA', city: 'Los Angeles' });
    const third = await postAd(touring, { state: 'NV', city: 'Reno' });
    const signal = (await signalsOf('ad', third)).signals.find((s) => s.kind === 'many_cities');
    expect(signal?.explanation).toContain('San Jose, CA; Los Angeles, CA; Reno, NV');
    expect(signal?.explanation).toContain('150 km');

    const local = await provider();
    await postAd(local, { state: 'CA', city: 'San Jose' });
    await postAd(local, { state: 'CA', city: 'Oakland' });
    expect(await kindsOf('ad', await postAd(local, { state: 'CA', city: 'San Francisco' }))).toEqual([]);
  });

  it('ads older than a day do not count', async () => {
    const user = await provider();
    const old = new Date(Date.now() - 2 * 24 * 3600_000).toISOString();
    await buildProviderAd(ctx, user, { state: 'CA', city: 'San Jose', created_at: old, updated_at: old });
    await buildProviderAd(ctx, user, { state: 'CA', city: 'Los Angeles', created_at: old, updated_at: old });
    expect(await kindsOf('ad', await postAd(user, { state: 'NV', city: 'Reno' }))).toEqual([]);
  });

  it('cities without coordinates: three states stand in for distance', async () => {
    const user = await provider();
    await postAd(user, { state: 'ND', city: 'Fargo' });
    await postAd(user, { state: 'SD', city: 'Sioux Falls' });
    const third = await postAd(user, { state: 'MT', city: 'Billings' });
    const signal = (await signalsOf('ad', third)).signals.find((s) => s.kind === 'many_cities');
    expect(signal?.explanation).toContain(MESSAGES.riskSignals.distanceStates);
  });
});

describe('price_below_median', () => {
  it('an hourly rate under half the median of 5 public ads in the city; not with 4, not at the median', async () => {
    for (const rate of [20000, 25000, 30000, 35000, 40000]) {
      await buildProviderAd(ctx, await buildProvider(ctx), {
        state: 'NV',
        city: 'Henderson',
        donation_hour: rate,
      });
    }
    const cheap = await postAd(await provider(), { state: 'NV', city: 'Henderson', donation_hour: 100 });
    const signal = (await signalsOf('ad', cheap)).signals.find((s) => s.kind === 'price_below_median');
    expect(signal?.explanation).toContain('$100.00');
    expect(signal?.explanation).toContain('$300.00');
    expect(
      await kindsOf(
        'ad',
        await postAd(await provider(), { state: 'NV', city: 'Henderson', donation_hour: 300 }),
      ),
    ).toEqual([]);
    // Pending ads are not public: they do not count towards the median.
    for (const rate of [20000, 25000, 30000, 35000]) {
      await buildProviderAd(ctx, await buildProvider(ctx), {
        state: 'CA',
        city: 'Oakland',
        donation_hour: rate,
      });
    }
    await buildProviderAd(ctx, await buildProvider(ctx), {
      state: 'CA',
      city: 'Oakland',
      donation_hour: 40000,
      is_showed: 0,
    });
    expect(
      await kindsOf(
        'ad',
        await postAd(await provider(), { state: 'CA', city: 'Oakland', donation_hour: 50 }),
      ),
    ).toEqual([]);
    // Thirteen accounts with their subscriptions: slow on a busy machine.
  }, 60_000);
});

describe('GET /api/admin/moderation', () => {
  it('pending ads, highest risk first, then oldest; each with signals, owner, other ads and the record', async () => {
    const owner = await provider();
    const calm1 = await postAd(owner, { title: 'Calm one' });
    const calm2 = await postAd(owner, { title: 'Calm two' });
    const risky = await postAd(owner, { title: 'Barely legal teen', age: 18 });
    const medium = await postAd(owner, { title: 'Fresh face' });
    const approvedElsewhere = await buildProviderAd(ctx, owner, { name: 'Shown ad' });
    const page = await api.ok('GET', '/api/admin/moderation?pagination[pageSize]=100', { user: admin });
    const ids = (page.data as Json[]).map((i) => i.id as number);
    const pos = (id: number) => ids.indexOf(id);
    expect(pos(risky)).toBeGreaterThanOrEqual(0);
    expect(pos(risky)).toBeLessThan(pos(medium));
    expect(pos(medium)).toBeLessThan(pos(calm1));
    expect(pos(calm1)).toBeLessThan(pos(calm2));
    expect(ids).not.toContain(approvedElsewhere);
    // Scores never go up down the list.
    const scores = (page.data as Json[]).map((i) => i.risk_score as number);
    expect(scores).toEqual([...scores].sort((x, y) => y - x));
    expect(page.meta.pagination).toMatchObject({ page: 1, pageSize: 100, total: ids.length });

    const item = (page.data as Json[]).find((i) => i.id === risky);
    expect(item).toMatchObject({
      type: 'ad',
      owner: { id: owner.id, verification: 'verified', is_active: true },
      record: { id: risky, attributes: { title: 'Barely legal teen', review: 'pending' } },
    });
    expect(item.risk_score).toBe(
      RISK_SIGNAL_WEIGHTS.youth_wording + RISK_SIGNAL_WEIGHTS.age_near_18_with_youth_wording,
    );
    expect(item.signals[0].kind).toBe('age_near_18_with_youth_wording');
    expect(item.record.attributes.images.data[0].attributes.url).toMatch(/^\/uploads\//);
    expect((item.other_ads as Json[]).map((a) => a.id).sort()).toEqual(
      [calm1, calm2, medium, approvedElsewhere].sort(),
    );
    expect(item.other_ads.find((a: Json) => a.id === approvedElsewhere).review).toBe('approved');
    // The record is what the admin's own read answers.
    const direct = await api.ok('GET', `/api/providers/${risky}?populate=*`, { user: admin });
    expect(item.record).toEqual(direct.data);

    // Paging.
    const second = await api.ok('GET', '/api/admin/moderation?pagination[pageSize]=1&pagination[page]=2', {
      user: admin,
    });
    expect(second.data.map((i: Json) => i.id)).toEqual([ids[1]]);
  });

  it('places: type=place', async () => {
    const owner = await provider();
    const place = await newPlace(owner, { name: 'Innocent Spa' });
    const page = await api.ok('GET', '/api/admin/moderation?type=place&pagination[pageSize]=100', {
      user: admin,
    });
    const item = (page.data as Json[]).find((i) => i.id === place);
    expect(item).toMatchObject({ type: 'place', owner: { id: owner.id }, record: { id: place } });
    expect(item.signals.map((s: Json) => s.kind)).toEqual(['youth_wording']);
    expect(item.record.attributes.review).toBe('pending');
  });
});

describe('approve and reject: audited, told to the owner', () => {
  const auditRows = (subject: string) =>
    db()
      .selectFrom('audit_log')
      .select(['action', 'actor_id', 'before_value', 'after_value'])
      .where('subject', '=', subject)
      .orderBy('id')
      .execute();

  it('an ad: provider.approve and provider.reject with before and after; the owner reads the reason', async () => {
    const owner = await provider();
    const approved = await postAd(owner, { title: 'Fresh start' });
    const before = await signalsOf('ad', approved);
    await api.ok('PUT', `/api/providers/${approved}`, {
      user: admin,
      body: { data: { review: 'approved' } },
    });
    expect(await auditRows(`provider:${approved}`)).toEqual([
      {
        action: 'provider.approve',
        actor_id: admin.id,
        before_value: JSON.stringify({ review: 'pending', review_reason: null }),
        after_value: JSON.stringify({ review: 'approved', review_reason: null }),
      },
    ]);
    // The bare decision leaves the signals as they were; the ad left the queue.
    expect(await signalsOf('ad', approved)).toEqual(before);
    const queue = await api.ok('GET', '/api/admin/moderation?pagination[pageSize]=100', { user: admin });
    expect((queue.data as Json[]).map((i) => i.id)).not.toContain(approved);

    const rejected = await postAd(owner, { title: 'Another ad' });
    const mails = ctx.mailer.sent.length;
    const reason = MESSAGES.moderation.reasonTemplates[1];
    await api.ok('PUT', `/api/providers/${rejected}`, {
      user: admin,
      body: { data: { review: 'rejected', review_reason: reason } },
    });
    const [row] = await auditRows(`provider:${rejected}`);
    expect(row).toMatchObject({ action: 'provider.reject', actor_id: admin.id });
    expect(JSON.parse(row!.after_value!)).toEqual({ review: 'rejected', review_reason: reason });
    const mine = await api.ok('GET', `/api/providers/${rejected}`, { user: owner });
    expect(mine.data.attributes).toMatchObject({ review: 'rejected', review_reason: reason });
    const mail = ctx.mailer.sent.slice(mails).find((m) => m.to === owner.email);
    expect(mail?.subject).toBe(MESSAGES.review.mailRejectedSubject);
    expect(mail?.text).toContain(reason);
  });

  it('a place: vendor.approve and vendor.reject; the owner reads the reason', async () => {
    const owner = await provider();
    const approved = await newPlace(owner);
    await api.ok('PUT', `/api/vendors/${approved}`, { user: admin, body: { data: { review: 'approved' } } });
    expect((await auditRows(`vendor:${approved}`)).map((r) => r.action)).toEqual(['vendor.approve']);

    const rejected = await newPlace(owner);
    const mails = ctx.mailer.sent.length;
    await api.ok('PUT', `/api/vendors/${rejected}`, {
      user: admin,
      body: { data: { review: 'rejected', review_reason: 'Photos are not allowed.' } },
    });
    const [row] = await auditRows(`vendor:${rejected}`);
    expect(row).toMatchObject({ action: 'vendor.reject', actor_id: admin.id });
    expect(JSON.parse(row!.before_value!)).toEqual({ review: 'pending', review_reason: null });
    expect(JSON.parse(row!.after_value!)).toEqual({
      review: 'rejected',
      review_reason: 'Photos are not allowed.',
    });
    const mine = await api.ok('GET', `/api/vendors/${rejected}`, { user: owner });
    expect(mine.data.attributes).toMatchObject({
      review: 'rejected',
      review_reason: 'Photos are not allowed.',
    });
    const mail = ctx.mailer.sent.slice(mails).find((m) => m.to === owner.email);
    expect(mail?.subject).toBe(MESSAGES.placeReview.mailRejectedSubject);
    expect(mail?.text).toContain('Photos are not allowed.');
  });

  it('an owner’s edit is no admin action: nothing is audited', async () => {
    const owner = await provider();
    const ad = await postAd(owner);
    await api.ok('PUT', `/api/providers/${ad}`, { user: owner, body: { data: { title: 'Renamed' } } });
    expect(await auditRows(`provider:${ad}`)).toEqual([]);
  });
});
