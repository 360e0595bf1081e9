import { MESSAGES } from '@app/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_TIP_MAX_AMOUNT, DEFAULT_TIPS_PER_HOUR } from '../src/modules/billing/index.ts';
import { buildProviderAd } from './factories.ts';
import { buildHobbyist, buildProvider, type TestUser } from './helpers.ts';
import {
  admin,
  call,
  ctx,
  db,
  hob2,
  type Json,
  json,
  missing,
  otherOwner,
  setUpHobbyistCast,
  vendor,
} from './hobbyist-fixtures.ts';

/**
 * Billing (server/src/modules/billing/): a tip's payment state, the wallet, the tip cap and the
 * hourly tip limit.
 */
setUpHobbyistCast();

describe('tip payment state and the wallet', () => {
  /** Owns `ad`; its wallet starts empty. */
  let payee: TestUser;
  let tipper: TestUser;
  let ad: number;
  let seq = 0;
  beforeAll(async () => {
    payee = await buildProvider(ctx);
    tipper = await buildHobbyist(ctx);
    ad = await buildProviderAd(ctx, payee);
  });

  const postTip = (user: TestUser, tip_amount: number, provider = ad) =>
    call('POST', '/api/tips', {
      user,
      body: { data: { provider, tip_amount, transaction_id: `MADE-UP-${Date.now()}-${seq++}` } },
    });
  const review = (id: number, data: unknown, user: TestUser | null = admin) =>
    call('PUT', `/api/tips/${id}`, { user, body: { data } });
  const wallet = async (user: TestUser) => {
    const res = await call('GET', '/api/wallet', { user });
    expect(res.statusCode).toBe(200);
    // The monthly figures are checked with the subscriptions (subscriptions.test.ts).
    const { months, ...totals } = json(res).data;
    expect(months).toHaveLength(12);
    return totals;
  };
  const states = async (tipId: number) => ({
    tip: (await db().selectFrom('tips').select('payment_status').where('id', '=', tipId).executeTakeFirst())
      ?.payment_status,
    ledger: (
      await db().selectFrom('transactions').select('payment_status').where('tip_id', '=', tipId).execute()
    ).map((r) => r.payment_status),
  });
  const empty = {
    totalCredit: 0,
    totalDebit: 0,
    totalCreditPackage: 0,
    totalIncome: 0,
    totalWalletBalance: 0,
    pending: { totalCredit: 0, totalDebit: 0, count: 0 },
  };

  let verifiedId: number;
  let rejectedId: number;
  it('a made-up tip is pending everywhere and does not count in the balance', async () => {
    expect(await wallet(payee)).toEqual(empty);
    const res = await postTip(tipper, 40);
    expect(res.statusCode).toBe(200);
    verifiedId = json(res).data.id;
    expect(json(res).data.attributes.payment_status).toBe('pending');
    expect(await states(verifiedId)).toEqual({ tip: 'pending', ledger: ['pending'] });
    for (const user of [tipper, payee, admin]) {
      const tips = json(await call('GET', `/api/tips?filters[id][$eq]=${verifiedId}`, { user })).data;
      expect(
        tips.map((t: Json) => t.attributes.payment_status),
        user.email,
      ).toEqual(['pending']);
    }
    const ledger = json(await call('GET', '/api/transactions', { user: payee })).data as Json[];
    expect(ledger.map((t) => [t.attributes.transaction_amount, t.attributes.payment_status])).toEqual([
      [40, 'pending'],
    ]);
    expect(await wallet(payee)).toEqual({ ...empty, pending: { totalCredit: 40, totalDebit: 0, count: 1 } });
    // The tipper's own wallet holds nothing of it: a tip sent is the provider's credit.
    expect(await wallet(tipper)).toEqual(empty);
  });

  it('PUT /api/tips/:id: admin only (401 anonymous, 403 anyone else), nothing changes', async () => {
    expect((await review(verifiedId, { payment_status: 'verified' }, null)).statusCode).toBe(401);
    for (const user of [tipper, payee, hob2, vendor, otherOwner]) {
      const res = await review(verifiedId, { payment_status: 'verified' }, user);
      expect(res.statusCode, user.email).toBe(403);
    }
    expect(await states(verifiedId)).toEqual({ tip: 'pending', ledger: ['pending'] });
    expect((await wallet(payee)).totalWalletBalance).toBe(0);
  });

  it('PUT /api/tips/:id 400 for any other body, 404 for a missing tip; nothing changes', async () => {
    const bad: unknown[] = [
      { payment_status: 'pending' },
      { payment_status: 'paid' },
      { payment_status: 'VERIFIED' },
      { payment_status: 1 },
      {},
      { payment_status: 'verified', tip_amount: 1 },
      null,
    ];
    for (const data of bad) {
      const res = await review(verifiedId, data);
      expect(res.statusCode, JSON.stringify(data)).toBe(400);
      expect(json(res).error.name).toBe('ValidationError');
    }
    const msg = json(await review(verifiedId, { payment_status: 'paid' })).error.details.errors;
    expect(msg).toEqual([
      expect.objectContaining({
        path: ['data', 'payment_status'],
        message: MESSAGES.tip.paymentStatusInvalid,
      }),
    ]);
    expect((await call('PUT', `/api/tips/${verifiedId}`, { user: admin, body: {} })).statusCode).toBe(400);
    expect((await review(missing, { payment_status: 'verified' })).statusCode).toBe(404);
    expect(await states(verifiedId)).toEqual({ tip: 'pending', ledger: ['pending'] });
  });

  it('verified by the admin: the tip and its ledger row are verified and count in the balance', async () => {
    const res = await review(verifiedId, { payment_status: 'verified' });
    expect(res.statusCode).toBe(200);
    expect(json(res).data).toMatchObject({
      id: verifiedId,
      attributes: { tip_amount: 40, payment_status: 'verified' },
    });
    expect(await states(verifiedId)).toEqual({ tip: 'verified', ledger: ['verified'] });
    expect(await wallet(payee)).toEqual({
      ...empty,
      totalCredit: 40,
      totalIncome: 40,
      totalWalletBalance: 40,
    });
    // Verifying again changes nothing.
    expect((await review(verifiedId, { payment_status: 'verified' })).statusCode).toBe(200);
    expect((await wallet(payee)).totalWalletBalance).toBe(40);
  });

  it('rejected: never counts, neither in the balance nor as pending', async () => {
    const res = await postTip(tipper, 15.25);
    rejectedId = json(res).data.id;
    expect((await wallet(payee)).pending).toEqual({ totalCredit: 15.25, totalDebit: 0, count: 1 });
    const rejected = await review(rejectedId, { payment_status: 'rejected' });
    expect(rejected.statusCode).toBe(200);
    expect(json(rejected).data.attributes.payment_status).toBe('rejected');
    expect(await states(rejectedId)).toEqual({ tip: 'rejected', ledger: ['rejected'] });
    expect(await wallet(payee)).toEqual({
      ...empty,
      totalCredit: 40,
      totalIncome: 40,
      totalWalletBalance: 40,
    });
    // Its transaction ID stays used: a rejected payment cannot be quoted again.
    const tx = (
      await db()
        .selectFrom('tips')
        .select('transaction_id')
        .where('id', '=', rejectedId)
        .executeTakeFirstOrThrow()
    ).transaction_id;
    const again = await call('POST', '/api/tips', {
      user: tipper,
      body: { data: { provider: ad, tip_amount: 5, transaction_id: tx } },
    });
    expect(again.statusCode).toBe(400);
  });

  it('the totals of spec §4 over verified rows: balance = credit − debit (floored at 0), income = credit − package credit', async () => {
    const adjust = (data: Record<string, unknown>) =>
      call('POST', '/api/transactions', {
        user: admin,
        body: { data: { user: payee.id, transaction_uid: `ADJ-${seq++}`, ...data } },
      });
    expect((await adjust({ transaction_amount: 100, transaction_type: 'debit' })).statusCode).toBe(200);
    expect(await wallet(payee)).toMatchObject({ totalCredit: 40, totalDebit: 100, totalWalletBalance: 0 });
    expect(
      (await adjust({ transaction_amount: 200.1, transaction_type: 'credit', order_type: 'package' }))
        .statusCode,
    ).toBe(200);
    await postTip(tipper, 7.5); // pending: apart
    expect(await wallet(payee)).toEqual({
      totalCredit: 240.1,
      totalDebit: 100,
      totalCreditPackage: 200.1,
      totalIncome: 40,
      totalWalletBalance: 140.1,
      pending: { totalCredit: 7.5, totalDebit: 0, count: 1 },
    });
    // Another provider's wallet holds none of it.
    expect(await wallet(await buildProvider(ctx))).toEqual(empty);
    expect((await call('GET', '/api/wallet')).statusCode).toBe(401);
  });
});

