import { MESSAGES, REPORT_REASONS } from '@app/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTENT_RATE_LIMITS } from '../src/modules/content/content.routes.ts';
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
let nonAdmins: TestUser[];
beforeAll(async () => {
  ctx = await createTestApp();
  admin = await buildAdmin(ctx);
  nonAdmins = [await buildHobbyist(ctx), await buildProvider(ctx), await buildVendor(ctx)];
});
afterAll(() => ctx.close());

let addressSeq = 1;
const fromNewAddress = () => ({
  remoteAddress: `10.2.${Math.floor(addressSeq / 250)}.${addressSeq++ % 250}`,
});

const call = (
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  opts: {
    user?: TestUser | null;
    body?: unknown;
    remoteAddress?: string;
    headers?: Record<string, string>;
  } = {},
) =>
  ctx.app.inject({
    method,
    url,
    ...(opts.body !== undefined ? { payload: opts.body as object } : {}),
    headers: { ...(opts.user ? opts.user.auth : {}), ...opts.headers },
    ...(opts.remoteAddress ? { remoteAddress: opts.remoteAddress } : fromNewAddress()),
  });
const errorPaths = (res: { json(): unknown }) =>
  ((res.json() as { error: { details: { errors?: { path: string[] }[] } } }).error.details.errors ?? []).map(
    (e) => e.path,
  );

/** Checks that only the admin gets through: 401 anonymous, 403 to every account type. */
async function expectAdminOnly(method: 'GET' | 'PUT' | 'DELETE', url: string, body?: unknown) {
  expect((await call(method, url, { body })).statusCode, `${method} ${url} anonymous`).toBe(401);
  for (const user of nonAdmins) {
    const res = await call(method, url, { user, body });
    expect(res.statusCode, `${method} ${url}`).toBe(403);
    expect(res.json().error.name).toBe('ForbiddenError');
  }
}

const message = { name: 'Jane Doe', email: 'jane@example.com', note: 'Hello there, a question.' };

// ---------------------------------------------------------------------------------------------

