import { sql, type Kysely, type Transaction, type Updateable } from 'kysely';
import { shownProduct, type EB } from '../../access/index.ts';
import { engineOf, nowIso } from '../../db/dialect.ts';
import { lockRow } from '../../db/locks.ts';
import { insertRow } from '../../db/rows.ts';
import type { DB, ProductsTable } from '../../db/schema.ts';
import { bytewise } from '../../http/strapi/filter-sql.ts';

/** SQL of the shop area: products, wishlist items and the seed client's cart records. */

type Db = Kysely<DB> | Transaction<DB>;

export type ProductChanges = Omit<Updateable<ProductsTable>, 'id' | 'created_at' | 'updated_at'>;

/** The product's owner, unit price (cents) and picture when it is on sale (`shownProduct`). */
export async function findProductOnSale(
  db: Db,
  id: number,
): Promise<{ id: number; user_id: number; price: number; picture_id: number | null } | undefined> {
  const row = await db
    .selectFrom('products as p')
    .select(['p.id', 'p.user_id', 'p.price', 'p.picture_id'])
    .where('p.id', '=', id)
    .where((eb) => shownProduct(eb as unknown as EB, 'p'))
    .executeTakeFirst();
  return row
    ? {
        id: Number(row.id),
        user_id: Number(row.user_id),
        price: Number(row.price),
        picture_id: row.picture_id === null ? null : Number(row.picture_id),
      }
    : undefined;
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
): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
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
    return true;
  });
}

/**
 * Deletes a product, or archives it when an order line names it (its wishlist and cart rows go; the
 * lines keep it). The product's row is locked first, so an order line committed meanwhile is seen.
 * Answers what happened, or 'missing'.
 */
export async function deleteOrArchiveProduct(
  db: Kysely<DB>,
  id: number,
): Promise<'deleted' | 'archived' | 'missing'> {
  return db.transaction().execute(async (trx) => {
    if (!(await lockRow(trx, 'products', id))) return 'missing';
    const ordered = await trx
      .selectFrom('order_lines')
      .select('id')
      .where('product_id', '=', id)
      .limit(1)
      .executeTakeFirst();
    if (!ordered) {
      await trx.deleteFrom('products').where('id', '=', id).execute();
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
    return 'archived';
  });
}

/** Vendors with at least one product on sale, with how many, by username. */
export async function listVendorsOnSale(
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
