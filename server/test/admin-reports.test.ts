import { MESSAGES, REPORT_REASONS } from '@app/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nowIso } from '../src/db/dialect.ts';
import { buildProviderAd } from './factories.ts';
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

/**
 * The console's reports: visitors' reports, screening flags and contact messages in one
 * queue (`GET /api/admin/reports`), the reported record kept as `reports.subject`, the staff's state and
 * internal note (`PUT /api/reports/:id`, `PUT /api/contact-messages/:id`) and hiding the reported ad or
 * place (`POST /api/admin/reports/:id/hide`), each audited.
 */

let ctx: TestContext;
let api: ReturnType<typeof apiCalls>;
let admin: TestUser;
let hobbyist: TestUser;
let vendor: TestUser;
let provider: TestUser;

beforeAll(async () => {
  ctx = await createTestApp();
  api = apiCalls(ctx);
  [admin, hobbyist, vendor, provider] = await Promise.all([
    buildAdmin(ctx),
    buildHobbyist(ctx),
    buildVendor(ctx),
    buildProvider(ctx),
  ]);
});
afterAll(() => ctx.close());

const db = () => ctx.database.db;
const R = MESSAGES.adminReports;

/** Files a report (anonymously unless `user`), answers its id. */
async function report(data: Record<string, unknown>, user: TestUser | null = null): Promise<number> {
  const res = await api.call('POST', '/api/reports', {
    user,
    body: { data: { reason: REPORT_REASONS[0], ...data } },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.id;
}

async function contactMessage(note = 'Please call me about my ad.'): Promise<number> {
  const res = await api.call('POST', '/api/contact-messages', {
    body: { data: { name: 'Jane Doe', email: 'jane@example.com', note } },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.id;
}

const subjectOf = async (id: number) =>
  (await db().selectFrom('reports').select('subject').where('id', '=', id).executeTakeFirstOrThrow()).subject;

/** A place of the provider, approved and shown. */
async function buildPlace(owner: TestUser): Promise<{ id: number; type: string }> {
  const type = await db()
    .selectFrom('place_types')
    .select(['id', 'type'])
    .orderBy('id')
    .executeTakeFirstOrThrow();
  const now = nowIso();
  const row = await db()
    .insertInto('places')
    .values({
      name: 'Velvet Spa',
      place_type_id: type.id,
      phone: '555-0100',
      email: 'spa@example.test',
      user_id: owner.id,
      is_showed: 1,
      review_state: 'approved',
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id: Number(row.id), type: type.type };
}

const queue = async (query = ''): Promise<Json[]> =>
  (await api.ok('GET', `/api/admin/reports${query}`, { user: admin })).data;
const entry = async (kind: string, id: number, query = '?pagination[pageSize]=100') =>
  (await queue(query)).find((e) => e.kind === kind && e.id === id);

async function auditOf(subject: string) {
  const rows = await db()
    .selectFrom('audit_log')
    .select(['action', 'actor_id', 'details', 'before_value', 'after_value'])
    .where('subject', '=', subject)
    .orderBy('id')
    .execute();
  return rows.map((r) => ({
    action: r.action,
    actor: r.actor_id,
    details: r.details ? JSON.parse(r.details) : null,
    before: r.before_value ? JSON.parse(r.before_value) : null,
    after: r.after_value ? JSON.parse(r.after_value) : null,
  }));
}

describe('who may call the reports routes', () => {
  it('401 anonymous, 403 every other account; 400 for bad queries and bodies; 404 for a missing record', async () => {
    const id = await report({ details: 'Who may.' });
    const message = await contactMessage();
    const calls: [string, string, unknown?][] = [
      ['GET', '/api/admin/reports'],
      ['POST', `/api/admin/reports/${id}/hide`],
      ['PUT', `/api/reports/${id}`, { data: { staff_note: 'x' } }],
      ['PUT', `/api/contact-messages/${message}`, { data: { status: 'closed' } }],
    ];
    for (const [method, url, body] of calls) {
      expect((await api.call(method as 'GET', url, { body })).statusCode, url).toBe(401);
      for (const user of [hobbyist, vendor, provider]) {
        expect((await api.call(method as 'GET', url, { user, body })).statusCode, url).toBe(403);
      }
    }
    for (const q of ['kind=spam', 'status=new', 'pagination[pageSize]=abc', 'pagination[page]=-1']) {
      expect((await api.call('GET', `/api/admin/reports?${q}`, { user: admin })).statusCode, q).toBe(400);
    }
    for (const data of [{}, { status: 'done' }, { staff_note: 'x'.repeat(2001) }]) {
      const res = await api.call('PUT', `/api/reports/${id}`, { user: admin, body: { data } });
      expect(res.statusCode, JSON.stringify(data)).toBe(400);
      const c = await api.call('PUT', `/api/contact-messages/${message}`, { user: admin, body: { data } });
      expect(c.statusCode, JSON.stringify(data)).toBe(400);
    }
    const body = { data: { status: 'closed' } };
    expect((await api.call('PUT', '/api/reports/999999', { user: admin, body })).statusCode).toBe(404);
    expect((await api.call('PUT', '/api/contact-messages/999999', { user: admin, body })).statusCode).toBe(
      404,
    );
    expect((await api.call('POST', '/api/admin/reports/999999/hide', { user: admin })).statusCode).toBe(404);
  });
});

describe('reports.subject: the record a report names', () => {
  it('an ad from the card prefill, a place from a URL or path of this site; nothing from anything else', async () => {
    const ad = await buildProviderAd(ctx, provider);
    const place = await buildPlace(provider);
    const site = ctx.config.publicUrl;
    expect(await subjectOf(await report({ listing: `${MESSAGES.card.reportListing} #${ad}: Aria` }))).toBe(
      `provider:${ad}`,
    );
    expect(await subjectOf(await report({ listing: `${site}/${place.type}/${place.id}` }))).toBe(
      `vendor:${place.id}`,
    );
    expect(await subjectOf(await report({ listing: `/${place.type}/${place.id}` }))).toBe(
      `vendor:${place.id}`,
    );
    expect(
      await subjectOf(await report({ listing: `https://elsewhere.example/${place.type}/${place.id}` })),
    ).toBe(null);
    // A record that does not exist is named by nothing.
    expect(await subjectOf(await report({ listing: `${MESSAGES.card.reportListing} #999999: Nobody` }))).toBe(
      null,
    );
    expect(await subjectOf(await report({ listing: 'the woman at the bus stop' }))).toBe(null);
    expect(await subjectOf(await report({ listing: '/sextoy/%E0%A4%A' }))).toBe(null);
    expect(await subjectOf(await report({}))).toBe(null);
  });

  it("a screening flag names the comment, and shows as a flag with a link to the comment's author", async () => {
    const [author, flagger] = [provider, await buildProvider(ctx)];
    const rec = await api.ok('POST', '/api/customer-hobbyists', {
      user: author,
      body: { data: { phone_number: '555-0199-0001' } },
    });
    const comment = await api.ok('POST', '/api/hobbyist-comments', {
      user: author,
      body: { data: { customer_hobbyist: rec.data.id, hobbyist_comment: 'Rude and late.' } },
    });
    const commentId = comment.data.id as number;
    const flag = await api.ok('POST', `/api/hobbyist-comments/${commentId}/flag`, {
      user: flagger,
      body: { data: {} },
    });
    const id = flag.data.id as number;
    expect(await subjectOf(id)).toBe(`hobbyist-comment:${commentId}`);
    const e = await entry('flag', id, '?kind=flag&pagination[pageSize]=100');
    expect(e).toMatchObject({
      kind: 'flag',
      status: 'open',
      reason: R.flagReason,
      reporter: { id: flagger.id },
      link: { type: 'hobbyist-comment', id: commentId, url: `/admin/users/${author.id}` },
    });
    expect(await entry('flag', id, '?kind=report&pagination[pageSize]=100')).toBeUndefined();
    // Nothing to hide: a comment is removed by the screening area's own delete.
    const hide = await api.call('POST', `/api/admin/reports/${id}/hide`, { user: admin });
    expect(hide.statusCode).toBe(409);
    expect(hide.json().error.message).toBe(R.nothingToHide);
  });
});

describe('the queue: kinds, states, notes', () => {
  it('lists reports newest first with their reporter, link and handler', async () => {
    const ad = await buildProviderAd(ctx, provider);
    const place = await buildPlace(provider);
    const first = await report(
      { listing: `${MESSAGES.card.reportListing} #${ad}: Aria`, details: 'Looks young.' },
      hobbyist,
    );
    const second = await report({ listing: `/${place.type}/${place.id}`, email: 'Witness@Example.com' });
    const third = await report({ listing: 'https://elsewhere.example/page' });
    await db()
      .updateTable('reports')
      .set({ created_at: '2020-01-01T00:00:00.000Z' })
      .where('id', '=', first)
      .execute();
    const data = await queue('?kind=report&pagination[pageSize]=100');
    const ids = data.map((e) => e.id);
    expect(ids.indexOf(third)).toBeLessThan(ids.indexOf(second));
    expect(ids.at(-1)).toBe(first);
    expect(data.find((e) => e.id === first)).toEqual({
      kind: 'report',
      id: first,
      createdAt: '2020-01-01T00:00:00.000Z',
      status: 'open',
      staff_note: null,
      reason: REPORT_REASONS[0],
      details: 'Looks young.',
      email: null,
      name: null,
      reporter: { id: hobbyist.id, username: expect.any(String) },
      link: {
        type: 'provider',
        id: ad,
        url: expect.stringMatching(new RegExp(`^/ads/${ad}/`)),
        ownerUrl: `/admin/users/${provider.id}`,
      },
      handled_by: null,
      review: null,
    });
    expect(data.find((e) => e.id === second)).toMatchObject({
      email: 'witness@example.com',
      reporter: null,
      link: { type: 'vendor', id: place.id, url: `/${place.type}/${place.id}` },
    });
    expect(data.find((e) => e.id === third)?.link).toEqual({
      type: 'url',
      id: null,
      url: 'https://elsewhere.example/page',
    });
  });

  it('a note and a state: the admin becomes the handler; {status} alone still works; closed leaves the default list', async () => {
    const id = await report({ details: 'Please look.' });
    const note = await api.call('PUT', `/api/reports/${id}`, {
      user: admin,
      body: { data: { staff_note: '  Called the reporter back.  ' } },
    });
    expect(note.statusCode, note.body).toBe(200);
    expect(note.json().data.attributes.status).toBe('open');
    expect(await entry('report', id)).toMatchObject({
      status: 'open',
      staff_note: 'Called the reporter back.',
      handled_by: { id: admin.id },
    });
    const progress = await api.call('PUT', `/api/reports/${id}`, {
      user: admin,
      body: { data: { status: 'reviewed' } },
    });
    expect(progress.json().data.attributes.status).toBe('reviewed');
    expect(await entry('report', id)).toMatchObject({
      status: 'reviewed',
      staff_note: 'Called the reporter back.',
    });
    const closed = await api.call('PUT', `/api/reports/${id}`, {
      user: admin,
      body: { data: { status: 'closed', staff_note: '' } },
    });
    expect(closed.statusCode).toBe(200);
    expect(await entry('report', id)).toBeUndefined();
    expect(await entry('report', id, '?status=closed&pagination[pageSize]=100')).toMatchObject({
      status: 'closed',
      staff_note: null,
    });
    expect(await auditOf(`report:${id}`)).toEqual([
      {
        action: 'report.update',
        actor: admin.id,
        details: null,
        before: { status: 'open', staff_note: null },
        after: { status: 'open', staff_note: 'Called the reporter back.' },
      },
      {
        action: 'report.update',
        actor: admin.id,
        details: null,
        before: { status: 'open', staff_note: 'Called the reporter back.' },
        after: { status: 'reviewed', staff_note: 'Called the reporter back.' },
      },
      {
        action: 'report.update',
        actor: admin.id,
        details: null,
        before: { status: 'reviewed', staff_note: 'Called the reporter back.' },
        after: { status: 'closed', staff_note: null },
      },
    ]);
  });

  it('contact messages: New, In progress, Closed, with a note; audited', async () => {
    const id = await contactMessage('Where is my refund?');
    expect(await entry('contact', id, '?kind=contact&pagination[pageSize]=100')).toEqual({
      kind: 'contact',
      id,
      createdAt: expect.any(String),
      status: 'open',
      staff_note: null,
      reason: R.contactReason,
      details: 'Where is my refund?',
      email: 'jane@example.com',
      name: 'Jane Doe',
      reporter: null,
      link: null,
      handled_by: null,
      review: null,
    });
    const res = await api.call('PUT', `/api/contact-messages/${id}`, {
      user: admin,
      body: { data: { status: 'reviewed', staff_note: 'Replied by e-mail.' } },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ id, attributes: { note: 'Where is my refund?' } });
    expect(await entry('contact', id)).toMatchObject({
      status: 'reviewed',
      staff_note: 'Replied by e-mail.',
    });
    await api.ok('PUT', `/api/contact-messages/${id}`, { user: admin, body: { data: { status: 'closed' } } });
    expect(await entry('contact', id)).toBeUndefined();
    expect(await entry('contact', id, '?kind=contact&status=closed&pagination[pageSize]=100')).toMatchObject({
      status: 'closed',
      staff_note: 'Replied by e-mail.',
    });
    expect(await auditOf(`contact-message:${id}`)).toMatchObject([
      {
        action: 'contact-message.update',
        before: { status: 'open', staff_note: null },
        after: { status: 'reviewed', staff_note: 'Replied by e-mail.' },
      },
      { action: 'contact-message.update', after: { status: 'closed', staff_note: 'Replied by e-mail.' } },
    ]);
    // The kinds apart: no contact message among reports.
    expect((await queue('?kind=report&pagination[pageSize]=100')).some((e) => e.kind !== 'report')).toBe(
      false,
    );
  });
});

describe('POST /api/admin/reports/:id/hide', () => {
  it('sends the reported ad back to pending review and off /api/providers; the report is In progress; audited', async () => {
    const owner = await buildProvider(ctx);
    const ad = await buildProviderAd(ctx, owner);
    const shown = () => api.listed('/api/providers?pagination[pageSize]=100');
    expect(await shown()).toContain(ad);
    const id = await report({ listing: `${MESSAGES.card.reportListing} #${ad}: Aria` });
    const res = await api.call('POST', `/api/admin/reports/${id}/hide`, { user: admin });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toEqual({ id, status: 'reviewed', subject: `provider:${ad}` });
    expect(await shown()).not.toContain(ad);
    const row = await db()
      .selectFrom('providers')
      .select(['review_state', 'is_showed'])
      .where('id', '=', ad)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ review_state: 'pending', is_showed: 0 });
    expect(await entry('report', id)).toMatchObject({ status: 'reviewed', handled_by: { id: admin.id } });
    expect(await auditOf(`report:${id}`)).toEqual([
      {
        action: 'report.hide',
        actor: admin.id,
        details: { record: `provider:${ad}` },
        before: { status: 'open' },
        after: { status: 'reviewed' },
      },
    ]);
    expect(await auditOf(`provider:${ad}`)).toEqual([
      {
        action: 'provider.hide',
        actor: admin.id,
        details: { report: id },
        before: { review: 'approved', review_reason: null },
        after: { review: 'pending', review_reason: null },
      },
    ]);
    // The owner's ad waits in the moderation queue (with its risk signals computed).
    const owned = await api.ok('GET', `/api/providers/${ad}`, { user: owner });
    expect(owned.data.attributes.review).toBe('pending');
  });

  it('a place goes back to review too; a report naming nothing is a 409', async () => {
    const place = await buildPlace(provider);
    const id = await report({ listing: `/${place.type}/${place.id}` });
    expect((await api.call('POST', `/api/admin/reports/${id}/hide`, { user: admin })).statusCode).toBe(200);
    const row = await db()
      .selectFrom('places')
      .select(['review_state', 'is_showed'])
      .where('id', '=', place.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ review_state: 'pending', is_showed: 0 });
    expect((await auditOf(`vendor:${place.id}`)).map((a) => a.action)).toEqual(['vendor.hide']);

    const nothing = await report({ listing: 'somewhere downtown' });
    const res = await api.call('POST', `/api/admin/reports/${nothing}/hide`, { user: admin });
    expect(res.statusCode).toBe(409);
    expect(res.json().error.message).toBe(R.nothingToHide);
    expect(await entry('report', nothing)).toMatchObject({ status: 'open', handled_by: null });
  });
});
