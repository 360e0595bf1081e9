import { fireEvent, screen } from '@testing-library/react';
import { useLocation } from 'react-router';
import type { RouteObject } from 'react-router';
import type { TOrderStatus, TQuote, TSaleLine } from '@app/domain';
import { getRedirectTarget } from '../../app/guards.tsx';
import { STORAGE_KEYS } from '../../lib/storage.ts';
import { jsonResponse, renderRoutes } from '../../test/render.tsx';
import type { ApiCall } from '../../test/api.ts';
import { signInAs } from '../../test/testBilling.tsx';
import type { CartItem } from './cart.ts';
import type { MyOrder, MyOrderLine, OrderAttributes } from './api.ts';

export { signInAs };

export const BUYER = {
  id: 41,
  username: 'hob',
  first_name: 'Hal',
  last_name: 'Hobbs',
  email: 'hal@example.test',
  phone_number: '555-010-2030',
  user_type: 'Hobbyist',
};
export const VENDOR = { id: 43, username: 'ven', first_name: 'Vera', last_name: 'Vend', user_type: 'Vender' };
export const PROVIDER = {
  id: 42,
  username: 'pro',
  first_name: 'Pia',
  last_name: 'Pro',
  user_type: 'Provider',
};

/** Puts a cart in browser storage as the shop leaves it (spec 000 §3: `quantiy`). */
export function putCart(items: { id: number; name: string; price: number; quantity: number }[]) {
  const cart: CartItem[] = items.map((i) => ({
    id: i.id,
    attributes: { price: i.price, quantiy: i.quantity, product: { name: i.name, picture: null } },
  }));
  window.localStorage.setItem(STORAGE_KEYS.cart, JSON.stringify(cart));
}

/**
 * A quote of two lines: 2 × $10 "Massage Oil — Lavender" and 1 × $5.50 "Candle — Vanilla": $25.50,
 * a $1.25 fee, 8% tax ($2.04), free shipping: $28.79.
 */
export function buildQuote(overrides: Partial<TQuote> = {}): TQuote {
  return {
    items: [
      {
        product: 7,
        name: 'Massage Oil — Lavender',
        price: 10,
        quantity: 2,
        total: 20,
        available: true,
        picture: null,
      },
      {
        product: 9,
        name: 'Candle — Vanilla',
        price: 5.5,
        quantity: 1,
        total: 5.5,
        available: true,
        picture: null,
      },
    ],
    subtotal: 25.5,
    processing_fee: 1.25,
    tax: 2.04,
    tax_percent: 8,
    shipping: 0,
    free_shipping: true,
    total: 28.79,
    ...overrides,
  };
}

export const PAYMENT_INFO = { address: 'PAY-ADDRESS-1', qr: 'data:image/png;base64,iVBORw0KGgo=' };

/** What every order screen may ask besides its own calls: the session's user and the payment info. */
export function answerCommon(call: ApiCall, user: object | null): Response | undefined {
  if (call.path === '/users/me' && user) return jsonResponse(user);
  if (call.path === '/payment-info') return jsonResponse({ data: PAYMENT_INFO });
  return undefined;
}

export function buildOrder(id: number, overrides: Partial<OrderAttributes> = {}) {
  return {
    id,
    attributes: {
      status: 'Awaiting Payment' as TOrderStatus,
      paid: false,
      payment_status: 'pending' as const,
      transaction_id: `TX-${id}`,
      subtotal: 25.5,
      processing_fee: 1.25,
      tax: 2.04,
      shipping: 0,
      amount: 28.79,
      createdAt: '2026-11-24T10:00:00.000Z',
      updatedAt: '2026-11-24T10:00:00.000Z',
      ...overrides,
    },
  };
}

/** A line as My Orders reads it within its order: what was bought, its state, its picture. */
export function buildLine(
  id: number,
  line: { name: string; price: number; quantity: number; status?: TOrderStatus; picture?: string | null },
  status: TOrderStatus = 'Awaiting Payment',
): MyOrderLine {
  const picture = line.picture === undefined ? `/uploads/p${id}.jpg` : line.picture;
  return {
    id,
    attributes: {
      product_name: line.name,
      price: line.price,
      quantity: line.quantity,
      total: Math.round(line.price * line.quantity * 100) / 100,
      status: line.status ?? status,
      picture: picture
        ? {
            data: {
              id: 200 + id,
              attributes: { url: picture, formats: { thumbnail: { url: `/uploads/thumbnail_p${id}.jpg` } } },
            },
          }
        : { data: null },
    },
  };
}

/** An order of My Orders: `buildOrder` with its lines populated (their state the order's unless told). */
export function buildMyOrder(
  id: number,
  overrides: Partial<OrderAttributes>,
  lines: {
    id: number;
    name: string;
    price: number;
    quantity: number;
    status?: TOrderStatus;
    picture?: string | null;
  }[],
): MyOrder {
  const order = buildOrder(id, overrides);
  const status = order.attributes.status;
  return {
    ...order,
    attributes: {
      ...order.attributes,
      order_lists: { data: lines.map(({ id: lineId, ...line }) => buildLine(lineId, line, status)) },
    },
  };
}

export const SHIPPING = {
  first_name: 'Hal',
  last_name: 'Hobbs',
  email_address: 'hal@example.test',
  phone: '5550102030',
  address: '1 Main St',
  town: 'San Jose',
  postcode: '95112',
  country: 'US',
};

/** A sold line as `GET /api/sales` answers it; the shipping details only when paid or later. */
export function buildSale(
  id: number,
  order: number,
  status: TOrderStatus,
  name = 'Massage Oil — Lavender',
): TSaleLine {
  const shown = status === 'Paid' || status === 'Shipped' || status === 'Delivered';
  return {
    id,
    order,
    createdAt: '2026-11-24T10:00:00.000Z',
    product: { id: 7, name, picture: { url: '/uploads/p7.jpg', thumbnail: '/uploads/thumbnail_p7.jpg' } },
    quantity: 2,
    price: 10,
    total: 20,
    status,
    shipping: shown ? SHIPPING : null,
  };
}

export function pageOf(data: unknown[], page = 1, pageCount = 1, pageSize = 10) {
  return jsonResponse({ data, meta: { pagination: { page, pageSize, pageCount, total: data.length } } });
}

function LoginProbe() {
  const location = useLocation();
  return <p>login page, back to {getRedirectTarget(location.state)}</p>;
}

/** Renders `routes` at `path` with stand-ins for the pages the order screens lead to. */
export function renderOrdersPage(path: string, routes: RouteObject[]) {
  const standIns: RouteObject[] = [
    { path: '/login', element: <LoginProbe /> },
    { path: '/orders/view', element: <p>my orders page</p> },
    { path: '/Cart', element: <p>cart page</p> },
    { path: '/products', element: <p>shop page</p> },
  ];
  return renderRoutes(
    [...routes, ...standIns.filter((r) => !routes.some((own) => own.path === r.path))],
    [path],
  );
}

export function type(label: string, value: string) {
  const input = screen.getByLabelText(label, { exact: true });
  fireEvent.change(input, { target: { value } });
  fireEvent.blur(input);
}
