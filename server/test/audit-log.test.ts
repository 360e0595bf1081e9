import { AUDIT_CSV_MAX_ROWS } from '@app/domain';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordAudit } from '../src/db/audit-log.ts';
import { csvCell } from '../src/modules/audit/audit.service.ts';
import {
  apiCalls,
  buildAdmin,
  buildHobbyist,
  buildProvider,
  buildVendor,
  createTestApp,
  TEST_ENGINE,
  type Json,
  type TestContext,
  type TestUser,
  verifyProvider,
} from './helpers.ts';
import { buildProviderAd } from './factories.ts';

/**
 * The audit log: admin only, a Strapi list and item, the CSV export, the actions;
 * append-only (no route writes it, and the database refuses DELETE, TRUNCATE and any UPDATE but clearing
 * the actor on both engines); an admin
 * action through the API leaves an entry with who, from which address, and the record before and after.
 */

let ctx: TestContext;
let admin: TestUser;
let others: [string, TestUser][];
const db = () => ctx.database.db;

/** A call from a fixed address (the log records it). */
const from = (
  ip: string,
  method: 'GET' | 'PUT' | 'POST' | 'DELETE',
  url: string,
  user: TestUser,
  body?: object,
) =>
  ctx.app.inject({ method, url, headers: user.auth, remoteAddress: ip, ...(body ? { payload: body } : {}) });

let seeded: number[] = [];
beforeAll(async () => {
  ctx = await createTestApp();
  admin = await buildAdmin(ctx);
  others = [
    ['hobbyist', await buildHobbyist(ctx)],
    ['provider', await buildProvider(ctx)],
    ['vendor', await buildVendor(ctx)],
  ];
  // A few entries to list: a job's (no actor), and two of the admin's.
  await recordAudit(db(), null, 'verification.documents-deleted', 'user:1', { files: 2 });
  await recordAudit(db(), { id: admin.id, ip: '198.51.100.1' }, 'provider.approve', 'provider:12', null, {
    before: { review: 'pending' },
    after: { review: 'approved' },
  });
  await recordAudit(db(), { id: admin.id, ip: '198.51.100.2' }, 'provider.reject', 'provider:120', {
    note: '=HYPERLINK("http://evil.example")',
  });
  seeded = (await db().selectFrom('audit_log').select('id').orderBy('id').execute()).map((r) => Number(r.id));
});
afterAll(() => ctx.close());

const readRoutes = () => [
  '/api/audit-logs',
  `/api/audit-logs/${seeded[0]}`,
  '/api/admin/audit-logs.csv',
  '/api/admin/audit-actions',
];

describe('who may read the audit log', () => {
  it('answers 401 without a token and 403 to every account but the admin', async () => {
    const { call } = apiCalls(ctx);
    for (const url of readRoutes()) {
      expect((await call('GET', url)).statusCode, url).toBe(401);
      for (const [role, user] of others)
        expect((await call('GET', url, { user })).statusCode, `${role} ${url}`).toBe(403);
      expect((await call('GET', url, { user: admin })).statusCode, url).toBe(200);
    }
  });
});

