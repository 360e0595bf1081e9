import { describe, expect, it } from 'vitest';
import { BILLING_MESSAGES } from '../catalogue/billing.ts';
import {
  addMonths,
  adsAllowed,
  isSubscriptionActive,
  splitPurchase,
  splitPurchaseDollars,
  subscriptionStatus,
  ZSubscriptionPurchase,
  ZSubscriptionReview,
  type SubscriptionDates,
} from './subscriptions.ts';
import { TRANSACTION_ID_MAX } from './transaction-id.ts';

/** The seed's Starter package and processing costs (server/src/db/seed/reference-data.ts). */
const starter = { total_price: 2999 };
const costs = { tax: 8, processing_fee: 250 };
const starterDollars = { total_price: 29.99 };
const costsDollars = { tax: 8, processing_fee: 2.5 };

describe('splitPurchase: price, wallet part and amount to pay, in cents', () => {
  it('prices total + tax percent (rounded to the cent) + processing fee', () => {
    // 29.99 × 8 % = 2.3992 → 2.40; + 2.50 fee.
    expect(splitPurchase(starter, costs, 0, false)).toEqual({
      priceCents: 3489,
      walletCents: 0,
      toPayCents: 3489,
    });
    // Tax rounds to the nearest cent, a half cent up (10.05 × 5 % = 0.5025 → 0.50; 10.10 × 5 % = 0.505 → 0.51).
    expect(splitPurchase({ total_price: 1005 }, { tax: 5, processing_fee: 0 }, 0, false).priceCents).toBe(
      1055,
    );
    expect(splitPurchase({ total_price: 1010 }, { tax: 5, processing_fee: 0 }, 0, false).priceCents).toBe(
      1061,
    );
    // Sums that binary floats get wrong in dollars are exact.
    expect(splitPurchaseDollars({ total_price: 0.1 }, { tax: 0, processing_fee: 0.2 }, 0, false).price).toBe(
      0.3,
    );
    expect(splitPurchase({ total_price: 0 }, { tax: 8, processing_fee: 0 }, 0, false)).toEqual({
      priceCents: 0,
      walletCents: 0,
      toPayCents: 0,
    });
  });

  it('takes what the balance covers, never more than the price', () => {
    expect(splitPurchase(starter, costs, 1000, true)).toEqual({
      priceCents: 3489,
      walletCents: 1000,
      toPayCents: 2489,
    });
    expect(splitPurchase(starter, costs, 3488, true)).toMatchObject({ walletCents: 3488, toPayCents: 1 });
    expect(splitPurchase(starter, costs, 3489, true)).toMatchObject({ walletCents: 3489, toPayCents: 0 });
    expect(splitPurchase(starter, costs, 100_000, true)).toEqual({
      priceCents: 3489,
      walletCents: 3489,
      toPayCents: 0,
    });
    // A balance with a stray fraction of a cent counts to the cent.
    expect(splitPurchase(starter, costs, 10.5, true).walletCents).toBe(11);
    expect(splitPurchaseDollars(starterDollars, costsDollars, 0.105, true).wallet).toBe(0.11);
  });

  it('a zero or negative balance pays nothing; useWallet false ignores the balance', () => {
    for (const balance of [0, -1, -5000]) {
      expect(splitPurchase(starter, costs, balance, true), String(balance)).toEqual({
        priceCents: 3489,
        walletCents: 0,
        toPayCents: 3489,
      });
    }
    expect(splitPurchase(starter, costs, 50_000, false)).toEqual({
      priceCents: 3489,
      walletCents: 0,
      toPayCents: 3489,
    });
  });

  it('the parts always add up to the price', () => {
    for (const balance of [-100, 0, 1, 333, 1750, 3489, 9900]) {
      for (const useWallet of [true, false]) {
        const s = splitPurchase(
          { total_price: 7999 },
          { tax: 7.25, processing_fee: 199 },
          balance,
          useWallet,
        );
        expect(s.walletCents + s.toPayCents).toBe(s.priceCents);
        expect(s.walletCents).toBeGreaterThanOrEqual(0);
        expect(s.toPayCents).toBeGreaterThanOrEqual(0);
        expect(Number.isInteger(s.priceCents) && Number.isInteger(s.walletCents)).toBe(true);
      }
    }
  });

  it('splitPurchaseDollars answers the same in dollars', () => {
    expect(splitPurchaseDollars(starterDollars, costsDollars, 10, true)).toEqual({
      price: 34.89,
      wallet: 10,
      toPay: 24.89,
    });
  });
});

