/** The store's products, the wishlist and the seed client's carts: what other modules may use of this area. */
export { findProductsForSale, lockProductsForSale, type ProductForSale } from './shop.queries.ts';
/** The products on sale for the sitemap. */
export { listProductPages, type PageRecord } from './shop.queries.ts';
/** A deleted account's products (archived when ordered), wishlist and cart. */
export { removeProductsOf } from './shop.service.ts';
