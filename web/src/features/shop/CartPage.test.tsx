import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { MESSAGES } from '@app/domain';
import { errorResponse } from '../../test/api.ts';
import type { ApiCall } from '../../test/api.ts';
import {
  callsTo,
  cartItem,
  HOBBYIST,
  quoteOf,
  renderShop,
  shopApi,
  storeCart,
  storedCart,
} from './testShop.tsx';

const C = MESSAGES.cart;
const S = MESSAGES.shop;

/** The quote answers the stored prices (or `prices[product]`, null for a product no longer sold). */
function answerQuote(prices: Record<number, number | null> = {}) {
  return (call: ApiCall) => {
    if (call.path !== '/orders/quote' || call.method !== 'POST') return undefined;
    const { items } = (call.body as { data: { items: { product: number; quantity: number }[] } }).data;
    const stored = new Map(storedCart().map((i) => [i.id, i.attributes]));
    return quoteOf(
      items.map((i) => ({
        product: i.product,
        quantity: i.quantity,
        name: stored.get(i.product)?.product.name,
        price: i.product in prices ? prices[i.product]! : (stored.get(i.product)?.price ?? 1),
      })),
    );
  };
}

const row = (name: string) => screen.getByRole('link', { name }).closest('tr')!;
const total = () => screen.getByTestId('cart-total').textContent;

describe('CartPage', () => {
  it("says 'Cart is Empty' with a way back to the shop", () => {
    const calls = shopApi(() => undefined);
    renderShop('/Cart');
    expect(screen.getByText(C.empty)).toBeTruthy();
    expect(screen.getByRole('link', { name: C.continueShopping }).getAttribute('href')).toBe('/products');
    expect(callsTo(calls, 'POST', '/orders/quote')).toHaveLength(0);
  });

  it('lists product, price, quantity and subtotal; totals price × quantity; minus, plus and remove', async () => {
    storeCart([cartItem(1, 10.1, 3), cartItem(2, 0.2, 2, 'Scented Candle')]);
    const calls = shopApi(answerQuote());
    renderShop('/Cart');
    await waitFor(() => expect(callsTo(calls, 'POST', '/orders/quote')).toHaveLength(1));
    expect(callsTo(calls, 'POST', '/orders/quote')[0]!.body).toEqual({
      data: {
        items: [
          { product: 1, quantity: 3 },
          { product: 2, quantity: 2 },
        ],
      },
    });

    const oil = row('Massage Oil 1');
    expect(within(oil).getByRole('link', { name: 'Massage Oil 1' }).getAttribute('href')).toBe(
      '/productdetails/1',
    );
    expect(within(oil).getByText('$10.10')).toBeTruthy();
    expect(within(oil).getByText('$30.30')).toBeTruthy();
    expect(within(oil).getByRole('status', { name: `${C.quantity} Massage Oil 1` }).textContent).toBe('3');
    expect(total()).toBe('$30.70');
    expect(screen.getByTestId('cart-subtotal').textContent).toBe('$30.70');
    expect(screen.queryByText(C.pricesUpdated)).toBeNull();

    fireEvent.click(within(oil).getByRole('button', { name: S.plus }));
    expect(storedCart()[0]!.attributes.quantiy).toBe(4);
    expect(total()).toBe('$40.80');
    fireEvent.click(within(row('Scented Candle')).getByRole('button', { name: S.minus }));
    expect(storedCart()[1]!.attributes.quantiy).toBe(1);
    expect(total()).toBe('$40.60');
    // Minus at 1 removes the item.
    fireEvent.click(within(row('Scented Candle')).getByRole('button', { name: S.minus }));
    expect(screen.queryByRole('link', { name: 'Scented Candle' })).toBeNull();
    expect(total()).toBe('$40.40');

    fireEvent.click(within(row('Massage Oil 1')).getByRole('button', { name: C.remove }));
    expect(storedCart()).toEqual([]);
    expect(screen.getByText(C.empty)).toBeTruthy();
  });

  it('saves the server’s prices when they changed, and says so', async () => {
    storeCart([cartItem(1, 10, 2), cartItem(2, 5, 1)]);
    shopApi(answerQuote({ 1: 12.5 }));
    renderShop('/Cart');
    expect(await screen.findByText(C.pricesUpdated)).toBeTruthy();
    expect(storedCart()[0]!.attributes.price).toBe(12.5);
    expect(within(row('Massage Oil 1')).getByText('$25.00')).toBeTruthy();
    expect(total()).toBe('$30.00');
  });

  it('marks a product no longer sold, leaves it out of the total and blocks checkout until removed', async () => {
    storeCart([cartItem(1, 10, 2), cartItem(2, 5, 1, 'Scented Candle')]);
    shopApi(answerQuote({ 2: null }), HOBBYIST);
    renderShop('/Cart', HOBBYIST);
    const candle = row('Scented Candle');
    expect(await within(candle).findAllByText(C.unavailable)).not.toHaveLength(0);
    expect(total()).toBe('$20.00');
    const proceed = screen.getByRole('button', { name: C.proceed });
    expect(proceed.hasAttribute('disabled')).toBe(true);
    expect(screen.getByText(C.unavailableHint)).toBeTruthy();
    expect(screen.queryByRole('link', { name: C.proceed })).toBeNull();

    fireEvent.click(within(candle).getByRole('button', { name: C.remove }));
    const link = await screen.findByRole('link', { name: C.proceed });
    expect(link.getAttribute('href')).toBe('/Checkout');
    expect(screen.queryByText(C.unavailableHint)).toBeNull();
    expect(total()).toBe('$20.00');
  });

  it('keeps the stored prices when the server cannot price the cart', async () => {
    storeCart([cartItem(1, 10, 2)]);
    const calls = shopApi((call) => (call.path === '/orders/quote' ? errorResponse(500, 'boom') : undefined));
    renderShop('/Cart', HOBBYIST);
    await waitFor(() => expect(callsTo(calls, 'POST', '/orders/quote')).toHaveLength(1));
    expect(total()).toBe('$20.00');
    expect(screen.getByRole('link', { name: C.proceed })).toBeTruthy();
  });

  it("asks a visitor to log in on 'Proceed to checkout', coming back to /Checkout", async () => {
    storeCart([cartItem(1, 10, 2)]);
    shopApi(answerQuote());
    const { router } = renderShop('/Cart');
    fireEvent.click(screen.getByRole('button', { name: C.proceed }));
    expect(await screen.findByText('login page')).toBeTruthy();
    expect(router.state.location.state).toEqual({ from: '/Checkout' });
    expect(await screen.findByText(MESSAGES.toast.needLogin)).toBeTruthy();
  });

  it('goes to /Checkout when signed in', async () => {
    storeCart([cartItem(1, 10, 2)]);
    shopApi(answerQuote(), HOBBYIST);
    const { router } = renderShop('/Cart', HOBBYIST);
    fireEvent.click(screen.getByRole('link', { name: C.proceed }));
    expect(await screen.findByText('checkout page')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/Checkout');
  });
});
