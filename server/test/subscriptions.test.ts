import { addMonths, MESSAGES } from '@app/domain';
import type {
  KyselyPlugin,
  PluginTransformQueryArgs,
  PluginTransformResultArgs,
  QueryResult,
  RootOperationNode,
  UnknownRow,
} from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PURCHASES_PER_HOUR } from '../src/modules/subscriptions/subscriptions.routes.ts';
import { purchaseSubscription } from '../src/modules/subscriptions/subscriptions.service.ts';
import { remindEndingSubscriptions } from '../src/modules/subscriptions/index.ts';
import { paymentKey } from '../src/modules/billing/index.ts';
import { readDirectoryVersion } from '../src/db/directory-version.ts';
import { callAs, type Method } from './directory-helpers.ts';
import { buildProviderAd, buildSubscription } from './factories.ts';
import {
  buildAdmin,
  buildHobbyist,
  buildProvider,
  buildVendor,
  createTestApp,
  type TestContext,
  type TestUser,
} from './helpers.ts';

/**
 * Subscriptions: buying a package in one server call, the ledger rows it
 * writes in one transaction, the transaction id that pays for one thing only, the wallet part, the
 * admin's payment check and extra ads, the computed status, the wallet totals and the reminder job.
 */

let ctx: TestContext;
let admin: TestUser;
let hobbyist: TestUser;
let vendor: TestUser;
let starterId: number;
let standardId: number;

const DAY = 24 * 60 * 60 * 1000;
const missing = 999_999;

beforeAll(async () => {
  ctx = await createTestApp();
  [admin, hobbyist, vendor] = await Promise.all([buildAdmin(ctx), buildHobbyist(ctx), buildVendor(ctx)]);
  const packages = await db().selectFrom('packages').select(['id', 'name']).execute();
  starterId = Number(packages.find((p) => p.name === 'Starter')!.id);
  standardId = Number(packages.find((p) => p.name === 'Standard')!.id);
});
afterAll(() => ctx.close());

const db = () => ctx.database.db;
const call = (method: Method, url: string, opts: { user?: TestUser | null; body?: unknown } = {}) =>
  callAs(ctx, method, url, opts);
type Reply = Awaited<ReturnType<typeof call>>;
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = any;
const json = (res: Reply): Json => res.json();
const errors = (res: Reply) =>
  ((json(res).error?.details?.errors ?? []) as { path: string[]; message: string }[]).map((e) => ({
    path: e.path.join('.'),
    message: e.message,
  }));

let txSeq = 0;
// Hexadecimal time: no look-alike characters (as base 36's 0/o, 1/i/l), so two ids never share a payment key.
const newTx = () => `TX-${Date.now().toString(16)}-${txSeq++}`;

const buy = (user: TestUser | null, data: Record<string, unknown>) =>
  call('POST', '/api/subscriptions', { user, body: { data } });
const review = (id: number, data: unknown, user: TestUser | null = admin) =>
  call('PUT', `/api/subscriptions/${id}`, { user, body: { data } });

/** The ledger rows of a subscription, credit first. */
async function ledger(subscriptionId: number) {
  const rows = await db()
    .selectFrom('transactions')
    .select([
      'transaction_uid',
      'transaction_amount',
      'transaction_type',
      'order_type',
      'payment_status',
      'user_id',
      'subscription_id',
      'tip_id',
    ])
    .where('subscription_id', '=', subscriptionId)
    .orderBy('id')
    .execute();
  return rows.map((r) => ({
    ...r,
    transaction_amount: Number(r.transaction_amount),
    user_id: Number(r.user_id),
    subscription_id: Number(r.subscription_id),
  }));
}

/** What an account holds in the tables a purchase writes. */
async function written(userId: number) {
  const subs = await db().selectFrom('subscriptions').select('id').where('user_id', '=', userId).execute();
  const rows = await db().selectFrom('transactions').select('id').where('user_id', '=', userId).execute();
  return { subscriptions: subs.length, transactions: rows.length };
}

/** The register keeps ids trimmed and lower-cased (one payment whatever the letter case). */
const referenceExists = async (tx: string) =>
  !!(await db()
    .selectFrom('payment_references')
    .select('transaction_id')
    .where('transaction_id', '=', paymentKey(tx))
    .executeTakeFirst());

async function wallet(user: TestUser) {
  const res = await call('GET', '/api/wallet', { user });
  expect(res.statusCode, res.body).toBe(200);
  return json(res).data;
}

/** An admin's verified credit to `user`'s wallet. */
async function giveMoney(user: TestUser, dollars: number) {
  const res = await call('POST', '/api/transactions', {
    user: admin,
    body: {
      data: {
        user: user.id,
        transaction_uid: newTx(),
        transaction_amount: dollars,
        transaction_type: 'credit',
      },
    },
  });
  expect(res.statusCode, res.body).toBe(200);
}

