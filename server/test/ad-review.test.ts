import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { MAX_VIDEO_SECONDS, MESSAGES } from '@app/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildFiles, callAs, type Method } from './directory-helpers.ts';
import { buildProviderAd, buildSubscription } from './factories.ts';
import {
  apiCalls,
  buildAdmin,
  buildHobbyist,
  buildProvider,
  createTestApp,
  type TestContext,
  type TestUser,
} from './helpers.ts';
import { uploadImage } from './upload-helpers.ts';

/**
 * Posting ads and their review before publication: the subscription and its
 * quota (deleted ads count; race-safe), the admin's approval and rejection, edits that send an ad
 * back to review, files of replaced and deleted ads, documents uploaded as images, who may see an ad,
 * and the video-length check with a real 31-second recording.
 */

let ctx: TestContext;
let admin: TestUser;
let hobbyist: TestUser;

const DAY = 24 * 60 * 60 * 1000;

beforeAll(async () => {
  ctx = await createTestApp();
  [admin, hobbyist] = await Promise.all([buildAdmin(ctx), buildHobbyist(ctx)]);
});
afterAll(() => ctx.close());

const db = () => ctx.database.db;
const call = (method: Method, url: string, opts: { user?: TestUser | null; body?: unknown } = {}) =>
  callAs(ctx, method, url, opts);
type Reply = Awaited<ReturnType<typeof call>>;
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = any;
const json = (res: Reply): Json => res.json();
const errorPaths = (res: Reply) =>
  ((json(res).error?.details?.errors ?? []) as { path: string[] }[]).map((e) => e.path.join('.'));

/** A valid ad body with fresh file records of `user` (no subscription is given: that is the point here). */
async function adBody(user: TestUser, overrides: Record<string, unknown> = {}) {
  const [image] = await buildFiles(ctx, user, 'image');
  const [doc] = await buildFiles(ctx, user, 'doc');
  return {
    data: {
      title: 'Friendly companion in Boise',
      name: 'Aria',
      state: 'ID',
      city: 'Boise',
      age: 27,
      call: 'Incall',
      images: [image],
      docs: [doc],
      ...overrides,
    },
  };
}

const post = async (user: TestUser, overrides: Record<string, unknown> = {}) =>
  call('POST', '/api/providers', { user, body: await adBody(user, overrides) });
const put = (user: TestUser, id: number, data: Record<string, unknown>) =>
  call('PUT', `/api/providers/${id}`, { user, body: { data } });

async function adsOf(userId: number) {
  return db().selectFrom('providers').select('id').where('user_id', '=', userId).execute();
}

/** Ids of a listing. */
async function listed(url: string, user: TestUser | null = null) {
  const res = await call('GET', url, { user });
  expect(res.statusCode, res.body).toBe(200);
  return (json(res).data as { id: number }[]).map((i) => i.id);
}
/** Whether anyone can see the ad: the listing, the item, the counts. */
async function isPublic(id: number, state: string) {
  const inList = (await listed(`/api/providers?state=${state}&pagination[pageSize]=40`)).includes(id);
  const item = (await call('GET', `/api/providers/${id}`)).statusCode;
  const total = json(await call('GET', `/api/filterdata?state=${state}`)).data.total as number;
  if (inList) expect(item).toBe(200);
  else expect(item).toBe(404);
  return { inList, total };
}

async function fileRow(id: number) {
  return db()
    .selectFrom('files')
    .select(['id', 'is_private', 'storage_key', 'ext', 'formats', 'purpose'])
    .where('id', '=', id)
    .executeTakeFirst();
}
const publicUrl = (row: { storage_key: string; ext: string }) => `/uploads/${row.storage_key}${row.ext}`;

