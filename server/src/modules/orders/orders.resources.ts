import { SHOP_LIMITS } from '@app/domain';
import type { FieldDef } from '../../http/strapi/resource.ts';
import { defineResource, timestamps } from '../../http/strapi/resource.ts';
import { fileResource } from '../media/index.ts';

/**
 * Orders, their lines (the API's order-lists) and checkout details (the API's oder-details, the
 * spec's spelling) as the REST layer sees them (docs/api.md "Orders"). Money in cents in the database,
 * dollars here. Every top-level read is scoped by the caller (access/rules.ts `order.read`,
 * `orderLine.read`, `orderDetail.read`); the relations below are reached only from a record already
 * in the caller's scope, so they carry no public scope of their own, and the ones a seller reaches
 * from a line (the order, the product) name no relation onward: no path leads from a line to the
 * buyer's checkout details or to another seller's lines.
 */
const text: FieldDef = { type: 'string' };
const unsorted: FieldDef = { type: 'string', sortable: false };

/** An account as an order shows it (the buyer to themselves, the seller): the username only. */
export const orderUserResource = defineResource({
  name: 'orderUser',
  table: 'users',
  fields: { username: text },
  maxPageSize: 100,
});

/**
 * The buyer as a line shows them, also to the seller: the id only. The buyer's username is theirs to
 * sign in with, not the seller's to read; the shipping name comes with the paid checkout details.
 */
export const lineBuyerResource = defineResource({
  name: 'lineBuyer',
  table: 'users',
  fields: {},
  maxPageSize: 100,
});

/**
 * The product of a line: shown even when archived (the order keeps it), null once deleted. No shop
 * scope: a line names what was bought whatever the shop shows today.
 */
export const orderProductResource = defineResource({
  name: 'orderProduct',
  table: 'products',
  fields: {
    name: text,
    description: unsorted,
    price: { type: 'money' },
  },
  relations: {
    picture: { kind: 'belongsTo', target: () => fileResource, column: 'picture_id' },
  },
  maxPageSize: 100,
});

/** An order as its line shows it: its state only (a seller reads lines; no relation leads further). */
export const lineOrderResource = defineResource({
  name: 'lineOrder',
  table: 'orders',
  fields: {
    status: text,
    paid: { type: 'boolean' },
    payment_status: text,
    ...timestamps,
  },
  maxPageSize: 100,
});

/** One product of an order: name, picture and unit price copied when ordered; its own state. */
export const orderLineResource = defineResource({
  name: 'orderList',
  table: 'order_lines',
  fields: {
    product_name: text,
    price: { type: 'money' },
    /** The spec's spelling (spec 000 §3 "Order line"); `quantity` carries the same number. */
    quantiy: { type: 'integer', column: 'quantity' },
    quantity: { type: 'integer' },
    total: { type: 'money' },
    status: text,
    shipped_at: { type: 'datetime' },
    ...timestamps,
  },
  relations: {
    order: { kind: 'belongsTo', target: () => lineOrderResource, column: 'order_id' },
    product: { kind: 'belongsTo', target: () => orderProductResource, column: 'product_id' },
    picture: { kind: 'belongsTo', target: () => fileResource, column: 'picture_id' },
    user: { kind: 'belongsTo', target: () => lineBuyerResource, column: 'user_id' },
    vendor: { kind: 'belongsTo', target: () => orderUserResource, column: 'seller_id' },
  },
  maxPageSize: 100,
  defaultPageSize: 25,
  defaultSort: [{ field: 'id', direction: 'desc' }],
});

/** The order's money and state, without relations (an order's checkout details name it). */
const ORDER_FIELDS = {
  status: text,
  paid: { type: 'boolean' },
  payment_status: text,
  transaction_id: unsorted,
  subtotal: { type: 'money' },
  processing_fee: { type: 'money' },
  tax: { type: 'money' },
  shipping: { type: 'money' },
  /** The total the buyer pays. */
  amount: { type: 'money' },
  reviewed_at: { type: 'datetime' },
  ...timestamps,
} satisfies Record<string, FieldDef>;

/** The order of a checkout form. */
export const detailOrderResource = defineResource({
  name: 'detailOrder',
  table: 'orders',
  fields: ORDER_FIELDS,
  maxPageSize: 100,
});

/** An order's checkout form (spec 000 §3 "Checkout details"): the buyer's shipping address. */
export const orderDetailResource = defineResource({
  name: 'oderDetail',
  table: 'order_details',
  fields: {
    first_name: text,
    last_name: text,
    email_address: text,
    phone: unsorted,
    country: text,
    address: unsorted,
    town: text,
    postcode: text,
    transaction_id: unsorted,
    ...timestamps,
  },
  relations: {
    order: { kind: 'belongsTo', target: () => detailOrderResource, column: 'order_id' },
  },
  maxPageSize: 100,
  defaultPageSize: 25,
  defaultSort: [{ field: 'id', direction: 'desc' }],
});

/** A change of an order's (or one line's) state, and when (who is kept for the admin's records). */
export const orderEventResource = defineResource({
  name: 'orderEvent',
  table: 'order_events',
  fields: {
    status: text,
    order_line: { type: 'integer', column: 'order_line_id' },
    createdAt: { type: 'datetime', column: 'created_at' },
  },
  maxPageSize: 100,
  defaultSort: [{ field: 'id', direction: 'asc' }],
});

/**
 * A buyer's order, newest first. `oder_detail` is one record: it is read as a to-many relation (the
 * details name their order) and answered as one (`{ data: item | null }`, see `oneDetail`).
 */
export const orderResource = defineResource({
  name: 'order',
  table: 'orders',
  fields: ORDER_FIELDS,
  relations: {
    user: { kind: 'belongsTo', target: () => orderUserResource, column: 'user_id' },
    order_lists: { kind: 'hasMany', target: () => orderLineResource, foreignKey: 'order_id' },
    oder_detail: { kind: 'hasMany', target: () => orderDetailResource, foreignKey: 'order_id' },
    order_events: { kind: 'hasMany', target: () => orderEventResource, foreignKey: 'order_id' },
  },
  maxPageSize: 100,
  defaultPageSize: SHOP_LIMITS.defaultPageSize,
  defaultSort: [{ field: 'id', direction: 'desc' }],
});