/** A shown ad of `owner` and a hobbyist's tip to it; verified by the admin unless told otherwise. */
async function tip(owner: TestUser, ad: number, dollars: number, verify = true, transaction_id = newTx()) {
  const res = await call('POST', '/api/tips', {
    user: hobbyist,
    body: { data: { provider: ad, tip_amount: dollars, transaction_id } },
  });
  expect(res.statusCode, res.body).toBe(200);
  const id = json(res).data.id as number;
  if (verify)
    expect(
      (await call('PUT', `/api/tips/${id}`, { user: admin, body: { data: { payment_status: 'verified' } } }))
        .statusCode,
    ).toBe(200);
  return { id, transaction_id };
}

const listIds = async (url: string, user: TestUser | null = null) => {
  const res = await call('GET', url, { user });
  expect(res.statusCode, res.body).toBe(200);
  return (json(res).data as { id: number }[]).map((i) => i.id);
};
const filterTotal = async (query: string) => {
  const res = await call('GET', `/api/filterdata?${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return json(res).data.total as number;
};

describe('POST /api/subscriptions: who may buy, and what is refused', () => {
  it('401 anonymous; 403 hobbyist, vendor and admin with the message; nothing written', async () => {
    const tx = newTx();
    expect((await buy(null, { package: starterId, transaction_id: tx })).statusCode).toBe(401);
    for (const user of [hobbyist, vendor, admin]) {
      const res = await buy(user, { package: starterId, transaction_id: tx });
      expect(res.statusCode, user.email).toBe(403);
      expect(json(res).error.message).toBe(MESSAGES.subscription.notProvider);
      expect(await written(user.id)).toEqual({ subscriptions: 0, transactions: 0 });
    }
    expect(await referenceExists(tx)).toBe(false);
  });

  it('400 for an unknown package at data.package; 400 for a body without one', async () => {
    const provider = await buildProvider(ctx);
    const res = await buy(provider, { package: missing, transaction_id: newTx() });
    expect(res.statusCode).toBe(400);
    expect(errors(res)).toEqual([{ path: 'data.package', message: MESSAGES.subscription.unknownPackage }]);
    for (const data of [{}, { package: 'Starter' }, { package: -1 }]) {
      const bad = await buy(provider, data);
      expect(bad.statusCode, JSON.stringify(data)).toBe(400);
      expect(errors(bad).map((e) => e.path)).toContain('data.package');
    }
    expect(await written(provider.id)).toEqual({ subscriptions: 0, transactions: 0 });
  });

  it("400 'Transaction Id cannot be blank!!!!' at data.transaction_id when something is left to pay", async () => {
    const provider = await buildProvider(ctx);
    for (const data of [
      { package: starterId },
      { package: starterId, transaction_id: '' },
      { package: starterId, transaction_id: '   ' },
      { package: starterId, transaction_id: null },
      // The wallet is empty: use_wallet leaves the whole price to pay.
      { package: starterId, use_wallet: true },
    ]) {
      const res = await buy(provider, data);
      expect(res.statusCode, JSON.stringify(data)).toBe(400);
      expect(errors(res)).toEqual([
        { path: 'data.transaction_id', message: MESSAGES.packages.transactionIdBlank },
      ]);
    }
    expect(await written(provider.id)).toEqual({ subscriptions: 0, transactions: 0 });
  });

  it(`429 after ${PURCHASES_PER_HOUR} purchase attempts of one account in an hour; others still buy`, async () => {
    const provider = await buildProvider(ctx);
    for (let i = 0; i < PURCHASES_PER_HOUR; i++) {
      // Refused attempts count too: guessing transaction ids is what the limit slows down.
      expect((await buy(provider, { package: missing })).statusCode).toBe(400);
    }
    const refused = await buy(provider, { package: starterId, transaction_id: 'LIMIT-1' });
    expect(refused.statusCode).toBe(429);
    expect(json(refused).error.message).toBe(MESSAGES.subscription.tooMany);
    expect(await written(provider.id)).toEqual({ subscriptions: 0, transactions: 0 });
    const other = await buildProvider(ctx);
    expect((await buy(other, { package: starterId, transaction_id: 'LIMIT-2' })).statusCode).toBe(200);
  });
});

describe('POST /api/subscriptions: the purchase', () => {
  it('the server computes price, amount and dates; client-sent amount, user, dates and isActive are ignored', async () => {
    const provider = await buildProvider(ctx);
    const other = await buildProvider(ctx);
    const tx = newTx();
    const before = Date.now();
    const res = await buy(provider, {
      package: starterId,
      transaction_id: tx,
      amount: 0.01,
      price: 0.01,
      user: other.id,
      start_date: '2000-01-01T00:00:00.000Z',
      end_date: '2999-01-01T00:00:00.000Z',
      isActive: false,
      payment_status: 'verified',
    });
    const after = Date.now();
    expect(res.statusCode, res.body).toBe(200);
    const { id, attributes: a } = json(res).data;
    // Starter: 29.99 + 8 % tax (2.40) + 2.50 fee.
    expect(a).toMatchObject({
      package_name: 'Starter',
      price: 34.89,
      wallet_amount: 0,
      amount: 34.89,
      transaction_id: tx,
      ads_allowed: 1,
      extra_ads: 0,
      ads_posted: 0,
      payment_status: 'pending',
      isActive: true,
      status: MESSAGES.subscription.active,
    });
    expect(a.package.data).toMatchObject({ id: starterId, attributes: { name: 'Starter' } });
    const start = Date.parse(a.start_date);
    expect(start).toBeGreaterThanOrEqual(before - 5);
    expect(start).toBeLessThanOrEqual(after + 5);
    expect(a.end_date).toBe(addMonths(new Date(a.start_date), 1).toISOString());
    const row = await db()
      .selectFrom('subscriptions')
      .select(['user_id', 'price', 'amount'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect({ user: Number(row.user_id), price: Number(row.price), amount: Number(row.amount) }).toEqual({
      user: provider.id,
      price: 3489,
      amount: 3489,
    });
    expect(await written(other.id)).toEqual({ subscriptions: 0, transactions: 0 });

    // Two ledger rows: a credit of the amount paid and a debit of the price, both pending.
    const base = {
      transaction_uid: tx,
      order_type: 'package',
      payment_status: 'pending',
      user_id: provider.id,
      subscription_id: id,
      tip_id: null,
    };
    expect(await ledger(id)).toEqual([
      { ...base, transaction_type: 'credit', transaction_amount: 3489 },
      { ...base, transaction_type: 'debit', transaction_amount: 3489 },
    ]);
    expect(await referenceExists(tx)).toBe(true);
  });

  it('a longer package ends its validity in months later', async () => {
    const provider = await buildProvider(ctx);
    const res = await buy(provider, { package: standardId, transaction_id: newTx() });
    expect(res.statusCode, res.body).toBe(200);
    const a = json(res).data.attributes;
    // 79.99 + 6.40 + 2.50.
    expect(a).toMatchObject({ package_name: 'Standard', price: 88.89, amount: 88.89, ads_allowed: 3 });
    expect(a.end_date).toBe(addMonths(new Date(a.start_date), 3).toISOString());
  });
});

describe('a transaction id pays for one thing', () => {
  it('the same id twice is a 400 at data.transaction_id, for the same or another provider', async () => {
    const [p1, p2] = [await buildProvider(ctx), await buildProvider(ctx)];
    const tx = newTx();
    expect((await buy(p1, { package: starterId, transaction_id: tx })).statusCode).toBe(200);
    for (const user of [p1, p2]) {
      // Surrounding blanks are trimmed: the same id.
      for (const sent of [tx, ` ${tx} `]) {
        const res = await buy(user, { package: starterId, transaction_id: sent });
        expect(res.statusCode).toBe(400);
        expect(errors(res)).toEqual([
          { path: 'data.transaction_id', message: MESSAGES.subscription.transactionIdUsed },
        ]);
      }
    }
    expect(await written(p1.id)).toEqual({ subscriptions: 1, transactions: 2 });
    expect(await written(p2.id)).toEqual({ subscriptions: 0, transactions: 0 });
  });

  it("an id that paid a tip cannot pay a package, nor a package's id a tip", async () => {
    const owner = await buildProvider(ctx);
    const ad = await buildProviderAd(ctx, owner);
    const { transaction_id } = await tip(owner, ad, 5, false);
    const buyer = await buildProvider(ctx);
    const res = await buy(buyer, { package: starterId, transaction_id });
    expect(res.statusCode).toBe(400);
    expect(errors(res).map((e) => e.path)).toEqual(['data.transaction_id']);
    expect(await written(buyer.id)).toEqual({ subscriptions: 0, transactions: 0 });

    const tx = newTx();
    expect((await buy(buyer, { package: starterId, transaction_id: tx })).statusCode).toBe(200);
    const tipRes = await call('POST', '/api/tips', {
      user: hobbyist,
      body: { data: { provider: ad, tip_amount: 5, transaction_id: tx } },
    });
    expect(tipRes.statusCode).toBe(400);
    expect(json(tipRes).error.details.errors[0].path).toEqual(['data', 'transaction_id']);
    // Named for what it paid: a package, not a tip.
    expect(json(tipRes).error.details.errors[0].message).toBe(MESSAGES.subscription.transactionIdUsed);
  });

  it('under a race: two purchases with one id at once, exactly one succeeds', async () => {
    for (let round = 0; round < 3; round++) {
      const [p1, p2] = [await buildProvider(ctx), await buildProvider(ctx)];
      const tx = newTx();
      // The same provider twice, and two providers.
      const buyers = round === 0 ? [p1, p1] : [p1, p2];
      const replies = await Promise.all(
        buyers.map((u) => buy(u, { package: starterId, transaction_id: tx })),
      );
      const codes = replies.map((r) => r.statusCode).sort();
      expect(codes, replies.map((r) => r.body).join('\n')).toEqual([200, 400]);
      const refused = replies.find((r) => r.statusCode === 400)!;
      expect(errors(refused)).toEqual([
        { path: 'data.transaction_id', message: MESSAGES.subscription.transactionIdUsed },
      ]);
      const subs = await db()
        .selectFrom('subscriptions')
        .select('id')
        .where('transaction_id', '=', tx)
        .execute();
      expect(subs).toHaveLength(1);
      const rows = await db()
        .selectFrom('transactions')
        .select('id')
        .where('transaction_uid', '=', tx)
        .execute();
      expect(rows).toHaveLength(2);
    }
  });
});

describe('the wallet part of a purchase', () => {
  it('spends the verified balance first; the rest needs a transaction id', async () => {
    const provider = await buildProvider(ctx);
    await giveMoney(provider, 20);
    expect((await wallet(provider)).totalWalletBalance).toBe(20);
    const tx = newTx();
    const res = await buy(provider, { package: starterId, transaction_id: tx, use_wallet: true });
    expect(res.statusCode, res.body).toBe(200);
    const { id, attributes } = json(res).data;
    expect(attributes).toMatchObject({
      price: 34.89,
      wallet_amount: 20,
      amount: 14.89,
      payment_status: 'pending',
    });
    expect(
      (await ledger(id)).map((r) => [r.transaction_type, r.transaction_amount, r.payment_status]),
    ).toEqual([
      ['credit', 1489, 'pending'],
      ['debit', 3489, 'pending'],
    ]);
    // The pending purchase nets to the wallet part it spent.
    expect(await wallet(provider)).toMatchObject({ totalWalletBalance: 0, totalDebit: 34.89 });
  });

  it('a fully covered purchase needs no transaction id and is verified at once; a typed id is not kept', async () => {
    const provider = await buildProvider(ctx);
    await giveMoney(provider, 50);
    const typed = newTx();
    const res = await buy(provider, { package: starterId, use_wallet: true, transaction_id: typed });
    expect(res.statusCode, res.body).toBe(200);
    const { id, attributes } = json(res).data;
    expect(attributes).toMatchObject({
      price: 34.89,
      wallet_amount: 34.89,
      amount: 0,
      payment_status: 'verified',
      transaction_id: null,
      isActive: true,
    });
    expect(
      (await ledger(id)).map((r) => [r.transaction_type, r.transaction_amount, r.payment_status]),
    ).toEqual([
      ['credit', 0, 'verified'],
      ['debit', 3489, 'verified'],
    ]);
    expect(await referenceExists(typed)).toBe(false);
    expect((await wallet(provider)).totalWalletBalance).toBe(15.11);
    // Without use_wallet the balance is left alone: the whole price needs an id.
    const plain = await buy(provider, { package: starterId });
    expect(plain.statusCode).toBe(400);
    expect(errors(plain).map((e) => e.path)).toEqual(['data.transaction_id']);
  });

  it('pending credits (an unchecked tip) cannot be spent', async () => {
    const provider = await buildProvider(ctx);
    const ad = await buildProviderAd(ctx, provider);
    await tip(provider, ad, 100, false);
    const res = await buy(provider, { package: starterId, use_wallet: true });
    expect(res.statusCode).toBe(400);
    expect(errors(res)[0]!.message).toBe(MESSAGES.packages.transactionIdBlank);
    const paid = await buy(provider, { package: starterId, use_wallet: true, transaction_id: newTx() });
    expect(json(paid).data.attributes).toMatchObject({ wallet_amount: 0, amount: 34.89 });
  });

  it('two wallet purchases at once cannot both spend the same balance', async () => {
    const provider = await buildProvider(ctx);
    await giveMoney(provider, 34.89);
    const replies = await Promise.all(
      [1, 2].map(() => buy(provider, { package: starterId, use_wallet: true })),
    );
    expect(replies.map((r) => r.statusCode).sort(), replies.map((r) => r.body).join('\n')).toEqual([
      200, 400,
    ]);
    expect(errors(replies.find((r) => r.statusCode === 400)!)[0]!.message).toBe(
      MESSAGES.packages.transactionIdBlank,
    );
    const w = await wallet(provider);
    expect(w).toMatchObject({ totalCredit: 34.89, totalDebit: 34.89, totalWalletBalance: 0 });
  });
});

describe('transaction ids in another letter case', () => {
  it('an id that differs only in letter case is the same payment', async () => {
    const [a, b] = [await buildProvider(ctx), await buildProvider(ctx)];
    const tx = newTx();
    expect((await buy(a, { package: starterId, transaction_id: tx.toUpperCase() })).statusCode).toBe(200);
    const again = await buy(b, {
      package: starterId,
      transaction_id: ` ${tx.toLowerCase().replace('-', ' -')} `,
    });
    expect(again.statusCode).toBe(400);
    expect(errors(again)).toEqual([
      { path: 'data.transaction_id', message: MESSAGES.subscription.transactionIdUsed },
    ]);
  });
});

describe('renewal', () => {
  it('a purchase while one is active starts when it ends, so no day is lost', async () => {
    const provider = await buildProvider(ctx);
    const first = json(await buy(provider, { package: starterId, transaction_id: newTx() })).data;
    const second = await buy(provider, { package: standardId, transaction_id: newTx() });
    expect(second.statusCode, second.body).toBe(200);
    const a = json(second).data.attributes;
    expect(a.start_date).toBe(first.attributes.end_date);
    expect(a.end_date).toBe(addMonths(new Date(first.attributes.end_date), 3).toISOString());
    // Not started yet: computed inactive; the running one stays the current one.
    expect(a).toMatchObject({ isActive: false, status: MESSAGES.subscription.inactive });
    const current = json(await call('GET', '/api/subscriptions/current', { user: provider })).data;
    expect(current.subscription.id).toBe(first.id);
    // A third purchase starts after the second.
    const third = json(await buy(provider, { package: starterId, transaction_id: newTx() })).data.attributes;
    expect(third.start_date).toBe(a.end_date);
  });

  it('a rejected or ended subscription does not push the start', async () => {
    const provider = await buildProvider(ctx);
    await buildSubscription(ctx, provider, {
      start_date: new Date(Date.now() - 40 * DAY).toISOString(),
      end_date: new Date(Date.now() - 10 * DAY).toISOString(),
    });
    const rejected = await buildSubscription(ctx, provider, { payment_status: 'rejected' });
    expect(rejected).toBeGreaterThan(0);
    const before = Date.now();
    const a = json(await buy(provider, { package: starterId, transaction_id: newTx() })).data.attributes;
    expect(Date.parse(a.start_date)).toBeGreaterThanOrEqual(before - 5);
    expect(Date.parse(a.start_date)).toBeLessThan(before + 60_000);
  });

  it('a queued subscription behind a rejected running one does not push the start (nothing covers now)', async () => {
    const provider = await buildProvider(ctx);
    const running = await buildSubscription(ctx, provider, {
      start_date: new Date(Date.now() - DAY).toISOString(),
      end_date: new Date(Date.now() + 20 * DAY).toISOString(),
    });
    // Bought to follow it…
    await buildSubscription(ctx, provider, {
      start_date: new Date(Date.now() + 20 * DAY).toISOString(),
      end_date: new Date(Date.now() + 50 * DAY).toISOString(),
    });
    // …then the running one's payment is rejected: nothing is active now.
    const rejected = await call('PUT', `/api/subscriptions/${running}`, {
      user: admin,
      body: { data: { payment_status: 'rejected' } },
    });
    expect(rejected.statusCode).toBe(200);
    const before = Date.now();
    const a = json(await buy(provider, { package: starterId, transaction_id: newTx() })).data.attributes;
    expect(Date.parse(a.start_date)).toBeLessThan(before + 60_000);
    expect(a.isActive).toBe(true);
    // The queued one moves to follow the new purchase, keeping its 30 days: no paid day is lost.
    const rows = await db()
      .selectFrom('subscriptions')
      .select(['start_date', 'end_date', 'payment_status'])
      .where('user_id', '=', provider.id)
      .where('payment_status', '<>', 'rejected')
      .orderBy('start_date')
      .execute();
    expect(rows).toHaveLength(2);
    expect(rows[1]!.start_date).toBe(a.end_date);
    expect(Date.parse(rows[1]!.end_date) - Date.parse(rows[1]!.start_date)).toBe(30 * DAY);
  });
});

describe('atomicity: a failure between the ledger rows leaves nothing', () => {
  /** Throws on the second insert into `transactions` of a purchase (the debit row). */
  function failOnDebit(): KyselyPlugin & { inserts: number } {
    const plugin = {
      inserts: 0,
      transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
        const node = args.node;
        if (node.kind === 'InsertQueryNode' && node.into?.table.identifier.name === 'transactions') {
          plugin.inserts++;
          if (plugin.inserts === 2) throw new Error('the disk is full (test)');
        }
        return node;
      },
      transformResult: async (args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> =>
        args.result,
    };
    return plugin;
  }

  it('no subscription, no ledger row, no payment reference; the id can pay later', async () => {
    const provider = await buildProvider(ctx);
    const tx = newTx();
    const plugin = failOnDebit();
    const actor = { id: provider.id, role: 'authenticated' as const, userType: 'Provider' as const };
    await expect(
      purchaseSubscription(db().withPlugin(plugin), actor, {
        package: starterId,
        transaction_id: tx,
        use_wallet: false,
      }),
    ).rejects.toThrow('the disk is full (test)');
    // The credit row was written before the failure.
    expect(plugin.inserts).toBe(2);
    expect(await written(provider.id)).toEqual({ subscriptions: 0, transactions: 0 });
    expect(await referenceExists(tx)).toBe(false);
    const rows = await db()
      .selectFrom('transactions')
      .select('id')
      .where('transaction_uid', '=', tx)
      .execute();
    expect(rows).toEqual([]);
    // The same id pays once the failure is gone.
    expect((await buy(provider, { package: starterId, transaction_id: tx })).statusCode).toBe(200);
    expect(await written(provider.id)).toEqual({ subscriptions: 1, transactions: 2 });
  });
});

describe('reading subscriptions', () => {
  let owner: TestUser;
  let stranger: TestUser;
  let ownId: number;
  beforeAll(async () => {
    owner = await buildProvider(ctx);
    stranger = await buildProvider(ctx);
    ownId = json(await buy(owner, { package: starterId, transaction_id: newTx() })).data.id;
  });

  it('GET /api/subscriptions: 401 anonymous; one’s own only; the admin sees all', async () => {
    expect((await call('GET', '/api/subscriptions')).statusCode).toBe(401);
    expect(await listIds('/api/subscriptions', owner)).toEqual([ownId]);
    expect(await listIds('/api/subscriptions', stranger)).toEqual([]);
    expect(await listIds('/api/subscriptions', hobbyist)).toEqual([]);
    expect(await listIds(`/api/subscriptions?filters[user][id][$eq]=${owner.id}`, stranger)).toEqual([]);
    const all = await listIds('/api/subscriptions?pagination[pageSize]=100', admin);
    expect(all).toContain(ownId);
    expect(all.length).toBeGreaterThan(1);
  });

  it('GET /api/subscriptions/:id?populate=package: owner and admin; 404 for anyone else', async () => {
    for (const user of [owner, admin]) {
      const res = await call('GET', `/api/subscriptions/${ownId}?populate=package`, { user });
      expect(res.statusCode, res.body).toBe(200);
      expect(json(res).data).toMatchObject({
        id: ownId,
        attributes: {
          package_name: 'Starter',
          isActive: true,
          package: { data: { id: starterId, attributes: { name: 'Starter' } } },
        },
      });
    }
    expect((await call('GET', `/api/subscriptions/${ownId}`)).statusCode).toBe(401);
    for (const user of [stranger, hobbyist, vendor]) {
      expect((await call('GET', `/api/subscriptions/${ownId}`, { user })).statusCode, user.email).toBe(404);
    }
    expect((await call('GET', `/api/subscriptions/${missing}`, { user: admin })).statusCode).toBe(404);
  });

  it('GET /api/subscriptions/current: the active one and the ad quota', async () => {
    expect((await call('GET', '/api/subscriptions/current')).statusCode).toBe(401);
    const none = json(await call('GET', '/api/subscriptions/current', { user: stranger })).data;
    expect(none).toEqual({
      subscription: null,
      quota: { allowed: 0, posted: 0, remaining: 0 },
      subscribed: false,
    });
    const res = await call('GET', '/api/subscriptions/current', { user: owner });
    expect(res.statusCode).toBe(200);
    expect(json(res).data).toMatchObject({
      subscribed: true,
      quota: { allowed: 1, posted: 0, remaining: 1 },
      subscription: {
        id: ownId,
        attributes: { package_name: 'Starter', package: { data: { id: starterId } } },
      },
    });
  });

  it('GET /api/users/me?populate=subscriptions shows them with isActive; nobody else sees them', async () => {
    const res = await call('GET', '/api/users/me?populate=subscriptions', { user: owner });
    expect(res.statusCode, res.body).toBe(200);
    const subs = json(res).subscriptions;
    expect(subs).toEqual([expect.objectContaining({ id: ownId, isActive: true, status: 'Active' })]);
    for (const user of [stranger, hobbyist, null]) {
      const other = await call('GET', `/api/users/${owner.id}?populate=subscriptions`, { user });
      expect(other.body).not.toContain('Starter');
    }
  });
});

describe('PUT /api/subscriptions/:id: the admin checks the payment and grants extra ads', () => {
  let owner: TestUser;
  let subId: number;
  let ad: number;
  beforeAll(async () => {
    owner = await buildProvider(ctx);
    await giveMoney(owner, 10);
    subId = json(await buy(owner, { package: starterId, transaction_id: newTx(), use_wallet: true })).data.id;
    // An approved ad in a city of its own, public while the subscription is active.
    ad = await buildProviderAd(ctx, owner, { subscribed: false, state: 'WY', city: 'Cody' });
  });

  it('401 anonymous; 403 the owner, a hobbyist, a vendor; 400 bad bodies; 404 missing; nothing changes', async () => {
    expect((await review(subId, { payment_status: 'verified' }, null)).statusCode).toBe(401);
    for (const user of [owner, hobbyist, vendor]) {
      expect((await review(subId, { payment_status: 'verified' }, user)).statusCode, user.email).toBe(403);
      expect((await review(subId, { extra_ads: 50 }, user)).statusCode).toBe(403);
    }
    for (const data of [{}, { payment_status: 'paid' }, { extra_ads: -1 }, { extra_ads: 'lots' }, null]) {
      expect((await review(subId, data)).statusCode, JSON.stringify(data)).toBe(400);
    }
    expect((await review(missing, { payment_status: 'verified' })).statusCode).toBe(404);
    const row = await db()
      .selectFrom('subscriptions')
      .select(['payment_status', 'extra_ads', 'reviewed_by'])
      .where('id', '=', subId)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ payment_status: 'pending', extra_ads: 0, reviewed_by: null });
  });

  it('extra_ads raises the quota', async () => {
    const res = await review(subId, { extra_ads: 2 });
    expect(res.statusCode, res.body).toBe(200);
    expect(json(res).data.attributes).toMatchObject({ extra_ads: 2, payment_status: 'pending' });
    const current = json(await call('GET', '/api/subscriptions/current', { user: owner })).data;
    expect(current.quota).toEqual({ allowed: 3, posted: 0, remaining: 3 });
  });

  it('verified: the subscription and its ledger rows, with who and when', async () => {
    const before = new Date(Date.now() - 1000).toISOString();
    const res = await review(subId, { payment_status: 'verified' });
    expect(res.statusCode, res.body).toBe(200);
    expect(json(res).data.attributes).toMatchObject({ payment_status: 'verified', isActive: true });
    const row = await db()
      .selectFrom('subscriptions')
      .select(['payment_status', 'reviewed_by', 'reviewed_at'])
      .where('id', '=', subId)
      .executeTakeFirstOrThrow();
    expect(Number(row.reviewed_by)).toBe(admin.id);
    expect(row.reviewed_at! > before).toBe(true);
    expect((await ledger(subId)).map((r) => r.payment_status)).toEqual(['verified', 'verified']);
    expect(await wallet(owner)).toMatchObject({ totalWalletBalance: 0, pending: { count: 0 } });
    expect(await listIds('/api/providers?state=WY')).toEqual([ad]);
  });

  it('rejected: inactive, its ads leave the listing and the counts, the wallet part comes back', async () => {
    expect(await filterTotal('state=WY')).toBe(1);
    const res = await review(subId, { payment_status: 'rejected' });
    expect(res.statusCode, res.body).toBe(200);
    expect(json(res).data.attributes).toMatchObject({
      payment_status: 'rejected',
      isActive: false,
      status: MESSAGES.subscription.inactive,
    });
    expect((await ledger(subId)).map((r) => r.payment_status)).toEqual(['rejected', 'rejected']);
    expect(await listIds('/api/providers?state=WY')).toEqual([]);
    expect(await listIds('/api/providers?pagination[pageSize]=40')).not.toContain(ad);
    expect(await filterTotal('state=WY')).toBe(0);
    expect((await call('GET', `/api/providers/${ad}`)).statusCode).toBe(404);
    // The owner still sees it in their own list.
    expect(await listIds(`/api/providers?filters[user][id][$eq]=${owner.id}`, owner)).toEqual([ad]);
    expect((await wallet(owner)).totalWalletBalance).toBe(10);
    const current = json(await call('GET', '/api/subscriptions/current', { user: owner })).data;
    expect(current).toMatchObject({ subscribed: false, subscription: null });
  });
});

describe('GET /api/wallet and POST /api/transactions', () => {
  it('totals and this month’s income and expenses after a tip and a purchase', async () => {
    const provider = await buildProvider(ctx);
    const ad = await buildProviderAd(ctx, provider);
    await tip(provider, ad, 40);
    await tip(provider, ad, 7.5, false);
    expect((await buy(provider, { package: starterId, transaction_id: newTx() })).statusCode).toBe(200);
    const w = await wallet(provider);
    expect(w).toMatchObject({
      // The verified tip and the pending purchase's own credit, which offsets its debit.
      totalCredit: 74.89,
      totalDebit: 34.89,
      totalCreditPackage: 34.89,
      totalIncome: 40,
      totalWalletBalance: 40,
      pending: { totalCredit: 7.5, totalDebit: 34.89, count: 3 },
    });
    expect(w.months).toHaveLength(12);
    const thisMonth = new Date().toISOString().slice(0, 7);
    expect(w.months.at(-1)).toEqual({ month: thisMonth, income: 40, expenses: 34.89 });
    for (const m of w.months.slice(0, -1)) expect(m).toMatchObject({ income: 0, expenses: 0 });
    const keys = w.months.map((m: { month: string }) => m.month);
    expect([...keys].sort()).toEqual(keys);
    expect(new Set(keys).size).toBe(12);
  });

  it('a provider (or a hobbyist) cannot write a credit to itself: 403 with the message', async () => {
    const provider = await buildProvider(ctx);
    const body = {
      data: {
        user: provider.id,
        transaction_uid: newTx(),
        transaction_amount: 1000,
        transaction_type: 'credit',
      },
    };
    expect((await call('POST', '/api/transactions', { body })).statusCode).toBe(401);
    for (const user of [provider, hobbyist, vendor]) {
      const res = await call('POST', '/api/transactions', { user, body });
      expect(res.statusCode, user.email).toBe(403);
      expect(json(res).error.message).toBe(MESSAGES.wallet.adminOnly);
    }
    expect(await written(provider.id)).toEqual({ subscriptions: 0, transactions: 0 });
    expect((await wallet(provider)).totalWalletBalance).toBe(0);
  });
});

describe('the computed status: a subscription ending or starting changes the directory without any write', () => {
  it('shown while it runs, gone from the listing and the counts once its end passes; the next one shows from its start', async () => {
    const provider = await buildProvider(ctx);
    const next = await buildProvider(ctx);
    // Approved ads first (not public: no subscription), then a subscription ending in 1.5 s and
    // another provider's starting at that moment.
    const ad = await buildProviderAd(ctx, provider, { subscribed: false, state: 'VT', city: 'Burlington' });
    const nextAd = await buildProviderAd(ctx, next, { subscribed: false, state: 'VT', city: 'Montpelier' });
    expect(await listIds('/api/providers?state=VT')).toEqual([]);
    const end = Date.now() + 1500;
    await buildSubscription(ctx, provider, { end_date: new Date(end).toISOString() });
    await buildSubscription(ctx, next, {
      start_date: new Date(end).toISOString(),
      end_date: new Date(end + 30 * DAY).toISOString(),
    });
    const listing = '/api/providers?state=VT';
    expect(await listIds(listing)).toEqual([ad]);
    expect(await listIds('/api/providers')).toContain(ad);
    expect(await filterTotal('state=VT')).toBe(1);
    expect((await call('GET', `/api/providers/${ad}`)).statusCode).toBe(200);
    const version = await readDirectoryVersion(db());
    // Asked again before the end: kept answers (response cache, facet index) say the same.
    expect(await listIds(listing)).toEqual([ad]);

    await new Promise((resolve) => setTimeout(resolve, Math.max(end - Date.now(), 0) + 100));
    expect(await readDirectoryVersion(db())).toBe(version);
    expect(await listIds(listing)).toEqual([nextAd]);
    expect(await listIds('/api/providers')).not.toContain(ad);
    expect(await filterTotal('state=VT')).toBe(1);
    expect(await filterTotal('state=VT&city=Burlington')).toBe(0);
    expect((await call('GET', `/api/providers/${nextAd}`)).statusCode).toBe(200);
    expect((await call('GET', `/api/providers/${ad}`)).statusCode).toBe(404);
    const current = json(await call('GET', '/api/subscriptions/current', { user: provider })).data;
    expect(current.subscribed).toBe(false);
    const [sub] = json(await call('GET', '/api/subscriptions', { user: provider })).data;
    expect(sub.attributes).toMatchObject({ isActive: false, status: 'Inactive' });
  });
});

describe('the reminder job', () => {
  it('one e-mail when a subscription ends within seven days, none the second time; none when renewed', async () => {
    const now = Date.now();
    const ending = await buildProvider(ctx);
    const renewed = await buildProvider(ctx);
    const later = await buildProvider(ctx);
    const rejected = await buildProvider(ctx);
    const inThreeDays = new Date(now + 3 * DAY).toISOString();
    const started = new Date(now - 27 * DAY).toISOString();
    await buildSubscription(ctx, ending, {
      start_date: started,
      end_date: inThreeDays,
      package_name: 'Starter',
    });
    await buildSubscription(ctx, renewed, { start_date: started, end_date: inThreeDays });
    await buildSubscription(ctx, renewed, {
      start_date: inThreeDays,
      end_date: new Date(now + 33 * DAY).toISOString(),
    });
    await buildSubscription(ctx, later, {
      start_date: started,
      end_date: new Date(now + 10 * DAY).toISOString(),
    });
    await buildSubscription(ctx, rejected, {
      start_date: started,
      end_date: inThreeDays,
      payment_status: 'rejected',
    });

    const to = (u: TestUser) => ctx.mailer.sent.filter((m) => m.to === u.email);
    const sent = await remindEndingSubscriptions(db(), ctx.mailer);
    expect(sent).toBeGreaterThanOrEqual(1);
    expect(to(ending)).toHaveLength(1);
    expect(to(ending)[0]).toMatchObject({ subject: MESSAGES.review.reminderSubject });
    expect(to(ending)[0]!.text).toContain(inThreeDays.slice(0, 10));
    for (const u of [renewed, later, rejected]) expect(to(u), u.email).toEqual([]);

    expect(await remindEndingSubscriptions(db(), ctx.mailer)).toBe(0);
    expect(to(ending)).toHaveLength(1);
  });
});
