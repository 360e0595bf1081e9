import { ENGAGEMENT_LIMITS } from '@app/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildHobbyist, type TestUser } from './helpers.ts';
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
  setUpEngagement,
  shown,
  vendor,
} from './engagement-fixtures.ts';

/**
 * Messages and the mail relay (server/src/modules/messages/): `/api/messages` and
 * `POST /api/providers/:id/mail`.
 */
setUpEngagement();

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
      { provider: shown, text: 'x'.repeat(ENGAGEMENT_LIMITS.message + 1) },
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
    expect(json(res).data.attributes).toEqual({ text: 'Trim me', createdAt: expect.any(String) });
    await call('DELETE', `/api/messages/${json(res).data.id}`, { user: hob2 });
  });

  it('GET: never public (401)', async () => {
    expect((await call('GET', '/api/messages')).statusCode).toBe(401);
    expect((await call('GET', `/api/messages/${toShown}`)).statusCode).toBe(401);
  });

  it('GET: a hobbyist sees their own, a provider those to their providers, others none, the admin all', async () => {
    const ids = async (user: TestUser, query = '') =>
      (json(await call('GET', `/api/messages?pagination[pageSize]=100${query}`, { user })).data as Json[])
        .map((m) => m.id as number)
        .sort((a, b) => a - b);
    expect(await ids(hob)).toEqual([toShown, toOther].sort((a, b) => a - b));
    expect(await ids(hob2)).toEqual([toShownByHob2]);
    expect(await ids(owner)).toEqual([toShown, toShownByHob2].sort((a, b) => a - b));
    expect(await ids(otherOwner)).toEqual([toOther]);
    expect(await ids(vendor)).toEqual([]);
    expect(await ids(admin)).toEqual(expect.arrayContaining([toShown, toShownByHob2, toOther]));
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
    expect(populated.data[0].attributes.user.data.attributes).toEqual({ first_name: 'Test' });
    expect(JSON.stringify(populated)).not.toContain(hob.email);
  });

  it('GET /:id: 404 for a message the caller may not see', async () => {
    expect((await call('GET', `/api/messages/${toShown}`, { user: hob })).statusCode).toBe(200);
    expect((await call('GET', `/api/messages/${toShown}`, { user: owner })).statusCode).toBe(200);
    for (const user of [hob2, otherOwner, vendor]) {
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
});

describe('POST /api/providers/:id/mail', () => {
  it('400: blank, too long or missing message, bad id; 404: unknown or hidden provider', async () => {
    for (const data of [{ message: ' ' }, { message: 'x'.repeat(ENGAGEMENT_LIMITS.mail + 1) }, {}]) {
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
    expect(ctx.mailer.sent).toHaveLength(0);
  });

  it("sends to the provider's account address with reply-to the hobbyist, and never answers the address", async () => {
    const res = await call('POST', `/api/providers/${shown}/mail`, {
      user: hob,
      body: { data: { message: '  Hello, may I book Friday at 8?  ' } },
    });
    expect(res.statusCode).toBe(200);
    expect(json(res)).toEqual({ data: { sent: true }, meta: {} });
    expect(res.body).not.toContain(owner.email);
    expect(ctx.mailer.sent).toHaveLength(1);
    const mail = ctx.mailer.sent[0]!;
    expect(mail.to).toBe(owner.email);
    expect(mail.replyTo).toBe(hob.email);
    expect(mail.subject).toBe('Message from Test via Live the Fantasy');
    expect(mail.text).toContain('Hello, may I book Friday at 8?');
    expect(mail.text).not.toContain(hob.email);
  });

  it('is limited per account', async () => {
    const h = await buildHobbyist(ctx);
    const before = ctx.mailer.sent.length;
    for (let i = 0; i < ENGAGEMENT_LIMITS.mailPerHour; i++) {
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
    expect(ctx.mailer.sent.length - before).toBe(ENGAGEMENT_LIMITS.mailPerHour);
    // Another account is not affected.
    expect(
      (await call('POST', `/api/providers/${other}/mail`, { user: hob2, body: { data: { message: 'Hi' } } }))
        .statusCode,
    ).toBe(200);
  });
});
