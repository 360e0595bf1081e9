import { MESSAGES, TIP_LIMITS } from '@app/domain';
import { describe, expect, it } from 'vitest';
import { DEFAULT_PAYMENT_ADDRESS, DEFAULT_TIP_MAX_AMOUNT } from '../src/modules/billing/index.ts';
import type { TestUser } from './helpers.ts';
import {
  admin,
  call,
  db,
  errorPaths,
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

/** Billing: payment info, tips and transactions (server/src/modules/billing/). */
setUpHobbyistCast();

describe('GET /api/payment-info', () => {
  it('anyone gets the configured address and its QR code as a PNG data URL', async () => {
    const res = await call('GET', '/api/payment-info');
    expect(res.statusCode).toBe(200);
    const { address, qr, tip_max_amount } = json(res).data;
    expect(address).toBe(DEFAULT_PAYMENT_ADDRESS);
    expect(tip_max_amount).toBe(DEFAULT_TIP_MAX_AMOUNT);
    expect(qr).toMatch(/^data:image\/png;base64,[A-Za-z0-9+/]+=*$/);
    const png = Buffer.from(qr.split(',')[1], 'base64');
    expect(png.subarray(1, 4).toString()).toBe('PNG');

    await db()
      .updateTable('settings')
      .set({ value: 'PAY-TO: operator@example.test' })
      .where('key', '=', 'payment_address')
      .execute();
    const changed = json(await call('GET', '/api/payment-info', { user: hob })).data;
    expect(changed.address).toBe('PAY-TO: operator@example.test');
    expect(changed.qr).not.toBe(qr);
    await db()
      .updateTable('settings')
      .set({ value: DEFAULT_PAYMENT_ADDRESS })
      .where('key', '=', 'payment_address')
      .execute();
  });
});

describe('tips and transactions', () => {
  const tip = (provider: number, tip_amount: unknown = 25.5, transaction_id: unknown = 'TX-1001') => ({
    data: { provider, tip_amount, transaction_id },
  });
  const NONE = Symbol('absent');
  /** A tip body where NONE leaves the field out. */
  const tipWith = (provider: number, tip_amount: unknown, transaction_id: unknown) => ({
    data: {
      provider,
      ...(tip_amount === NONE ? {} : { tip_amount }),
      ...(transaction_id === NONE ? {} : { transaction_id }),
    },
  });

  it('POST /api/tips 400: amount not > 0, over 10,000, sub-cent, not a number; transaction id blank or long', async () => {
    const bad: [unknown, unknown, string][] = [
      [0, 'TX', MESSAGES.tip.amountPositive],
      [-5, 'TX', MESSAGES.tip.amountPositive],
      [10_000.01, 'TX', MESSAGES.tip.amountTooLarge],
      [1.234, 'TX', MESSAGES.tip.amountCents],
      ['50', 'TX', MESSAGES.tip.amountRequired],
      [NONE, 'TX', MESSAGES.tip.amountRequired],
      [5, '   ', MESSAGES.tip.transactionIdRequired],
      [5, NONE, MESSAGES.tip.transactionIdRequired],
      [5, 'x'.repeat(TIP_LIMITS.transactionId + 1), MESSAGES.tip.transactionIdTooLong],
    ];
    for (const [amount, txId, message] of bad) {
      const res = await call('POST', '/api/tips', { user: hob, body: tipWith(shown, amount, txId) });
      expect(res.statusCode, `${String(amount)} ${String(txId)}`).toBe(400);
      expect(json(res).error.details.errors.map((e: Json) => e.message)).toContain(message);
    }
    expect(await db().selectFrom('tips').select('id').execute()).toHaveLength(0);
  });

  it('POST /api/tips 404: unknown or hidden provider', async () => {
    for (const provider of [missing, hidden]) {
      expect((await call('POST', '/api/tips', { user: hob, body: tip(provider) })).statusCode).toBe(404);
    }
    expect(await db().selectFrom('transactions').select('id').execute()).toHaveLength(0);
  });

  let tipId: number;
  it("records the tip and exactly one pending credit transaction for the provider's user", async () => {
    const res = await call('POST', '/api/tips', { user: hob, body: tip(shown, 25.5, '  TX-1001  ') });
    expect(res.statusCode).toBe(200);
    const body = json(res);
    tipId = body.data.id;
    expect(body.data.attributes).toEqual({
      transaction_id: 'TX-1001',
      tip_amount: 25.5,
      payment_status: 'pending',
      createdAt: expect.any(String),
    });
    const stored = await db()
      .selectFrom('tips')
      .selectAll()
      .where('id', '=', tipId)
      .executeTakeFirstOrThrow();
    expect(stored).toMatchObject({
      user_id: hob.id,
      provider_id: shown,
      tip_amount: 2550,
      payment_status: 'pending',
    });
    const txs = await db().selectFrom('transactions').selectAll().where('tip_id', '=', tipId).execute();
    expect(txs).toHaveLength(1);
    expect(txs[0]).toMatchObject({
      transaction_uid: 'TX-1001',
      transaction_amount: 2550,
      user_id: owner.id,
      order_type: 'tip',
      transaction_type: 'credit',
      payment_status: 'pending',
    });
    // The cap itself is allowed (default $1,000; above it: see "the tip cap").
    const max = await call('POST', '/api/tips', {
      user: hob2,
      body: tip(other, DEFAULT_TIP_MAX_AMOUNT, 'TX-2002'),
    });
    expect(max.statusCode).toBe(200);
    expect(json(max).data.attributes.tip_amount).toBe(DEFAULT_TIP_MAX_AMOUNT);
  });

  it('GET /api/tips: the tipper, the provider’s user and the admin; nobody else', async () => {
    expect((await call('GET', '/api/tips')).statusCode).toBe(401);
    const ids = async (user: TestUser) =>
      (json(await call('GET', '/api/tips', { user })).data as Json[]).map((t) => t.id as number);
    expect(await ids(hob)).toEqual([tipId]);
    expect(await ids(owner)).toEqual([tipId]);
    expect(await ids(otherOwner)).not.toContain(tipId);
    expect(await ids(hob2)).not.toContain(tipId);
    expect(await ids(vendor)).toEqual([]);
    expect(await ids(admin)).toContain(tipId);
    expect((await call('GET', `/api/tips/${tipId}`, { user: owner })).statusCode).toBe(200);
    expect((await call('GET', `/api/tips/${tipId}`, { user: hob2 })).statusCode).toBe(404);
    const populated = json(
      await call('GET', `/api/tips/${tipId}?populate[provider][fields][0]=title`, { user: hob }),
    );
    expect(populated.data.attributes.provider.data.id).toBe(shown);
  });

  it('GET /api/transactions: own (the credited provider’s user), the admin; others none', async () => {
    expect((await call('GET', '/api/transactions')).statusCode).toBe(401);
    const list = async (user: TestUser, query = '') =>
      json(await call('GET', `/api/transactions${query}`, { user })).data as Json[];
    const mine = await list(owner);
    expect(mine).toHaveLength(1);
    expect(mine[0]!.attributes).toMatchObject({
      transaction_uid: 'TX-1001',
      transaction_amount: 25.5,
      order_type: 'tip',
      transaction_type: 'credit',
      payment_status: 'pending',
    });
    // A tipper sees the tip (with its payment state), not the provider's ledger row.
    expect(await list(hob)).toEqual([]);
    expect(await list(hob2)).toEqual([]);
    expect(await list(vendor)).toEqual([]);
    expect((await list(otherOwner)).map((t) => t.attributes.transaction_uid)).toEqual(['TX-2002']);
    expect((await list(admin)).length).toBeGreaterThanOrEqual(2);

    // The wallet screen's query: own or tips to own providers, everything populated, newest first.
    const wallet = await list(
      owner,
      `?filters[$or][0][tip][provider][user][id][$eq]=${owner.id}&filters[$or][1][user][id][$eq]=${owner.id}` +
        '&populate[tip][populate][provider][fields][0]=title&populate[user]=*&sort=id:desc',
    );
    expect(wallet).toHaveLength(1);
    expect(wallet[0]!.attributes.tip.data).toMatchObject({ id: tipId, attributes: { tip_amount: 25.5 } });
    expect(wallet[0]!.attributes.tip.data.attributes.provider.data.id).toBe(shown);
    expect(wallet[0]!.attributes.user.data.id).toBe(owner.id);
    expect(JSON.stringify(wallet)).not.toContain(owner.email);

    const txId = mine[0]!.id as number;
    expect((await call('GET', `/api/transactions/${txId}`, { user: owner })).statusCode).toBe(200);
    expect((await call('GET', `/api/transactions/${txId}`, { user: hob })).statusCode).toBe(404);
    expect((await call('GET', `/api/transactions/${txId}`, { user: hob2 })).statusCode).toBe(404);
    expect((await call('GET', `/api/transactions/${txId}`, { user: otherOwner })).statusCode).toBe(404);
  });

  it('POST /api/transactions: admin only (adjustments)', async () => {
    const adjustment = {
      data: { user: owner.id, transaction_uid: 'ADJ-1', transaction_amount: 10, transaction_type: 'debit' },
    };
    expect((await call('POST', '/api/transactions', { body: adjustment })).statusCode).toBe(401);
    for (const user of [hob, owner, vendor]) {
      expect((await call('POST', '/api/transactions', { user, body: adjustment })).statusCode).toBe(403);
    }
    expect(
      (
        await call('POST', '/api/transactions', {
          user: admin,
          body: { data: { ...adjustment.data, transaction_amount: 0 } },
        })
      ).statusCode,
    ).toBe(400);
    const unknown = await call('POST', '/api/transactions', {
      user: admin,
      body: { data: { ...adjustment.data, user: missing } },
    });
    expect(unknown.statusCode).toBe(400);
    expect(errorPaths(unknown)).toEqual(['data.user']);
    const res = await call('POST', '/api/transactions', { user: admin, body: adjustment });
    expect(res.statusCode).toBe(200);
    expect(json(res).data.attributes).toMatchObject({
      transaction_amount: 10,
      transaction_type: 'debit',
      order_type: 'other',
      payment_status: 'verified',
    });
    const owned = json(await call('GET', '/api/transactions', { user: owner })).data as Json[];
    expect(owned.map((t) => t.attributes.transaction_uid)).toEqual(['ADJ-1', 'TX-1001']);
  });

  it('POST /api/tips 400: a transaction ID already used for a tip, also when two race', async () => {
    const before = await db().selectFrom('transactions').select('id').execute();
    for (const user of [hob, hob2]) {
      const res = await call('POST', '/api/tips', { user, body: tip(other, 5, ' TX-1001 ') });
      expect(res.statusCode).toBe(400);
      expect(json(res).error.details.errors).toEqual([
        {
          path: ['data', 'transaction_id'],
          message: MESSAGES.tip.transactionIdUsed,
          name: 'ValidationError',
        },
      ]);
    }
    const raced = await Promise.all(
      [hob, hob2].map((user) => call('POST', '/api/tips', { user, body: tip(other, 7, 'TX-RACE') })),
    );
    expect(raced.map((r) => r.statusCode).sort()).toEqual([200, 400]);
    const after = await db().selectFrom('transactions').select('id').execute();
    expect(after).toHaveLength(before.length + 1);
    const racedTips = await db()
      .selectFrom('tips')
      .select('id')
      .where('transaction_id', '=', 'TX-RACE')
      .execute();
    expect(racedTips).toHaveLength(1);
  });
});
