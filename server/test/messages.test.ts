import { mkdtemp, readdir, readFile, rm, utimes } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { MESSAGE_LIMITS } from '@app/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import { createMailer, deleteOldOutboxMail, type MailMessage } from '../src/mail/mailer.ts';
import { deleteExpiredMessages } from '../src/modules/messages/index.ts';
import { buildProviderAd } from './factories.ts';
import { buildHobbyist, buildProvider, type TestUser, usernameOf } from './helpers.ts';
import { db } from './hobbyist-fixtures.ts';
import {
  admin,
  call,
  ctx,
  hidden,
  hob,
  hob2,
  type Json,
  json,
  missing,
  other,
  otherOwner,
  owner,
  setUpHobbyistCast,
  shown,
  vendor,
} from './hobbyist-fixtures.ts';

/**
 * Messages and the mail relay (server/src/modules/messages/): `/api/messages` and
 * `POST /api/providers/:id/mail`.
 */
setUpHobbyistCast();

/** An account's username (the one thing of a hobbyist the provider may see). */
const username = (user: TestUser) => usernameOf(ctx, user.id);

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
      { provider: shown, text: 'x'.repeat(MESSAGE_LIMITS.message + 1) },
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
    expect(json(res).data.attributes).toEqual({
      text: 'Trim me',
      fromProvider: false,
      createdAt: expect.any(String),
    });
    await call('DELETE', `/api/messages/${json(res).data.id}`, { user: hob2 });
  });

  it('GET: never public (401)', async () => {
    expect((await call('GET', '/api/messages')).statusCode).toBe(401);
    expect((await call('GET', `/api/messages/${toShown}`)).statusCode).toBe(401);
  });

  it('GET: a hobbyist sees their own, a provider those to their providers, others none, the admin none', async () => {
    const ids = async (user: TestUser, query = '') =>
      (json(await call('GET', `/api/messages?pagination[pageSize]=100${query}`, { user })).data as Json[])
        .map((m) => m.id as number)
        .sort((a, b) => a - b);
    expect(await ids(hob)).toEqual([toShown, toOther].sort((a, b) => a - b));
    expect(await ids(hob2)).toEqual([toShownByHob2]);
    expect(await ids(owner)).toEqual([toShown, toShownByHob2].sort((a, b) => a - b));
    expect(await ids(otherOwner)).toEqual([toOther]);
    expect(await ids(vendor)).toEqual([]);
    // The admin does not browse conversations: a message reaches the staff when a side reports it.
    expect(await ids(admin)).toEqual([]);
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
    expect(populated.data[0].attributes.user.data.attributes).toEqual({ first_name: null });
    expect(JSON.stringify(populated)).not.toContain(hob.email);
  });

  it("GET: the provider sees the author's username only, never an address, phone or name", async () => {
    // The Review Mail and Message panel spellings, the seed client's included.
    for (const query of [
      'populate[user][fields][0]=first_name&populate[user][fields][1]=last_name',
      'populate[user][fields][0]=username',
      'populate=*',
      'populate[user]=*',
    ]) {
      const res = await call('GET', `/api/messages?filters[provider][id][$eq]=${shown}&${query}`, {
        user: owner,
      });
      expect(res.statusCode).toBe(200);
      const mine = (json(res).data as Json[]).find((m) => m.id === toShown)!;
      const author = mine.attributes.user.data.attributes;
      expect(Object.keys(author).every((k) => ['username', 'first_name', 'last_name'].includes(k))).toBe(
        true,
      );
      expect(author.first_name ?? null).toBeNull();
      expect(author.last_name ?? null).toBeNull();
      if ('username' in author) expect(author.username).toBe(await username(hob));
      for (const secret of [hob.email, 'Person', '"Test"']) expect(res.body).not.toContain(secret);
    }
    // The real name cannot be guessed through a filter or a sort either.
    for (const query of ['filters[user][first_name][$eq]=Test', 'sort=user.first_name']) {
      const res = await call('GET', `/api/messages?${query}`, { user: owner });
      expect(res.statusCode).toBe(400);
    }
  });

  it('GET /:id: 404 for a message the caller may not see', async () => {
    expect((await call('GET', `/api/messages/${toShown}`, { user: hob })).statusCode).toBe(200);
    expect((await call('GET', `/api/messages/${toShown}`, { user: owner })).statusCode).toBe(200);
    for (const user of [hob2, otherOwner, vendor, admin]) {
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

  it('PUT and DELETE: refused (403) to both sides while either blocked the other; what was written stays', async () => {
    const h = await buildHobbyist(ctx);
    const sent = await call('POST', `/api/providers/${other}/mail`, {
      user: h,
      body: { data: { message: 'Hi' } },
    });
    const conversation = json(sent).data.conversation as number;
    const [message] = json(
      await call('GET', `/api/conversations/${conversation}/messages`, { user: h }),
    ).data;
    await call('POST', `/api/conversations/${conversation}/block`, { user: otherOwner });
    const edit = await call('PUT', `/api/messages/${message.id}`, {
      user: h,
      body: { data: { text: 'Changed' } },
    });
    expect(edit.statusCode).toBe(403);
    expect((await call('DELETE', `/api/messages/${message.id}`, { user: h })).statusCode).toBe(403);
    const kept = await db()
      .selectFrom('messages')
      .select('text')
      .where('id', '=', message.id)
      .executeTakeFirst();
    expect(kept).toEqual({ text: 'Hi' });
    await call('DELETE', `/api/conversations/${conversation}/block`, { user: otherOwner });
    expect((await call('DELETE', `/api/messages/${message.id}`, { user: h })).statusCode).toBe(200);
  });
});

describe('POST /api/providers/:id/mail', () => {
  it('400: blank, too long or missing message, bad id; 404: unknown or hidden provider', async () => {
    const mailed = ctx.mailer.sent.length;
    for (const data of [{ message: ' ' }, { message: 'x'.repeat(MESSAGE_LIMITS.mail + 1) }, {}]) {
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
    expect(ctx.mailer.sent).toHaveLength(mailed);
  });

  it("tells the provider's account by a mail that holds only a link: no address, name, phone or text", async () => {
    const h = await buildHobbyist(ctx);
    const before = ctx.mailer.sent.length;
    const res = await call('POST', `/api/providers/${shown}/mail`, {
      user: h,
      body: { data: { message: '  Hello, may I book Friday at 8?  ' } },
    });
    expect(res.statusCode).toBe(200);
    const conversation = json(res).data.conversation as number;
    expect(json(res)).toEqual({ data: { sent: true, conversation: expect.any(Number) }, meta: {} });
    expect(res.body).not.toContain(owner.email);
    expect(ctx.mailer.sent).toHaveLength(before + 1);
    const mail = ctx.mailer.sent.at(-1)!;
    // No Reply-To, Cc or any other header: recipient, subject and text only.
    expect(Object.keys(mail).sort()).toEqual(['subject', 'text', 'to']);
    expect(mail.to).toBe(owner.email);
    expect(mail.subject).toBe('You have a new message on Live the Fantasy');
    expect(mail.text).toContain(`${ctx.config.publicUrl}/messages/${conversation}`);
    for (const secret of [h.email, await username(h), 'Hello, may I book', 'Test', 'Person', '555']) {
      expect(mail.subject).not.toContain(secret);
      expect(mail.text).not.toContain(secret);
    }
    // A second message while the first is unread sends no second mail.
    await call('POST', `/api/providers/${shown}/mail`, {
      user: h,
      body: { data: { message: 'And Saturday?' } },
    });
    expect(ctx.mailer.sent).toHaveLength(before + 1);
  });

  it('stores the relayed message, so the provider finds it on Review Mail and can answer it', async () => {
    const h = await buildHobbyist(ctx);
    await call('POST', `/api/providers/${other}/mail`, {
      user: h,
      body: { data: { message: 'Relayed and kept' } },
    });
    const list = json(
      await call('GET', `/api/messages?filters[provider][id][$eq]=${other}`, { user: otherOwner }),
    );
    const kept = (list.data as Json[]).find((m) => m.attributes.text === 'Relayed and kept');
    expect(kept).toBeDefined();
    const res = await call('POST', `/api/messages/${kept!.id}/reply`, {
      user: otherOwner,
      body: { data: { text: 'Yes, Friday works.' } },
    });
    expect(res.statusCode).toBe(200);
    expect(ctx.mailer.sent.at(-1)!.to).toBe(h.email);
  });

  it('is limited per account, with the seed call and the conversations', async () => {
    const h = await buildHobbyist(ctx);
    const stored = async () =>
      Number(
        (
          await db()
            .selectFrom('messages')
            .select((eb) => eb.fn.countAll().as('n'))
            .where('user_id', '=', h.id)
            .executeTakeFirstOrThrow()
        ).n,
      );
    for (let i = 0; i < MESSAGE_LIMITS.mailPerHour; i++) {
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
    expect(await stored()).toBe(MESSAGE_LIMITS.mailPerHour);
    // Another account is not affected.
    expect(
      (await call('POST', `/api/providers/${other}/mail`, { user: hob2, body: { data: { message: 'Hi' } } }))
        .statusCode,
    ).toBe(200);
  });
});

describe('POST /api/messages/:id/reply', () => {
  const reply = (id: number, user: TestUser | null, text: unknown = 'Friday at 8 works for me.') =>
    call('POST', `/api/messages/${id}/reply`, { user, body: { data: text === null ? {} : { text } } });
  const newMessage = async (author: TestUser = hob, provider = shown) =>
    json(
      await call('POST', '/api/messages', {
        user: author,
        body: { data: { provider, text: 'May I book Friday at 8?' } },
      }),
    ).data.id as number;

  it("the ad's owner answers in the message's conversation; the hobbyist is told by a link-only mail", async () => {
    const h = await buildHobbyist(ctx);
    const id = await newMessage(h);
    const before = ctx.mailer.sent.length;
    const res = await reply(id, owner, '  Friday at 8 works for me.  ');
    expect(res.statusCode).toBe(200);
    const answer = json(res).data;
    expect(answer.id).not.toBe(id);
    expect(answer.attributes).toMatchObject({ text: 'Friday at 8 works for me.', fromProvider: true });
    for (const secret of [owner.email, h.email]) expect(res.body).not.toContain(secret);

    expect(ctx.mailer.sent).toHaveLength(before + 1);
    const mail = ctx.mailer.sent.at(-1)!;
    expect(Object.keys(mail).sort()).toEqual(['subject', 'text', 'to']);
    expect(mail.to).toBe(h.email);
    expect(mail.text).toMatch(new RegExp(`${ctx.config.publicUrl}/messages/\\d+`));
    for (const secret of [owner.email, 'Person', await username(owner), 'Friday at 8', 'May I book']) {
      expect(mail.subject).not.toContain(secret);
      expect(mail.text).not.toContain(secret);
    }

    // The hobbyist reads the answer as a message to them; a second answer is one more message, and
    // no second mail goes while the first is unread.
    const read = json(await call('GET', `/api/messages/${answer.id}`, { user: h }));
    expect(read.data.attributes.text).toBe('Friday at 8 works for me.');
    expect((await reply(id, owner, 'Or Saturday')).statusCode).toBe(200);
    expect(ctx.mailer.sent).toHaveLength(before + 1);
    const thread = await db()
      .selectFrom('messages')
      .select(['text', 'from_provider'])
      .where('user_id', '=', h.id)
      .orderBy('id')
      .execute();
    expect(thread).toEqual([
      { text: 'May I book Friday at 8?', from_provider: 0 },
      { text: 'Friday at 8 works for me.', from_provider: 1 },
      { text: 'Or Saturday', from_provider: 1 },
    ]);
  });

  /** The answers written in this file so far by any ad's owner. */
  const answers = async () =>
    Number(
      (
        await db()
          .selectFrom('messages')
          .select((eb) => eb.fn.countAll().as('n'))
          .where('from_provider', '=', 1)
          .executeTakeFirstOrThrow()
      ).n,
    );

  it('refuses everyone else: 401 anonymous, 403 the author, a vendor and the admin, 404 who cannot see it', async () => {
    const h = await buildHobbyist(ctx);
    const id = await newMessage(h);
    const had = await answers();
    const before = ctx.mailer.sent.length;
    expect((await reply(id, null)).statusCode).toBe(401);
    for (const user of [h, vendor, admin]) {
      const res = await reply(id, user);
      expect(res.statusCode).toBe(403);
    }
    expect(json(await reply(id, h)).error.message).toBe(
      'Only the provider this message was sent to may reply',
    );
    for (const user of [otherOwner, hob2])
      expect((await reply(id, user)).statusCode).toBe(user === hob2 ? 403 : 404);
    expect((await reply(missing, owner)).statusCode).toBe(404);
    expect(ctx.mailer.sent).toHaveLength(before);
    expect(await answers()).toBe(had);
  });

  it('400: blank, too long or missing text, bad id; nothing stored', async () => {
    const id = await newMessage(await buildHobbyist(ctx));
    const had = await answers();
    for (const text of ['  ', 'x'.repeat(MESSAGE_LIMITS.mail + 1), null, 5]) {
      expect((await reply(id, owner, text)).statusCode).toBe(400);
    }
    expect(
      (await call('POST', '/api/messages/abc/reply', { user: owner, body: { data: { text: 'Hi' } } }))
        .statusCode,
    ).toBe(400);
    expect(await answers()).toBe(had);
  });

  it("is limited per account as the relay is (the provider's account, whatever the address)", async () => {
    const p = await buildProvider(ctx);
    const ad = await buildProviderAd(ctx, p);
    const ids: number[] = [];
    // From several hobbyists: each account's own messages are limited too.
    const writers = [await buildHobbyist(ctx), await buildHobbyist(ctx)];
    for (let i = 0; i <= MESSAGE_LIMITS.mailPerHour; i++) ids.push(await newMessage(writers[i % 2], ad));
    for (const id of ids.slice(0, -1)) expect((await reply(id, p)).statusCode).toBe(200);
    expect((await reply(ids.at(-1)!, p)).statusCode).toBe(429);
    // Another provider is not affected.
    expect((await reply(await newMessage(writers[0], other), otherOwner)).statusCode).toBe(200);
  });
});

describe('POST /api/messages/:id/report', () => {
  const report = (id: number, user: TestUser, data: unknown = { reason: 'Spam or scam' }) =>
    call('POST', `/api/messages/${id}/report`, { user, body: { data } });

  it("either side files one report, in the staff's queue with the message, its reply and the sender's username", async () => {
    const id = json(
      await call('POST', '/api/messages', {
        user: hob,
        body: { data: { provider: shown, text: 'Send me your home address.' } },
      }),
    ).data.id as number;
    // The provider's answer (written here: this file's replies have used the relay's hourly limit).
    const now = new Date().toISOString();
    await db()
      .insertInto('messages')
      .values({
        user_id: hob.id,
        provider_id: shown,
        text: 'No, thank you.',
        from_provider: 1,
        created_at: now,
        updated_at: now,
      })
      .execute();

    const filed = await report(id, owner, { reason: 'Offensive or illegal content', details: 'Pushy.' });
    expect(filed.statusCode, filed.body).toBe(200);
    const reportId = json(filed).data.id as number;
    expect(json(filed).data.attributes.status).toBe('open');
    // A second report by the same side is the same report; the other side files its own.
    expect(json(await report(id, owner)).data.id).toBe(reportId);
    const byAuthor = json(await report(id, hob)).data.id as number;
    expect(byAuthor).not.toBe(reportId);

    const row = await db()
      .selectFrom('reports')
      .selectAll()
      .where('id', '=', reportId)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      reason: 'Offensive or illegal content',
      subject: `message:${id}`,
      reporter_id: owner.id,
      email: null,
    });
    expect(row.details).toContain('Pushy.');
    expect(row.details).toContain(`${await username(hob)}: "Send me your home address."`);
    expect(row.details).toContain('"No, thank you."');
    for (const secret of [hob.email, owner.email]) expect(row.details).not.toContain(secret);
    // The admin reads it in the reports queue, linked to its author's page in the console.
    const queue = json(await call('GET', `/api/reports/${reportId}`, { user: admin }));
    expect(queue.data.attributes.details).toContain('Send me your home address.');
    const entries = json(await call('GET', '/api/admin/reports?kind=report', { user: admin })).data as {
      id: number;
      link: unknown;
    }[];
    expect(entries.find((e) => e.id === reportId)?.link).toEqual({
      type: 'message',
      id,
      url: `/admin/users/${hob.id}`,
    });
  });

  it('refuses anyone but its two sides, an unknown reason and a blank body, and leaves no report', async () => {
    const id = json(
      await call('POST', '/api/messages', {
        user: hob,
        body: { data: { provider: shown, text: 'Hello again.' } },
      }),
    ).data.id as number;
    const count = async () =>
      Number(
        (
          await db()
            .selectFrom('reports')
            .select((eb) => eb.fn.countAll().as('n'))
            .where('subject', '=', `message:${id}`)
            .executeTakeFirstOrThrow()
        ).n,
      );
    expect((await report(id, hob2)).statusCode).toBe(404);
    expect((await report(id, otherOwner)).statusCode).toBe(404);
    expect((await report(id, vendor)).statusCode).toBe(404);
    expect((await report(id, admin)).statusCode).toBe(404);
    expect((await report(id, hob, { reason: 'Because' })).statusCode).toBe(400);
    expect((await report(id, hob, {})).statusCode).toBe(400);
    expect(
      (await call('POST', `/api/messages/${id}/report`, { user: null, body: { data: { reason: 'Other' } } }))
        .statusCode,
    ).toBe(401);
    expect(await count()).toBe(0);
  });
});

describe('retention: the daily job delete-old-messages', () => {
  const DAY = 24 * 60 * 60 * 1000;
  /** A message from `hob` to `shown`, written `daysAgo` days before now (with a reply). */
  const writtenDaysAgo = async (daysAgo: number) => {
    const at = new Date(Date.now() - daysAgo * DAY).toISOString();
    const row = await db()
      .insertInto('messages')
      .values({
        user_id: hob.id,
        provider_id: shown,
        text: `written ${daysAgo} days ago`,
        created_at: at,
        updated_at: at,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return Number(row.id);
  };
  const count = async () =>
    Number(
      (
        await db()
          .selectFrom('messages')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  const exists = async (id: number) =>
    (await db().selectFrom('messages').select('id').where('id', '=', id).executeTakeFirst()) !== undefined;

  it('deletes, with their replies, exactly the messages older than the setting (90 days unless set)', async () => {
    expect(json(await call('GET', '/api/messages/retention', { user: owner })).data).toEqual({ days: 90 });
    const old = await writtenDaysAgo(91);
    const young = await writtenDaysAgo(89);
    const thirtyOne = await writtenDaysAgo(31);
    const before = await count();
    expect(await deleteExpiredMessages(db())).toBe(1);
    // Each run that deletes any is in the audit log, with its count.
    const audit = await db()
      .selectFrom('audit_log')
      .select(['details'])
      .where('action', '=', 'messages.retention-deleted')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(JSON.parse(audit.details!)).toMatchObject({ deleted: 1 });
    expect(await exists(old)).toBe(false);
    expect(await exists(young)).toBe(true);
    const after = await count();
    expect(after).toBe(before - 1);

    // The admin keeps them 30 days: the next run takes the 31-day-old and the 89-day-old ones.
    const put = await call('PUT', '/api/admin/settings', {
      user: admin,
      body: { data: { message_retention_days: 30 } },
    });
    expect(put.statusCode, put.body).toBe(200);
    expect(json(put).data.message_retention_days).toBe(30);
    // The panels say so.
    expect(json(await call('GET', '/api/messages/retention', { user: hob })).data).toEqual({ days: 30 });
    expect(await deleteExpiredMessages(db())).toBe(2);
    expect(await exists(thirtyOne)).toBe(false);
    expect(await exists(young)).toBe(false);
    // The messages of this file's other tests, written today, stay.
    expect(after - 2).toBeGreaterThan(0);
    await call('PUT', '/api/admin/settings', { user: admin, body: { data: { message_retention_days: 90 } } });
  });
});

describe('the mailer', () => {
  it('its outbox keeps mail 30 days: the daily job deletes exactly the older files', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'outbox-'));
    try {
      const mailer = createMailer({ dataDir, from: 'Live the Fantasy <no-reply@example.test>' });
      await mailer.send({ to: 'a@example.test', subject: 'Old', text: 'old' });
      await mailer.send({ to: 'b@example.test', subject: 'New', text: 'new' });
      const outbox = path.join(dataDir, 'outbox');
      const [old, young] = (await readdir(outbox)).sort();
      const at = (days: number) => new Date(Date.now() - days * 24 * 3600_000);
      await utimes(path.join(outbox, old!), at(31), at(31));
      await utimes(path.join(outbox, young!), at(29), at(29));
      expect(await deleteOldOutboxMail(dataDir)).toBe(1);
      expect(await readdir(outbox)).toEqual([young]);
      // No outbox yet (mail goes by SMTP): nothing to do.
      expect(await deleteOldOutboxMail(path.join(dataDir, 'none'))).toBe(0);
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });

  it('writes the site as sender and no Reply-To, even when a caller passes one', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'mailer-'));
    try {
      const mailer = createMailer({ dataDir, from: 'Live the Fantasy <no-reply@example.test>' });
      await mailer.send({
        to: 'provider@example.test',
        subject: 'Message from someone',
        text: 'Hello',
        replyTo: 'hobbyist@example.test',
        cc: 'hobbyist@example.test',
      } as MailMessage);
      const [file] = await readdir(path.join(dataDir, 'outbox'));
      const eml = await readFile(path.join(dataDir, 'outbox', file!), 'utf8');
      expect(eml).toMatch(/^From: Live the Fantasy <no-reply@example.test>$/m);
      expect(eml).toMatch(/^To: provider@example.test$/m);
      expect(eml).not.toMatch(/^(Reply-To|Cc):/im);
      expect(eml).not.toContain('hobbyist@example.test');
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});
