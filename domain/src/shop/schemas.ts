import { z } from 'zod';
import { transactionIdText } from '../billing/transaction-id.ts';
import { ZId } from '../ids.ts';
import { ZEmailAddress } from '../accounts/schemas.ts';
import { countryField } from '../country-schema.ts';
import { MESSAGES } from '../messages.ts';
import { isWholeCents, roundCents, toCents } from '../money.ts';
import { ORDER_STATUSES, SHOP_LIMITS } from './limits.ts';

const P = MESSAGES.productForm;
const C = MESSAGES.checkout;
const V = MESSAGES.validation;
const E = MESSAGES.shopErrors;

const required = (message: string) => z.string({ error: message }).trim().min(1, message);

/**
 * The price as typed: dollars of 1-10 digits, and cents if any (`12.50`, `12.5`; decision 0035: the
 * spec's digits only refused them), at least one cent, capped so its cents fit the database ('Invalid
 * price' otherwise). One message a price: the first rule it breaks.
 */
export const ZPriceText = z
  .string({ error: P.priceRequired })
  .trim()
  .min(1, { error: P.priceRequired, abort: true })
  .regex(new RegExp(`^\\d{1,${SHOP_LIMITS.priceDigitsMax}}(\\.\\d{1,2})?$`), {
    error: P.priceInvalid,
    abort: true,
  })
  .refine((s) => toCents(Number(s)) >= 1, { error: P.priceInvalid, abort: true })
  .refine((s) => Number(s) <= SHOP_LIMITS.priceMaxDollars, E.priceTooHigh);

/**
 * The API's price in dollars: `ZPriceText`, also given as a number (the seed client sent either). A
 * number in whole cents is read to the cent (`0.1 + 0.2` is 0.3); a fraction of a cent is refused.
 */
export const ZPrice = z
  .union([z.string(), z.number()], { error: P.priceRequired })
  .transform((v) => (typeof v === 'number' && isWholeCents(v) ? String(roundCents(v)) : String(v)))
  .pipe(ZPriceText)
  .transform(Number);

const productFields = {
  name: required(V.nameRequired).min(SHOP_LIMITS.nameMin, V.tooShort).max(SHOP_LIMITS.nameMax, V.tooLong),
  description: required(P.descriptionRequired)
    .min(SHOP_LIMITS.descriptionMin, V.tooShort)
    .max(SHOP_LIMITS.descriptionMax, V.tooLong),
  price: ZPrice,
};

/**
 * `POST /api/products` `data`: `picture` an uploaded public image of the vendor's ('Please select a
 * image' when missing). A sent `user` is ignored: the owner is the token's account.
 */
export const ZProductRequest = z.object({
  ...productFields,
  picture: ZId.or(z.undefined()).refine((v) => v !== undefined, P.pictureRequired),
});
export type TProductRequest = z.infer<typeof ZProductRequest>;

/** `PUT /api/products/:id` `data`: any of the fields; a new picture replaces the old one. */
export const ZProductUpdate = z.object({ ...productFields, picture: ZId }).partial();
export type TProductUpdate = z.infer<typeof ZProductUpdate>;

/** The web's product form (add and edit details): the price as typed. */
export const ZProductForm = z.object({
  name: productFields.name,
  description: productFields.description,
  price: ZPriceText,
});
export type TProductForm = z.infer<typeof ZProductForm>;

/** One line of a cart sent to the server: a product and a quantity, never a price. */
export const ZCheckoutItem = z.object({
  product: ZId,
  quantity: z
    .number({ error: E.quantityWhole })
    .int(E.quantityWhole)
    .min(1, MESSAGES.productDetails.quantityZero)
    .max(SHOP_LIMITS.quantityMax, E.quantityTooHigh),
});
export type TCheckoutItem = z.infer<typeof ZCheckoutItem>;

const ZItems = z
  .array(ZCheckoutItem, { error: E.emptyOrder })
  .min(1, E.emptyOrder)
  .max(SHOP_LIMITS.linesMax, V.tooLong)
  .refine((items) => new Set(items.map((i) => i.product)).size === items.length, E.duplicateProduct);

/** `POST /api/orders/quote` `data` (anyone): the server's prices and totals for a cart. */
export const ZQuoteRequest = z.object({ items: ZItems });
export type TQuoteRequest = z.infer<typeof ZQuoteRequest>;

