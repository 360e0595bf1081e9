import { expect } from 'vitest';
import { nowIso } from '../src/db/dialect.ts';
import { callAs, type Method } from './directory-helpers.ts';
import type { TestContext, TestUser } from './helpers.ts';
import { uploadImage } from './upload-helpers.ts';

/** Factories and calls of the shop tests (shop.test.ts, shop-demo.test.ts). */

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Json = any;

export function shopApi(ctx: TestContext) {
  const db = ctx.database.db;
  const call = (method: Method, url: string, opts: { user?: TestUser | null; body?: unknown } = {}) =>
    callAs(ctx, method, url, opts);
  const ok = async (method: Method, url: string, opts: { user?: TestUser | null; body?: unknown } = {}) => {
    const res = await call(method, url, opts);
    expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(200);
    return res.json() as Json;
  };

  let seq = 0;
  /** A valid product body of `vendor`: a picture they uploaded unless given. */
  async function productBody(vendor: TestUser, overrides: Record<string, unknown> = {}) {
    return {
      data: {
        name: `Scented Candle ${++seq}`,
        description: 'A small scented candle.',
        price: '12',
        picture: await uploadImage(ctx, vendor),
        ...overrides,
      },
    };
  }

  /** A new product of `vendor` through the API; answers its id. */
  async function newProduct(vendor: TestUser, overrides: Record<string, unknown> = {}): Promise<number> {
    return (await ok('POST', '/api/products', { user: vendor, body: await productBody(vendor, overrides) }))
      .data.id;
  }

  /**
   * An order of `buyer` with one line naming `productId` (written straight to the database: the
   * orders area writes them through checkout). Answers the line's id.
   */
  async function orderLineFor(buyer: TestUser, productId: number, quantity = 1): Promise<number> {
    const product = await db
      .selectFrom('products')
      .select(['name', 'price', 'picture_id', 'user_id'])
      .where('id', '=', productId)
      .executeTakeFirstOrThrow();
    const now = nowIso();
    const order = await db
      .insertInto('orders')
      .values({ user_id: buyer.id, created_at: now, updated_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    const line = await db
      .insertInto('order_lines')
      .values({
        order_id: Number(order.id),
        user_id: buyer.id,
        product_id: productId,
        vendor_id: product.user_id,
        product_name: product.name,
        picture_id: product.picture_id,
        price: product.price,
        quantity,
        total: product.price * quantity,
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return Number(line.id);
  }

  /** The ids a listing answers (as `user`, or anonymously). */
  async function listed(url: string, user: TestUser | null = null): Promise<number[]> {
    return ((await ok('GET', url, { user })).data as { id: number }[]).map((i) => i.id);
  }

  return { call, ok, productBody, newProduct, orderLineFor, listed };
}
