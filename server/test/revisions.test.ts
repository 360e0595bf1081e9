import { CUM_TYPES, MESSAGES } from '@app/domain';
import { RISK_SIGNAL_WEIGHTS } from '@app/domain/trust';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROVIDER_FIELDS } from '../src/modules/directory/directory.resources.ts';
import { deleteExpiredAnonymousUploads } from '../src/modules/media/index.ts';
import { buildFiles } from './directory-helpers.ts';
import { buildProviderAd } from './factories.ts';
import {
  apiCalls,
  buildAdmin,
  buildHobbyist,
  buildProvider,
  createTestApp,
  type Json,
  type TestContext,
  type TestUser,
} from './helpers.ts';
import { placesApi, seedPlaceCities } from './places-helpers.ts';
import { uploadImage } from './upload-helpers.ts';

/**
 * Changes to an approved ad or place wait for review (decision 0015): the owner's edit of anything the
 * public sees becomes a pending revision while the approved version stays public (the item, the listing,
 * the response cache); the moderator sees it with a diff and the risk signals of the new text; approving
 * publishes it (audited, the owner told), rejecting keeps the approved version and tells the owner why.
 */

let ctx: TestContext;
let admin: TestUser;
let hobbyist: TestUser;
let api: ReturnType<typeof apiCalls>;
let places: ReturnType<typeof placesApi>;

beforeAll(async () => {
  ctx = await createTestApp();
  [admin, hobbyist] = await Promise.all([buildAdmin(ctx), buildHobbyist(ctx)]);
  api = apiCalls(ctx);
  places = placesApi(ctx);
  await seedPlaceCities(ctx);
});
afterAll(() => ctx.close());

const db = () => ctx.database.db;

/** An approved, public ad of a new provider, with a photo and an ID document. */
async function approvedAd(): Promise<{ owner: TestUser; id: number }> {
  const owner = await buildProvider(ctx);
  const [image] = await buildFiles(ctx, owner, 'image');
  const [doc] = await buildFiles(ctx, owner, 'doc');
  const id = await buildProviderAd(ctx, owner, {
    images: [image!],
    docs: [doc!],
    review_state: 'approved',
    is_showed: 1,
  });
  return { owner, id };
}

/** The ad as the public reads it (anonymous), without its timestamps. */
async function publicAd(id: number): Promise<Json> {
  const { updatedAt: _u, ...attributes } = (await api.ok('GET', `/api/providers/${id}?populate=*`)).data
    .attributes;
  return attributes;
}

/** The listing's item of the ad, as the public reads it. */
async function listedAd(id: number): Promise<Json> {
  const res = await api.ok('GET', `/api/providers?filters[id][$eq]=${id}`);
  return res.data[0]?.attributes;
}

const changesQueue = (type: 'ad' | 'place') =>
  api.ok('GET', `/api/admin/moderation?type=${type}&queue=changes&pagination[pageSize]=100`, { user: admin });

async function queueItem(type: 'ad' | 'place', id: number): Promise<Json> {
  return (await changesQueue(type)).data.find((i: Json) => i.id === id);
}

/** The moderator's decision on the record's revision, as the queue shows it. */
async function decide(type: 'ad' | 'place', id: number, review: 'approved' | 'rejected', reason?: string) {
  const item = await queueItem(type, id);
  expect(item, `${type} ${id} in the changes queue`).toBeDefined();
  return api.call('PUT', `/api/admin/revisions/${item.revision.id}`, {
    user: admin,
    body: {
      data: { review, updatedAt: item.revision.updatedAt, ...(reason ? { review_reason: reason } : {}) },
    },
  });
}

async function languageAndRace(): Promise<{ language: number; race: number }> {
  const [language] = await db().selectFrom('languages').select('id').orderBy('id', 'desc').limit(1).execute();
  const [race] = await db().selectFrom('races').select('id').orderBy('id', 'desc').limit(1).execute();
  return { language: Number(language!.id), race: Number(race!.id) };
}

/**
 * Every field of an ad the owner may send and the public sees, with a new value and the attributes it
 * shows as once published. The location is one entry (a state and a city of it, the one country).
 */