describe('addMonths: calendar months, UTC, day clamped, time kept', () => {
  const at = (iso: string, months: number) => addMonths(new Date(iso), months).toISOString();

  it('adds whole months and keeps the time of day', () => {
    expect(at('2026-03-15T13:45:10.123Z', 1)).toBe('2026-04-15T13:45:10.123Z');
    expect(at('2026-03-15T00:00:00.000Z', 6)).toBe('2026-09-15T00:00:00.000Z');
    expect(at('2026-03-15T23:59:59.999Z', 0)).toBe('2026-03-15T23:59:59.999Z');
  });

  it('Jan 31 + 1 month is the last day of February (28, or 29 in a leap year)', () => {
    expect(at('2026-01-31T10:00:00.000Z', 1)).toBe('2026-02-28T10:00:00.000Z');
    expect(at('2028-01-31T10:00:00.000Z', 1)).toBe('2028-02-29T10:00:00.000Z');
    expect(at('2026-01-29T10:00:00.000Z', 1)).toBe('2026-02-28T10:00:00.000Z');
    expect(at('2026-03-31T08:30:00.000Z', 1)).toBe('2026-04-30T08:30:00.000Z');
    expect(at('2026-08-31T08:30:00.000Z', 3)).toBe('2026-11-30T08:30:00.000Z');
    // The clamp does not carry: Jan 31 + 2 months is Mar 31, not Mar 28.
    expect(at('2026-01-31T10:00:00.000Z', 2)).toBe('2026-03-31T10:00:00.000Z');
  });

  it('December rolls into January of the next year', () => {
    expect(at('2026-12-15T06:00:00.000Z', 1)).toBe('2027-01-15T06:00:00.000Z');
    expect(at('2026-12-31T23:30:00.000Z', 2)).toBe('2027-02-28T23:30:00.000Z');
    expect(at('2026-11-30T12:00:00.000Z', 14)).toBe('2028-01-30T12:00:00.000Z');
    expect(at('2026-07-01T00:00:00.000Z', 12)).toBe('2027-07-01T00:00:00.000Z');
  });

  it('does not change its argument', () => {
    const start = new Date('2026-01-31T10:00:00.000Z');
    addMonths(start, 1);
    expect(start.toISOString()).toBe('2026-01-31T10:00:00.000Z');
  });
});

