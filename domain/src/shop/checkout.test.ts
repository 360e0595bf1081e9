import { describe, expect, it } from 'vitest';
import { MESSAGES } from '../messages.ts';
import { checkoutTotals, orderStatusFromLines, orderTransitionAllowed, shippingCents } from './checkout.ts';
import { ORDER_STATUSES, type TOrderStatus } from './limits.ts';

/** The seed's processing costs (server/src/db/seed/reference-data.ts): $2.50 fee, 8 % tax, free shipping. */
const seedCosts = { processing_fee: 250, tax: 8, shipping_cost: '0' };
const S = MESSAGES.orderStatus;

describe('checkoutTotals: the order money in integer cents (spec 000 §9)', () => {
  it('adds subtotal, processing fee and tax percent of the subtotal', () => {
    // 2 × $19.99 + $5 = $44.98; 8 % = 3.5984 → $3.60; + $2.50.
    const totals = checkoutTotals(
      [
        { unitCents: 1999, quantity: 2 },
        { unitCents: 500, quantity: 1 },
      ],
      seedCosts,
    );
    expect(totals).toEqual({
      subtotal: 4498,
      processingFee: 250,
      tax: 360,
      shipping: 0,
      freeShipping: true,
      total: 4498 + 250 + 360,
    });
  });

  it('sums cents exactly where binary floats would not (0.1 + 0.2)', () => {
    const totals = checkoutTotals(
      [
        { unitCents: 10, quantity: 1 },
        { unitCents: 20, quantity: 1 },
      ],
      { processing_fee: 0, tax: 0, shipping_cost: '0' },
    );
    expect(totals.subtotal).toBe(30);
    expect(totals.total).toBe(30);
  });

  it('rounds the tax to the nearest cent, a half cent up', () => {
    const tax = (unitCents: number, percent: number) =>
      checkoutTotals([{ unitCents, quantity: 1 }], { processing_fee: 0, tax: percent, shipping_cost: '0' })
        .tax;
    // 8 % of $0.15 = 1.2 cents → 1 cent; 8 % of $0.19 = 1.52 cents → 2 cents.
    expect(tax(15, 8)).toBe(1);
    expect(tax(19, 8)).toBe(2);
    // Exactly half a cent goes up: 10 % of $0.15 = 1.5 cents → 2 cents; 5 % of $10.10 = 50.5 → 51.
    expect(tax(15, 10)).toBe(2);
    expect(tax(1010, 5)).toBe(51);
    // Just under half goes down: 5 % of $10.09 = 50.45 cents → 50.
    expect(tax(1009, 5)).toBe(50);
    // A decimal percent whose float product falls a hair under the half still rounds up:
    // 2.3 % of $15.00 = 34.5 cents → 35 (1500 × 2.3 / 100 is 34.49999… in binary floats).
    expect(tax(1500, 2.3)).toBe(35);
    expect(tax(1250, 2.28)).toBe(29);
    expect(tax(1500, 4.1)).toBe(62);
    // 7.25 % of $99.99 = 724.9275 cents → 725.
    expect(tax(9999, 7.25)).toBe(725);
  });

  it("ships free when shipping_cost is '0' (or not an amount), and adds a positive shipping cost", () => {
    const lines = [{ unitCents: 1000, quantity: 1 }];
    const free = checkoutTotals(lines, { processing_fee: 100, tax: 0, shipping_cost: '0' });
    expect(free.shipping).toBe(0);
    expect(free.freeShipping).toBe(true);
    expect(free.total).toBe(1100);
    for (const text of ['', '  ', 'free', '-5', '0.00', 'abc', '1.999']) {
      const t = checkoutTotals(lines, { processing_fee: 0, tax: 0, shipping_cost: text });
      expect([text, t.shipping, t.freeShipping]).toEqual([text, 0, true]);
    }
    const paid = checkoutTotals(lines, { processing_fee: 100, tax: 10, shipping_cost: '4.99' });
    expect(paid.shipping).toBe(499);
    expect(paid.freeShipping).toBe(false);
    // The tax is on the subtotal only, not on the fee or the shipping.
    expect(paid.tax).toBe(100);
    expect(paid.total).toBe(1000 + 100 + 100 + 499);
    expect(shippingCents(' 12 ')).toBe(1200);
  });

  it('totals an empty order 0: no fee, tax or shipping on nothing', () => {
    expect(checkoutTotals([], { processing_fee: 250, tax: 8, shipping_cost: '4.99' })).toEqual({
      subtotal: 0,
      processingFee: 0,
      tax: 0,
      shipping: 0,
      freeShipping: false,
      total: 0,
    });
    expect(checkoutTotals([], seedCosts).total).toBe(0);
  });

  it('multiplies unit price by quantity per line', () => {
    const t = checkoutTotals([{ unitCents: 100_000_00, quantity: 10 }], {
      processing_fee: 0,
      tax: 0,
      shipping_cost: '0',
    });
    expect(t.subtotal).toBe(1_000_000_00);
  });
});

