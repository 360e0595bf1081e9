import type { RouteObject } from 'react-router';
import { jsonResponse, renderRoutes } from '../../test/render.tsx';
import type { ApiCall } from '../../test/api.ts';
import { answerMe, signInAs } from '../../test/testCard.tsx';
import type { Product, ProductAttributes } from './api.ts';

export const VENDOR_USER = {
  id: 43,
  username: 'ven',
  first_name: 'Vera',
  last_name: 'Vend',
  user_type: 'Vender',
};

const ownerOf = (id: number) => ({ data: { id, attributes: { username: `user${id}` } } });

/** A product as `GET /api/products?populate=*` answers it: the vendor's own, with a picture. */
export function buildProduct(id: number, overrides: Partial<ProductAttributes> = {}): Product {
  return {
    id,
    attributes: {
      name: `Massage Oil ${id}`,
      description: `A calm blend, bottle ${id}`,
      price: 12,
      archived: false,
      createdAt: '2026-11-24T10:00:00.000Z',
      updatedAt: '2026-11-24T10:00:00.000Z',
      picture: {
        data: {
          id: 300 + id,
          attributes: {
            name: `oil${id}.jpg`,
            url: `/uploads/oil${id}.jpg`,
            formats: {
              thumbnail: { url: `/uploads/thumbnail_oil${id}.jpg` },
              small: { url: `/uploads/small_oil${id}.jpg` },
            },
          },
        },
      },
      user: ownerOf(VENDOR_USER.id),
      ...overrides,
    },
  };
}

export { ownerOf };

export function pageOf(data: unknown[], page = 1, pageCount = 1, total = data.length, pageSize = 10) {
  return jsonResponse({ data, meta: { pagination: { page, pageSize, pageCount, total } } });
}

/** The session's own refresh, so the signed-in vendor stays signed in. */
export function answerVendorLookups(call: ApiCall): Response | undefined {
  return answerMe(call, VENDOR_USER);
}

/** Renders a vendor's page signed in as VENDOR_USER, with stand-ins for the pages it leads to. */
export function renderVendorPage(path: string, routes: RouteObject[]) {
  signInAs(VENDOR_USER);
  const standIns: RouteObject[] = [
    { path: '/products/view', element: <p>my products page</p> },
    { path: '/products/add', element: <p>add product page</p> },
    { path: '/products/edit/:id', element: <p>edit product page</p> },
  ];
  return renderRoutes(
    [...routes, ...standIns.filter((r) => !routes.some((own) => own.path === r.path))],
    [path],
  );
}
