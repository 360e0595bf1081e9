import { MESSAGES, REPORT_REASONS, toCents } from '@app/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DEMO_HIDDEN_CONTACT_MESSAGE,
  DEMO_PENDING_PROVIDERS,
  DEMO_TIP_TRANSACTION_ID,
  demoPendingProviderEmail,
} from '../src/demo/seed-demo-admin.ts';
import { DEMO_ADMIN_EMAIL, DEMO_PASSWORD, seedDemo } from '../src/demo/seed-demo.ts';
import { signToken } from '../src/http/auth.ts';
import { findUserByEmail } from '../src/modules/users/users.queries.ts';
import { verifyPassword } from '../src/modules/users/users.service.ts';
import { apiCalls, createTestApp, type Json, type TestContext, type TestUser } from './helpers.ts';

/**
 * The admin console's demo content: after a demo start every queue of the console has something
 * in it: providers waiting for ID verification with a private sample document, ads waiting for review (those
 * of unverified providers cannot be approved; one shows the hidden-contact signal), reports of each kind and
 * a contact message, and a pending tip beside the pending order and subscriptions. A second run adds nothing.
 */

let ctx: TestContext;
let api: ReturnType<typeof apiCalls>;
let admin: TestUser;

/** Rows per table the admin seed writes to. */
const TABLES = [
  'users',
  'files',
  'user_docs',
  'providers',
  'provider_images',
  'risk_signals',
  'subscriptions',
  'transactions',
  'payment_references',
  'tips',
  'reports',
  'contact_messages',
  'seed_log',
] as const;

async function rowCounts(): Promise<Record<string, number>> {
  const out: Record<string, number> = {};
  for (const table of TABLES) {
    const row = await ctx.database.db
      .selectFrom(table)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    out[table] = Number(row.n);
  }
  return out;
}

let afterFirst: Record<string, number>;
let afterSecond: Record<string, number>;

beforeAll(async () => {
  ctx = await createTestApp();
  api = apiCalls(ctx);
  await seedDemo(ctx.database.db, ctx.config);
  afterFirst = await rowCounts();
  await seedDemo(ctx.database.db, ctx.config);
  afterSecond = await rowCounts();
  // The demo admin, as after its two-factor code (admin powers need one).
  const user = await findUserByEmail(ctx.database.db, DEMO_ADMIN_EMAIL);
  const jwt = await signToken(ctx.config.jwtSecret, Number(user!.id), Number(user!.token_version ?? 0), {
    mfa: true,
  });
  admin = {
    id: Number(user!.id),
    jwt,
    email: DEMO_ADMIN_EMAIL,
    password: '',
    auth: { authorization: `Bearer ${jwt}` },
  };
}, 120_000);
afterAll(() => ctx.close());

const get = (url: string): Promise<Json> => api.ok('GET', url, { user: admin });

