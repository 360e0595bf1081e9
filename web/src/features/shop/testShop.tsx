import type { RouteObject } from 'react-router';
import type { TQuote } from '@app/domain';
import { jsonResponse, renderRoutes } from '../../test/render.tsx';
import { mockApi } from '../../test/api.ts';
import type { ApiCall } from '../../test/api.ts';
import { answerMe, HOBBYIST, PROVIDER_USER, signInAs } from '../../test/testCard.tsx';
import type { CartItem } from '../orders/index.ts';
import type { Product, ProductAttributes } from './api.ts';
import CartPage from './CartPage.tsx';
import ProductDetailsPage from './ProductDetailsPage.tsx';
import ShopPage from './ShopPage.tsx';
import WishlistPage from './WishlistPage.tsx';

export { HOBBYIST, PROVIDER_USER };

export const VENDOR_USER = {
  id: 43,
  username: 'vera',
  first_name: 'Vera',
  last_name: 'Vend',
  user_type: 'Vender',
};

/** A product as `GET /api/products` answers it with `populate=*`. */
export function buildProduct(id: number, overrides: Partial<ProductAttributes> = {}): Product {
  return {
    id,
    attributes: {
      name: `Massage Oil ${id}`,
      description: `A calming oil, bottle ${id}.`,
      price: 10 + id,
      archived: false,
      createdAt: '2026-11-20T10:00:00.000Z',
      updatedAt: '2026-11-20T10:00:00.000Z',
      picture: {
        data: {
          id: 300 + id,
          attributes: {
            url: `/uploads/oil${id}.jpg`,
            name: `oil${id}.jpg`,
            formats: { thumbnail: { url: `/uploads/thumbnail_oil${id}.jpg` } },
          },
        },
      },
      user: { data: { id: 43, attributes: { username: 'vera' } } },
      ...overrides,
    },
  };
}

export function productPage(data: Product[], page = 1, pageCount = 1, total = data.length, pageSize = 10) {
  return jsonResponse({ data, meta: { pagination: { page, pageSize, pageCount, total } } });
}

/** A cart item as the cart stores it. */
export function cartItem(id: number, price: number, quantiy: number, name = `Massage Oil ${id}`): CartItem {
  return {
    id,
    attributes: { price, quantiy, product: { name, picture: `/uploads/thumbnail_oil${id}.jpg` } },
  };
}

export function storeCart(items: CartItem[]) {
  window.localStorage.setItem('cart', JSON.stringify(items));
}

export function storedCart(): CartItem[] {
  return JSON.parse(window.localStorage.getItem('cart') ?? '[]') as CartItem[];
}

/** The server's quote of `lines` (product, price or null when unavailable, quantity). */
export function quoteOf(lines: { product: number; price: number | null; quantity: number; name?: string }[]) {
  const items: TQuote['items'] = lines.map((l) => ({
    product: l.product,
    name: l.name ?? `Massage Oil ${l.product}`,
    price: l.price,
    quantity: l.quantity,
    total: l.price === null ? 0 : l.price * l.quantity,
    available: l.price !== null,
    picture: null,
  }));
  const subtotal = items.reduce((sum, i) => sum + i.total, 0);
  const quote: TQuote = {
    items,
    subtotal,
    processing_fee: 0,
    tax: 0,
    tax_percent: 0,
    shipping: 0,
    free_shipping: true,
    total: subtotal,
  };
  return jsonResponse({ data: quote });
}

export type Handler = (call: ApiCall) => Response | undefined;

/** The fake API: `handler` first, then the session's refresh of `user`. */
export function shopApi(handler: Handler, user: object | null = null) {
  return mockApi((call) => handler(call) ?? answerMe(call, user));
}

export const SHOP_ROUTES: RouteObject[] = [
  { path: '/products', element: <ShopPage /> },
  { path: '/productsList', element: <ShopPage /> },
  { path: '/productdetails/:id', element: <ProductDetailsPage /> },
  { path: '/Cart', element: <CartPage /> },
  { path: '/wishlist', element: <WishlistPage /> },
  { path: '/login', element: <p>login page</p> },
  { path: '/Checkout', element: <p>checkout page</p> },
];

export function renderShop(path: string, user: { id: number } | null = null) {
  if (user) signInAs(user);
  return renderRoutes(SHOP_ROUTES, [path]);
}

/** Calls to one path with one method. */
export const callsTo = (calls: ApiCall[], method: string, path: string) =>
  calls.filter((call) => call.method === method && call.path === path);
