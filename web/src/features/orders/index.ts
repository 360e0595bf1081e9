/** The cart (kept in the browser until checkout) and the quote of an order, for the shop's pages. */
export { fetchQuote } from './api.ts';
export {
  CART_QUANTITY_MAX,
  cartQuantityOf,
  cartTotal,
  decrementCart,
  incrementCart,
  readCart,
  removeFromCart,
  setCartQuantity,
  updateCartPrices,
  useCart,
} from './cart.ts';
export type { CartItem } from './cart.ts';
