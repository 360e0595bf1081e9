/** Checkout, orders, their lines and details, and vendors' sales: what other modules may use of this area. */
export { ordersRoutes } from './orders.routes.ts';
