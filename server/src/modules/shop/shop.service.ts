import {
  MESSAGES,
  toCents,
  type TCartRequest,
  type TProductRequest,
  type TProductUpdate,
  type TWishlistRequest,
} from '@app/domain';
import type { Kysely, Transaction } from 'kysely';
import { requireAccess, requireOwnedFiles, RULES, type FileClaim } from '../../access/index.ts';
import { auditChange, type AuditHooks } from '../../db/audit-log.ts';
import type { DB } from '../../db/schema.ts';
import type { Actor } from '../../http/auth.ts';
import { notFound } from '../../http/errors.ts';
import { getWrittenItem, scopedReads, type ItemQuery, type ScopedReads } from '../../http/items.ts';
import { onlyParams } from '../../http/query.ts';
import { findMany, type Item } from '../../http/strapi/find.ts';
import { parseQuery } from '../../http/strapi/parse.ts';
import { deleteUnusedFiles } from '../media/index.ts';
import {
  deleteCartRow,
  deleteOrArchiveProduct,
  deleteShoppingOf,
  findProductIdsOf,
  findProductPicture,
  insertCart,
  insertProduct,
  listSellersOnSale,
  lockProductsForSale,
  pageWishlist,
  removeWishlistItem,
  saveWishlistItem,
  updateProductRow,
  wishlistProductIds,
  type ProductChanges,
} from './shop.queries.ts';
import { cartResource, productResource, wishlistProductResource } from './shop.resources.ts';
import { pagedList } from '../../http/paging.ts';
import type { Storage } from '../../storage/index.ts';

/** What the shop area's services need: the database and where uploads are stored. */
export interface ShopContext {
  db: Kysely<DB>;
  /** `<DATA_DIR>/uploads`: a replaced or deleted product's picture is removed there. */
  storage: Storage;
}

type Query = Record<string, unknown>;

const E = MESSAGES.shopErrors;
const PRODUCT_NOT_FOUND = RULES['product.read'].missing;

/** A written product as the writer reads it back (`getWrittenItem`): with its picture. */
const WITH_PICTURE: ItemQuery = { populate: { picture: { populate: {} } }, fields: undefined };

// ---------------------------------------------------------------------------------------------
// Products

/**
 * List and get of products: those on sale for anyone, a signed-in account's own (not archived) too,
 * everything for the admin (`product.read`); any other is a 404 `shopErrors.productNotFound`.
 */
export const productReads = (): ScopedReads =>
  scopedReads(productResource, (actor) => RULES['product.read'].see(actor), { missing: PRODUCT_NOT_FOUND });

/**
 * `GET /api/products/vendors`: the vendors with a product on sale (the shop's vendor filter); it takes
 * no parameter.
 */
export async function listShopSellers(p: ShopContext, query: Query) {
  onlyParams(query, []);
  return { data: await listSellersOnSale(p.db) };
}

/** The picture a product names, as a claim on `requireOwnedFiles`: a public image. */
const pictureClaim = (id: number | undefined): FileClaim[] => [
  {
    path: ['data', 'picture'],
    ids: id === undefined ? [] : [id],
    use: 'image',
    message: (fid) => `${E.pictureInvalid} ${fid}`,
    title: (fid) => `data.picture: ${E.pictureInvalid} ${fid}`,
  },
];

/**
 * `POST /api/products` (seller accounts; the route refuses the others): a product of the caller (a
 * sent `user` is ignored) with a public picture they uploaded; the price stored in cents.
 */
export async function createProduct(p: ShopContext, actor: Actor, input: TProductRequest): Promise<Item> {
  await requireOwnedFiles(p.db, [actor.id], pictureClaim(input.picture));
  const id = await insertProduct(p.db, {
    name: input.name,
    description: input.description,
    price: toCents(input.price),
    picture_id: input.picture!,
    user_id: actor.id,
  });
  return getWrittenItem(p.db, productResource, id, WITH_PICTURE);
}

