import { act, renderHook } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { STORAGE_KEYS } from '../../lib/storage.ts';
import {
  addToCart,
  CART_QUANTITY_MAX,
  cartQuantityOf,
  cartTotal,
  clearCart,
  decrementCart,
  incrementCart,
  parseCart,
  readCart,
  removeFromCart,
  setCartQuantity,
  updateCartPrices,
  useCart,
} from './cart.ts';
import { countCartItems, useCartCount } from './cartStorage.ts';

const OIL = { name: 'Massage Oil — Lavender', picture: '/uploads/oil.jpg' };
const CANDLE = { name: 'Scented Candle', picture: null };

/** The cart exactly as it is stored under `cart`. */
function stored(): unknown {
  return JSON.parse(window.localStorage.getItem(STORAGE_KEYS.cart) ?? 'null') as unknown;
}

describe('the cart (spec 000 §4)', () => {
  it('adds a new item with the spec’s shape, and more of one already there', () => {
    addToCart(5, 2, 12.5, OIL);
    expect(stored()).toEqual([{ id: 5, attributes: { price: 12.5, quantiy: 2, product: OIL } }]);
    addToCart(5, 3, 13, OIL);
    addToCart(6, 1, 4, CANDLE);
    expect(readCart()).toEqual([
      { id: 5, attributes: { price: 13, quantiy: 5, product: OIL } },
      { id: 6, attributes: { price: 4, quantiy: 1, product: CANDLE } },
    ]);
    // A quantity below 1 adds nothing; a line never holds more than the server accepts.
    addToCart(7, 0, 1, CANDLE);
    expect(readCart().map((i) => i.id)).toEqual([5, 6]);
    addToCart(5, 500, 13, OIL);
    expect(cartQuantityOf(readCart(), 5)).toBe(CART_QUANTITY_MAX);
  });

  it('plus adds one (1 for a new item); minus takes one and removes the item at 1', () => {
    incrementCart(9, 3, CANDLE);
    expect(cartQuantityOf(readCart(), 9)).toBe(1);
    incrementCart(9, 3, CANDLE);
    expect(cartQuantityOf(readCart(), 9)).toBe(2);
    decrementCart(9);
    expect(cartQuantityOf(readCart(), 9)).toBe(1);
    decrementCart(9);
    expect(readCart()).toEqual([]);
    expect(cartQuantityOf(readCart(), 9)).toBe(0);
    // Minus on a product not in the cart changes nothing.
    decrementCart(9);
    expect(readCart()).toEqual([]);
  });

  it('sets a quantity (0 removes, whole numbers only), removes by id and clears', () => {
    addToCart(1, 1, 10, OIL);
    addToCart(2, 1, 20, CANDLE);
    setCartQuantity(1, 4.7);
    expect(cartQuantityOf(readCart(), 1)).toBe(4);
    setCartQuantity(1, Number.NaN);
    expect(cartQuantityOf(readCart(), 1)).toBe(4);
    setCartQuantity(3, 2); // not in the cart: nothing is added
    expect(readCart().map((i) => i.id)).toEqual([1, 2]);
    setCartQuantity(1, 0);
    expect(readCart().map((i) => i.id)).toEqual([2]);
    addToCart(1, 1, 10, OIL);
    removeFromCart(2);
    expect(readCart().map((i) => i.id)).toEqual([1]);
    clearCart();
    expect(window.localStorage.getItem(STORAGE_KEYS.cart)).toBeNull();
    expect(readCart()).toEqual([]);
  });

  it("sets a product's quantity from its page: put in when absent, the latest price and name kept, never added to", () => {
    setCartQuantity(4, 3, { price: 9, product: OIL });
    expect(readCart()).toEqual([{ id: 4, attributes: { price: 9, quantiy: 3, product: OIL } }]);
    // Set, not added: 2 after 3 is 2.
    setCartQuantity(4, 2, { price: 9.5, product: CANDLE });
    expect(readCart()).toEqual([{ id: 4, attributes: { price: 9.5, quantiy: 2, product: CANDLE } }]);
    setCartQuantity(4, 500, { price: 9.5, product: CANDLE });
    expect(cartQuantityOf(readCart(), 4)).toBe(CART_QUANTITY_MAX);
    // 0 for a product not in the cart puts nothing in it; 0 for one there takes it out.
    setCartQuantity(5, 0, { price: 1, product: OIL });
    expect(readCart().map((i) => i.id)).toEqual([4]);
    setCartQuantity(4, 0, { price: 9.5, product: CANDLE });
    expect(readCart()).toEqual([]);
  });

  it('counts items, not quantities, and totals price × quantity exactly to the cent', () => {
    addToCart(1, 3, 0.1, OIL);
    addToCart(2, 3, 0.2, CANDLE);
    addToCart(3, 1, 1234.56, CANDLE);
    expect(countCartItems(window.localStorage.getItem(STORAGE_KEYS.cart))).toBe(3);
    // 0.3 + 0.6 + 1234.56: floating point would give 1235.4599999999998.
    expect(cartTotal(readCart())).toBe(1235.46);
    expect(cartTotal([])).toBe(0);
  });

  it('updates prices, names and pictures the server answered, and saves only on a change', () => {
    addToCart(1, 2, 10, OIL);
    addToCart(2, 1, 5, CANDLE);
    updateCartPrices(new Map([[1, { price: 11.25, name: 'Massage Oil — Rose' }]]));
    expect(readCart()[0]!.attributes).toEqual({
      price: 11.25,
      quantiy: 2,
      product: { name: 'Massage Oil — Rose', picture: OIL.picture },
    });
    updateCartPrices(new Map([[2, { price: 5, name: CANDLE.name, picture: '/uploads/c.jpg' }]]));
    expect(readCart()[1]!.attributes.product.picture).toBe('/uploads/c.jpg');

    const setItem = vi.spyOn(Storage.prototype, 'setItem');
    updateCartPrices(new Map([[2, { price: 5, name: CANDLE.name }]]));
    expect(setItem).not.toHaveBeenCalled();
    updateCartPrices(new Map([[2, { price: 6, name: CANDLE.name }]]));
    expect(setItem).toHaveBeenCalledTimes(1);
  });

  it('drops malformed stored items one by one', () => {
    const raw = JSON.stringify([
      { id: 1, attributes: { price: 2, quantiy: 1, product: { name: 'A', picture: null } } },
      { id: 1, attributes: { price: 2, quantiy: 1 } }, // a second line of product 1
      { id: 'x', attributes: { price: 2, quantiy: 1 } },
      { id: 2, attributes: { price: -1, quantiy: 1 } },
      { id: 3, attributes: { price: 2, quantiy: 0 } },
      { id: 4 },
      null,
      { id: 5, attributes: { price: 2, quantiy: 2.9, product: 'odd' } },
    ]);
    expect(parseCart(raw)).toEqual([
      { id: 1, attributes: { price: 2, quantiy: 1, product: { name: 'A', picture: null } } },
      { id: 5, attributes: { price: 2, quantiy: 2, product: { name: '', picture: null } } },
    ]);
    expect(countCartItems(raw)).toBe(2);
    expect(parseCart('nope')).toEqual([]);
    expect(parseCart('{"id":1}')).toEqual([]);
  });

  it('re-renders useCart and the header count on changes here and in another tab', () => {
    const cart = renderHook(() => useCart());
    const count = renderHook(() => useCartCount());
    expect(cart.result.current).toEqual([]);
    act(() => incrementCart(1, 10, OIL));
    expect(cart.result.current.map((i) => i.id)).toEqual([1]);
    expect(count.result.current).toBe(1);

    act(() => {
      window.localStorage.setItem(
        STORAGE_KEYS.cart,
        JSON.stringify([
          { id: 1, attributes: { price: 10, quantiy: 1, product: OIL } },
          { id: 2, attributes: { price: 3, quantiy: 4, product: CANDLE } },
        ]),
      );
      window.dispatchEvent(new StorageEvent('storage', { key: STORAGE_KEYS.cart }));
    });
    expect(cart.result.current.map((i) => i.id)).toEqual([1, 2]);
    expect(count.result.current).toBe(2);

    act(() => clearCart());
    expect(cart.result.current).toEqual([]);
    expect(count.result.current).toBe(0);
  });
});
