import type { TOrderStatus } from '@app/domain';
import type { Generated } from 'kysely';
import type { PaymentStatus } from './billing.ts';

/**
 * The table types of one area, named together in `db/schema.ts`. The shop and its orders: products,
 * wishlists, carts, orders with their lines, details and events.
 */

/** A seller's product. `price` in cents; archived once it has orders and is deleted. */
export interface ProductsTable {
  id: Generated<number>;
  name: string;
  description: string;
  price: number;
  picture_id: number | null;
  user_id: number;
  archived_at: string | null;
  created_at: string;
  updated_at: string;
}

export interface WishlistItemsTable {
  id: Generated<number>;
  user_id: number;
  product_id: number;
  created_at: string;
}

/** The seed client's server-side cart record; `price` = quantity × unit price, cents. */
export interface CartsTable {
  id: Generated<number>;
  user_id: number;
  product_id: number;
  quantity: number;
  price: number;
  created_at: string;
  updated_at: string;
}

/** The order states' texts (`ORDER_STATUSES` in domain: `MESSAGES.orderStatus`). */
export type OrderStatusText = TOrderStatus;

/** A buyer's order; every amount the server's, in cents. */
export interface OrdersTable {
  id: Generated<number>;
  user_id: number;
  status: Generated<OrderStatusText>;
  paid: Generated<number>;
  payment_status: Generated<PaymentStatus>;
  transaction_id: string | null;
  /** `paymentKey(transaction_id)`: the id's confusable skeleton, shared by look-alike ids. */
  transaction_key: string | null;
  subtotal: Generated<number>;
  processing_fee: Generated<number>;
  tax: Generated<number>;
  shipping: Generated<number>;
  amount: Generated<number>;
  reviewed_by: number | null;
  reviewed_at: string | null;
  created_at: string;
  updated_at: string;
}

/** One product of an order (the API's order-lists), with what was ordered copied in. */
export interface OrderLinesTable {
  id: Generated<number>;
  order_id: number;
  user_id: number;
  product_id: number | null;
  seller_id: number | null;
  product_name: string;
  picture_id: number | null;
  price: number;
  quantity: number;
  total: number;
  status: Generated<OrderStatusText>;
  shipped_at: string | null;
  created_at: string;
  updated_at: string;
}

/** An order's checkout form (the API's oder-details), one per order. */
export interface OrderDetailsTable {
  id: Generated<number>;
  order_id: number;
  user_id: number;
  first_name: string;
  last_name: string;
  email_address: string;
  phone: string;
  country: string;
  address: string;
  town: string;
  postcode: string;
  transaction_id: string;
  created_at: string;
  updated_at: string;
}

/** A change of an order's (or one line's) state: who and when. */
export interface OrderEventsTable {
  id: Generated<number>;
  order_id: number;
  order_line_id: number | null;
  status: OrderStatusText;
  actor_id: number | null;
  created_at: string;
}
