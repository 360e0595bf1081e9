import { MESSAGES, SCREENING_REVIEW_LIMITS } from '@app/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deleteOldScreeningReviews } from '../src/modules/screening/index.ts';
import {
  apiCalls,
  buildAdmin,
  buildHobbyist,
  buildProvider,
  createTestApp,
  usernameOf,
  type Json,
  type TestContext,
  type TestUser,
} from './helpers.ts';

/**
 * Screening review requests (server/src/modules/screening/screening.reviews.ts): anyone asks for a review of
 * the entries about a phone number; the request is an entry of the console's reports queue with the number's
 * entries beside it; removals are recorded; the outcome closes it and is e-mailed to the requester without
 * an entry's text or a provider's name or address.
 */
let ctx: TestContext;
let api: ReturnType<typeof apiCalls>;
let admin: TestUser;
let provider: TestUser;
let provider2: TestUser;
let hobbyist: TestUser;
beforeAll(async () => {
  ctx = await createTestApp();
  api = apiCalls(ctx);
  [admin, provider, provider2, hobbyist] = await Promise.all([
    buildAdmin(ctx),
    buildProvider(ctx),
    buildProvider(ctx),
    buildHobbyist(ctx),
  ]);
});
afterAll(() => ctx.close());

const db = () => ctx.database.db;
const R = MESSAGES.screeningReview;
const DISPUTE = 'These comments are not about me; I never met anyone through this site.';

/** A screening record with a rating and a comment by `provider`; answers their ids. */
async function listNumber(phone: string, comment: string) {
  const record = (
    await api.ok('POST', '/api/customer-hobbyists', {
      user: provider,
      body: { data: { phone_number: phone } },
    })
  ).data.id as number;
  const rating = (
    await api.ok('POST', '/api/hobbyist-dislikes', {
      user: provider,
      body: { data: { customer_hobbyist: record } },
    })
  ).data.id as number;
  const commentId = (
    await api.ok('POST', '/api/hobbyist-comments', {
      user: provider2,
      body: { data: { customer_hobbyist: record, hobbyist_comment: comment } },
    })
  ).data.id as number;
  return { record, rating, comment: commentId };
}

const ask = (data: Record<string, unknown>, user: TestUser | null = null) =>
  api.call('POST', '/api/screening-reviews', { user, body: { data } });

async function request(phone: string, email = 'asker@example.net'): Promise<number> {
  const res = await ask({ phone_number: phone, dispute: DISPUTE, email });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as Json).data.id;
}

const countRequests = async () =>
  Number(
    (await db()
      .selectFrom('screening_reviews')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirst())!.n,
  );