describe('the admin console on the demo', () => {
  it('a second run adds nothing', () => {
    expect(afterFirst.seed_log).toBeGreaterThan(0);
    expect(afterSecond).toEqual(afterFirst);
  });

  it('lists the providers waiting for ID verification, each with one private sample document', async () => {
    const res = await get('/api/admin/verifications?state=pending');
    const emails = DEMO_PENDING_PROVIDERS.map((p) => demoPendingProviderEmail(p.n));
    const items = (res.data as Json[]).filter((v) => emails.includes(v.email));
    expect(items).toHaveLength(DEMO_PENDING_PROVIDERS.length);
    for (const v of items) {
      const account = await findUserByEmail(ctx.database.db, v.email);
      expect(await verifyPassword(account!.password, DEMO_PASSWORD)).toBe(true);
      expect(v.verification).toBe('pending');
      expect(v.age).toBeGreaterThanOrEqual(18);
      expect(v.documents).toHaveLength(1);
      const doc = v.documents[0];
      expect(doc.mime).toBe('image/png');
      const file = await ctx.database.db
        .selectFrom('files')
        .select(['is_private', 'owner_id', 'claim_token_hash'])
        .where('id', '=', doc.id)
        .executeTakeFirstOrThrow();
      expect(file).toEqual({ is_private: 1, owner_id: v.id, claim_token_hash: null });
      // Private: nobody but the owner and the admin reads it.
      expect((await api.call('GET', `/api/upload/files/${doc.id}`)).statusCode).toBe(404);
      const content = await api.call('GET', `/api/upload/files/${doc.id}/content`, { user: admin });
      expect(content.statusCode).toBe(200);
      expect(content.headers['content-type']).toBe('image/png');
    }
  });

  it('queues ads for review: unverified owners cannot be approved, one shows the hidden contact', async () => {
    const res = await get('/api/admin/moderation?type=ad&pagination[pageSize]=100');
    const items = res.data as Json[];
    expect(items.length).toBeGreaterThanOrEqual(4);
    const ofPending = items.filter((i) => i.owner?.verification === 'pending');
    expect(ofPending.map((i) => i.owner.email).sort()).toEqual(
      DEMO_PENDING_PROVIDERS.map((p) => demoPendingProviderEmail(p.n)),
    );
    const hidden = items.find((i) => i.record?.attributes?.message === DEMO_HIDDEN_CONTACT_MESSAGE);
    expect(hidden?.owner.verification).toBe('verified');
    expect(hidden.signals.map((s: Json) => s.kind)).toContain('hidden_contact');
    // The queue sorts by risk: the ad with a signal comes first; the others have none (their placeholder
    // pictures are not "the same photo" as other accounts').
    expect(items[0].id).toBe(hidden.id);
    for (const item of items.filter((i) => i.id !== hidden.id))
      expect(item.signals, item.owner.email).toEqual([]);
    // Not public while waiting.
    for (const item of items)
      expect((await api.call('GET', `/api/providers/${item.id}`)).statusCode).toBe(404);
    // An ad of a provider whose ID waits for its check cannot be approved.
    const refused = await api.call('PUT', `/api/providers/${ofPending[0].id}`, {
      user: admin,
      body: { data: { review: 'approved' } },
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toBe(MESSAGES.verification.approveNeedsVerified);
  });

  it('has a trafficking report, a listing report, a screening flag and a contact message', async () => {
    const res = await get('/api/admin/reports?pagination[pageSize]=100');
    const items = res.data as Json[];
    const kinds = items.map((i) => i.kind);
    expect(kinds.filter((k) => k === 'report')).toHaveLength(2);
    expect(kinds.filter((k) => k === 'flag')).toHaveLength(1);
    expect(kinds.filter((k) => k === 'contact')).toHaveLength(1);
    const trafficking = items.find((i) => i.reason === REPORT_REASONS[0]);
    expect(trafficking.link).toMatchObject({ type: 'provider' });
    expect(trafficking.link.url).toMatch(/^\/ads\/\d+\/[a-z0-9-]+$/);
    expect(trafficking.link.ownerUrl).toMatch(/^\/admin\/users\/\d+$/);
    for (const i of items.filter((i) => i.kind === 'report')) expect(i.link?.type).toBe('provider');
    expect(items.find((i) => i.kind === 'flag').link).toMatchObject({ type: 'hobbyist-comment' });
    const subjects = await ctx.database.db.selectFrom('reports').select('subject').execute();
    for (const r of subjects) expect(r.subject).toMatch(/^(provider|hobbyist-comment):\d+$/);
  });

  it("has the hobbyist's pending tip beside the pending order and subscriptions", async () => {
    const res = await get('/api/admin/payments?status=pending&pagination[pageSize]=100');
    const items = res.data as Json[];
    const tip = items.find((i) => i.kind === 'tip');
    expect(tip).toMatchObject({ transaction_id: DEMO_TIP_TRANSACTION_ID, status: 'pending', flags: [] });
    expect(tip.payer.email).toBe('hobbyist@demo.test');
    expect(items.some((i) => i.kind === 'order')).toBe(true);
    expect(items.filter((i) => i.kind === 'subscription')).toHaveLength(DEMO_PENDING_PROVIDERS.length);
    // The tip's ledger credit waits with it.
    const credit = await ctx.database.db
      .selectFrom('transactions')
      .select(['payment_status', 'transaction_amount'])
      .where('tip_id', '=', tip.id)
      .execute();
    expect(credit).toEqual([{ payment_status: 'pending', transaction_amount: toCents(tip.amount) }]);
  });

  it('counts them on the dashboard', async () => {
    const { data } = await get('/api/admin/dashboard');
    for (const queue of ['ads', 'verifications', 'payments', 'reports'] as const)
      expect(data.queues[queue], queue).toBeGreaterThan(0);
  });
});