describe('append-only', () => {
  it('has no route that writes, changes or deletes an entry (404)', async () => {
    const { call } = apiCalls(ctx);
    const id = seeded[0]!;
    for (const [method, url] of [
      ['POST', '/api/audit-logs'],
      ['PUT', `/api/audit-logs/${id}`],
      ['DELETE', `/api/audit-logs/${id}`],
      ['POST', `/api/audit-logs/${id}`],
      ['PUT', '/api/audit-logs'],
      ['DELETE', '/api/audit-logs'],
    ] as const) {
      const res = await call(method, url, { user: admin, body: { data: { action: 'x' } } });
      expect(res.statusCode, `${method} ${url}`).toBe(404);
    }
    expect(
      await db().selectFrom('audit_log').select('action').where('id', '=', id).executeTakeFirst(),
    ).toEqual({
      action: 'verification.documents-deleted',
    });
  });

  it('refuses UPDATE and DELETE in the database itself', async () => {
    const id = seeded[1]!;
    await expect(
      db().updateTable('audit_log').set({ action: 'provider.reject' }).where('id', '=', id).execute(),
    ).rejects.toThrow(/append-only/);
    await expect(
      db().updateTable('audit_log').set({ after_value: '{}', ip: null }).where('id', '=', id).execute(),
    ).rejects.toThrow(/append-only/);
    await expect(db().deleteFrom('audit_log').where('id', '=', id).execute()).rejects.toThrow(/append-only/);
    await expect(db().deleteFrom('audit_log').execute()).rejects.toThrow(/append-only/);
    const row = await db().selectFrom('audit_log').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ action: 'provider.approve', ip: '198.51.100.1' });
  });

  it('refuses moving an entry to another actor or renumbering it; allows only clearing the actor', async () => {
    const other = await buildAdmin(ctx);
    await recordAudit(db(), { id: admin.id, ip: '198.51.100.10' }, 'user.block', 'user:98');
    const row = await db()
      .selectFrom('audit_log')
      .select('id')
      .where('subject', '=', 'user:98')
      .executeTakeFirstOrThrow();
    const id = Number(row.id);
    const update = (set: Record<string, unknown>) =>
      db()
        .updateTable('audit_log')
        .set(set as never)
        .where('id', '=', id)
        .execute();
    await expect(update({ actor_id: other.id })).rejects.toThrow(/append-only/);
    await expect(update({ id: id + 100_000 })).rejects.toThrow(/append-only/);
    await expect(update({ actor_id: null, subject: 'user:1' })).rejects.toThrow(/append-only/);
    await expect(update({ actor_id: null, details: '{}' })).rejects.toThrow(/append-only/);
    await update({ actor_id: null });
    expect(
      await db()
        .selectFrom('audit_log')
        .select(['id', 'actor_id', 'action', 'subject', 'ip'])
        .where('id', '=', id)
        .executeTakeFirstOrThrow(),
    ).toEqual({ id: row.id, actor_id: null, action: 'user.block', subject: 'user:98', ip: '198.51.100.10' });
    // Once cleared, it cannot be given an actor again.
    await expect(update({ actor_id: admin.id })).rejects.toThrow(/append-only/);
  });

  it('refuses emptying the table: TRUNCATE on PostgreSQL, a DELETE of every row on SQLite', async () => {
    const before = await db()
      .selectFrom('audit_log')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow();
    if (TEST_ENGINE === 'postgres') {
      await expect(sql`truncate table audit_log`.execute(db())).rejects.toThrow(/append-only/);
      await expect(sql`truncate table audit_log cascade`.execute(db())).rejects.toThrow(/append-only/);
    } else {
      // SQLite has no TRUNCATE; its "truncate optimization" is a DELETE without WHERE, which the trigger stops.
      await expect(sql`delete from audit_log`.execute(db())).rejects.toThrow(/append-only/);
    }
    const after = await db()
      .selectFrom('audit_log')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
    expect(Number(after.n)).toBeGreaterThan(0);
  });

  it('keeps an entry when its admin account is deleted (the actor becomes null)', async () => {
    const gone = await buildAdmin(ctx);
    await recordAudit(db(), { id: gone.id, ip: '198.51.100.9' }, 'user.block', 'user:99');
    await db().deleteFrom('users').where('id', '=', gone.id).execute();
    const row = await db()
      .selectFrom('audit_log')
      .select(['actor_id', 'action', 'ip'])
      .where('subject', '=', 'user:99')
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ actor_id: null, action: 'user.block', ip: '198.51.100.9' });
  });
});

/** The newest entry for `subject`: recorded in the write's transaction, so there when the answer is. */
async function entryFor(subjects: string[]) {
  const row = await db()
    .selectFrom('audit_log')
    .selectAll()
    .where('subject', 'in', subjects)
    .orderBy('id', 'desc')
    .executeTakeFirst();
  if (row) return row;
  throw new Error(`no audit entry for ${subjects.join(', ')}`);
}