describe('isSubscriptionActive and subscriptionStatus: computed at the boundaries', () => {
  const s = (payment_status: SubscriptionDates['payment_status']): SubscriptionDates => ({
    start_date: '2026-05-01T00:00:00.000Z',
    end_date: '2026-06-01T00:00:00.000Z',
    payment_status,
  });
  const t = (iso: string) => new Date(iso);

  it('the start instant is in, the end instant is out', () => {
    const sub = s('pending');
    expect(isSubscriptionActive(sub, t('2026-04-30T23:59:59.999Z'))).toBe(false);
    expect(isSubscriptionActive(sub, t('2026-05-01T00:00:00.000Z'))).toBe(true);
    expect(isSubscriptionActive(sub, t('2026-05-20T12:00:00.000Z'))).toBe(true);
    expect(isSubscriptionActive(sub, t('2026-05-31T23:59:59.999Z'))).toBe(true);
    expect(isSubscriptionActive(sub, t('2026-06-01T00:00:00.000Z'))).toBe(false);
    expect(subscriptionStatus(sub, t('2026-05-20T12:00:00.000Z'))).toBe(BILLING_MESSAGES.subscription.active);
    expect(subscriptionStatus(sub, t('2026-06-01T00:00:00.000Z'))).toBe(
      BILLING_MESSAGES.subscription.inactive,
    );
  });

  it('pending and verified count; rejected is never active', () => {
    const inside = t('2026-05-01T00:00:00.000Z');
    expect(isSubscriptionActive(s('verified'), inside)).toBe(true);
    expect(isSubscriptionActive(s('pending'), inside)).toBe(true);
    for (const now of ['2026-05-01T00:00:00.000Z', '2026-05-15T00:00:00.000Z', '2026-05-31T23:59:59.999Z']) {
      expect(isSubscriptionActive(s('rejected'), t(now)), now).toBe(false);
      expect(subscriptionStatus(s('rejected'), t(now))).toBe('Inactive');
    }
  });

  it('reads the current time when none is given', () => {
    const now = Date.now();
    const running = {
      start_date: new Date(now - 1000).toISOString(),
      end_date: new Date(now + 60_000).toISOString(),
      payment_status: 'verified' as const,
    };
    expect(isSubscriptionActive(running)).toBe(true);
    expect(isSubscriptionActive({ ...running, end_date: new Date(now - 1).toISOString() })).toBe(false);
  });
});

describe('adsAllowed', () => {
  it("is the package's number plus the admin's extra ads", () => {
    expect(adsAllowed({ ads_allowed: 1, extra_ads: 0 })).toBe(1);
    expect(adsAllowed({ ads_allowed: 3, extra_ads: 2 })).toBe(5);
    expect(adsAllowed({ ads_allowed: 0, extra_ads: 0 })).toBe(0);
  });
});

describe('ZSubscriptionPurchase and ZSubscriptionReview', () => {
  it("keeps the package, a trimmed transaction id and use_wallet; drops the client's computed fields", () => {
    const parsed = ZSubscriptionPurchase.parse({
      package: 2,
      transaction_id: '  TX-1  ',
      use_wallet: true,
      amount: 0.01,
      user: 99,
      start_date: '2000-01-01',
      end_date: '2999-01-01',
      isActive: true,
    });
    expect(parsed).toEqual({ package: 2, transaction_id: 'TX-1', use_wallet: true });
    expect(ZSubscriptionPurchase.parse({ package: 1 })).toEqual({ package: 1, use_wallet: false });
    for (const blank of ['', '   ', null]) {
      expect(
        ZSubscriptionPurchase.parse({ package: 1, transaction_id: blank }).transaction_id,
      ).toBeUndefined();
    }
  });

  it('refuses a missing package and a transaction id over the limit', () => {
    for (const bad of [{}, { package: 0 }, { package: 'x' }, { package: 1, use_wallet: 'yes' }]) {
      expect(ZSubscriptionPurchase.safeParse(bad).success, JSON.stringify(bad)).toBe(false);
    }
    expect(
      ZSubscriptionPurchase.safeParse({ package: 1, transaction_id: 'x'.repeat(TRANSACTION_ID_MAX) }).success,
    ).toBe(true);
    expect(
      ZSubscriptionPurchase.safeParse({ package: 1, transaction_id: 'x'.repeat(TRANSACTION_ID_MAX + 1) })
        .success,
    ).toBe(false);
  });

  it('a review sends a payment state or extra ads (0 to 10,000)', () => {
    expect(ZSubscriptionReview.parse({ payment_status: 'rejected' })).toEqual({ payment_status: 'rejected' });
    expect(ZSubscriptionReview.parse({ extra_ads: 2 })).toEqual({ extra_ads: 2 });
    for (const bad of [
      {},
      { payment_status: 'paid' },
      { extra_ads: -1 },
      { extra_ads: 1.5 },
      { extra_ads: 10_001 },
    ]) {
      expect(ZSubscriptionReview.safeParse(bad).success, JSON.stringify(bad)).toBe(false);
    }
  });
});