describe('the tip cap and the hourly tip limit', () => {
  let payee: TestUser;
  let ad: number;
  let seq = 0;
  beforeAll(async () => {
    payee = await buildProvider(ctx);
    ad = await buildProviderAd(ctx, payee);
  });
  const postTip = (user: TestUser, tip_amount: number) =>
    call('POST', '/api/tips', {
      user,
      body: { data: { provider: ad, tip_amount, transaction_id: `CAP-${Date.now()}-${seq++}` } },
    });
  const tipCount = async () =>
    (await db().selectFrom('tips').select('id').where('provider_id', '=', ad).execute()).length;
  const setSetting = (key: string, value: string) =>
    db().updateTable('settings').set({ value }).where('key', '=', key).execute();

  it('a tip above the cap (default $1,000) is a 400 at data.tip_amount; nothing is written', async () => {
    const tipper = await buildHobbyist(ctx);
    const before = await db().selectFrom('transactions').select('id').execute();
    for (const amount of [DEFAULT_TIP_MAX_AMOUNT + 0.01, 5000, 10_000]) {
      const res = await postTip(tipper, amount);
      expect(res.statusCode, String(amount)).toBe(400);
      expect(json(res).error.details.errors).toEqual([
        {
          path: ['data', 'tip_amount'],
          message: `${MESSAGES.tip.amountOverCap} $1,000.00`,
          name: 'ValidationError',
        },
      ]);
    }
    expect(await tipCount()).toBe(0);
    expect(await db().selectFrom('transactions').select('id').execute()).toHaveLength(before.length);
    expect((await postTip(tipper, DEFAULT_TIP_MAX_AMOUNT)).statusCode).toBe(200);

    // The operator's setting decides; an unreadable value falls back to the default.
    await setSetting('tip_max_amount', '50');
    const over = await postTip(tipper, 50.01);
    expect(over.statusCode).toBe(400);
    expect(json(over).error.message).toBe(`${MESSAGES.tip.amountOverCap} $50.00`);
    expect(json(await call('GET', '/api/payment-info')).data.tip_max_amount).toBe(50);
    expect((await postTip(tipper, 50)).statusCode).toBe(200);
    await setSetting('tip_max_amount', 'lots');
    expect((await postTip(tipper, DEFAULT_TIP_MAX_AMOUNT + 1)).statusCode).toBe(400);
    await setSetting('tip_max_amount', String(DEFAULT_TIP_MAX_AMOUNT));
    expect(await tipCount()).toBe(2);
  });

  it(`the ${DEFAULT_TIPS_PER_HOUR + 1}st tip of a hobbyist in an hour is a 429; others still tip`, async () => {
    const tipper = await buildHobbyist(ctx);
    const before = await tipCount();
    for (let i = 0; i < DEFAULT_TIPS_PER_HOUR; i++) {
      const res = await postTip(tipper, 1);
      expect(res.statusCode, `tip ${i + 1}`).toBe(200);
    }
    const over = await postTip(tipper, 1);
    expect(over.statusCode).toBe(429);
    expect(json(over).error).toMatchObject({ name: 'RateLimitError', message: MESSAGES.tip.tooMany });
    expect(await tipCount()).toBe(before + DEFAULT_TIPS_PER_HOUR);
    // Per account: another hobbyist (from any address) is not held back.
    expect((await postTip(await buildHobbyist(ctx), 1)).statusCode).toBe(200);
  });
});
