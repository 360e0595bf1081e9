/** Checkout, orders, their lines and details, and sellers' sales: what other modules may use of this area. */
/** The demo seed writes its orders as checkout and the payment check do. */
export { insertOrderEvent, insertPlacedOrder, markOrderPaid } from './orders.queries.ts';
