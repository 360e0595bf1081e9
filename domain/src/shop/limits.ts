import { MESSAGES } from '../messages.ts';

// The shop's limits and order states without its schemas: pages that only show or count (the cart in
// the header) need these, and importing them from here keeps the schema library off the first load.

/** Spec 000 §5 "Product", "Checkout", §9 (page sizes, price digits). */
export const SHOP_LIMITS = {
  nameMin: 2,
  nameMax: 50,
  descriptionMin: 2,
  descriptionMax: 200,
  /**
   * The price's dollars, 1-10 digits (spec), then cents if any; beyond $100,000 a 32-bit cent column would
   * overflow. `priceTextMax`: the most a price field holds (ten digits, a point and two decimals).
   */
  priceDigitsMax: 10,
  priceTextMax: 13,
  priceMaxDollars: 100_000,
  /** A line's quantity; an order's lines; an order's total in dollars. */
  quantityMax: 99,
  linesMax: 50,
  orderMaxDollars: 1_000_000,
  email: 160,
  phoneMin: 10,
  phoneMax: 15,
  billingField: 100,
  transactionIdMax: 100,
  /** Page sizes of the shop, My Orders, My Sales and My Products (spec 000 §9). */
  pageSizes: [10, 20, 30, 40] as const,
  defaultPageSize: 10,
  searchMax: 100,
} as const;

/**
 * Order states: 'Awaiting Payment' → 'Paid' (the admin, after checking the
 * transaction id) → 'Shipped' (each vendor for their lines; the order when every line has) →
 * 'Delivered' (the buyer or the admin); or 'Cancelled' (the buyer while unpaid; the admin).
 */
export const ORDER_STATUSES = [
  MESSAGES.orderStatus.awaitingPayment,
  MESSAGES.orderStatus.paid,
  MESSAGES.orderStatus.shipped,
  MESSAGES.orderStatus.delivered,
  MESSAGES.orderStatus.cancelled,
] as const;
export type TOrderStatus = (typeof ORDER_STATUSES)[number];
