import { beforeAll, describe, expect, it } from 'vitest';
import { deleteExpiredMessages } from '../src/modules/messages/index.ts';
import { buildProviderAd } from './factories.ts';
import { buildHobbyist, buildProvider, type TestUser, usernameOf } from './helpers.ts';
import {
  admin,
  call,
  ctx,
  db,
  hidden,
  hob2,
  json,
  missing,
  otherOwner,
  owner,
  setUpHobbyistCast,
  shown,
  vendor,
} from './hobbyist-fixtures.ts';

/**
 * Conversations (server/src/modules/messages/): one per hobbyist and ad, written by both sides, read with
 * unread counts, blocked by either side; announced by link-only mails.
 */
setUpHobbyistCast();

/** Every answer body of this file, searched at the end for either side's address and phone. */
const bodies: string[] = [];
const api = async (
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  user: TestUser | null,
  body?: unknown,
) => {
  const res = await call(method, url, { user, ...(body === undefined ? {} : { body }) });
  // An account's own record (My Profile) holds its own address and phone: only the other answers count.
  if (!url.startsWith('/api/users')) bodies.push(res.body);
  return res;
};
const write = (id: number, user: TestUser, text: string) =>
  api('POST', `/api/conversations/${id}/messages`, user, { data: { text } });
const unread = async (user: TestUser) =>
  json(await api('GET', '/api/conversations/unread', user)).data.count as number;

