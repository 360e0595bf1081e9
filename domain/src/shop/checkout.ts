/**
 * The store's arithmetic and order states (spec 000 §9 "Checkout total"), in integer cents so
 * a sum is exact and the server and the screens agree to the cent.
 */
import { parseClientAmount, percentOfCents } from '../money.ts';
import { MESSAGES } from '../messages.ts';
import type { TOrderStatus } from './limits.ts';

/** One priced line: the unit price in cents and the quantity. */
export interface PricedLine {
  unitCents: number;
  quantity: number;
}

/** The processing costs as stored: fee in cents, tax in percent, shipping as the spec's text. */
export interface CheckoutCosts {
  processing_fee: number;
  tax: number;
  shipping_cost: string;
}

/** An order's money, in cents. */
export interface CheckoutTotals {
  subtotal: number;
  processingFee: number;
  tax: number;
  shipping: number;
  /** True when `shipping_cost` is '0' (spec 000 §9: shown 'Free'). */
  freeShipping: boolean;
  total: number;
}

/**
 * The shipping charge in cents: '0' (or anything that is not a plain non-negative amount) is free;
 * a positive amount such as '4.99' is charged and added to the total.
 */
export function shippingCents(shippingCost: string): number {
  const cents = parseClientAmount(shippingCost.trim());
  return cents !== undefined && cents > 0 ? cents : 0;
}

/**
 * Checkout total = subtotal + processing fee + tax percent of the subtotal (spec 000 §9), plus a
 * shipping charge when one is set. The tax is rounded to the nearest cent, half up (`percentOfCents`). An empty order
 * totals 0 (no fee is charged on nothing).
 */
export function checkoutTotals(lines: readonly PricedLine[], costs: CheckoutCosts): CheckoutTotals {
  const subtotal = lines.reduce((sum, l) => sum + l.unitCents * l.quantity, 0);
  const shipping = shippingCents(costs.shipping_cost);
  if (subtotal === 0) {
    return { subtotal: 0, processingFee: 0, tax: 0, shipping: 0, freeShipping: shipping === 0, total: 0 };
  }
  const tax = percentOfCents(subtotal, costs.tax);
  const processingFee = Math.round(costs.processing_fee);
  return {
    subtotal,
    processingFee,
    tax,
    shipping,
    freeShipping: shipping === 0,
    total: subtotal + processingFee + tax + shipping,
  };
}

/** Who changes an order's state. */
export type OrderActor = 'buyer' | 'seller' | 'admin';

const S = MESSAGES.orderStatus;

/**
 * The order state machine, for an order (the buyer, the admin) and for a line (the seller ships their
 * lines). Anything not listed is refused.
 */
const TRANSITIONS: Record<OrderActor, readonly (readonly [TOrderStatus, TOrderStatus])[]> = {
  buyer: [
    [S.awaitingPayment, S.cancelled],
    [S.shipped, S.delivered],
  ],
  seller: [[S.paid, S.shipped]],
  admin: [
    [S.awaitingPayment, S.paid],
    [S.awaitingPayment, S.cancelled],
    [S.paid, S.cancelled],
    [S.paid, S.shipped],
    [S.shipped, S.delivered],
  ],
};

/** Whether `who` may move an order (or a line) from `from` to `to`. */
export function orderTransitionAllowed(who: OrderActor, from: TOrderStatus, to: TOrderStatus): boolean {
  return TRANSITIONS[who].some(([a, b]) => a === from && b === to);
}

/**
 * An order's state from its lines' once paid: 'Shipped' when every line not cancelled has shipped,
 * 'Delivered' when every one is delivered; otherwise the order's own state.
 */
export function orderStatusFromLines(
  orderStatus: TOrderStatus,
  lineStatuses: readonly TOrderStatus[],
): TOrderStatus {
  if (orderStatus !== S.paid && orderStatus !== S.shipped) return orderStatus;
  const live = lineStatuses.filter((s) => s !== S.cancelled);
  if (live.length === 0) return orderStatus;
  if (live.every((s) => s === S.delivered)) return S.delivered;
  if (live.every((s) => s === S.shipped || s === S.delivered)) return S.shipped;
  return orderStatus;
}

/** `POST /api/orders/quote`'s answer (money in dollars, as the API speaks it). */
export interface TQuote {
  items: {
    product: number;
    name: string | null;
    /** The current unit price; null when the product is no longer sold. */
    price: number | null;
    quantity: number;
    /** price × quantity; 0 when unavailable. */
    total: number;
    available: boolean;
    picture: { url: string; thumbnail: string | null } | null;
  }[];
  subtotal: number;
  processing_fee: number;
  tax: number;
  /** The tax percent applied. */
  tax_percent: number;
  shipping: number;
  free_shipping: boolean;
  total: number;
}

/** One row of `GET /api/sales` (a vendor's sold line; money in dollars). */
export interface TSaleLine {
  id: number;
  order: number;
  createdAt: string;
  product: { id: number | null; name: string; picture: { url: string; thumbnail: string | null } | null };
  quantity: number;
  price: number;
  total: number;
  status: TOrderStatus;
  /** The buyer's shipping details: null until the order is paid (never before). */
  shipping: {
    first_name: string;
    last_name: string;
    email_address: string;
    phone: string;
    address: string;
    town: string;
    postcode: string;
    country: string;
  } | null;
}
