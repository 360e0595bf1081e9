import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fillTemplate, MESSAGES } from '@app/domain';
import { jsonResponse } from '../../test/render.tsx';
import { errorResponse } from '../../test/api.ts';
import type { ApiCall } from '../../test/api.ts';
import {
  buildProduct,
  callsTo,
  cartItem,
  HOBBYIST,
  PROVIDER_USER,
  renderShop,
  shopApi,
  storeCart,
  storedCart,
  VENDOR_USER,
} from './testShop.tsx';

const D = MESSAGES.productDetails;
const S = MESSAGES.shop;
const W = MESSAGES.wishlist;

function answerProduct(product = buildProduct(7, { price: 49.9 })) {
  return (call: ApiCall) => {
    if (call.path === `/products/${product.id}`) return jsonResponse({ data: product, meta: {} });
    if (call.path === '/wishlist/ids') return jsonResponse({ data: [] });
    return undefined;
  };
}

const quantityBox = () => screen.getByLabelText(D.quantity) as HTMLInputElement;

describe('ProductDetailsPage', () => {
  it('shows the picture, name, vendor, description, price and the counter', async () => {
    const calls = shopApi(answerProduct());
    renderShop('/productdetails/7');
    expect(await screen.findByRole('heading', { level: 1, name: 'Massage Oil 7' })).toBeTruthy();
    expect(screen.getByText('A calming oil, bottle 7.')).toBeTruthy();
    expect(screen.getByText('$49.90')).toBeTruthy();
    expect(screen.getByText(D.soldBy, { exact: false }).textContent).toContain('vera');
    expect(screen.getByRole('img', { name: 'Massage Oil 7' }).getAttribute('src')).toBe('/uploads/oil7.jpg');
    expect(quantityBox().value).toBe('1');
    expect(screen.getByRole('button', { name: D.addToCart })).toBeTruthy();
    expect(screen.getByRole('button', { name: W.add })).toBeTruthy();
    expect(callsTo(calls, 'GET', '/products/7')[0]!.search.get('populate')).toBe('*');
  });

  it('shows a Not Found card for a missing product and for an id that is not one', async () => {
    shopApi((call) => (call.path === '/products/99' ? errorResponse(404, 'Product not found') : undefined));
    const first = renderShop('/productdetails/99');
    expect(await screen.findByText(D.notFound)).toBeTruthy();
    expect(screen.getByRole('link', { name: D.backToShop }).getAttribute('href')).toBe('/products');
    // Never the spec's placeholder values.
    expect(screen.queryByText('$150.00')).toBeNull();
    expect(screen.queryByRole('button', { name: D.addToCart })).toBeNull();
    first.unmount();

    const calls = shopApi(() => undefined);
    renderShop('/productdetails/abc');
    expect(screen.getByText(D.notFound)).toBeTruthy();
    expect(callsTo(calls, 'GET', '/products/abc')).toHaveLength(0);
  });

  it('offers a retry when the product cannot be loaded', async () => {
    let fail = true;
    shopApi((call) => {
      if (call.path !== '/products/7') return undefined;
      return fail ? errorResponse(500, 'boom') : jsonResponse({ data: buildProduct(7), meta: {} });
    });
    renderShop('/productdetails/7');
    expect(await screen.findByText(D.loadFailed)).toBeTruthy();
    expect(screen.queryByText(D.notFound)).toBeNull();
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: D.retry }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Massage Oil 7' })).toBeTruthy();
  });

  it("refuses a quantity of zero: 'Quantity can not be zero!!'", async () => {
    shopApi(answerProduct(), HOBBYIST);
    renderShop('/productdetails/7', HOBBYIST);
    await screen.findByRole('heading', { level: 1, name: 'Massage Oil 7' });
    fireEvent.click(screen.getByRole('button', { name: S.minus }));
    expect(quantityBox().value).toBe('0');
    expect(screen.getByRole('button', { name: S.minus }).hasAttribute('disabled')).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: D.addToCart }));
    expect(await screen.findByText(D.quantityZero)).toBeTruthy();
    expect(storedCart()).toEqual([]);
  });

  it('puts the quantity in the cart with the price, name and picture, and says so', async () => {
    storeCart([cartItem(3, 5, 2)]);
    shopApi(answerProduct(), HOBBYIST);
    renderShop('/productdetails/7', HOBBYIST);
    await screen.findByRole('heading', { level: 1, name: 'Massage Oil 7' });
    expect(screen.getByTestId('in-cart').textContent).toBe('');
    fireEvent.click(screen.getByRole('button', { name: S.plus }));
    fireEvent.click(screen.getByRole('button', { name: S.plus }));
    expect(quantityBox().value).toBe('3');
    fireEvent.change(quantityBox(), { target: { value: '4' } });
    fireEvent.click(screen.getByRole('button', { name: D.addToCart }));
    expect(await screen.findByText(D.added)).toBeTruthy();
    expect(storedCart()).toEqual([
      cartItem(3, 5, 2),
      {
        id: 7,
        attributes: {
          price: 49.9,
          quantiy: 4,
          product: { name: 'Massage Oil 7', picture: '/uploads/thumbnail_oil7.jpg' },
        },
      },
    ]);
    // Now the page says how many the cart holds, and the button changes it.
    expect(screen.getByTestId('in-cart').textContent).toBe(fillTemplate(D.inYourCart, { count: 4 }));
    expect(screen.getByRole('button', { name: D.updateCart })).toBeTruthy();
  });

  it('says how many are in the cart, starts the counter there and sets the cart to the counter, never adds to it', async () => {
    expect(fillTemplate(D.inYourCart, { count: 2 })).toBe('2 in your cart');
    storeCart([cartItem(7, 40, 2)]);
    shopApi(answerProduct(), HOBBYIST);
    renderShop('/productdetails/7', HOBBYIST);
    await screen.findByRole('heading', { level: 1, name: 'Massage Oil 7' });
    expect(screen.getByTestId('in-cart').textContent).toBe('2 in your cart');
    expect(quantityBox().value).toBe('2');
    expect(screen.queryByRole('button', { name: D.addToCart })).toBeNull();
    // Nothing to change yet.
    expect(screen.getByRole('button', { name: D.updateCart }).hasAttribute('disabled')).toBe(true);

    fireEvent.click(screen.getByRole('button', { name: S.plus }));
    expect(quantityBox().value).toBe('3');
    fireEvent.click(screen.getByRole('button', { name: D.updateCart }));
    expect(await screen.findByText(D.updated)).toBeTruthy();
    expect(storedCart().map((i) => [i.id, i.attributes.quantiy, i.attributes.price])).toEqual([[7, 3, 49.9]]);
    expect(screen.getByTestId('in-cart').textContent).toBe('3 in your cart');

    // Fewer works the same way: the cart holds what the counter says.
    fireEvent.change(quantityBox(), { target: { value: '1' } });
    fireEvent.click(screen.getByRole('button', { name: D.updateCart }));
    expect(storedCart().map((i) => i.attributes.quantiy)).toEqual([1]);
    expect(screen.getByTestId('in-cart').textContent).toBe('1 in your cart');
    expect(quantityBox().value).toBe('1');
  });

  it('follows the cart while the counter is untouched (the grid, another tab)', async () => {
    storeCart([cartItem(7, 40, 2)]);
    shopApi(answerProduct(), HOBBYIST);
    renderShop('/productdetails/7', HOBBYIST);
    await screen.findByRole('heading', { level: 1, name: 'Massage Oil 7' });
    act(() => {
      storeCart([cartItem(7, 40, 5)]);
      window.dispatchEvent(new StorageEvent('storage', { key: 'cart' }));
    });
    expect(screen.getByTestId('in-cart').textContent).toBe('5 in your cart');
    expect(quantityBox().value).toBe('5');
  });

  it('sets at most 99 (the counter stops there)', async () => {
    storeCart([cartItem(7, 40, 98)]);
    shopApi(answerProduct(), HOBBYIST);
    renderShop('/productdetails/7', HOBBYIST);
    await screen.findByRole('heading', { level: 1, name: 'Massage Oil 7' });
    fireEvent.change(quantityBox(), { target: { value: '500' } });
    expect(quantityBox().value).toBe('99');
    fireEvent.click(screen.getByRole('button', { name: D.updateCart }));
    expect(await screen.findByText(D.updated)).toBeTruthy();
    expect(storedCart().map((i) => i.attributes.quantiy)).toEqual([99]);
  });

  it('clamps a typed quantity over 99 and says so', async () => {
    shopApi(answerProduct(), HOBBYIST);
    renderShop('/productdetails/7', HOBBYIST);
    await screen.findByRole('heading', { level: 1, name: 'Massage Oil 7' });
    const status = () => screen.getByRole('status');
    expect(status().textContent).toBe('');
    fireEvent.change(quantityBox(), { target: { value: '150' } });
    expect(quantityBox().value).toBe('99');
    expect(status().textContent).toBe(MESSAGES.shopErrors.quantityTooHigh);
    expect(quantityBox().getAttribute('aria-describedby')).toBe(status().id);
    expect(screen.getByRole('button', { name: S.plus }).hasAttribute('disabled')).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: S.minus }));
    expect(quantityBox().value).toBe('98');
    expect(status().textContent).toBe('');
    fireEvent.change(quantityBox(), { target: { value: '99' } });
    expect(status().textContent).toBe('');
  });

  it('gives vendors and providers no counter, no Add To Cart and no heart, and says why', async () => {
    for (const user of [VENDOR_USER, PROVIDER_USER]) {
      const product = buildProduct(7, { user: { data: { id: 99, attributes: { username: 'other' } } } });
      shopApi(answerProduct(product), user);
      const view = renderShop('/productdetails/7', user);
      await screen.findByRole('heading', { level: 1, name: 'Massage Oil 7' });
      expect(screen.queryByRole('button', { name: W.add })).toBeNull();
      expect(screen.queryByRole('button', { name: D.addToCart })).toBeNull();
      expect(screen.queryByLabelText(D.quantity)).toBeNull();
      expect(screen.getByText(MESSAGES.shopErrors.cartHobbyistsOnly)).toBeTruthy();
      expect(storedCart()).toEqual([]);
      view.unmount();
      window.localStorage.clear();
    }
  });

  it('tells a vendor they cannot buy their own product', async () => {
    shopApi(answerProduct(), VENDOR_USER);
    renderShop('/productdetails/7', VENDOR_USER);
    await screen.findByRole('heading', { level: 1, name: 'Massage Oil 7' });
    expect(screen.getByText(MESSAGES.shopErrors.ownProduct)).toBeTruthy();
    expect(screen.queryByRole('button', { name: D.addToCart })).toBeNull();
  });

  it('asks a visitor to log in on Add To Cart and on the heart, remembering the page', async () => {
    shopApi(answerProduct());
    const { router } = renderShop('/productdetails/7');
    await screen.findByRole('heading', { level: 1, name: 'Massage Oil 7' });
    fireEvent.click(screen.getByRole('button', { name: D.addToCart }));
    expect(await screen.findByText('login page')).toBeTruthy();
    expect(router.state.location.state).toEqual({ from: '/productdetails/7' });
    expect(await screen.findByText(MESSAGES.toast.needLogin)).toBeTruthy();
    expect(storedCart()).toEqual([]);

    await router.navigate('/productdetails/7');
    fireEvent.click(await screen.findByRole('button', { name: W.add }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
  });

  it('saves the product with the heart', async () => {
    let saved: number[] = [];
    const calls = shopApi((call) => {
      if (call.path === '/wishlist/ids') return jsonResponse({ data: saved });
      if (call.path === '/wishlist' && call.method === 'POST') {
        saved = [7];
        return jsonResponse({ data: { product: 7, saved: true } });
      }
      return answerProduct()(call);
    }, HOBBYIST);
    renderShop('/productdetails/7', HOBBYIST);
    await screen.findByRole('heading', { level: 1, name: 'Massage Oil 7' });
    await waitFor(() => expect(callsTo(calls, 'GET', '/wishlist/ids')).toHaveLength(1));
    fireEvent.click(screen.getByRole('button', { name: W.add }));
    const heart = await screen.findByRole('button', { name: W.remove });
    expect(heart.getAttribute('aria-pressed')).toBe('true');
    expect(callsTo(calls, 'POST', '/wishlist')[0]!.body).toEqual({ data: { product: 7 } });
    // The saved ids are asked again and keep the heart filled.
    await waitFor(() => expect(callsTo(calls, 'GET', '/wishlist/ids')).toHaveLength(2));
    expect(screen.getByRole('button', { name: W.remove }).getAttribute('aria-pressed')).toBe('true');
  });
});