describe('asking for a review', () => {
  it('anyone asks, signed in or not; the answer is the same whether the number has entries or not', async () => {
    await listNumber('555 010 2001', 'Was rude at the door.');
    const listed = await ask({ phone_number: '555-010-2001', dispute: DISPUTE, email: 'a@example.net' });
    const unlisted = await ask(
      { phone_number: '555-010-2999', dispute: DISPUTE, email: 'b@example.net' },
      hobbyist,
    );
    expect(listed.statusCode).toBe(200);
    expect(unlisted.statusCode).toBe(200);
    const shape = (body: Json) => ({ ...body, data: { ...body.data, id: 0 } });
    expect(shape(listed.json())).toEqual(shape(unlisted.json()));
    expect(Object.keys((listed.json() as Json).data)).toEqual(['id']);
    const row = await db()
      .selectFrom('screening_reviews')
      .selectAll()
      .where('id', '=', (listed.json() as Json).data.id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      phone_number: '5550102001',
      dispute: DISPUTE,
      email: 'a@example.net',
      status: 'open',
    });
  });

  it('bad input is a 400 with the field and its message, and nothing is stored', async () => {
    const before = await countRequests();
    const cases: [Record<string, unknown>, string, string][] = [
      [{ dispute: DISPUTE, email: 'a@example.net' }, 'phone_number', MESSAGES.screening.phoneRequired],
      [
        { phone_number: 'call me', dispute: DISPUTE, email: 'a@example.net' },
        'phone_number',
        MESSAGES.screening.phoneInvalid,
      ],
      [
        { phone_number: '12', dispute: DISPUTE, email: 'a@example.net' },
        'phone_number',
        MESSAGES.screening.phoneInvalid,
      ],
      [
        { phone_number: '5550102001', dispute: 'wrong', email: 'a@example.net' },
        'dispute',
        R.disputeTooShort,
      ],
      [
        {
          phone_number: '5550102001',
          dispute: 'x'.repeat(SCREENING_REVIEW_LIMITS.dispute + 1),
          email: 'a@example.net',
        },
        'dispute',
        R.disputeTooLong,
      ],
      [
        { phone_number: '5550102001', dispute: DISPUTE, email: 'not-an-address' },
        'email',
        MESSAGES.validation.emailInvalid,
      ],
      [{ phone_number: '5550102001', dispute: DISPUTE }, 'email', MESSAGES.validation.emailRequired],
    ];
    for (const [data, field, message] of cases) {
      const res = await ask(data);
      expect(res.statusCode, JSON.stringify(data)).toBe(400);
      const errors = (res.json() as Json).error.details.errors as { path: string[]; message: string }[];
      expect(errors.find((e) => e.path.join('.') === `data.${field}`)?.message, JSON.stringify(data)).toBe(
        message,
      );
    }
    expect(await countRequests()).toBe(before);
  });

  it('five requests an hour per address; the sixth is a 429', async () => {
    const send = () =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/screening-reviews',
        remoteAddress: '10.77.0.9',
        payload: { data: { phone_number: '5550103001', dispute: DISPUTE, email: 'c@example.net' } },
      });
    for (let i = 0; i < 5; i++) expect((await send()).statusCode).toBe(200);
    expect((await send()).statusCode).toBe(429);
  });
});