describe('POST /api/providers: the subscription and its quota', () => {
  it("403 'Need to buy a package to post ads' without an active subscription; nothing written", async () => {
    const provider = await buildProvider(ctx);
    const none = await post(provider);
    expect(none.statusCode).toBe(403);
    expect(json(none).error.message).toBe(MESSAGES.subscription.needPackage);
    // Ended, not started yet, or rejected: none of them is active.
    const now = Date.now();
    for (const overrides of [
      { start_date: new Date(now - 40 * DAY).toISOString(), end_date: new Date(now - DAY).toISOString() },
      { start_date: new Date(now + DAY).toISOString(), end_date: new Date(now + 40 * DAY).toISOString() },
      { payment_status: 'rejected' as const },
    ]) {
      await buildSubscription(ctx, provider, overrides);
      const res = await post(provider);
      expect(res.statusCode, JSON.stringify(overrides)).toBe(403);
      expect(json(res).error.message).toBe(MESSAGES.subscription.needPackage);
    }
    expect(await adsOf(provider.id)).toEqual([]);
  });

  it('allowed 1: post one, delete it, post again → 403 refill (deleted ones count); extra ads let them post', async () => {
    const provider = await buildProvider(ctx);
    const subId = await buildSubscription(ctx, provider, { ads_allowed: 1 });
    const first = await post(provider);
    expect(first.statusCode, first.body).toBe(200);
    const quota = async () =>
      json(await call('GET', '/api/subscriptions/current', { user: provider })).data.quota;
    expect(await quota()).toEqual({ allowed: 1, posted: 1, remaining: 0 });
    expect(
      (await call('DELETE', `/api/providers/${json(first).data.id}`, { user: provider })).statusCode,
    ).toBe(200);
    expect(await quota()).toEqual({ allowed: 1, posted: 1, remaining: 0 });
    const again = await post(provider);
    expect(again.statusCode).toBe(403);
    expect(json(again).error.message).toBe(MESSAGES.subscription.refill);
    expect(await adsOf(provider.id)).toEqual([]);

    // The admin refills: one more ad.
    expect(
      (await call('PUT', `/api/subscriptions/${subId}`, { user: admin, body: { data: { extra_ads: 1 } } }))
        .statusCode,
    ).toBe(200);
    expect(await quota()).toEqual({ allowed: 2, posted: 1, remaining: 1 });
    expect((await post(provider)).statusCode).toBe(200);
    const over = await post(provider);
    expect(over.statusCode).toBe(403);
    expect(json(over).error.message).toBe(MESSAGES.subscription.refill);
    expect(await adsOf(provider.id)).toHaveLength(1);
  });

  it('a refused post (a file not the caller’s) takes no slot', async () => {
    const provider = await buildProvider(ctx);
    await buildSubscription(ctx, provider, { ads_allowed: 1 });
    const [foreign] = await buildFiles(ctx, hobbyist, 'image');
    expect((await post(provider, { images: [foreign] })).statusCode).toBe(400);
    expect((await post(provider)).statusCode).toBe(200);
  });

  it('two posts racing for the last slot: exactly one wins', async () => {
    for (const allowed of [1, 2]) {
      const provider = await buildProvider(ctx);
      const subId = await buildSubscription(ctx, provider, { ads_allowed: allowed });
      const bodies = await Promise.all(Array.from({ length: allowed + 2 }, () => adBody(provider)));
      const replies = await Promise.all(
        bodies.map((body) => call('POST', '/api/providers', { user: provider, body })),
      );
      const codes = replies.map((r) => r.statusCode);
      expect(
        codes.filter((c) => c === 200),
        replies.map((r) => r.body).join('\n'),
      ).toHaveLength(allowed);
      expect(codes.filter((c) => c === 403)).toHaveLength(2);
      expect(await adsOf(provider.id)).toHaveLength(allowed);
      const sub = await db()
        .selectFrom('subscriptions')
        .select('ads_posted')
        .where('id', '=', subId)
        .executeTakeFirstOrThrow();
      expect(Number(sub.ads_posted)).toBe(allowed);
    }
  });
});