function adChanges(refs: {
  language: number;
  race: number;
}): [string, Record<string, unknown>, Record<string, unknown>][] {
  return [
    ['title', { title: 'A whole new title' }, { title: 'A whole new title' }],
    ['name', { name: 'New Name' }, { name: 'New Name' }],
    ['location', { country: 'US', state: 'NV', city: 'Reno' }, { country: 'US', state: 'NV', city: 'Reno' }],
    ['age', { age: 33 }, { age: 33 }],
    ['phone', { phone: '555-0199' }, { phone: '555-0199' }],
    ['call', { call: 'Outcall' }, { call: 'Outcall' }],
    ['massage', { massage: 'no' }, { massage: 'no' }],
    ['threesome', { threesome: 'yes' }, { threesome: 'yes' }],
    ['kissing_types', { kissing_types: ['Heavy'] }, { kissing_types: 'Heavy' }],
    ['fellatio', { fellatio: 'yes', fellatio_type: ['CBJ'] }, { fellatio: 'yes', fellatio_type: 'CBJ' }],
    ['cunnilingus', { cunnilingus: 'yes' }, { cunnilingus: 'yes' }],
    ['anilingus', { anilingus: 'yes', anilingus_act: ['Give'] }, { anilingus: 'yes', anilingus_act: 'Give' }],
    ['vaginal', { vaginal: 'yes', vaginal_type: ['CFS'] }, { vaginal: 'yes', vaginal_type: 'CFS' }],
    ['anal', { anal: 'yes', anal_activity: ['CAS'] }, { anal: 'yes', anal_activity: 'CAS' }],
    ['cum', { cum: 'CIM', cum_type: [CUM_TYPES[0]] }, { cum: 'CIM', cum_type: CUM_TYPES[0] }],
    ['personality', { personality: ['Dominant'] }, { personality: 'Dominant' }],
    ['grooming', { grooming: ['Bare'] }, { grooming: 'Bare' }],
    ['donation_half_hour', { donation_half_hour: 75 }, { donation_half_hour: 75 }],
    ['donation_hour', { donation_hour: 150.5 }, { donation_hour: 150.5 }],
    ['message', { message: 'A new message' }, { message: 'A new message' }],
    [
      'services_provided_approval',
      { services_provided_approval: true },
      { services_provided_approval: true },
    ],
    ['discount_code', { discount_code: 'NEW10' }, { discount_code: 'NEW10' }],
    [
      'language',
      { language: refs.language },
      { language: { data: expect.objectContaining({ id: refs.language }) } },
    ],
    ['race', { race: refs.race }, { race: { data: expect.objectContaining({ id: refs.race }) } }],
  ];
}

/** Attributes the owner does not write (counters, the admin's fields, timestamps) or the files. */
const NOT_OWNER_TEXT = [
  'duration_ad',
  'duration_ad_unit',
  'ad_bonus_side_panel_ad',
  'isShowed',
  'likes_count',
  'dislikes_count',
  'averages_count',
  'comments_count',
  'createdAt',
  'updatedAt',
  'publishedAt',
];

