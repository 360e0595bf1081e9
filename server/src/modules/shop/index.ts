/** The store's products, the wishlist and the seed client's carts: what other modules may use of this area. */
export { findProductsForSale, lockProductsForSale, type ProductForSale } from './shop.queries.ts';