/**
 * The admin writes to `path` the app flagged as recording nothing (`app.unrecordedAdminWrites`, by
 * route pattern): a service that records its own action leaves none.
 */
function fallbackEntries(path: string): number {
  const pattern = path.replace(/\/\d+(?=\/|$)/g, '/:id');
  return ctx.app.unrecordedAdminWrites.filter((w) => w.endsWith(` ${pattern}`)).length;
}

describe('admin actions through the API are recorded', () => {
  it('a report handled by PUT /api/reports/:id: who, from where, what it became', async () => {
    const now = new Date().toISOString();
    const report = await db()
      .insertInto('reports')
      .values({ reason: 'Other', details: 'A placeholder.', created_at: now, updated_at: now } as never)
      .returning('id')
      .executeTakeFirstOrThrow();
    const id = Number(report.id);
    const res = await from('203.0.113.7', 'PUT', `/api/reports/${id}`, admin, { data: { status: 'closed' } });
    expect(res.statusCode, res.body).toBe(200);
    const row = await entryFor([`report:${id}`]);
    expect(row).toMatchObject({ actor_id: admin.id, ip: '203.0.113.7', action: 'report.update' });
    expect(JSON.parse(row.before_value!)).toMatchObject({ status: 'open' });
    expect(JSON.parse(row.after_value!)).toMatchObject({ status: 'closed' });
    expect(fallbackEntries(`/api/reports/${id}`)).toBe(0);
  });

  it('a settings change: who, from where, the value before and after', async () => {
    const res = await from('203.0.113.8', 'PUT', '/api/admin/settings', admin, {
      data: { document_retention_days: 45 },
    });
    expect(res.statusCode, res.body).toBe(200);
    const row = await entryFor(['setting:document_retention_days']);
    expect(row).toMatchObject({ actor_id: admin.id, ip: '203.0.113.8', action: 'setting.update' });
    expect([JSON.parse(row.before_value!), JSON.parse(row.after_value!)]).toEqual([30, 45]);
    expect(fallbackEntries('/api/admin/settings')).toBe(0);
  });

  it('a screening correction by the admin carries the address too', async () => {
    const provider = others[1]![1];
    const created = await from('203.0.113.20', 'POST', '/api/customer-hobbyists', provider, {
      data: { phone_number: '4085550199' },
    });
    expect(created.statusCode, created.body).toBe(200);
    const id = (created.json() as Json).data.id as number;
    const res = await from('203.0.113.21', 'DELETE', `/api/customer-hobbyists/${id}`, admin);
    expect(res.statusCode, res.body).toBe(200);
    const row = await entryFor([`customer-hobbyist:${id}`]);
    expect(row).toMatchObject({ actor_id: admin.id, ip: '203.0.113.21', action: 'screening.record.remove' });
  });
});