describe('POST /api/contact-messages', () => {
  it('400: a missing wrapper or invalid fields, named under data', async () => {
    expect((await call('POST', '/api/contact-messages', { body: message })).statusCode).toBe(400);
    const bad = await call('POST', '/api/contact-messages', {
      body: { data: { name: 'J', email: 'nope', note: 'Hi' } },
    });
    expect(bad.statusCode).toBe(400);
    expect(errorPaths(bad)).toEqual(
      expect.arrayContaining([
        ['data', 'name'],
        ['data', 'email'],
        ['data', 'note'],
      ]),
    );
    const empty = await call('POST', '/api/contact-messages', { body: { data: {} } });
    const messages = empty.json().error.details.errors.map((e: { message: string }) => e.message);
    expect(messages).toEqual(
      expect.arrayContaining([
        MESSAGES.validation.nameRequired,
        MESSAGES.validation.emailRequired,
        MESSAGES.validation.noteRequired,
      ]),
    );
    const long = await call('POST', '/api/contact-messages', {
      body: { data: { ...message, note: 'x'.repeat(201) } },
    });
    expect(long.statusCode).toBe(400);
  });

  it('200: anyone sends one and gets the stored item back; extra fields are dropped', async () => {
    const res = await call('POST', '/api/contact-messages', {
      body: { data: { ...message, id: 1, createdAt: '2000-01-01', status: 'read' } },
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toEqual({
      data: {
        id: expect.any(Number),
        attributes: { ...message, createdAt: expect.any(String), updatedAt: expect.any(String) },
      },
      meta: {},
    });
    expect(body.data.attributes.createdAt).not.toBe('2000-01-01');
    const signedIn = await call('POST', '/api/contact-messages', {
      user: nonAdmins[0],
      body: { data: message },
    });
    expect(signedIn.statusCode).toBe(200);
    const stale = await call('POST', '/api/contact-messages', {
      headers: { authorization: 'Bearer stale' },
      body: { data: message },
    });
    expect(stale.statusCode).toBe(200);
  });

  it('429: rate-limited per address', async () => {
    const remoteAddress = '10.99.0.1';
    for (let i = 0; i < CONTENT_RATE_LIMITS.contact.max; i++) {
      expect(
        (await call('POST', '/api/contact-messages', { body: { data: message }, remoteAddress })).statusCode,
      ).toBe(200);
    }
    const res = await call('POST', '/api/contact-messages', { body: { data: message }, remoteAddress });
    expect(res.statusCode).toBe(429);
    expect(res.json().error.name).toBe('RateLimitError');
  });
});

describe('GET/DELETE /api/contact-messages (admin)', () => {
  it('401 anonymous, 403 to every account type', async () => {
    const created = await call('POST', '/api/contact-messages', { body: { data: message } });
    const id = created.json().data.id;
    await expectAdminOnly('GET', '/api/contact-messages');
    await expectAdminOnly('GET', `/api/contact-messages/${id}`);
    await expectAdminOnly('DELETE', `/api/contact-messages/${id}`);
    expect((await call('GET', `/api/contact-messages/${id}`, { user: admin })).statusCode).toBe(200);
  });

  it('400 for a bad id or query, 404 for an unknown one', async () => {
    expect((await call('GET', '/api/contact-messages/abc', { user: admin })).statusCode).toBe(400);
    expect(
      (await call('GET', '/api/contact-messages?filters[secret][$eq]=1', { user: admin })).statusCode,
    ).toBe(400);
    expect((await call('GET', '/api/contact-messages/999999', { user: admin })).statusCode).toBe(404);
    expect((await call('DELETE', '/api/contact-messages/999999', { user: admin })).statusCode).toBe(404);
  });

  it('200: the admin lists (newest first), reads and deletes messages', async () => {
    const a = (
      await call('POST', '/api/contact-messages', { body: { data: { ...message, name: 'First One' } } })
    ).json().data.id;
    const b = (
      await call('POST', '/api/contact-messages', { body: { data: { ...message, name: 'Second One' } } })
    ).json().data.id;
    const list = await call('GET', '/api/contact-messages?pagination[pageSize]=2', { user: admin });
    expect(list.statusCode).toBe(200);
    expect(list.json().data.map((i: { id: number }) => i.id)).toEqual([b, a]);
    expect(list.json().meta.pagination).toMatchObject({ page: 1, pageSize: 2 });

    const one = await call('GET', `/api/contact-messages/${a}`, { user: admin });
    expect(one.json()).toMatchObject({ data: { id: a, attributes: { name: 'First One' } }, meta: {} });

    const deleted = await call('DELETE', `/api/contact-messages/${a}`, { user: admin });
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json().data.id).toBe(a);
    expect((await call('GET', `/api/contact-messages/${a}`, { user: admin })).statusCode).toBe(404);
  });
});

// ---------------------------------------------------------------------------------------------

const report = {
  reason: REPORT_REASONS[0],
  details: 'The ad on page 2 mentions a 16 year old.',
  listing: 'https://example.com/ad/2',
  email: 'Witness@Example.com',
};

describe('POST /api/reports', () => {
  it('400: a missing or unknown reason, over-long texts, an invalid e-mail', async () => {
    const missing = await call('POST', '/api/reports', { body: { data: {} } });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error.details.errors[0]).toMatchObject({
      path: ['data', 'reason'],
      message: MESSAGES.report.reasonRequired,
    });
    for (const data of [
      { reason: 'I just do not like it' },
      { ...report, details: 'x'.repeat(1001) },
      { ...report, listing: 'x'.repeat(201) },
      { ...report, email: 'not-an-email' },
    ]) {
      expect((await call('POST', '/api/reports', { body: { data } })).statusCode, JSON.stringify(data)).toBe(
        400,
      );
    }
    expect((await call('POST', '/api/reports', { body: report })).statusCode).toBe(400);
  });

  it('200: anonymous, with only a reason or with everything; owner and status are not taken from the body', async () => {
    const minimal = await call('POST', '/api/reports', { body: { data: { reason: 'Spam or scam' } } });
    expect(minimal.statusCode).toBe(200);
    expect(minimal.json()).toEqual({
      data: {
        id: expect.any(Number),
        attributes: {
          reason: 'Spam or scam',
          details: null,
          listing: null,
          email: null,
          status: 'open',
          createdAt: expect.any(String),
          updatedAt: expect.any(String),
        },
      },
      meta: {},
    });
    const other = await buildHobbyist(ctx);
    const full = await call('POST', '/api/reports', {
      body: { data: { ...report, email: '', status: 'closed', reporter: other.id, reporter_id: other.id } },
    });
    expect(full.statusCode).toBe(200);
    expect(full.json().data.attributes).toMatchObject({ reason: report.reason, email: null, status: 'open' });
    const stored = await ctx.database.db
      .selectFrom('reports')
      .selectAll()
      .where('id', '=', full.json().data.id)
      .executeTakeFirstOrThrow();
    expect(stored.reporter_id).toBeNull();
  });

  it('200: the reporter is the signed-in caller; a stale token is treated as none', async () => {
    const user = nonAdmins[1]!;
    const res = await call('POST', '/api/reports', { user, body: { data: report } });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.attributes.email).toBe('witness@example.com');
    const stored = await ctx.database.db
      .selectFrom('reports')
      .select('reporter_id')
      .where('id', '=', res.json().data.id)
      .executeTakeFirstOrThrow();
    expect(stored.reporter_id).toBe(user.id);

    const stale = await call('POST', '/api/reports', {
      headers: { authorization: 'Bearer revoked.or.expired' },
      body: { data: report },
    });
    expect(stale.statusCode).toBe(200);
    const staleRow = await ctx.database.db
      .selectFrom('reports')
      .select('reporter_id')
      .where('id', '=', stale.json().data.id)
      .executeTakeFirstOrThrow();
    expect(staleRow.reporter_id).toBeNull();
  });

  it('429: rate-limited per address', async () => {
    const remoteAddress = '10.99.0.2';
    for (let i = 0; i < CONTENT_RATE_LIMITS.report.max; i++) {
      expect((await call('POST', '/api/reports', { body: { data: report }, remoteAddress })).statusCode).toBe(
        200,
      );
    }
    expect((await call('POST', '/api/reports', { body: { data: report }, remoteAddress })).statusCode).toBe(
      429,
    );
  });
});

