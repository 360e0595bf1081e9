import { SHOP_LIMITS } from '@app/domain';
import { shownProduct } from '../../access/index.ts';
import type { FieldDef } from '../../http/strapi/resource.ts';
import { defineResource, timestamps } from '../../http/strapi/resource.ts';
import { fileResource } from '../media/index.ts';

/**
 * The store as the REST layer sees it (docs/api.md "Shop"): products, and the seed client's carts.
 * The seller and a cart's owner show their username only (never e-mail or phone).
 */
const unsorted: FieldDef = { type: 'string', sortable: false };

/** An account as the store shows it: the username, of active accounts only. */
export const shopUserResource = defineResource({
  name: 'shopUser',
  table: 'users',
  fields: { username: { type: 'string' } },
  maxPageSize: 100,
  publicScope: (eb, a) => eb(eb.ref(`${a}.is_active`), '=', 1),
});

/**
 * `archived` is read from `archived_at` (a time, or null) and shown as a boolean; it is neither
 * filtered nor sorted on (the scopes decide who sees archived products: the admin only).
 */
const archivedFlag = (attributes: Record<string, unknown>) =>
  'archived' in attributes ? { ...attributes, archived: attributes.archived !== null } : attributes;

/** A seller's product; the price in dollars (cents in the database). Newest first. */
export const productResource = defineResource({
  name: 'product',
  table: 'products',
  fields: {
    name: { type: 'string' },
    description: unsorted,
    price: { type: 'money' },
    archived: { type: 'datetime', column: 'archived_at', filterable: false, sortable: false },
    ...timestamps,
  },
  relations: {
    picture: { kind: 'belongsTo', target: () => fileResource, column: 'picture_id' },
    user: { kind: 'belongsTo', target: () => shopUserResource, column: 'user_id' },
  },
  maxPageSize: 100,
  defaultPageSize: SHOP_LIMITS.defaultPageSize,
  defaultSort: [{ field: 'id', direction: 'desc' }],
  // Reached through a relation (a cart's product) only products on sale appear.
  publicScope: shownProduct,
  present: archivedFlag,
});

/** The wishlist's pages: the product's shape, pages of 10 by default and at most 40. */
export const wishlistProductResource = defineResource({
  ...productResource,
  name: 'wishlistProduct',
  maxPageSize: Math.max(...SHOP_LIMITS.pageSizes),
  defaultPageSize: SHOP_LIMITS.defaultPageSize,
});

/**
 * The seed client's server-side cart record: `price` is quantity × the product's unit price when it
 * was added (cents in the database, dollars here), kept current when the seller changes the price.
 */
export const cartResource = defineResource({
  name: 'cart',
  table: 'carts',
  fields: {
    quantity: { type: 'integer' },
    price: { type: 'money' },
    ...timestamps,
  },
  relations: {
    product: { kind: 'belongsTo', target: () => productResource, column: 'product_id' },
    user: { kind: 'belongsTo', target: () => shopUserResource, column: 'user_id' },
  },
  maxPageSize: 100,
  defaultPageSize: 25,
  defaultSort: [{ field: 'id', direction: 'desc' }],
});
