import { MESSAGES, ZCartRequest, ZProductRequest, ZProductUpdate, ZWishlistRequest } from '@app/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  accountTypesOnlyWith,
  anyoneEvenWithStaleToken,
  ownerOrAdmin,
  signedIn,
  withAccess,
} from '../../access/index.ts';
import type { AppContext } from '../../context.ts';
import { idParam } from '../../http/query.ts';
import { registerScopedReadRoutes } from '../../http/read-routes.ts';
import { itemResponse } from '../../http/responses.ts';
import {
  cartReads,
  createCart,
  createProduct,
  deleteCart,
  deleteProduct,
  listShopSellers,
  listWishlist,
  productReads,
  removeFromWishlist,
  saveToWishlist,
  updateProduct,
  wishlistIds,
  type ShopContext,
} from './shop.service.ts';

type Query = Record<string, unknown>;

/**
 * Products (`/api/products`), the wishlist (`/api/wishlist`) and the seed client's carts
 * (`/api/carts`); docs/api.md "Shop". Sellers sell; anyone browses; shoppers save
 * products and (hobbyists) keep server-side cart records.
 */
export async function shopRoutes(instance: FastifyInstance, { db, storage }: AppContext) {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const p: ShopContext = { db, storage };
  const tags = ['shop'];
  // Public reads: a stale token left in the browser must not break the shop.
  const read = withAccess(anyoneEvenWithStaleToken, { schema: { tags } });
  const own = withAccess(signedIn, { schema: { tags } });

  // Products. The static path is registered before `/:id` (the router prefers it anyway).
  app.get('/api/products/vendors', read, async (req) => listShopSellers(p, req.query as Query));
  registerScopedReadRoutes(app, db, '/api/products', productReads(), read);
  app.post(
    '/api/products',
    withAccess(accountTypesOnlyWith(MESSAGES.shopErrors.sellersOnly, 'Vender'), {
      schema: { tags, body: z.object({ data: ZProductRequest }) },
    }),
    async (req) => itemResponse(await createProduct(p, req.actor!, req.body.data)),
  );
  app.put(
    '/api/products/:id',
    withAccess(ownerOrAdmin, { schema: { tags, body: z.object({ data: ZProductUpdate }) } }),
    async (req) => itemResponse(await updateProduct(p, req.actor!, idParam(req), req.body.data)),
  );
  app.delete('/api/products/:id', withAccess(ownerOrAdmin, { schema: { tags } }), async (req) =>
    itemResponse(await deleteProduct(p, req.actor!, idParam(req))),
  );

  // The wishlist: any signed-in account, its own only.
  app.get('/api/wishlist', own, async (req) => listWishlist(p, req.actor!, req.query as Query));
  app.get('/api/wishlist/ids', own, async (req) => wishlistIds(p, req.actor!, req.query as Query));
  app.post(
    '/api/wishlist',
    withAccess(signedIn, {
      config: { notAudited: "one's own wishlist" },
      schema: { tags, body: z.object({ data: ZWishlistRequest }) },
    }),
    async (req) => saveToWishlist(p, req.actor!, req.body.data),
  );
  app.delete(
    '/api/wishlist/:id',
    withAccess(signedIn, {
      config: { notAudited: "one's own wishlist (the id is a product's)" },
      schema: { tags },
    }),
    async (req) => removeFromWishlist(p, req.actor!, idParam(req)),
  );

  // Carts: one's own (the admin's all); hobbyists add.
  registerScopedReadRoutes(app, db, '/api/carts', cartReads(), own);
  app.post(
    '/api/carts',
    withAccess(accountTypesOnlyWith(MESSAGES.shopErrors.cartHobbyistsOnly, 'Hobbyist'), {
      schema: { tags, body: z.object({ data: ZCartRequest }) },
    }),
    async (req) => itemResponse(await createCart(p, req.actor!, req.body.data)),
  );
  app.delete('/api/carts/:id', withAccess(ownerOrAdmin, { schema: { tags } }), async (req) =>
    itemResponse(await deleteCart(p, req.actor!, idParam(req))),
  );
}