describe('an approved ad: the owner’s changes wait for review', () => {
  it('the table of changes covers every attribute the public reads', async () => {
    const covered = new Set(
      adChanges(await languageAndRace()).flatMap(([, sent]) =>
        Object.keys(sent).map((k) => k.replace(/_types?$|_act$|_activity$/, '')),
      ),
    );
    const uncovered = Object.keys(PROVIDER_FIELDS).filter(
      (k) =>
        !NOT_OWNER_TEXT.includes(k) &&
        !covered.has(k) &&
        !covered.has(k.replace(/_types?$|_act$|_activity$/, '')),
    );
    expect(uncovered).toEqual([]);
  });

  it('each public field, one edit at a time: the public sees the approved ad until the moderator approves', async () => {
    const { owner, id } = await approvedAd();
    const before = await publicAd(id);
    const beforeListed = await listedAd(id);
    expect(beforeListed).toBeDefined();
    const changes = adChanges(await languageAndRace());
    for (const [what, sent] of changes) {
      const res = await api.ok('PUT', `/api/providers/${id}`, { user: owner, body: { data: sent } });
      // The owner's answer (the seed client's shape) shows what they sent and that it waits.
      expect(res.data.id, what).toBe(id);
      expect(res.data.attributes.review, what).toBe('approved');
      expect(res.data.attributes.pending_revision, what).toMatchObject({ state: 'pending', reason: null });
      expect(await publicAd(id), `${what}: the public item`).toEqual(before);
      expect(await listedAd(id), `${what}: the listing`).toMatchObject({ title: beforeListed.title });
    }
    const item = await queueItem('ad', id);
    expect(item.revision.changes.map((c: Json) => c.field)).toEqual(
      expect.arrayContaining(['title', 'state', 'city', 'donation_hour', 'language', 'race', 'message']),
    );
    expect(item.revision.changes.find((c: Json) => c.field === 'title')).toEqual({
      field: 'title',
      before: before.title,
      after: 'A whole new title',
    });
    // The owner's own read shows the pending values over the approved ad.
    const own = await api.ok('GET', `/api/providers/${id}`, { user: owner });
    expect(own.data.attributes).toMatchObject({ title: 'A whole new title', city: 'Reno' });

    expect((await decide('ad', id, 'approved')).statusCode).toBe(200);
    const after = await publicAd(id);
    for (const [what, , shown] of changes) expect(after, what).toMatchObject(shown);
    expect(await listedAd(id)).toMatchObject({ title: 'A whole new title', city: 'Reno' });
    expect(await queueItem('ad', id)).toBeUndefined();
    const left = await db()
      .selectFrom('pending_revisions')
      .select('id')
      .where('provider_id', '=', id)
      .execute();
    expect(left).toEqual([]);
  });

  it('the listing’s filters and the kept anonymous answers see the approved ad only', async () => {
    const { owner, id } = await approvedAd();
    const byCity = `/api/providers?filters[city][$eq]=Reno&filters[id][$eq]=${id}`;
    // Read (and kept) before the edit.
    expect(await api.listed(byCity)).toEqual([]);
    const first = await publicAd(id);
    await api.ok('PUT', `/api/providers/${id}`, {
      user: owner,
      body: { data: { state: 'NV', city: 'Reno', title: 'Moved' } },
    });
    expect(await api.listed(byCity)).toEqual([]);
    expect(await publicAd(id)).toEqual(first);
    expect((await decide('ad', id, 'approved')).statusCode).toBe(200);
    expect(await api.listed(byCity)).toEqual([id]);
    expect((await publicAd(id)).title).toBe('Moved');
  });

  it('the queue shows the risk signals of the new text; approval is audited and mailed', async () => {
    const { owner, id } = await approvedAd();
    await api.ok('PUT', `/api/providers/${id}`, { user: owner, body: { data: { title: 'Teen model' } } });
    const item = await queueItem('ad', id);
    // (The factory's ads share one phone number: that signal comes too.)
    expect(item.signals.map((s: Json) => s.kind)).toContain('youth_wording');
    expect(item.risk_score).toBe(item.signals.reduce((sum: number, s: Json) => sum + s.weight, 0));
    expect(item.risk_score).toBeGreaterThanOrEqual(RISK_SIGNAL_WEIGHTS.youth_wording);
    expect(item.owner).toMatchObject({ id: owner.id });
    expect(item.record.attributes.title).not.toBe('Teen model');
    // The approved ad's own signals are untouched until the change is approved.
    const stored = () =>
      db()
        .selectFrom('risk_signals')
        .select('kind')
        .where('record_type', '=', 'provider')
        .where('record_id', '=', id)
        .execute();
    expect(await stored()).not.toContainEqual({ kind: 'youth_wording' });

    const sent = ctx.mailer.sent.length;
    expect((await decide('ad', id, 'approved')).statusCode).toBe(200);
    expect(await stored()).toContainEqual({ kind: 'youth_wording' });
    expect(ctx.mailer.sent.slice(sent)).toEqual([
      expect.objectContaining({ to: owner.email, subject: MESSAGES.revisions.mailApprovedSubject }),
    ]);
    const audit = await db()
      .selectFrom('audit_log')
      .select(['action', 'actor_id', 'details', 'before_value', 'after_value'])
      .where('subject', '=', `revision:${item.revision.id}`)
      .execute();
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ action: 'revision.approve', actor_id: admin.id });
    expect(JSON.parse(audit[0]!.details!)).toEqual({ record: `provider:${id}`, fields: ['title'] });
    expect(JSON.parse(audit[0]!.after_value!).title).toBe('Teen model');
    expect(JSON.parse(audit[0]!.before_value!).title).not.toBe('Teen model');
  });

  it('a rejection keeps the approved version and tells the owner why, until they edit again', async () => {
    const { owner, id } = await approvedAd();
    const before = await publicAd(id);
    await api.ok('PUT', `/api/providers/${id}`, {
      user: owner,
      body: { data: { message: 'Call me on kik' } },
    });
    const noReason = await decide('ad', id, 'rejected');
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().error.message).toContain(MESSAGES.revisions.reasonRequired);
    const sent = ctx.mailer.sent.length;
    expect((await decide('ad', id, 'rejected', 'No contact details in the text')).statusCode).toBe(200);
    expect(await publicAd(id)).toEqual(before);
    const mail = ctx.mailer.sent.slice(sent);
    expect(mail).toEqual([
      expect.objectContaining({ to: owner.email, subject: MESSAGES.revisions.mailRejectedSubject }),
    ]);
    expect(mail[0]!.text).toContain('No contact details in the text');
    const mine = await api.ok('GET', '/api/revisions?type=ad', { user: owner });
    expect(mine.data).toEqual([
      expect.objectContaining({ id, state: 'rejected', reason: 'No contact details in the text' }),
    ]);
    const own = await api.ok('GET', `/api/providers/${id}`, { user: owner });
    expect(own.data.attributes.pending_revision).toMatchObject({ state: 'rejected' });
    expect(await queueItem('ad', id)).toBeUndefined();
    const audit = await db()
      .selectFrom('audit_log')
      .select(['action', 'details'])
      .where('subject', 'like', 'revision:%')
      .where('details', 'like', `%"provider:${id}"%`)
      .execute();
    expect(audit.map((a) => a.action)).toEqual(['revision.reject']);
    expect(JSON.parse(audit[0]!.details!)).toMatchObject({ reason: 'No contact details in the text' });

    // A new edit submits the changes again.
    await api.ok('PUT', `/api/providers/${id}`, {
      user: owner,
      body: { data: { message: 'Call the number above' } },
    });
    expect((await api.ok('GET', '/api/revisions?type=ad', { user: owner })).data).toEqual([
      expect.objectContaining({
        id,
        state: 'pending',
        reason: null,
        fields: { message: 'Call the number above' },
      }),
    ]);
    expect(await queueItem('ad', id)).toBeDefined();
  });

  it('sending the approved values again takes the change back; documents change at once', async () => {
    const { owner, id } = await approvedAd();
    const before = await publicAd(id);
    await api.ok('PUT', `/api/providers/${id}`, {
      user: owner,
      body: { data: { title: 'Other', name: 'Other' } },
    });
    await api.ok('PUT', `/api/providers/${id}`, { user: owner, body: { data: { title: before.title } } });
    expect((await api.ok('GET', '/api/revisions?type=ad', { user: owner })).data[0].fields).toEqual({
      name: 'Other',
    });
    await api.ok('PUT', `/api/providers/${id}`, { user: owner, body: { data: { name: before.name } } });
    expect((await api.ok('GET', '/api/revisions?type=ad', { user: owner })).data).toEqual([]);

    const [doc] = await buildFiles(ctx, owner, 'doc');
    await api.ok('PUT', `/api/providers/${id}`, { user: owner, body: { data: { docs: [doc] } } });
    const docs = await db()
      .selectFrom('provider_docs')
      .select('file_id')
      .where('provider_id', '=', id)
      .execute();
    expect(docs.map((d) => Number(d.file_id))).toEqual([doc]);
    expect((await api.ok('GET', '/api/revisions?type=ad', { user: owner })).data).toEqual([]);
    expect(await publicAd(id)).toEqual(before);
  });

  it('new photos and a video wait in the revision: the public keeps the old ones until approval', async () => {
    const { owner, id } = await approvedAd();
    const before = await publicAd(id);
    const oldImage = before.images.data[0].id as number;
    const [image] = await buildFiles(ctx, owner, 'image');
    const [video] = await buildFiles(ctx, owner, 'video');
    const res = await api.ok('PUT', `/api/providers/${id}`, {
      user: owner,
      body: { data: { title: 'With new photos', images: [image, oldImage], video } },
    });
    // The owner reads the staged files; the public the approved ad, its old photo and no video.
    expect(res.data.attributes.review).toBe('approved');
    expect(res.data.attributes.pending_revision.fields).toMatchObject({ images: [image, oldImage], video });
    const own = (await api.ok('GET', `/api/providers/${id}?populate=*`, { user: owner })).data.attributes;
    expect(own.images.data.map((f: Json) => f.id)).toEqual([image, oldImage]);
    expect(own.video.data).toMatchObject({ id: video, attributes: { mime: 'video/mp4' } });
    expect(await publicAd(id)).toEqual(before);
    expect(await listedAd(id)).toMatchObject({ title: before.title });
    // The staged files are in use: neither the file delete route nor the cleanup job removes them.
    for (const file of [image!, video!]) {
      const del = await api.call('DELETE', `/api/upload/files/${file}`, { user: owner });
      expect(del.statusCode, `file ${file}`).toBe(409);
    }
    await deleteExpiredAnonymousUploads(db(), ctx.storage, new Date(Date.now() + 2 * 86_400_000));
    const held = await db().selectFrom('files').select('id').where('id', 'in', [image!, video!]).execute();
    expect(held).toHaveLength(2);
    // The moderator sees the old and the new photos.
    const item = await queueItem('ad', id);
    expect(item.revision.changes).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ field: 'images', before: [oldImage], after: [image, oldImage] }),
        expect.objectContaining({ field: 'video', before: null, after: video }),
      ]),
    );
    const photos = item.revision.changes.find((c: Json) => c.field === 'images').files;
    expect(photos.map((f: Json) => f.id)).toEqual([oldImage, image]);
    for (const f of photos) expect(f.url).toMatch(/^\/uploads\//);
    expect((await decide('ad', id, 'approved')).statusCode).toBe(200);
    const after = await publicAd(id);
    expect(after.images.data.map((f: Json) => f.id)).toEqual([image, oldImage]);
    expect(after.video.data.id).toBe(video);
    expect(after.title).toBe('With new photos');
  });

  it('a rejection keeps the old photos; photos the ad no longer names are deleted after approval', async () => {
    const { owner, id } = await approvedAd();
    const before = await publicAd(id);
    const oldImage = before.images.data[0].id as number;
    const [first, second] = await buildFiles(ctx, owner, 'image', 2);
    await api.ok('PUT', `/api/providers/${id}`, { user: owner, body: { data: { images: [first] } } });
    expect((await decide('ad', id, 'rejected', 'Not this photo')).statusCode).toBe(200);
    expect(await publicAd(id)).toEqual(before);
    // The owner stages another photo instead: the one staged before is no longer named, and deleted.
    await api.ok('PUT', `/api/providers/${id}`, { user: owner, body: { data: { images: [second] } } });
    const exists = async (file: number) =>
      (await db().selectFrom('files').select('id').where('id', '=', file).executeTakeFirst()) !== undefined;
    expect(await exists(first!)).toBe(false);
    expect(await publicAd(id)).toEqual(before);
    expect((await decide('ad', id, 'approved')).statusCode).toBe(200);
    expect((await publicAd(id)).images.data.map((f: Json) => f.id)).toEqual([second]);
    expect(await exists(oldImage)).toBe(false);
    expect(await exists(second!)).toBe(true);
    expect(await db().selectFrom('pending_revision_files').select('file_id').execute()).not.toContainEqual({
      file_id: second,
    });
  });

  it('a new order of the approved photos applies at once; an ad not approved is edited in place', async () => {
    const owner = await buildProvider(ctx);
    const [a, b] = await buildFiles(ctx, owner, 'image', 2);
    const id = await buildProviderAd(ctx, owner, {
      images: [a!, b!],
      review_state: 'approved',
      is_showed: 1,
    });
    const res = await api.ok('PUT', `/api/providers/${id}`, {
      user: owner,
      body: { data: { images: [b, a] } },
    });
    expect(res.data.attributes.pending_revision).toBeUndefined();
    expect((await publicAd(id)).images.data.map((f: Json) => f.id)).toEqual([b, a]);

    const pending = await buildProviderAd(ctx, owner, { images: [a!], review_state: 'pending' });
    const [c] = await buildFiles(ctx, owner, 'image');
    const edited = await api.ok('PUT', `/api/providers/${pending}`, {
      user: owner,
      body: { data: { images: [c], title: 'In place' } },
    });
    expect(edited.data.attributes).toMatchObject({ review: 'pending', title: 'In place' });
    expect(edited.data.attributes.pending_revision).toBeUndefined();
    expect(
      await db().selectFrom('provider_images').select('file_id').where('provider_id', '=', pending).execute(),
    ).toEqual([{ file_id: c }]);
  });

  it('a deleted ad takes its staged photos with it', async () => {
    const { owner, id } = await approvedAd();
    const [image] = await buildFiles(ctx, owner, 'image');
    await api.ok('PUT', `/api/providers/${id}`, { user: owner, body: { data: { images: [image] } } });
    await api.ok('DELETE', `/api/providers/${id}`, { user: owner });
    expect(await db().selectFrom('files').select('id').where('id', '=', image!).execute()).toEqual([]);
  });

  it('the admin’s edit publishes at once and is audited', async () => {
    const { id } = await approvedAd();
    await api.ok('PUT', `/api/providers/${id}`, { user: admin, body: { data: { title: 'Fixed by staff' } } });
    expect((await publicAd(id)).title).toBe('Fixed by staff');
    const audit = await db()
      .selectFrom('audit_log')
      .select('action')
      .where('subject', '=', `provider:${id}`)
      .execute();
    expect(audit).toEqual([{ action: 'provider.update' }]);
    expect(
      await db().selectFrom('pending_revisions').select('id').where('provider_id', '=', id).execute(),
    ).toEqual([]);
  });

  it('a deleted ad takes its revision with it', async () => {
    const { owner, id } = await approvedAd();
    await api.ok('PUT', `/api/providers/${id}`, { user: owner, body: { data: { title: 'Gone soon' } } });
    await api.ok('DELETE', `/api/providers/${id}`, { user: owner });
    expect(
      await db().selectFrom('pending_revisions').select('id').where('provider_id', '=', id).execute(),
    ).toEqual([]);
  });
});