describe('review before publication', () => {
  let owner: TestUser;
  beforeAll(async () => {
    owner = await buildProvider(ctx);
    await buildSubscription(ctx, owner);
  });

  it('a new ad is pending and not public; what the owner sends for review or isShowed is ignored', async () => {
    const res = await post(owner, { state: 'ND', city: 'Fargo', isShowed: true, review: 'approved' });
    expect(res.statusCode, res.body).toBe(200);
    const id = json(res).data.id;
    expect(json(res).data.attributes).toMatchObject({
      isShowed: false,
      review: 'pending',
      review_reason: null,
    });
    expect(await isPublic(id, 'ND')).toEqual({ inList: false, total: 0 });
    // The owner sees it, pending, in their own list and by id.
    expect(await listed(`/api/providers?filters[user][id][$eq]=${owner.id}`, owner)).toContain(id);
    const own = await call('GET', `/api/providers/${id}`, { user: owner });
    expect(json(own).data.attributes).toMatchObject({ review: 'pending', isShowed: false });

    const edit = await put(owner, id, {
      review: 'approved',
      isShowed: true,
      review_reason: 'none',
      title: 'Still pending',
      ad_bonus_side_panel_ad: true,
      duration_ad: 30,
      likes_count: 1000,
    });
    expect(edit.statusCode, edit.body).toBe(200);
    expect(json(edit).data.attributes).toMatchObject({
      title: 'Still pending',
      isShowed: false,
      review: 'pending',
      review_reason: null,
      ad_bonus_side_panel_ad: false,
      duration_ad: 2,
      likes_count: 0,
    });
    expect((await isPublic(id, 'ND')).inList).toBe(false);
  });

  it("the admin's {review:'approved'} or {isShowed:true} makes it public; the owner hears of it", async () => {
    const a = json(await post(owner, { state: 'SD', city: 'Pierre' })).data.id;
    const b = json(await post(owner, { state: 'SD', city: 'Pierre' })).data.id;
    const mails = ctx.mailer.sent.length;
    const approved = await put(admin, a, { review: 'approved' });
    expect(approved.statusCode, approved.body).toBe(200);
    expect(json(approved).data.attributes).toMatchObject({ review: 'approved', isShowed: true });
    const shown = await put(admin, b, { isShowed: true });
    expect(json(shown).data.attributes).toMatchObject({ review: 'approved', isShowed: true });
    expect(await isPublic(a, 'SD')).toEqual({ inList: true, total: 2 });
    expect((await isPublic(b, 'SD')).inList).toBe(true);
    const sent = ctx.mailer.sent.slice(mails);
    expect(sent.map((m) => [m.to, m.subject])).toEqual([
      [owner.email, MESSAGES.review.mailApprovedSubject],
      [owner.email, MESSAGES.review.mailApprovedSubject],
    ]);
    // The public view does not carry the review's fields.
    const pub = json(await call('GET', `/api/providers/${a}`)).data.attributes;
    expect(pub).not.toHaveProperty('review_reason');
    expect(pub).not.toHaveProperty('review');
  });

  it('a rejection needs a reason (400); the reason reaches the owner on the ad, in the list and by e-mail', async () => {
    const id = json(await post(owner, { state: 'NE', city: 'Omaha' })).data.id;
    await put(admin, id, { review: 'approved' });
    for (const data of [{ review: 'rejected' }, { review: 'rejected', review_reason: '   ' }]) {
      const res = await put(admin, id, data);
      expect(res.statusCode, JSON.stringify(data)).toBe(400);
      expect(errorPaths(res)).toEqual(['data.review_reason']);
      expect(json(res).error.details.errors[0].message).toBe(MESSAGES.review.reasonRequired);
    }
    expect((await isPublic(id, 'NE')).inList).toBe(true);

    const mails = ctx.mailer.sent.length;
    const reason = 'The photos are too blurry';
    const res = await put(admin, id, { review: 'rejected', review_reason: reason });
    expect(res.statusCode, res.body).toBe(200);
    expect(await isPublic(id, 'NE')).toEqual({ inList: false, total: 0 });
    const own = json(await call('GET', `/api/providers/${id}`, { user: owner })).data.attributes;
    expect(own).toMatchObject({ review: 'rejected', review_reason: reason, isShowed: false });
    const list = json(
      await call('GET', `/api/providers?filters[user][id][$eq]=${owner.id}`, { user: owner }),
    ).data;
    expect(list.find((i: Json) => i.id === id).attributes).toMatchObject({
      review: 'rejected',
      review_reason: reason,
    });
    const sent = ctx.mailer.sent.slice(mails);
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ to: owner.email, subject: MESSAGES.review.mailRejectedSubject });
    expect(sent[0]!.text).toContain(reason);
    // Others cannot see it, nor its reason.
    expect((await call('GET', `/api/providers/${id}`, { user: hobbyist })).statusCode).toBe(404);
    // Approved again: the reason is cleared.
    const again = json(await put(admin, id, { review: 'approved' })).data.attributes;
    expect(again).toMatchObject({ review: 'approved', review_reason: null });
  });

  it('an owner cannot move the ad to someone else', async () => {
    const other = await buildProvider(ctx);
    const id = json(await post(owner)).data.id;
    expect((await put(owner, id, { user: other.id, title: 'Mine still' })).statusCode).toBe(200);
    const row = await db()
      .selectFrom('providers')
      .select('user_id')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(Number(row.user_id)).toBe(owner.id);
    // Another provider cannot change or delete it: 404 while it is not public, 403 once it is.
    expect((await put(other, id, { title: 'Theirs' })).statusCode).toBe(404);
    await put(admin, id, { review: 'approved' });
    expect((await put(other, id, { title: 'Theirs' })).statusCode).toBe(403);
    expect((await call('DELETE', `/api/providers/${id}`, { user: other })).statusCode).toBe(403);
    expect((await call('GET', `/api/providers/${id}`)).json().data.attributes.title).toBe('Mine still');
  });
});