describe('GET /api/audit-logs (Strapi list)', () => {
  it('lists newest first with the actor, the address and the change', async () => {
    const { ok } = apiCalls(ctx);
    const body = await ok('GET', '/api/audit-logs?populate=actor&pagination[pageSize]=100', { user: admin });
    const ids = (body.data as { id: number }[]).map((i) => i.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    const approve = (body.data as Json[]).find((i) => i.attributes.action === 'provider.approve');
    expect(approve.attributes).toMatchObject({
      subject: 'provider:12',
      ip: '198.51.100.1',
      details: null,
      before_value: { review: 'pending' },
      after_value: { review: 'approved' },
      actor: { data: { id: admin.id, attributes: { username: expect.any(String), email: admin.email } } },
    });
    expect(approve.attributes.createdAt).toMatch(/^\d{4}-\d\d-\d\dT/);
    const job = (body.data as Json[]).find((i) => i.attributes.action === 'verification.documents-deleted');
    expect(job.attributes).toMatchObject({ details: { files: 2 }, actor: { data: null } });
  });

  it('filters by action, by admin and by record, and caps the page size at 100', async () => {
    const { ok, call } = apiCalls(ctx);
    const actions = (q: string) =>
      ok('GET', `/api/audit-logs?${q}`, { user: admin }).then((b) =>
        (b.data as Json[]).map((i) => i.attributes.subject as string),
      );
    expect(await actions('filters[action][$eq]=provider.approve')).toEqual(['provider:12']);
    expect(await actions('filters[subject][$eq]=provider:120')).toEqual(['provider:120']);
    expect((await actions('filters[subject][$startsWith]=provider:')).sort()).toEqual([
      'provider:12',
      'provider:120',
    ]);
    const mine = await ok('GET', `/api/audit-logs?filters[actor][id][$eq]=${admin.id}`, { user: admin });
    expect((mine.data as Json[]).length).toBeGreaterThanOrEqual(2);
    const none = await ok('GET', `/api/audit-logs?filters[actor][id][$eq]=${others[0]![1].id}`, {
      user: admin,
    });
    expect(none.data).toEqual([]);
    const big = await ok('GET', '/api/audit-logs?pagination[pageSize]=500', { user: admin });
    expect(big.meta.pagination.pageSize).toBe(100);
    expect((await call('GET', '/api/audit-logs?filters[nope][$eq]=1', { user: admin })).statusCode).toBe(400);
    expect((await call('GET', '/api/audit-logs?sort=password:asc', { user: admin })).statusCode).toBe(400);
  });

  it('answers one entry by id, and 404 for one that does not exist', async () => {
    const { ok, call } = apiCalls(ctx);
    const one = await ok('GET', `/api/audit-logs/${seeded[1]}?populate=actor`, { user: admin });
    expect(one.data.attributes).toMatchObject({ action: 'provider.approve', ip: '198.51.100.1' });
    expect((await call('GET', '/api/audit-logs/999999', { user: admin })).statusCode).toBe(404);
    expect((await call('GET', '/api/audit-logs/abc', { user: admin })).statusCode).toBe(400);
  });
});

/** Parses RFC 4180 text (quoted cells, doubled quotes, CRLF lines). */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      row.push(cell);
      cell = '';
    } else if (c === '\r' && text[i + 1] === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
      i++;
    } else cell += c;
  }
  return rows;
}

describe('GET /api/admin/audit-logs.csv', () => {
  it('downloads the entries newest first as quoted CSV, formula-safe', async () => {
    const { call } = apiCalls(ctx);
    const res = await call('GET', '/api/admin/audit-logs.csv', { user: admin });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe('attachment; filename="audit-log.csv"');
    const rows = parseCsv(res.body);
    expect(rows[0]).toEqual([
      'id',
      'created_at',
      'actor_id',
      'actor',
      'action',
      'subject',
      'ip',
      'details',
      'before',
      'after',
    ]);
    const ids = rows.slice(1).map((r) => Number(r[0]));
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    expect(res.body.split('\r\n')[1]!.startsWith('"')).toBe(true);
    const reject = rows.find((r) => r[4] === 'provider.reject')!;
    expect(reject[3]).toMatch(/^user_/);
    expect(reject[7]).toBe('{"note":"=HYPERLINK(\\"http://evil.example\\")"}');
    const approve = rows.find((r) => r[4] === 'provider.approve')!;
    expect([approve[2], approve[6], approve[8], approve[9]]).toEqual([
      String(admin.id),
      '198.51.100.1',
      '{"review":"pending"}',
      '{"review":"approved"}',
    ]);
    const job = rows.find((r) => r[4] === 'verification.documents-deleted')!;
    expect([job[2], job[3]]).toEqual(['', '']);
  });

  it('prefixes a cell a spreadsheet would run as a formula', () => {
    expect(csvCell('=1+2')).toBe(`"'=1+2"`);
    expect(csvCell('+1')).toBe(`"'+1"`);
    expect(csvCell('-1')).toBe(`"'-1"`);
    expect(csvCell('@SUM(A1)')).toBe(`"'@SUM(A1)"`);
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell(null)).toBe('""');
    expect(csvCell(12)).toBe('"12"');
  });

  it('filters by action, admin and record (a record, or every record of a type)', async () => {
    const { call } = apiCalls(ctx);
    const subjects = async (q: string) => {
      const res = await call('GET', `/api/admin/audit-logs.csv?${q}`, { user: admin });
      expect(res.statusCode, res.body).toBe(200);
      return parseCsv(res.body)
        .slice(1)
        .map((r) => r[5]);
    };
    expect(await subjects('action=provider.approve')).toEqual(['provider:12']);
    expect(await subjects('subject=provider:12')).toEqual(['provider:12']);
    expect((await subjects('subject=provider')).sort()).toEqual(['provider:12', 'provider:120']);
    expect((await subjects('subject=provider:')).sort()).toEqual(['provider:12', 'provider:120']);
    expect(await subjects(`actor=${others[0]![1].id}`)).toEqual([]);
    expect(await subjects(`actor=${admin.id}&action=provider.reject`)).toEqual(['provider:120']);
    expect(await subjects('action=&actor=&subject=')).toHaveLength(
      Number(
        (
          await db()
            .selectFrom('audit_log')
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      ),
    );
    expect((await call('GET', '/api/admin/audit-logs.csv?actor=abc', { user: admin })).statusCode).toBe(400);
    expect(AUDIT_CSV_MAX_ROWS).toBe(10_000);
  });
});

