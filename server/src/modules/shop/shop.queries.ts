import { sql, type Kysely, type Transaction, type Updateable } from 'kysely';
import { shownProduct, type EB } from '../../access/index.ts';
import type { AuditHooks } from '../../db/audit-log.ts';
import { engineOf, nowIso } from '../../db/dialect.ts';
import { forShareOnPostgres, lockRow } from '../../db/locks.ts';
import { deleteById, insertRow } from '../../db/rows.ts';
import type { DB, ProductsTable } from '../../db/schema.ts';
import { bytewise } from '../../http/strapi/filter-sql.ts';

/** SQL of the shop area: products, wishlist items and the seed client's cart records. */

type Db = Kysely<DB> | Transaction<DB>;

export type ProductChanges = Omit<Updateable<ProductsTable>, 'id' | 'created_at' | 'updated_at'>;

/** A product as an order (or a cart record, a wishlist save) needs it, and whether it is on sale now. */
export interface ProductForSale {
  id: number;
  name: string;
  /** The unit price in cents. */
  price: number;
  picture_id: number | null;
  /** The seller. */
  user_id: number;
  /** Not archived, sold by a seller account that is not blocked (`shownProduct`). */
  onSale: boolean;
}

/** The products with these ids, each with whether it is on sale, as one statement. */
const productsForSaleQuery = (db: Db, ids: readonly number[]) =>
  db
    .selectFrom('products as p')
    .select((eb) => [
      'p.id',
      'p.name',
      'p.price',
      'p.picture_id',
      'p.user_id',
      eb
        .case()
        .when(shownProduct(eb as unknown as EB, 'p'))
        .then(sql<number>`1`)
        .else(sql<number>`0`)
        .end()
        .as('on_sale'),
    ])
    .where('p.id', 'in', [...ids]);

async function productsForSale(
  q: ReturnType<typeof productsForSaleQuery>,
): Promise<Map<number, ProductForSale>> {
  const rows = await q.execute();
  return new Map(
    rows.map((r) => [
      Number(r.id),
      {
        id: Number(r.id),
        name: r.name,
        price: Number(r.price),
        picture_id: r.picture_id === null ? null : Number(r.picture_id),
        user_id: Number(r.user_id),
        onSale: Number(r.on_sale) === 1,
      },
    ]),
  );
}

/**
 * The products with these ids (those that exist), each with whether it is on sale: not archived,
 * sold by a seller account that is not blocked. One statement, so every price is read at one moment.
 * For reads (the quote); a write relying on what it reads uses `lockProductsForSale`.
 */
export async function findProductsForSale(db: Db, ids: readonly number[]) {
  return ids.length ? productsForSale(productsForSaleQuery(db, ids)) : new Map<number, ProductForSale>();
}

/**
 * As `findProductsForSale`, inside a write's transaction that copies or relies on the products
 * (checkout, an order line, a cart record, a wishlist save): the rows are read `FOR SHARE` on
 * PostgreSQL (`forShareOnPostgres`), so a delete, archive or price change of one of them
 * (`deleteOrArchiveProduct` locks the row, `updateProductRow` updates it) waits until the write has
 * committed and then sees its rows, or has committed first and is seen: a product deleted meanwhile is
 * missing, one archived meanwhile is not on sale, a new price is read.
 */
export async function lockProductsForSale(trx: Transaction<DB>, ids: readonly number[]) {
  if (!ids.length) return new Map<number, ProductForSale>();
  return productsForSale(forShareOnPostgres(trx, productsForSaleQuery(trx, ids), 'p'));
}

export const insertProduct = (
  db: Kysely<DB>,
  values: { name: string; description: string; price: number; picture_id: number; user_id: number },
) => insertRow(db, 'products', { ...values, archived_at: null });

/**
 * Changes a product; a new price is carried into its cart records (quantity × unit price) in the
 * same transaction. Orders keep the price their lines copied. True when the product exists.
 */
export async function updateProductRow(
  db: Kysely<DB>,
  id: number,
  changes: ProductChanges,
  /** An admin's edit: the product before and after, recorded in this transaction. */
  audit?: AuditHooks,
): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    await audit?.before(trx);
    const result = await trx
      .updateTable('products')
      .set({ ...changes, updated_at: nowIso() })
      .where('id', '=', id)
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) === 0) return false;
    if (changes.price !== undefined) {
      await trx
        .updateTable('carts')
        .set({ price: sql<number>`quantity * ${changes.price}`, updated_at: nowIso() })
        .where('product_id', '=', id)
        .execute();
    }
    await audit?.after(trx);
    return true;
  });
}

/**
 * Deletes a product, or archives it when an order line names it (its wishlist and cart rows go; the
 * lines keep it). The product's row is locked first: a checkout (or a line, cart record or wishlist
 * save) reading it `FOR SHARE` (`lockProductsForSale`) is waited for and its line seen, and one that
 * comes after waits for this and finds the product gone or archived. Answers what happened, or
 * 'missing'.
 */
/** The ids of an account's products, archived ones too. */
export async function findProductIdsOf(db: Db, userId: number): Promise<number[]> {
  const rows = await db.selectFrom('products').select('id').where('user_id', '=', userId).execute();
  return rows.map((r) => Number(r.id));
}