describe('the decision route and the owner’s list', () => {
  it('401 anonymous, 403 for every account but the admin', async () => {
    const { owner, id } = await approvedAd();
    await api.ok('PUT', `/api/providers/${id}`, { user: owner, body: { data: { title: 'Self approved?' } } });
    const item = await queueItem('ad', id);
    const body = { data: { review: 'approved', updatedAt: item.revision.updatedAt } };
    const url = `/api/admin/revisions/${item.revision.id}`;
    expect((await api.call('PUT', url, { body })).statusCode).toBe(401);
    for (const user of [owner, hobbyist, await buildProvider(ctx)]) {
      expect((await api.call('PUT', url, { user, body })).statusCode).toBe(403);
    }
    expect((await api.call('GET', '/api/admin/moderation?queue=changes', { user: owner })).statusCode).toBe(
      403,
    );
    expect((await api.call('GET', '/api/revisions')).statusCode).toBe(401);
    expect((await publicAd(id)).title).not.toBe('Self approved?');
  });

  it('400 for a bad body or id; 404 for no pending revision; 409 for a revision changed since it was read', async () => {
    const { owner, id } = await approvedAd();
    await api.ok('PUT', `/api/providers/${id}`, { user: owner, body: { data: { title: 'First try' } } });
    const item = await queueItem('ad', id);
    const url = `/api/admin/revisions/${item.revision.id}`;
    for (const data of [
      { review: 'approved' },
      { review: 'maybe', updatedAt: 'x' },
      { review: 'approved', updatedAt: 'x', extra: 1 },
    ]) {
      expect((await api.call('PUT', url, { user: admin, body: { data } })).statusCode).toBe(400);
    }
    expect(
      (
        await api.call('PUT', '/api/admin/revisions/abc', {
          user: admin,
          body: { data: { review: 'approved', updatedAt: 'x' } },
        })
      ).statusCode,
    ).toBe(400);
    expect(
      (
        await api.call('PUT', '/api/admin/revisions/999999', {
          user: admin,
          body: { data: { review: 'approved', updatedAt: 'x' } },
        })
      ).statusCode,
    ).toBe(404);

    // The owner changes it after the moderator read it: the moderator's approval would publish unseen text.
    await new Promise((r) => setTimeout(r, 5));
    await api.ok('PUT', `/api/providers/${id}`, { user: owner, body: { data: { title: 'Second try' } } });
    const stale = await api.call('PUT', url, {
      user: admin,
      body: { data: { review: 'approved', updatedAt: item.revision.updatedAt } },
    });
    expect(stale.statusCode).toBe(409);
    expect((await publicAd(id)).title).not.toBe('Second try');
    expect((await decide('ad', id, 'rejected', 'No')).statusCode).toBe(200);
    // A rejected revision is not decided again.
    const again = await api.call('PUT', url, {
      user: admin,
      body: {
        data: {
          review: 'approved',
          updatedAt: (await api.ok('GET', '/api/revisions?type=ad', { user: owner })).data[0].updatedAt,
        },
      },
    });
    expect(again.statusCode).toBe(404);
  });

  it('an owner lists only their own revisions', async () => {
    const a = await approvedAd();
    const b = await approvedAd();
    await api.ok('PUT', `/api/providers/${a.id}`, { user: a.owner, body: { data: { title: 'Mine' } } });
    expect((await api.ok('GET', '/api/revisions?type=ad', { user: b.owner })).data).toEqual([]);
    expect(
      (await api.ok('GET', '/api/revisions?type=ad', { user: a.owner })).data.map((r: Json) => r.id),
    ).toEqual([a.id]);
    expect((await api.call('GET', '/api/revisions?type=nope', { user: a.owner })).statusCode).toBe(400);
    // Another provider reads the public ad, not the owner's pending view.
    const other = await api.ok('GET', `/api/providers/${a.id}`, { user: b.owner });
    expect(other.data.attributes.title).not.toBe('Mine');
    expect(other.data.attributes.pending_revision).toBeUndefined();
  });
});