describe('orderTransitionAllowed: who moves an order (or a line) from which state to which', () => {
  const allowed: [string, TOrderStatus, TOrderStatus][] = [
    ['buyer', S.awaitingPayment, S.cancelled],
    ['buyer', S.shipped, S.delivered],
    ['seller', S.paid, S.shipped],
    ['admin', S.awaitingPayment, S.paid],
    ['admin', S.awaitingPayment, S.cancelled],
    ['admin', S.paid, S.cancelled],
    ['admin', S.paid, S.shipped],
    ['admin', S.shipped, S.delivered],
  ];

  it('allows exactly the transitions of the table, and nothing else', () => {
    const got: [string, TOrderStatus, TOrderStatus][] = [];
    for (const who of ['buyer', 'seller', 'admin'] as const)
      for (const from of ORDER_STATUSES)
        for (const to of ORDER_STATUSES) if (orderTransitionAllowed(who, from, to)) got.push([who, from, to]);
    expect(got.sort()).toEqual([...allowed].sort());
  });

  it('refuses the buyer paying, shipping or cancelling a paid order, and the vendor anything but shipping', () => {
    expect(orderTransitionAllowed('buyer', S.awaitingPayment, S.paid)).toBe(false);
    expect(orderTransitionAllowed('buyer', S.paid, S.cancelled)).toBe(false);
    expect(orderTransitionAllowed('buyer', S.paid, S.shipped)).toBe(false);
    expect(orderTransitionAllowed('seller', S.awaitingPayment, S.shipped)).toBe(false);
    expect(orderTransitionAllowed('seller', S.shipped, S.delivered)).toBe(false);
    expect(orderTransitionAllowed('seller', S.paid, S.cancelled)).toBe(false);
    // Nothing leaves Cancelled or Delivered, and nothing stays where it is.
    for (const who of ['buyer', 'seller', 'admin'] as const)
      for (const to of ORDER_STATUSES) {
        expect(orderTransitionAllowed(who, S.cancelled, to)).toBe(false);
        expect(orderTransitionAllowed(who, S.delivered, to)).toBe(false);
        expect(orderTransitionAllowed(who, to, to)).toBe(false);
      }
  });
});

describe("orderStatusFromLines: an order's state from its lines once paid", () => {
  it('ships the order when every live line has shipped', () => {
    expect(orderStatusFromLines(S.paid, [S.shipped, S.shipped])).toBe(S.shipped);
    expect(orderStatusFromLines(S.paid, [S.shipped, S.paid])).toBe(S.paid);
    // A cancelled line does not hold the order back.
    expect(orderStatusFromLines(S.paid, [S.shipped, S.cancelled])).toBe(S.shipped);
    // Delivered lines count as shipped.
    expect(orderStatusFromLines(S.paid, [S.shipped, S.delivered])).toBe(S.shipped);
  });

  it('delivers the order when every live line is delivered', () => {
    expect(orderStatusFromLines(S.shipped, [S.delivered, S.delivered])).toBe(S.delivered);
    expect(orderStatusFromLines(S.shipped, [S.delivered, S.cancelled])).toBe(S.delivered);
    expect(orderStatusFromLines(S.shipped, [S.delivered, S.shipped])).toBe(S.shipped);
  });

  it('keeps the state of an unpaid, cancelled or delivered order, and of one without live lines', () => {
    expect(orderStatusFromLines(S.awaitingPayment, [S.shipped])).toBe(S.awaitingPayment);
    expect(orderStatusFromLines(S.cancelled, [S.shipped])).toBe(S.cancelled);
    expect(orderStatusFromLines(S.delivered, [S.shipped])).toBe(S.delivered);
    expect(orderStatusFromLines(S.paid, [])).toBe(S.paid);
    expect(orderStatusFromLines(S.paid, [S.cancelled, S.cancelled])).toBe(S.paid);
  });
});