/** An admin's change to a seller's product, for the audit log; none for the seller's own. */
const productAudit = (actor: Actor, action: string, id: number) =>
  auditChange(actor, action, `product:${id}`, 'products', id);

/**
 * `PUT /api/products/:id`: the owner or the admin (others: 403 when they see it, 404 when not). A
 * new picture must be the product's owner's; the old one is deleted unless something still uses it
 * (an order line keeps its copy). Orders keep the prices their lines copied.
 */
export async function updateProduct(
  p: ShopContext,
  actor: Actor,
  id: number,
  input: TProductUpdate,
): Promise<Item> {
  const [row] = await requireAccess(p.db, actor, 'product.update', [id], ['user_id', 'picture_id']);
  const oldPicture = row!.picture_id === null ? null : Number(row!.picture_id);
  await requireOwnedFiles(p.db, [Number(row!.user_id)], pictureClaim(input.picture));
  const changes: ProductChanges = {};
  if (input.name !== undefined) changes.name = input.name;
  if (input.description !== undefined) changes.description = input.description;
  if (input.price !== undefined) changes.price = toCents(input.price);
  if (input.picture !== undefined) changes.picture_id = input.picture;
  const audit = productAudit(actor, 'product.update', id);
  if (!(await updateProductRow(p.db, id, changes, audit))) throw notFound(PRODUCT_NOT_FOUND);
  if (input.picture !== undefined && oldPicture !== null && oldPicture !== input.picture) {
    await deleteUnusedFiles(p.db, p.storage, [oldPicture]);
  }
  return getWrittenItem(p.db, productResource, id, WITH_PICTURE);
}

/**
 * `DELETE /api/products/:id`: the owner or the admin. A product an order line names is archived
 * (gone from the shop, My Products and wishlists; its cart records removed); any other is deleted
 * with its picture. Answers the product (`archived: true` when archived).
 */
export async function deleteProduct(p: ShopContext, actor: Actor, id: number): Promise<Item> {
  await requireAccess(p.db, actor, 'product.update', [id]);
  const before = await getWrittenItem(p.db, productResource, id, WITH_PICTURE);
  const outcome = await removeProduct(p.db, p.storage, id, productAudit(actor, 'product.delete', id));
  if (outcome === 'missing') throw notFound(PRODUCT_NOT_FOUND);
  if (outcome === 'archived') return getWrittenItem(p.db, productResource, id, WITH_PICTURE);
  return before;
}

/** Deletes a product with its picture, or archives it when an order line names it. */
async function removeProduct(
  db: Kysely<DB>,
  storage: Storage,
  id: number,
  audit?: AuditHooks,
): Promise<'deleted' | 'archived' | 'missing'> {
  const picture = await findProductPicture(db, id);
  const outcome = await deleteOrArchiveProduct(db, id, audit);
  if (outcome === 'deleted' && picture !== null) await deleteUnusedFiles(db, storage, [picture]);
  return outcome;
}

/**
 * A deleted account's products: each deleted with its picture, or archived when an order names it (the
 * buyer's and the books' record); its wishlist and cart go. Answers how many products it had.
 */
export async function removeProductsOf(db: Kysely<DB>, storage: Storage, userId: number): Promise<number> {
  const ids = await findProductIdsOf(db, userId);
  for (const id of ids) await removeProduct(db, storage, id);
  await deleteShoppingOf(db, userId);
  return ids.length;
}

// ---------------------------------------------------------------------------------------------
// Wishlist

/**
 * The product, which must be on sale (a 404 otherwise), read inside the write's transaction with
 * `lockProductsForSale`: a delete, archive or price change of it waits for the write, or has
 * committed and is seen.
 */
async function requireOnSale(trx: Transaction<DB>, productId: number) {
  const product = (await lockProductsForSale(trx, [productId])).get(productId);
  if (!product?.onSale) throw notFound(PRODUCT_NOT_FOUND);
  return product;
}