describe('handling a request', () => {
  let id: number;
  let entries: Awaited<ReturnType<typeof listNumber>>;
  let abroad: Awaited<ReturnType<typeof listNumber>>;
  let other: Awaited<ReturnType<typeof listNumber>>;
  let tail: Awaited<ReturnType<typeof listNumber>>;
  beforeAll(async () => {
    entries = await listNumber('555 020 3001', 'Did not pay, pushy on the phone.');
    // The same number written with a country code: the request's entries include it.
    abroad = await listNumber('+1 555 020 3001', 'Same person, different provider.');
    other = await listNumber('555 020 3999', 'Another number entirely.');
    // Its last seven digits only: three digits apart from the request, which a country code could be; four
    // apart from the number written with its country code, which is more than one.
    tail = await listNumber('020 3001', 'A short local number.');
    id = await request('(555) 020-3001', 'owner-of-number@example.net');
  });

  it('is in the reports queue as a screening review, counted on the dashboard', async () => {
    const queue = await api.ok('GET', '/api/admin/reports?kind=review', { user: admin });
    const item = (queue.data as Json[]).find((r) => r.id === id);
    expect(item).toMatchObject({
      kind: 'review',
      status: 'open',
      reason: MESSAGES.adminReports.reviewReason,
      details: DISPUTE,
      email: 'owner-of-number@example.net',
      review: { phone_number: '5550203001', outcome: null },
      link: null,
    });
    const all = await api.ok('GET', '/api/admin/reports?pagination[pageSize]=100', { user: admin });
    expect((all.data as Json[]).some((r) => r.kind === 'review' && r.id === id)).toBe(true);
    expect((all.data as Json[]).filter((r) => r.kind !== 'review').every((r) => r.review === null)).toBe(
      true,
    );
    const reports = await api.ok('GET', '/api/admin/reports?kind=report', { user: admin });
    expect((reports.data as Json[]).some((r) => r.kind === 'review')).toBe(false);
    const open = Number(
      (await db()
        .selectFrom('screening_reviews')
        .select((eb) => eb.fn.countAll().as('n'))
        .where('status', 'in', ['open', 'reviewed'])
        .executeTakeFirst())!.n,
    );
    const dashboard = await api.ok('GET', '/api/admin/dashboard', { user: admin });
    expect(dashboard.data.queues.reports).toBeGreaterThanOrEqual(open);
  });

  it("shows the number's entries beside it: this number and the same with a country code, no other", async () => {
    const detail = (await api.ok('GET', `/api/admin/screening-reviews/${id}`, { user: admin })).data;
    expect(detail).toMatchObject({
      id,
      phone_number: '5550203001',
      dispute: DISPUTE,
      status: 'open',
      outcome: null,
    });
    const records = detail.records as Json[];
    expect(records.map((r) => r.id)).toEqual([entries.record, abroad.record, tail.record]);
    expect(records.some((r) => r.id === other.record)).toBe(false);
    expect(detail.truncated).toBe(false);
    // Asked with the country code, the number without it is found too; the exact match comes first.
    const abroadRequest = await request('+1 555 020 3001');
    const fromAbroad = (await api.ok('GET', `/api/admin/screening-reviews/${abroadRequest}`, { user: admin }))
      .data;
    expect((fromAbroad.records as Json[]).map((r) => r.id)).toEqual([abroad.record, entries.record]);
    await api.ok('POST', `/api/admin/screening-reviews/${abroadRequest}/decision`, {
      user: admin,
      body: { data: { outcome: 'kept' } },
    });
    const first = records.find((r) => r.id === entries.record);
    expect(first.ratings).toEqual([
      expect.objectContaining({
        id: entries.rating,
        kind: 'dislike',
        author: { id: provider.id, username: await usernameOf(ctx, provider.id) },
      }),
    ]);
    expect(first.comments).toEqual([
      expect.objectContaining({
        id: entries.comment,
        text: 'Did not pay, pushy on the phone.',
        author: { id: provider2.id, username: await usernameOf(ctx, provider2.id) },
      }),
    ]);
  });

  it('only the admin reads and handles it', async () => {
    for (const user of [null, hobbyist, provider]) {
      const read = await api.call('GET', `/api/admin/screening-reviews/${id}`, { user });
      expect(read.statusCode).toBe(user ? 403 : 401);
      const put = await api.call('PUT', `/api/admin/screening-reviews/${id}`, {
        user,
        body: { data: { status: 'reviewed' } },
      });
      expect(put.statusCode).toBe(user ? 403 : 401);
      const decide = await api.call('POST', `/api/admin/screening-reviews/${id}/decision`, {
        user,
        body: { data: { outcome: 'kept' } },
      });
      expect(decide.statusCode).toBe(user ? 403 : 401);
    }
    expect((await api.call('GET', '/api/admin/screening-reviews/999999', { user: admin })).statusCode).toBe(
      404,
    );
  });

  it('moves to In progress with a note (recorded); Closed only comes with the outcome', async () => {
    const res = await api.ok('PUT', `/api/admin/screening-reviews/${id}`, {
      user: admin,
      body: { data: { status: 'reviewed', staff_note: 'Asked for proof of the number.' } },
    });
    expect(res.data).toMatchObject({ id, status: 'reviewed', staff_note: 'Asked for proof of the number.' });
    const audit = await db()
      .selectFrom('audit_log')
      .selectAll()
      .where('subject', '=', `screening-review:${id}`)
      .where('action', '=', 'screening-review.update')
      .executeTakeFirstOrThrow();
    expect(audit.actor_id).toBe(admin.id);
    expect(JSON.parse(audit.after_value!)).toMatchObject({ status: 'reviewed' });
    const cleared = await api.ok('PUT', `/api/admin/screening-reviews/${id}`, {
      user: admin,
      body: { data: { staff_note: '' } },
    });
    expect(cleared.data.staff_note).toBeNull();
    await api.ok('PUT', `/api/admin/screening-reviews/${id}`, {
      user: admin,
      body: { data: { staff_note: 'Asked for proof of the number.' } },
    });
    const close = await api.call('PUT', `/api/admin/screening-reviews/${id}`, {
      user: admin,
      body: { data: { status: 'closed' } },
    });
    expect(close.statusCode).toBe(400);
    expect(close.body).toContain(R.closeWithOutcome);
    const row = await db()
      .selectFrom('screening_reviews')
      .select('status')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row.status).toBe('reviewed');
  });

  it("the admin removes entries through screening's own deletes, each recorded", async () => {
    const del = await api.call('DELETE', `/api/hobbyist-comments/${entries.comment}`, { user: admin });
    expect(del.statusCode, del.body).toBe(200);
    const rating = await api.call('DELETE', `/api/hobbyist-dislikes/${entries.rating}`, { user: admin });
    expect(rating.statusCode, rating.body).toBe(200);
    const removals = await db()
      .selectFrom('audit_log')
      .select(['action', 'subject'])
      .where('actor_id', '=', admin.id)
      .where('action', 'in', ['screening.comment.remove', 'screening.rating.remove'])
      .execute();
    expect(removals).toEqual(
      expect.arrayContaining([
        { action: 'screening.comment.remove', subject: `hobbyist-comment:${entries.comment}` },
        { action: 'screening.rating.remove', subject: `hobbyist-dislike:${entries.rating}` },
      ]),
    );
    const detail = (await api.ok('GET', `/api/admin/screening-reviews/${id}`, { user: admin })).data;
    const first = (detail.records as Json[]).find((r) => r.id === entries.record);
    expect(first).toMatchObject({ ratings: [], comments: [] });
  });

  it('the outcome closes it, is recorded and is e-mailed without any entry or provider', async () => {
    const sentBefore = ctx.mailer.sent.length;
    const res = await api.ok('POST', `/api/admin/screening-reviews/${id}/decision`, {
      user: admin,
      body: { data: { outcome: 'partly', reply: 'One provider\u2019s entry stays while we check it.' } },
    });
    expect(res.data).toMatchObject({ id, status: 'closed', outcome: 'partly', mailed: true });
    const mails = ctx.mailer.sent.slice(sentBefore);
    expect(mails).toHaveLength(1);
    const mail = mails[0]!;
    expect(mail.to).toBe('owner-of-number@example.net');
    expect(mail.subject).toBe(R.mailSubject.replace('{id}', String(id)));
    expect(mail.text).toContain(R.mailBody);
    expect(mail.text).toContain('stays while we check it');
    const secrets = [
      'Did not pay',
      'Same person, different provider.',
      await usernameOf(ctx, provider.id),
      await usernameOf(ctx, provider2.id),
      provider.email,
      provider2.email,
    ];
    for (const secret of secrets) expect(`${mail.subject}\n${mail.text}`).not.toContain(secret);

    const audit = await db()
      .selectFrom('audit_log')
      .selectAll()
      .where('subject', '=', `screening-review:${id}`)
      .where('action', '=', 'screening-review.decide')
      .executeTakeFirstOrThrow();
    expect(JSON.parse(audit.after_value!)).toMatchObject({ status: 'closed', outcome: 'partly' });
    expect(JSON.parse(audit.details!).records_left).toEqual([entries.record, abroad.record, tail.record]);

    const open = await api.ok('GET', '/api/admin/reports?kind=review&pagination[pageSize]=100', {
      user: admin,
    });
    expect((open.data as Json[]).some((r) => r.id === id)).toBe(false);
    const closed = await api.ok('GET', '/api/admin/reports?kind=review&status=closed', { user: admin });
    expect((closed.data as Json[]).find((r) => r.id === id)).toMatchObject({
      status: 'closed',
      review: { outcome: 'partly' },
      handled_by: { id: admin.id },
    });
  });

  it('a bad outcome is a 400 and changes nothing; a failed mail leaves the decision and says so', async () => {
    const next = await request('5550204001');
    const bad = await api.call('POST', `/api/admin/screening-reviews/${next}/decision`, {
      user: admin,
      body: { data: { outcome: 'deleted' } },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain(R.outcomeRequired);
    const tooLong = await api.call('POST', `/api/admin/screening-reviews/${next}/decision`, {
      user: admin,
      body: { data: { outcome: 'kept', reply: 'x'.repeat(SCREENING_REVIEW_LIMITS.reply + 1) } },
    });
    expect(tooLong.statusCode).toBe(400);
    let row = await db()
      .selectFrom('screening_reviews')
      .select(['status', 'outcome'])
      .where('id', '=', next)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ status: 'open', outcome: null });

    const send = ctx.mailer.send;
    ctx.mailer.send = async () => {
      throw new Error('SMTP down');
    };
    try {
      const res = await api.ok('POST', `/api/admin/screening-reviews/${next}/decision`, {
        user: admin,
        body: { data: { outcome: 'kept' } },
      });
      expect(res.data).toMatchObject({ status: 'closed', outcome: 'kept', mailed: false });
    } finally {
      ctx.mailer.send = send;
    }
    row = await db()
      .selectFrom('screening_reviews')
      .select(['status', 'outcome'])
      .where('id', '=', next)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ status: 'closed', outcome: 'kept' });
  });
});