describe('GET/PUT/DELETE /api/reports (admin)', () => {
  async function createReport(user?: TestUser) {
    const res = await call('POST', '/api/reports', { user: user ?? null, body: { data: report } });
    return res.json().data.id as number;
  }

  it('401 anonymous, 403 to every account type', async () => {
    const id = await createReport();
    await expectAdminOnly('GET', '/api/reports');
    await expectAdminOnly('GET', `/api/reports/${id}`);
    await expectAdminOnly('PUT', `/api/reports/${id}`, { data: { status: 'closed' } });
    await expectAdminOnly('DELETE', `/api/reports/${id}`);
    const row = await ctx.database.db
      .selectFrom('reports')
      .select('status')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row.status).toBe('open');
  });

  it('400 for a bad id or status, 404 for an unknown report', async () => {
    const id = await createReport();
    expect((await call('GET', '/api/reports/abc', { user: admin })).statusCode).toBe(400);
    for (const body of [{ data: { status: 'deleted' } }, { status: 'closed' }, { data: {} }]) {
      expect((await call('PUT', `/api/reports/${id}`, { user: admin, body })).statusCode).toBe(400);
    }
    expect((await call('GET', '/api/reports/999999', { user: admin })).statusCode).toBe(404);
    expect(
      (await call('PUT', '/api/reports/999999', { user: admin, body: { data: { status: 'closed' } } }))
        .statusCode,
    ).toBe(404);
    expect((await call('DELETE', '/api/reports/999999', { user: admin })).statusCode).toBe(404);
  });

  it('200: the admin lists, filters, reads with the reporter, reviews and deletes reports', async () => {
    const reporter = nonAdmins[0]!;
    const id = await createReport(reporter);
    const list = await call('GET', '/api/reports?filters[status][$eq]=open&sort=id:desc', { user: admin });
    expect(list.statusCode).toBe(200);
    expect(list.json().data[0].id).toBe(id);
    expect(
      list.json().data.every((r: { attributes: { status: string } }) => r.attributes.status === 'open'),
    ).toBe(true);

    const one = await call('GET', `/api/reports/${id}?populate=reporter`, { user: admin });
    expect(one.statusCode).toBe(200);
    expect(one.json().data.attributes.reporter.data).toMatchObject({
      id: reporter.id,
      attributes: { email: reporter.email },
    });
    expect(one.body).not.toContain('$argon2');

    const reviewed = await call('PUT', `/api/reports/${id}`, {
      user: admin,
      body: { data: { status: 'reviewed', reason: 'Other' } },
    });
    expect(reviewed.statusCode).toBe(200);
    expect(reviewed.json().data.attributes).toMatchObject({ status: 'reviewed', reason: report.reason });

    const closed = await call('GET', '/api/reports?filters[status][$eq]=reviewed', { user: admin });
    expect(closed.json().data.map((r: { id: number }) => r.id)).toContain(id);

    const deleted = await call('DELETE', `/api/reports/${id}`, { user: admin });
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json().data.id).toBe(id);
    expect((await call('GET', `/api/reports/${id}`, { user: admin })).statusCode).toBe(404);
  });
});