describe('conversations', () => {
  let h: TestUser;
  let conversation: number;
  beforeAll(async () => {
    h = await buildHobbyist(ctx);
    const res = await api('POST', `/api/providers/${shown}/mail`, h, {
      data: { message: 'Hello, are you free on Friday?' },
    });
    expect(res.statusCode, res.body).toBe(200);
    conversation = json(res).data.conversation;
  });

  it('the Mail panel and the seed call add to one conversation per hobbyist and ad', async () => {
    const seed = await api('POST', '/api/messages', h, { data: { provider: shown, text: 'Or Saturday?' } });
    expect(seed.statusCode).toBe(200);
    const list = json(await api('GET', '/api/conversations', h));
    expect(list.meta.pagination).toMatchObject({ page: 1, total: 1 });
    expect(list.data[0]).toMatchObject({
      id: conversation,
      side: 'hobbyist',
      ad: { id: shown },
      last: { text: 'Or Saturday?', mine: true },
      unread: 0,
      blockedByMe: false,
      blockedByThem: false,
    });
    // The hobbyist sees the ad's title; the provider sees the hobbyist's username, nothing else of them.
    const forOwner = json(await api('GET', '/api/conversations', owner)).data;
    const mine = forOwner.find((c: { id: number }) => c.id === conversation);
    expect(mine).toMatchObject({ side: 'provider', with: await usernameOf(ctx, h.id), unread: 2 });
    expect(await unread(owner)).toBeGreaterThanOrEqual(2);
  });

  it('both sides write; unread counts follow; reading clears them; a thread pages back', async () => {
    expect((await write(conversation, owner, 'Friday at 8 works.')).statusCode).toBe(200);
    expect(await unread(h)).toBe(1);
    const thread = json(await api('GET', `/api/conversations/${conversation}/messages`, h));
    expect(thread.data.map((m: { text: string; mine: boolean }) => [m.text, m.mine])).toEqual([
      ['Friday at 8 works.', false],
      ['Or Saturday?', true],
      ['Hello, are you free on Friday?', true],
    ]);
    expect(thread.meta).toEqual({ hasMore: false });
    // Reading the thread does not mark it read; the read call does.
    expect(await unread(h)).toBe(1);
    const read = await api('POST', `/api/conversations/${conversation}/read`, h);
    expect(json(read).data).toEqual({ unread: 0 });
    await api('POST', `/api/conversations/${conversation}/read`, owner);
    expect(json(await api('GET', `/api/conversations/${conversation}`, owner)).data.unread).toBe(0);

    // 40 more messages: a page holds 30, newest first; `before` pages back.
    const now = Date.now();
    await db()
      .insertInto('messages')
      .values(
        Array.from({ length: 40 }, (_, i) => {
          const at = new Date(now + i).toISOString();
          return {
            user_id: h.id,
            provider_id: shown,
            text: `n${i}`,
            from_provider: i % 2,
            created_at: at,
            updated_at: at,
          };
        }),
      )
      .execute();
    const first = json(await api('GET', `/api/conversations/${conversation}/messages`, owner));
    expect(first.data).toHaveLength(30);
    expect(first.data[0].text).toBe('n39');
    expect(first.meta.hasMore).toBe(true);
    const older = json(
      await api('GET', `/api/conversations/${conversation}/messages?before=${first.data.at(-1).id}`, owner),
    );
    expect(older.data.map((m: { text: string }) => m.text).slice(0, 2)).toEqual(['n9', 'n8']);
    expect(older.data).toHaveLength(13);
    expect(older.meta.hasMore).toBe(false);
  });

  it('shows messages in the order written, and reading marks only up to the message shown', async () => {
    const hb = await buildHobbyist(ctx);
    const start = await api('POST', `/api/providers/${shown}/mail`, hb, {
      data: { message: 'Later question' },
    });
    const id = json(start).data.conversation as number;
    // An answer written before it but stored after it (as answers carried over from one-way messages are).
    const earlier = new Date(Date.now() - 60_000).toISOString();
    await db()
      .insertInto('messages')
      .values({
        user_id: hb.id,
        provider_id: shown,
        text: 'Earlier answer',
        from_provider: 1,
        created_at: earlier,
        updated_at: earlier,
      })
      .execute();
    const thread = json(await api('GET', `/api/conversations/${id}/messages`, hb)).data;
    expect(thread.map((m: { text: string }) => m.text)).toEqual(['Later question', 'Earlier answer']);
    expect(json(await api('GET', `/api/conversations/${id}`, hb)).data.last).toEqual({
      text: 'Later question',
      mine: true,
    });
    // A page that showed messages up to one id marks only those read; a newer one stays unread.
    await write(id, owner, 'New one');
    await write(id, owner, 'Newer one');
    const shownUpTo = json(await api('GET', `/api/conversations/${id}/messages`, hb)).data[1].id as number;
    const read = await api('POST', `/api/conversations/${id}/read`, hb, { data: { upTo: shownUpTo } });
    expect(json(read).data.unread).toBeGreaterThanOrEqual(1);
    expect(json(await api('GET', `/api/conversations/${id}`, hb)).data.unread).toBe(1);
    // A late page never makes read messages unread again.
    await api('POST', `/api/conversations/${id}/read`, hb);
    await api('POST', `/api/conversations/${id}/read`, hb, { data: { upTo: shownUpTo } });
    expect(json(await api('GET', `/api/conversations/${id}`, hb)).data.unread).toBe(0);
    expect((await api('POST', `/api/conversations/${id}/read`, hb, { data: { upTo: 'x' } })).statusCode).toBe(
      400,
    );
  });

  it('only its two sides may read or write it: 401 anonymous, 404 anyone else (the admin too)', async () => {
    expect((await api('GET', `/api/conversations/${conversation}`, null)).statusCode).toBe(401);
    for (const user of [hob2, otherOwner, vendor, admin]) {
      expect((await api('GET', `/api/conversations/${conversation}`, user)).statusCode).toBe(404);
      expect((await api('GET', `/api/conversations/${conversation}/messages`, user)).statusCode).toBe(404);
      expect((await write(conversation, user, 'Let me in')).statusCode).toBe(404);
      expect((await api('POST', `/api/conversations/${conversation}/block`, user)).statusCode).toBe(404);
      expect((await api('POST', `/api/conversations/${conversation}/read`, user)).statusCode).toBe(404);
    }
    expect((await api('GET', `/api/conversations/${missing}`, h)).statusCode).toBe(404);
    // A seller and the admin have no conversations.
    for (const user of [vendor, admin]) {
      expect(json(await api('GET', '/api/conversations', user)).data).toEqual([]);
      expect(await unread(user)).toBe(0);
    }
    const texts = await db().selectFrom('messages').select('text').where('text', '=', 'Let me in').execute();
    expect(texts).toEqual([]);
  });

  it('400: blank or too long text, a bad id or page; nothing written', async () => {
    const count = async () =>
      Number(
        (
          await db()
            .selectFrom('messages')
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const before = await count();
    for (const text of ['  ', 'x'.repeat(2001)])
      expect((await write(conversation, h, text)).statusCode).toBe(400);
    expect(
      (await api('POST', `/api/conversations/${conversation}/messages`, h, { data: {} })).statusCode,
    ).toBe(400);
    expect(
      (await api('POST', '/api/conversations/abc/messages', h, { data: { text: 'Hi' } })).statusCode,
    ).toBe(400);
    expect((await api('GET', `/api/conversations/${conversation}/messages?before=abc`, h)).statusCode).toBe(
      400,
    );
    expect((await api('GET', '/api/conversations?pagination[page]=0', h)).statusCode).toBe(400);
    expect(await count()).toBe(before);
  });

  it('a block by either side stops new messages both ways (403); what was written stays and can be reported', async () => {
    const hb = await buildHobbyist(ctx);
    const start = await api('POST', `/api/providers/${shown}/mail`, hb, { data: { message: 'Hi there' } });
    const id = json(start).data.conversation as number;
    const blocked = await api('POST', `/api/conversations/${id}/block`, owner);
    expect(blocked.statusCode).toBe(200);
    expect(json(blocked).data).toMatchObject({ blockedByMe: true, blockedByThem: false });
    expect(json(await api('GET', `/api/conversations/${id}`, hb)).data).toMatchObject({
      blockedByMe: false,
      blockedByThem: true,
    });
    const refused = await write(id, hb, 'Why?');
    expect(refused.statusCode).toBe(403);
    expect(json(refused).error.message).toBe('You cannot send messages to this person');
    expect((await write(id, owner, 'Bye')).statusCode).toBe(403);
    expect(
      (await api('POST', `/api/providers/${shown}/mail`, hb, { data: { message: 'Again' } })).statusCode,
    ).toBe(403);
    expect(
      (await api('POST', '/api/messages', hb, { data: { provider: shown, text: 'Again' } })).statusCode,
    ).toBe(403);
    // Another ad of the same owner: the block is between the accounts.
    const second = await buildProviderAd(ctx, owner);
    expect(
      (await api('POST', `/api/providers/${second}/mail`, hb, { data: { message: 'Hi' } })).statusCode,
    ).toBe(403);
    // What was written stays, readable and reportable.
    const thread = json(await api('GET', `/api/conversations/${id}/messages`, owner)).data;
    expect(thread.map((m: { text: string }) => m.text)).toEqual(['Hi there']);
    const report = await api('POST', `/api/messages/${thread[0].id}/report`, owner, {
      data: { reason: 'Spam or scam' },
    });
    expect(report.statusCode).toBe(200);
    // The blocked side cannot lift it; the blocker can.
    await api('DELETE', `/api/conversations/${id}/block`, hb);
    expect((await write(id, hb, 'Still blocked?')).statusCode).toBe(403);
    const lifted = await api('DELETE', `/api/conversations/${id}/block`, owner);
    expect(json(lifted).data.blockedByMe).toBe(false);
    expect((await write(id, hb, 'Thanks')).statusCode).toBe(200);
  });

  it('announces a message by a link-only mail, once per run of unread ones, unless the account turned it off', async () => {
    const p = await buildProvider(ctx);
    const ad = await buildProviderAd(ctx, p);
    const hb = await buildHobbyist(ctx);
    const mailsTo = (user: TestUser) => ctx.mailer.sent.filter((m) => m.to === user.email);
    const id = json(await api('POST', `/api/providers/${ad}/mail`, hb, { data: { message: 'First' } })).data
      .conversation as number;
    await write(id, hb, 'Second');
    expect(mailsTo(p)).toHaveLength(1);
    // Once the provider has read, the next message is announced again.
    await api('POST', `/api/conversations/${id}/read`, p);
    await write(id, hb, 'Third');
    expect(mailsTo(p)).toHaveLength(2);
    // The hobbyist turns the mails off on My Profile (PUT /api/users/:id): the answer is not announced.
    const off = await api('PUT', `/api/users/${hb.id}`, hb, { message_mail: false });
    expect(off.statusCode, off.body).toBe(200);
    expect(json(off).message_mail).toBe(false);
    expect(json(await api('GET', '/api/users/me', hb)).message_mail).toBe(false);
    await write(id, p, 'Answer');
    expect(mailsTo(hb)).toHaveLength(0);
    await api('PUT', `/api/users/${hb.id}`, hb, { message_mail: true });
    await api('POST', `/api/conversations/${id}/read`, hb);
    await write(id, p, 'Answer 2');
    expect(mailsTo(hb)).toHaveLength(1);
    for (const mail of [...mailsTo(p), ...mailsTo(hb)]) {
      expect(mail.text).toContain(`/messages/${id}`);
      for (const text of ['First', 'Second', 'Third', 'Answer']) expect(mail.text).not.toContain(text);
    }
  });

  it('no answer and no mail of this file holds either side’s address, phone or real name', async () => {
    const secrets = [h.email, owner.email, '555-0100', 'Person'];
    for (const body of bodies) for (const secret of secrets) expect(body).not.toContain(secret);
    for (const mail of ctx.mailer.sent) {
      for (const secret of ['555-0100', 'Person', h.email === mail.to ? owner.email : h.email]) {
        expect(mail.subject + mail.text).not.toContain(secret);
      }
    }
  });

  it('retention deletes old messages, and a conversation whose messages are all gone', async () => {
    const hb = await buildHobbyist(ctx);
    const old = new Date(Date.now() - 200 * 24 * 3600 * 1000).toISOString();
    await db()
      .insertInto('messages')
      .values({ user_id: hb.id, provider_id: shown, text: 'long ago', created_at: old, updated_at: old })
      .execute();
    await db()
      .insertInto('conversations')
      .values({ user_id: hb.id, provider_id: shown, last_message_at: old, created_at: old })
      .execute();
    expect(await deleteExpiredMessages(db())).toBeGreaterThanOrEqual(1);
    const left = await db().selectFrom('conversations').select('id').where('user_id', '=', hb.id).execute();
    expect(left).toEqual([]);
    // Today's conversations stay.
    expect((await api('GET', `/api/conversations/${conversation}`, h)).statusCode).toBe(200);
    // A hidden ad is not one to write to.
    expect(
      (await api('POST', `/api/providers/${hidden}/mail`, hb, { data: { message: 'Hi' } })).statusCode,
    ).toBe(404);
  });
});