/** A product's picture file, or null. */
export async function findProductPicture(db: Db, id: number): Promise<number | null> {
  const row = await db.selectFrom('products').select('picture_id').where('id', '=', id).executeTakeFirst();
  return row?.picture_id == null ? null : Number(row.picture_id);
}

/** An account's wishlist and cart records. */
export async function deleteShoppingOf(db: Db, userId: number): Promise<void> {
  await db.deleteFrom('wishlist_items').where('user_id', '=', userId).execute();
  await db.deleteFrom('carts').where('user_id', '=', userId).execute();
}

export async function deleteOrArchiveProduct(
  db: Kysely<DB>,
  id: number,
  /** An admin's delete: the product before (and after, when archived), recorded in this transaction. */
  audit?: AuditHooks,
): Promise<'deleted' | 'archived' | 'missing'> {
  return db.transaction().execute(async (trx) => {
    if (!(await lockRow(trx, 'products', id))) return 'missing';
    await audit?.before(trx);
    const ordered = await trx
      .selectFrom('order_lines')
      .select('id')
      .where('product_id', '=', id)
      .limit(1)
      .executeTakeFirst();
    if (!ordered) {
      await trx.deleteFrom('products').where('id', '=', id).execute();
      await audit?.after(trx);
      return 'deleted';
    }
    const now = nowIso();
    await trx
      .updateTable('products')
      .set({ archived_at: now, updated_at: now })
      .where('id', '=', id)
      .where('archived_at', 'is', null)
      .execute();
    await trx.deleteFrom('wishlist_items').where('product_id', '=', id).execute();
    await trx.deleteFrom('carts').where('product_id', '=', id).execute();
    await audit?.after(trx);
    return 'archived';
  });
}

/** Sellers with at least one product on sale, with how many, by username. */
export async function listSellersOnSale(
  db: Kysely<DB>,
): Promise<{ id: number; username: string; products: number }[]> {
  const rows = await db
    .selectFrom('products as p')
    .innerJoin('users as u', 'u.id', 'p.user_id')
    .select((eb) => ['u.id', 'u.username', eb.fn.countAll().as('n')])
    .where((eb) => shownProduct(eb as unknown as EB, 'p'))
    .groupBy(['u.id', 'u.username'])
    .orderBy(bytewise(engineOf(db as Kysely<unknown>), sql`lower(${sql.ref('u.username')})`) as never)
    .orderBy('u.id')
    .execute();
  return rows.map((r) => ({ id: Number(r.id), username: String(r.username), products: Number(r.n) }));
}

// ---------------------------------------------------------------------------------------------
// Wishlist

/** Saves a product to an account's wishlist; a second save does nothing (the unique key decides). */
export async function saveWishlistItem(db: Db, userId: number, productId: number): Promise<void> {
  await db
    .insertInto('wishlist_items')
    .values({ user_id: userId, product_id: productId, created_at: nowIso() })
    .onConflict((oc) => oc.columns(['user_id', 'product_id']).doNothing())
    .execute();
}

export async function removeWishlistItem(db: Db, userId: number, productId: number): Promise<void> {
  await db
    .deleteFrom('wishlist_items')
    .where('user_id', '=', userId)
    .where('product_id', '=', productId)
    .execute();
}

/** The saved items of an account whose products are on sale, as a query (newest saved first). */
const savedOnSale = (db: Db, userId: number) =>
  db
    .selectFrom('wishlist_items as w')
    .innerJoin('products as p', 'p.id', 'w.product_id')
    .where('w.user_id', '=', userId)
    .where((eb) => shownProduct(eb as unknown as EB, 'p'));

/** One page of an account's saved products on sale (ids, newest saved first) and how many in all. */
export async function pageWishlist(
  db: Db,
  userId: number,
  page: { limit: number; offset: number },
): Promise<{ ids: number[]; total: number }> {
  const [rows, count] = await Promise.all([
    savedOnSale(db, userId)
      .select('w.product_id')
      .orderBy('w.created_at', 'desc')
      .orderBy('w.id', 'desc')
      .limit(page.limit)
      .offset(page.offset)
      .execute(),
    savedOnSale(db, userId)
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow(),
  ]);
  return { ids: rows.map((r) => Number(r.product_id)), total: Number(count.n) };
}

/** Every product id an account saved that is on sale (the hearts on the grid). */
export async function wishlistProductIds(db: Db, userId: number): Promise<number[]> {
  const rows = await savedOnSale(db, userId).select('w.product_id').orderBy('w.product_id').execute();
  return rows.map((r) => Number(r.product_id));
}

// ---------------------------------------------------------------------------------------------
// Carts

export const insertCart = (
  db: Db,
  values: { user_id: number; product_id: number; quantity: number; price: number },
) => insertRow(db, 'carts', values);

export const deleteCartRow = (db: Kysely<DB>, id: number) => deleteById(db, 'carts', id);

/** A public page's record for the sitemap: its id and when it last changed. */
export interface PageRecord {
  id: number;
  updated_at: string;
}

/** The products on sale (`shownProduct`), oldest first: the sitemap's product pages. */
export const listProductPages = (db: Kysely<DB>): Promise<PageRecord[]> =>
  db
    .selectFrom('products as p')
    .select(['p.id', 'p.updated_at'])
    .where((eb) => shownProduct(eb, 'p'))
    .orderBy('p.id')
    .execute();