describe('GET /api/admin/audit-actions', () => {
  it('lists each action once, sorted', async () => {
    const { ok } = apiCalls(ctx);
    const { data } = await ok('GET', '/api/admin/audit-actions', { user: admin });
    expect(data).toEqual([...new Set(data as string[])].sort());
    expect(data).toEqual(
      expect.arrayContaining(['provider.approve', 'provider.reject', 'verification.documents-deleted']),
    );
  });
});

/** Last: these write entries the list and CSV tests above would otherwise meet. */
describe('admin edits and deletes recorded by their services', () => {
  it("an admin's text edit and decision in one request: both recorded, the ad before and after", async () => {
    const provider = others[1]![1];
    await verifyProvider(ctx, provider.id);
    const id = await buildProviderAd(ctx, provider, { is_showed: 0 });
    const res = await from('203.0.113.30', 'PUT', `/api/providers/${id}`, admin, {
      data: { title: 'Renamed by the staff', review: 'approved' },
    });
    expect(res.statusCode, res.body).toBe(200);
    const rows = await db()
      .selectFrom('audit_log')
      .selectAll()
      .where('subject', '=', `provider:${id}`)
      .orderBy('id')
      .execute();
    expect(rows.map((r) => r.action).sort()).toEqual(['provider.approve', 'provider.update']);
    const edit = rows.find((r) => r.action === 'provider.update')!;
    expect(edit).toMatchObject({ actor_id: admin.id, ip: '203.0.113.30' });
    expect(JSON.parse(edit.before_value!)).toMatchObject({ id, review_state: 'pending' });
    expect(JSON.parse(edit.before_value!).title).not.toBe('Renamed by the staff');
    expect(JSON.parse(edit.after_value!)).toMatchObject({
      title: 'Renamed by the staff',
      review_state: 'approved',
      images: [],
    });
    expect(fallbackEntries(`/api/providers/${id}`)).toBe(0);
  });

  it('a delete by the admin keeps the record as it was (a report)', async () => {
    const now = new Date().toISOString();
    const report = await db()
      .insertInto('reports')
      .values({ reason: 'Other', details: 'Kept in the log.', created_at: now, updated_at: now } as never)
      .returning('id')
      .executeTakeFirstOrThrow();
    const id = Number(report.id);
    const res = await from('203.0.113.31', 'DELETE', `/api/reports/${id}`, admin);
    expect(res.statusCode, res.body).toBe(200);
    const row = await entryFor([`report:${id}`]);
    expect(row).toMatchObject({ actor_id: admin.id, ip: '203.0.113.31', action: 'report.delete' });
    expect(JSON.parse(row.before_value!)).toMatchObject({ id, details: 'Kept in the log.' });
    expect(row.after_value).toBeNull();
    expect(fallbackEntries(`/api/reports/${id}`)).toBe(0);
  });
});