describe("edits: new photos or video wait for review; replaced and deleted ads' files go", () => {
  let owner: TestUser;
  beforeAll(async () => {
    owner = await buildProvider(ctx);
    await buildSubscription(ctx, owner);
  });

  it('a title change keeps it public; new images wait, and their approval deletes the old files', async () => {
    const oldImage = await uploadImage(ctx, owner);
    const oldRow = (await fileRow(oldImage))!;
    expect((await ctx.app.inject(publicUrl(oldRow))).statusCode).toBe(200);
    const id = json(await post(owner, { images: [oldImage], state: 'KS', city: 'Topeka' })).data.id;
    await put(admin, id, { review: 'approved' });
    expect((await isPublic(id, 'KS')).inList).toBe(true);

    const titled = await put(owner, id, { title: 'A new title' });
    expect(json(titled).data.attributes).toMatchObject({ review: 'approved', isShowed: true });
    expect((await isPublic(id, 'KS')).inList).toBe(true);
    // The same images again are no change.
    expect(json(await put(owner, id, { images: [oldImage] })).data.attributes.review).toBe('approved');

    const newImage = await uploadImage(ctx, owner);
    const res = await put(owner, id, { images: [newImage] });
    expect(res.statusCode, res.body).toBe(200);
    // The ad stays public with its old photo until the moderator approves the new one.
    expect(json(res).data.attributes).toMatchObject({ review: 'approved', isShowed: true });
    expect((await isPublic(id, 'KS')).inList).toBe(true);
    expect(await fileRow(oldImage)).toBeDefined();
    await apiCalls(ctx).approveRevision(admin, 'ad', id);
    expect((await isPublic(id, 'KS')).inList).toBe(true);
    expect(await fileRow(oldImage)).toBeUndefined();
    expect((await ctx.app.inject(publicUrl(oldRow))).statusCode).toBe(404);
    expect(await fileRow(newImage)).toBeDefined();
  });

  it('a new video waits for review; its approval deletes the old one; the admin’s own edit does not wait', async () => {
    const [v1, v2] = await buildFiles(ctx, owner, 'video', 2);
    const id = json(await post(owner, { video: v1, state: 'KS', city: 'Wichita' })).data.id;
    await put(admin, id, { review: 'approved' });
    const res = await put(owner, id, { video: v2 });
    expect(json(res).data.attributes).toMatchObject({ review: 'approved', isShowed: true });
    expect(await fileRow(v1!)).toBeDefined();
    await apiCalls(ctx).approveRevision(admin, 'ad', id);
    expect(await fileRow(v1!)).toBeUndefined();
    // Removing the video is a change too: it waits, and its approval deletes the file.
    expect(json(await put(owner, id, { video: null })).data.attributes.review).toBe('approved');
    await apiCalls(ctx).approveRevision(admin, 'ad', id);
    expect(await fileRow(v2!)).toBeUndefined();
    // The admin replacing the images keeps the decision as it is.
    await put(admin, id, { review: 'approved' });
    const [img] = await buildFiles(ctx, owner, 'image');
    expect(json(await put(admin, id, { images: [img] })).data.attributes.review).toBe('approved');
  });

  it('deleting an ad deletes its images, video and documents', async () => {
    const image = await uploadImage(ctx, owner);
    const doc = await uploadImage(ctx, owner, { purpose: 'docs' });
    const [video] = await buildFiles(ctx, owner, 'video');
    const imageRow = (await fileRow(image))!;
    const id = json(await post(owner, { images: [image], docs: [doc], video })).data.id;
    const res = await call('DELETE', `/api/providers/${id}`, { user: owner });
    expect(res.statusCode, res.body).toBe(200);
    for (const f of [image, doc, video!]) expect(await fileRow(f), String(f)).toBeUndefined();
    expect((await ctx.app.inject(publicUrl(imageRow))).statusCode).toBe(404);
  });

  it('a file still used elsewhere is kept when an ad lets it go', async () => {
    const shared = await uploadImage(ctx, owner);
    const a = json(await post(owner, { images: [shared] })).data.id;
    const b = json(await post(owner, { images: [shared] })).data.id;
    expect((await call('DELETE', `/api/providers/${a}`, { user: owner })).statusCode).toBe(200);
    expect(await fileRow(shared)).toBeDefined();
    expect((await call('DELETE', `/api/providers/${b}`, { user: owner })).statusCode).toBe(200);
    expect(await fileRow(shared)).toBeUndefined();
  });

  it('a public image named as docs becomes private: its public URL is gone, its owner still reads it', async () => {
    const image = await uploadImage(ctx, owner);
    const before = (await fileRow(image))!;
    expect(Number(before.is_private)).toBe(0);
    expect((await ctx.app.inject(publicUrl(before))).statusCode).toBe(200);
    const res = await post(owner, { docs: [image] });
    expect(res.statusCode, res.body).toBe(200);
    const after = (await fileRow(image))!;
    expect(Number(after.is_private)).toBe(1);
    expect(after.formats).toBeNull();
    expect((await ctx.app.inject(publicUrl(before))).statusCode).toBe(404);
    const content = await ctx.app.inject({ url: `/api/upload/files/${image}/content`, headers: owner.auth });
    expect(content.statusCode).toBe(200);
    expect((await ctx.app.inject({ url: `/api/upload/files/${image}/content` })).statusCode).not.toBe(200);
    // An edit naming a public image as docs does the same.
    const id = json(res).data.id;
    const second = await uploadImage(ctx, owner);
    const secondRow = (await fileRow(second))!;
    expect((await put(owner, id, { docs: [second] })).statusCode).toBe(200);
    expect(Number((await fileRow(second))!.is_private)).toBe(1);
    expect((await ctx.app.inject(publicUrl(secondRow))).statusCode).toBe(404);
    // The replaced document is deleted.
    expect(await fileRow(image)).toBeUndefined();
  });
  // A document claim may take a public image of the caller (it turns private), but never one shown as
  // a photo: of this ad or of another public ad.
  it('an image in use as an ad photo cannot be turned into a private document', async () => {
    const photo = await uploadImage(ctx, owner);
    const shown = json(await post(owner, { images: [photo], state: 'OR', city: 'Bend' })).data.id;
    await put(admin, shown, { review: 'approved' });
    const both = await uploadImage(ctx, owner);
    const results = [
      await post(owner, { docs: [photo] }),
      await post(owner, { images: [both], docs: [both] }),
    ];
    expect(
      results.map((r) => [r.statusCode, errorPaths(r)]),
      'naming an ad photo as docs',
    ).toEqual([
      [400, ['data.docs']],
      [400, ['data.docs']],
    ]);
    expect(Number((await fileRow(photo))!.is_private)).toBe(0);
    const images = json(await call('GET', `/api/providers/${shown}?populate=images`)).data.attributes.images
      .data;
    expect(images[0].attributes.url).toMatch(/^\/uploads\//);
  });
});

describe('the place comes from the lookups; documents stay required; review times', () => {
  it('refuses a state not of the country, another country, and a city not of a loaded state', async () => {
    const owner = await buildProvider(ctx);
    await buildSubscription(ctx, owner);
    // One city loaded for Montana: the state's list is known, other names are refused there.
    await db()
      .insertInto('cities')
      .values({ city_name: 'Helena', state_code: 'MT', state_name: 'Montana', country_code: 'US' })
      .execute();
    const cases: [Record<string, unknown>, string][] = [
      [{ state: 'ZZ', city: 'Nowhere' }, 'data.state'],
      [{ country: 'CA' }, 'data.state'],
      [{ state: 'MT', city: 'Atlantis' }, 'data.city'],
    ];
    for (const [overrides, path] of cases) {
      const res = await post(owner, overrides);
      expect(res.statusCode, JSON.stringify(overrides)).toBe(400);
      expect(errorPaths(res)).toEqual([path]);
    }
    const ok = await post(owner, { state: 'MT', city: 'Helena' });
    expect(ok.statusCode, ok.body).toBe(200);
    const id = json(ok).data.id as number;
    expect((await put(owner, id, { city: 'Atlantis' })).statusCode).toBe(400);
    expect(errorPaths(await put(owner, id, { state: 'ZZ' }))).toEqual(['data.state']);
    // A new state must hold the stored city (Helena is Montana's).
    await db()
      .insertInto('cities')
      .values({ city_name: 'Seattle', state_code: 'WA', state_name: 'Washington', country_code: 'US' })
      .execute();
    expect(errorPaths(await put(owner, id, { state: 'WA' }))).toEqual(['data.city']);
    expect((await put(owner, id, { state: 'WA', city: 'Seattle' })).statusCode).toBe(200);
    // An edit cannot remove the ID documents.
    const noDocs = await put(owner, id, { docs: [] });
    expect(noDocs.statusCode).toBe(400);
    expect(errorPaths(noDocs)).toEqual(['data.docs']);
    // A new ad has not been reviewed yet.
    const row = await db()
      .selectFrom('providers')
      .select(['review_state', 'reviewed_at'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ review_state: 'pending', reviewed_at: null });
  });
});

describe('an ad is public only when approved, its owner not blocked and subscribed', () => {
  it("a blocked owner's ad and an unsubscribed owner's ad are not public", async () => {
    const blocked = await buildProvider(ctx);
    const unsubscribed = await buildProvider(ctx);
    const a = await buildProviderAd(ctx, blocked, { state: 'MT', city: 'Helena' });
    const b = await buildProviderAd(ctx, unsubscribed, { state: 'MT', city: 'Helena', subscribed: false });
    expect(await isPublic(a, 'MT')).toEqual({ inList: true, total: 1 });
    expect((await isPublic(b, 'MT')).inList).toBe(false);

    const block = await call('PUT', `/api/users/${blocked.id}`, { user: admin, body: { is_active: false } });
    expect(block.statusCode, block.body).toBe(200);
    expect(await isPublic(a, 'MT')).toEqual({ inList: false, total: 0 });
    // Unblocked: back as it was.
    await call('PUT', `/api/users/${blocked.id}`, { user: admin, body: { is_active: true } });
    expect(await isPublic(a, 'MT')).toEqual({ inList: true, total: 1 });

    // A subscription makes the unsubscribed owner's ad public.
    await buildSubscription(ctx, unsubscribed);
    expect(await isPublic(b, 'MT')).toEqual({ inList: true, total: 2 });
  });
});

describe('the video-length check with a real recording', () => {
  const fixture = (name: string) => readFileSync(path.resolve(import.meta.dirname, name));
  // Recorded once in Chromium (a 64x64 canvas, MediaRecorder, VP8): no Duration in its header, so the
  // length comes from the blocks' timecodes, as it does for any browser recording.
  const clip31 = fixture('fixtures/clip-31s.webm');
  const demoClip = fixture('../assets/demo-clip.webm');

  function upload(user: TestUser, data: Buffer, filename: string) {
    const boundary = `----ltf-ad-${randomBytes(8).toString('hex')}`;
    return ctx.app.inject({
      method: 'POST',
      url: '/api/upload',
      payload: Buffer.concat([
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="files"; filename="${filename}"\r\nContent-Type: video/webm\r\n\r\n`,
        ),
        data,
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]),
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, ...user.auth },
    });
  }

  it('a 31-second WebM is a 400 naming the 30-second limit; the demo clip is taken', async () => {
    const provider = await buildProvider(ctx);
    expect(clip31.length).toBeLessThan(200_000);
    const files = async () =>
      (await db().selectFrom('files').select('id').where('owner_id', '=', provider.id).execute()).length;
    const res = await upload(provider, clip31, 'clip-31s.webm');
    expect(res.statusCode, res.body).toBe(400);
    const error = json(res).error;
    expect(error.message).toContain(MESSAGES.videoUpload.tooLong);
    expect(error.message).toContain(`at most ${MAX_VIDEO_SECONDS} seconds`);
    expect(error.message).toMatch(/^"clip-31s\.webm" is 3[01]\.\d seconds long\./);
    expect(error.details.errors[0].path).toEqual(['files']);
    expect(await files()).toBe(0);

    const ok = await upload(provider, demoClip, 'demo-clip.webm');
    expect(ok.statusCode, ok.body).toBe(201);
    expect(json(ok)[0]).toMatchObject({ mime: 'video/webm', ext: '.webm' });
    expect(await files()).toBe(1);
  });
});