/**
 * `GET /api/wishlist`: the caller's saved products that are on sale, newest saved first, in the
 * product list's shape with the picture and seller; pages of 10 by default, at most 40.
 */
export async function listWishlist(p: ShopContext, actor: Actor, query: Query) {
  onlyParams(query, ['pagination']);
  const q = parseQuery(wishlistProductResource, query);
  const { ids, total } = await pageWishlist(p.db, actor.id, { limit: q.pageSize, offset: q.offset });
  let items: Item[] = [];
  if (ids.length) {
    const found = await findMany(
      p.db,
      productResource,
      {
        populate: { picture: { populate: {} }, user: { populate: {} } },
        sort: [],
        page: 1,
        pageSize: ids.length,
        offset: 0,
        withCount: false,
      },
      { scope: (eb, a) => eb(eb.ref(`${a}.id`), 'in', ids) },
    );
    const byId = new Map(found.data.map((item) => [item.id, item]));
    items = ids.map((id) => byId.get(id)).filter((item): item is Item => item !== undefined);
  }
  return pagedList(items, q, total);
}

/** `GET /api/wishlist/ids`: the ids of the caller's saved products on sale; it takes no parameter. */
export async function wishlistIds(p: ShopContext, actor: Actor, query: Query) {
  onlyParams(query, []);
  return { data: await wishlistProductIds(p.db, actor.id) };
}

/** `POST /api/wishlist`: saves a product on sale (twice is once); 404 for one not on sale. */
export async function saveToWishlist(p: ShopContext, actor: Actor, input: TWishlistRequest) {
  await p.db.transaction().execute(async (trx) => {
    await requireOnSale(trx, input.product);
    await saveWishlistItem(trx, actor.id, input.product);
  });
  return { data: { product: input.product, saved: true } };
}

/** `DELETE /api/wishlist/:id` (a product id): forgets it if saved; a 200 either way. */
export async function removeFromWishlist(p: ShopContext, actor: Actor, productId: number) {
  await removeWishlistItem(p.db, actor.id, productId);
  return { data: { product: productId, saved: false } };
}

// ---------------------------------------------------------------------------------------------
// Carts (the seed client's server-side records; the web keeps its cart in the browser)

/** A written cart record as the writer reads it back (`getWrittenItem`): with its product. */
const WITH_PRODUCT: ItemQuery = { populate: { product: { populate: {} } }, fields: undefined };

/** List and get of cart records: one's own; the admin all (another's is a 404). */
export const cartReads = (): ScopedReads =>
  scopedReads(cartResource, (actor) => RULES['cart.read'].see(actor), {
    missing: RULES['cart.read'].missing,
  });

/**
 * `POST /api/carts` (hobbyist accounts; the route refuses the others): a cart record of the caller
 * for a product on sale; the price is the server's, quantity × the unit price (a sent price or user
 * is ignored).
 */
export async function createCart(p: ShopContext, actor: Actor, input: TCartRequest): Promise<Item> {
  const id = await p.db.transaction().execute(async (trx) => {
    const product = await requireOnSale(trx, input.product);
    return insertCart(trx, {
      user_id: actor.id,
      product_id: input.product,
      quantity: input.quantity,
      price: product.price * input.quantity,
    });
  });
  return getWrittenItem(p.db, cartResource, id, WITH_PRODUCT);
}

/** `DELETE /api/carts/:id`: one's own (the admin any); answers the record as it was. */
export async function deleteCart(p: ShopContext, actor: Actor, id: number): Promise<Item> {
  await requireAccess(p.db, actor, 'cart.update', [id]);
  const item = await getWrittenItem(p.db, cartResource, id, WITH_PRODUCT);
  const audit = auditChange(actor, 'cart.delete', `cart:${id}`, 'carts', id);
  await p.db.transaction().execute(async (trx) => {
    await audit?.before(trx);
    await deleteCartRow(trx, id);
    await audit?.after(trx);
  });
  return item;
}