/** The checkout form's billing fields (spec 000 §3 "Checkout details", §5 "Checkout"). */
export const ZBillingDetails = z.object({
  first_name: required(C.firstNameRequired).min(2, V.tooShort).max(50, V.tooLong),
  last_name: required(C.lastNameRequired).min(2, V.tooShort).max(50, V.tooLong),
  email_address: required(V.emailRequired).max(SHOP_LIMITS.email, V.emailTooLong).pipe(ZEmailAddress),
  phone: required(C.phoneRequired)
    .regex(/^\d+$/, C.phoneInvalid)
    .min(SHOP_LIMITS.phoneMin, C.phoneInvalid)
    .max(SHOP_LIMITS.phoneMax, C.phoneInvalid),
  /** A country's code or English name ("US", "United States"); kept as the code. */
  country: countryField(C.countryRequired),
  address: required(C.addressRequired).max(SHOP_LIMITS.billingField, V.tooLong),
  town: required(C.townRequired).max(SHOP_LIMITS.billingField, V.tooLong),
  postcode: required(C.postcodeRequired).max(20, V.tooLong),
});
export type TBillingDetails = z.infer<typeof ZBillingDetails>;

const ZTransactionId = transactionIdText(C.transactionIdRequired, V.tooLong, SHOP_LIMITS.transactionIdMax);
/** The API's transaction id: payment apps' ids are often all digits, so a JSON number is read as its text. */
const ZTransactionIdSent = z
  .union([z.string(), z.number()], { error: C.transactionIdRequired })
  .transform(String)
  .pipe(ZTransactionId);

/**
 * `POST /api/orders/checkout` `data`: the whole order in one call. `total` (optional, dollars) is the
 * total the buyer saw and paid: when the server's total differs (a price changed meanwhile) the
 * answer is a 409 and nothing is written. Prices, amounts and owners sent are ignored.
 */
export const ZCheckoutRequest = z.object({
  items: ZItems,
  billing: ZBillingDetails,
  transaction_id: ZTransactionIdSent,
  total: z.number().nonnegative().optional(),
});
export type TCheckoutRequest = z.infer<typeof ZCheckoutRequest>;

/** The web's checkout form: the billing fields and the transaction id, flat. */
export const ZCheckoutForm = ZBillingDetails.extend({ transaction_id: ZTransactionId });
export type TCheckoutForm = z.infer<typeof ZCheckoutForm>;

// The seed client's calls (spec 000 §7), kept working; `user`, `amount`, `price`, `total` and
// `status` they send are ignored (the server's own values are stored).

/** `POST /api/orders` `data`: an empty order 'Awaiting Payment' of the caller. */
export const ZOrderRequest = z.object({}).passthrough();
/** `POST /api/order-lists` `data`: a line on one of the caller's unpaid orders. */
export const ZOrderLineRequest = z
  .object({
    order: ZId,
    product: ZId,
    quantiy: ZCheckoutItem.shape.quantity.optional(),
    quantity: ZCheckoutItem.shape.quantity.optional(),
  })
  .passthrough();
export type TOrderLineRequest = z.infer<typeof ZOrderLineRequest>;
/**
 * `POST /api/oder-details` `data` (the spec's spelling): the checkout form for the caller's newest
 * unpaid order without details, or for `order` when given; registers the transaction id.
 */
export const ZOrderDetailRequest = ZCheckoutForm.extend({
  order: ZId.optional(),
  transaction_id: ZTransactionIdSent,
});
export type TOrderDetailRequest = z.infer<typeof ZOrderDetailRequest>;
/** `POST /api/carts` `data`: a server-side cart record; the price is the server's (quantity × unit). */
export const ZCartRequest = z.object({ product: ZId, quantity: ZCheckoutItem.shape.quantity }).passthrough();
export type TCartRequest = z.infer<typeof ZCartRequest>;

/**
 * `PUT /api/orders/:id` `data`: a status change (the buyer: 'Cancelled' while unpaid, 'Delivered'
 * once shipped; the admin: see `orderTransitionAllowed`) or the admin's payment check
 * (`payment_status` 'verified' = 'Paid', 'rejected' = 'Cancelled').
 */
export const ZOrderUpdate = z
  .object({
    status: z.enum(ORDER_STATUSES),
    payment_status: z.enum(['verified', 'rejected']),
  })
  .partial()
  .refine((d) => d.status !== undefined || d.payment_status !== undefined, E.notAllowedStatus);
export type TOrderUpdate = z.infer<typeof ZOrderUpdate>;

/** `PUT /api/order-lists/:id` `data`: the vendor marks their line 'Shipped' (the admin may too). */
export const ZOrderLineUpdate = z.object({ status: z.enum(ORDER_STATUSES) });
export type TOrderLineUpdate = z.infer<typeof ZOrderLineUpdate>;

/** `POST /api/wishlist` `data`. */
export const ZWishlistRequest = z.object({ product: ZId });
export type TWishlistRequest = z.infer<typeof ZWishlistRequest>;

/** The shop's query in the URL (`/products?q=&vendor=&page=&pageSize=`). */
export interface TShopQuery {
  q: string;
  vendor: number | null;
  page: number;
  pageSize: number;
}