describe('what the requester and the log learn', () => {
  it('the mail says the same whatever was decided: it never tells whether the number had entries', async () => {
    const texts: string[] = [];
    for (const outcome of ['removed', 'kept', 'none'] as const) {
      const email = `same-${outcome}@example.net`;
      const id = await request('5550601001', email);
      await api.ok('POST', `/api/admin/screening-reviews/${id}/decision`, {
        user: admin,
        body: { data: { outcome } },
      });
      const mail = ctx.mailer.sent.filter((m) => m.to === email).at(-1)!;
      texts.push(mail.text);
    }
    expect(new Set(texts).size).toBe(1);
    expect(texts[0]).toContain(R.mailBody);
  });

  it("a request an admin sends is stored like anyone's and leaves no number or address in the audit log", async () => {
    const res = await ask(
      { phone_number: '5550601999', dispute: DISPUTE, email: 'staff-asks@example.net' },
      admin,
    );
    expect(res.statusCode).toBe(200);
    const logged = await db()
      .selectFrom('audit_log')
      .select(['action', 'after_value', 'details'])
      .where('subject', '=', `screening-review:${(res.json() as Json).data.id}`)
      .execute();
    expect(logged).toEqual([]);
    const anywhere = await db()
      .selectFrom('audit_log')
      .select('id')
      .where((eb) =>
        eb.or([eb('after_value', 'like', '%staff-asks@example.net%'), eb('details', 'like', '%5550601999%')]),
      )
      .execute();
    expect(anywhere).toEqual([]);
  });

  it('shows at most 20 records, the exact match first, and says when there are more', async () => {
    const digits = '5550701234';
    const now = new Date().toISOString();
    const prefixed = Array.from({ length: 21 }, (_, i) => ({
      phone_number: `${i + 1}${digits}`,
      created_by: provider.id,
      created_at: now,
      updated_at: now,
    }));
    await db().insertInto('customer_hobbyists').values(prefixed).execute();
    const exact = Number(
      (
        await db()
          .insertInto('customer_hobbyists')
          .values({ phone_number: digits, created_by: provider.id, created_at: now, updated_at: now })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id,
    );
    const id = await request(digits);
    const detail = (await api.ok('GET', `/api/admin/screening-reviews/${id}`, { user: admin })).data;
    expect(detail.records).toHaveLength(20);
    expect(detail.records[0].id).toBe(exact);
    expect(detail.truncated).toBe(true);
  });
});

describe('retention', () => {
  it('deletes exactly the requests whose outcome was sent more than a year ago', async () => {
    const now = new Date('2030-06-01T00:00:00.000Z');
    const day = 24 * 60 * 60 * 1000;
    const at = (daysAgo: number) => new Date(now.getTime() - daysAgo * day).toISOString();
    const make = async (status: 'open' | 'closed', decidedDaysAgo: number | null, createdDaysAgo: number) =>
      Number(
        (
          await db()
            .insertInto('screening_reviews')
            .values({
              phone_number: '5550909090',
              dispute: DISPUTE,
              email: 'old@example.net',
              status,
              outcome: status === 'closed' ? 'kept' : null,
              decided_at: decidedDaysAgo === null ? null : at(decidedDaysAgo),
              created_at: at(createdDaysAgo),
              updated_at: at(createdDaysAgo),
            })
            .returning('id')
            .executeTakeFirstOrThrow()
        ).id,
      );
    const old = await make('closed', 366, 400);
    const recent = await make('closed', 364, 400);
    const stillOpen = await make('open', null, 800);
    const deleted = await deleteOldScreeningReviews(db(), now);
    expect(deleted).toBeGreaterThanOrEqual(1);
    const left = (
      await db()
        .selectFrom('screening_reviews')
        .select('id')
        .where('id', 'in', [old, recent, stillOpen])
        .execute()
    ).map((r) => Number(r.id));
    expect(left.sort()).toEqual([recent, stillOpen].sort());
    // Run again: nothing more is past its time.
    expect(await deleteOldScreeningReviews(db(), now)).toBe(0);
  });
});