describe('an approved place: the owner’s changes wait for review', () => {
  async function approvedPlace() {
    const owner = await buildProvider(ctx);
    const id = await places.newPlace(owner);
    await places.approve(admin, id);
    return { owner, id };
  }
  const publicPlace = async (id: number) => {
    const { updatedAt: _u, ...attributes } = (
      await api.ok('GET', `/api/vendors/${id}?populate[0]=vendor_type&populate[1]=address`)
    ).data.attributes;
    return attributes;
  };
  /** An address's street and city as stored (what the public reads of it through a place). */
  const storedAddress = (id: number) =>
    db().selectFrom('addresses').select(['location', 'city']).where('id', '=', id).executeTakeFirstOrThrow();

  it('each public field: name, phone, e-mail, website, type and address wait; approval publishes them', async () => {
    const { owner, id } = await approvedPlace();
    const before = await publicPlace(id);
    const address = await places.newAddress(owner, { city: 'Oakland' });
    const type = await places.typeId('sextoy');
    const changes: [string, Record<string, unknown>][] = [
      ['name', { name: 'Placeholder Spa Renamed' }],
      ['phone', { phone: '5550199' }],
      ['email', { email: 'new@example.test' }],
      ['website', { website: '' }],
      ['vendor_type', { vendor_type: type }],
      ['address', { address }],
    ];
    for (const [what, data] of changes) {
      const res = await api.ok('PUT', `/api/vendors/${id}`, { user: owner, body: { data } });
      expect(res.data.attributes.pending_revision, what).toMatchObject({ state: 'pending' });
      expect(await publicPlace(id), what).toEqual(before);
    }
    const own = await api.ok('GET', `/api/vendors/${id}`, { user: owner });
    expect(own.data.attributes).toMatchObject({
      name: 'Placeholder Spa Renamed',
      website: '',
      review: 'approved',
    });
    const item = await queueItem('place', id);
    expect(item.revision.changes.map((c: Json) => c.field)).toEqual([
      'address',
      'address_details',
      'email',
      'name',
      'phone',
      'vendor_type',
      'website',
    ]);

    expect((await decide('place', id, 'approved')).statusCode).toBe(200);
    const after = await publicPlace(id);
    expect(after).toMatchObject({
      name: 'Placeholder Spa Renamed',
      phone: '5550199',
      email: 'new@example.test',
      website: null,
    });
    expect(after.vendor_type.data.attributes.type).toBe('sextoy');
    expect(after.address.data).toMatchObject({ id: address, attributes: { city: 'Oakland' } });
  });

  it('the address an approved place names: its change waits with the place’s revision', async () => {
    const { owner, id } = await approvedPlace();
    const before = await publicPlace(id);
    const addressId = before.address.data.id as number;
    const res = await api.ok('PUT', `/api/addresses/${addressId}`, {
      user: owner,
      body: { data: { location: '9 Other Street', city: 'Oakland' } },
    });
    expect(res.data.attributes).toMatchObject({ location: '9 Other Street', city: 'Oakland' });
    expect(await publicPlace(id)).toEqual(before);
    expect((await storedAddress(addressId)).city).toBe('San Jose');
    // The owner's read of the place shows the pending address; the edit form starts from it.
    const own = await api.ok('GET', `/api/vendors/${id}?populate[0]=address`, { user: owner });
    expect(own.data.attributes.address.data.attributes).toMatchObject({ city: 'Oakland' });
    // The web form then saves the place with the same address id: the address change stays.
    await api.ok('PUT', `/api/vendors/${id}`, {
      user: owner,
      body: { data: { address: addressId, name: before.name } },
    });
    const item = await queueItem('place', id);
    expect(item.revision.changes).toEqual([
      {
        field: 'address_details',
        before: expect.objectContaining({ location: '1 Placeholder Street', city: 'San Jose' }),
        after: expect.objectContaining({ location: '9 Other Street', city: 'Oakland' }),
      },
    ]);
    expect((await decide('place', id, 'approved')).statusCode).toBe(200);
    expect((await publicPlace(id)).address.data.attributes).toMatchObject({
      location: '9 Other Street',
      city: 'Oakland',
    });
  });

  it('a new picture after an address change: both wait in the revision; approval publishes them', async () => {
    const { owner, id } = await approvedPlace();
    const before = await publicPlace(id);
    const addressId = before.address.data.id as number;
    const oldImage = (await api.ok('GET', `/api/vendors/${id}?populate=image`)).data.attributes.image.data.id;
    await api.ok('PUT', `/api/addresses/${addressId}`, {
      user: owner,
      body: { data: { location: '9 Other Street', city: 'Oakland' } },
    });
    const image = await uploadImage(ctx, owner);
    const res = await api.ok('PUT', `/api/vendors/${id}?populate=image`, {
      user: owner,
      body: { data: { image } },
    });
    expect(res.data.attributes.review).toBe('approved');
    const own = await api.ok('GET', `/api/vendors/${id}?populate=image`, { user: owner });
    expect(own.data.attributes.image.data).toMatchObject({
      id: image,
      attributes: { url: expect.any(String) },
    });
    expect(await publicPlace(id)).toEqual(before);
    const shownImage = async () =>
      (await api.ok('GET', `/api/vendors/${id}?populate=image`)).data.attributes.image.data.id;
    expect(await shownImage()).toBe(oldImage);
    // The staged picture is in use until the decision.
    expect((await api.call('DELETE', `/api/upload/files/${image}`, { user: owner })).statusCode).toBe(409);
    expect((await decide('place', id, 'approved')).statusCode).toBe(200);
    expect(await shownImage()).toBe(image);
    expect(await storedAddress(addressId)).toEqual({ location: '9 Other Street', city: 'Oakland' });
    expect(await db().selectFrom('files').select('id').where('id', '=', oldImage).execute()).toEqual([]);
  });

  it('a move to another address: the moderator reads its details, and its later edits wait in the revision', async () => {
    const { owner, id } = await approvedPlace();
    const before = await publicPlace(id);
    const oldAddress = before.address.data.id as number;
    const address = await places.newAddress(owner, { location: '5 New Street', city: 'Oakland' });
    await api.ok('PUT', `/api/vendors/${id}`, { user: owner, body: { data: { address } } });
    const seen = await queueItem('place', id);
    expect(seen.revision.changes).toEqual([
      { field: 'address', before: oldAddress, after: address },
      {
        field: 'address_details',
        before: expect.objectContaining({ location: '1 Placeholder Street', city: 'San Jose' }),
        after: expect.objectContaining({ location: '5 New Street', city: 'Oakland' }),
      },
    ]);
    // The owner's view of the place shows the new address with its details.
    const own = await api.ok('GET', `/api/vendors/${id}?populate[0]=address`, { user: owner });
    expect(own.data.attributes.address.data).toMatchObject({
      id: address,
      attributes: { location: '5 New Street', city: 'Oakland' },
    });

    // An edit of the new address joins the revision (the stored address stays as the moderator saw it).
    const edited = await api.ok('PUT', `/api/addresses/${address}`, {
      user: owner,
      body: { data: { location: '7 Unseen Street' } },
    });
    expect(edited.data.attributes.location).toBe('7 Unseen Street');
    expect((await storedAddress(address)).location).toBe('5 New Street');
    // The moderator's decision on what they read is refused: the revision changed since.
    const stale = await api.call('PUT', `/api/admin/revisions/${seen.revision.id}`, {
      user: admin,
      body: { data: { review: 'approved', updatedAt: seen.revision.updatedAt } },
    });
    expect(stale.statusCode).toBe(409);
    expect(await publicPlace(id)).toEqual(before);
    // The place's current address may not change meanwhile, nor the new one be deleted, nor another
    // place take it.
    const old = await api.call('PUT', `/api/addresses/${oldAddress}`, {
      user: owner,
      body: { data: { location: '8 Other Street' } },
    });
    expect(old.statusCode).toBe(409);
    expect(old.json().error.message).toBe(MESSAGES.placeErrors.addressBeingReplaced);
    expect((await api.call('DELETE', `/api/addresses/${address}`, { user: owner })).statusCode).toBe(409);
    const other = await places.call('POST', '/api/vendors', {
      user: owner,
      body: await places.placeBody(owner, { address }),
    });
    expect(other.statusCode).toBe(400);

    const item = await queueItem('place', id);
    expect(item.revision.changes[1].after).toMatchObject({ location: '7 Unseen Street', city: 'Oakland' });
    expect((await decide('place', id, 'approved')).statusCode).toBe(200);
    const after = await publicPlace(id);
    expect(after.address.data).toMatchObject({
      id: address,
      attributes: { location: '7 Unseen Street', city: 'Oakland' },
    });
    // The address the place left is not public any more: edited at once.
    await api.ok('PUT', `/api/addresses/${oldAddress}`, {
      user: owner,
      body: { data: { location: '8 Other Street' } },
    });
  });

  it('a move taken back: the place’s own address again leaves no revision', async () => {
    const { owner, id } = await approvedPlace();
    const oldAddress = (await publicPlace(id)).address.data.id as number;
    const address = await places.newAddress(owner, { city: 'Oakland' });
    await api.ok('PUT', `/api/vendors/${id}`, { user: owner, body: { data: { address } } });
    const res = await api.ok('PUT', `/api/vendors/${id}`, {
      user: owner,
      body: { data: { address: oldAddress } },
    });
    expect(res.data.attributes.pending_revision).toBeUndefined();
    expect((await api.ok('GET', '/api/revisions?type=place', { user: owner })).data).toEqual([]);
    // No revision names the other address now: it is edited at once.
    await api.ok('PUT', `/api/addresses/${address}`, {
      user: owner,
      body: { data: { location: '3 Free Street' } },
    });
    expect((await storedAddress(address)).location).toBe('3 Free Street');
  });

  it('a rejection keeps the approved place; the owner reads the reason on My Places', async () => {
    const { owner, id } = await approvedPlace();
    const before = await publicPlace(id);
    await api.ok('PUT', `/api/vendors/${id}`, { user: owner, body: { data: { name: 'Schoolgirl Spa' } } });
    const item = await queueItem('place', id);
    expect(item.signals.map((s: Json) => s.kind)).toContain('youth_wording');
    expect((await decide('place', id, 'rejected', 'Please rename the place')).statusCode).toBe(200);
    expect(await publicPlace(id)).toEqual(before);
    expect((await api.ok('GET', '/api/revisions?type=place', { user: owner })).data).toEqual([
      expect.objectContaining({ id, state: 'rejected', reason: 'Please rename the place' }),
    ]);
  });

  it('a new picture waits; a rejection keeps the approved one; the admin edits at once', async () => {
    const { owner, id } = await approvedPlace();
    const shownImage = async () =>
      (await api.ok('GET', `/api/vendors/${id}?populate=image`)).data.attributes.image.data.id;
    const oldImage = await shownImage();
    await api.ok('PUT', `/api/vendors/${id}`, { user: owner, body: { data: { name: 'Waiting name' } } });
    const image = await uploadImage(ctx, owner);
    const res = await api.ok('PUT', `/api/vendors/${id}`, { user: owner, body: { data: { image } } });
    expect(res.data.attributes).toMatchObject({ review: 'approved', name: 'Waiting name' });
    expect(res.data.attributes.pending_revision.fields).toMatchObject({ name: 'Waiting name', image });
    expect(await shownImage()).toBe(oldImage);
    expect((await decide('place', id, 'rejected', 'Another picture, please')).statusCode).toBe(200);
    expect(await shownImage()).toBe(oldImage);
    expect((await api.ok('GET', `/api/vendors/${id}`)).data.attributes.name).not.toBe('Waiting name');

    await api.ok('PUT', `/api/vendors/${id}`, { user: admin, body: { data: { phone: '5550111' } } });
    expect((await publicPlace(id)).phone).toBe('5550111');
    const audit = await db()
      .selectFrom('audit_log')
      .select('action')
      .where('subject', '=', `vendor:${id}`)
      .execute();
    expect(audit.map((a) => a.action)).toContain('vendor.update');
  });
});
