import { fromCents } from '@app/domain';
import { apiCalls, type TestContext, type TestUser } from './helpers.ts';
import { insertTestOrder } from './orders-helpers.ts';
import { uploadImage } from './upload-helpers.ts';

/** Factories and calls of the shop tests (shop.test.ts, shop-demo.test.ts). */

export type { Json } from './helpers.ts';

export function shopApi(ctx: TestContext) {
  const db = ctx.database.db;
  const { call, ok, listed } = apiCalls(ctx);

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
   * An open order of `buyer` with one line naming `productId` at its price, name and picture (written
   * straight to the database by `insertTestOrder`: the orders area writes them through checkout).
   * Answers the line's id.
   */
  async function orderLineFor(buyer: TestUser, productId: number, quantity = 1): Promise<number> {
    const product = await db
      .selectFrom('products')
      .select(['name', 'price', 'picture_id', 'user_id'])
      .where('id', '=', productId)
      .executeTakeFirstOrThrow();
    const line = {
      product: productId,
      vendor: product.user_id,
      price: fromCents(product.price),
      quantity,
      name: product.name,
      picture: product.picture_id,
    };
    return (await insertTestOrder(db, buyer.id, [line], { details: false })).lines[0]!;
  }

  return { call, ok, productBody, newProduct, orderLineFor, listed };
}
