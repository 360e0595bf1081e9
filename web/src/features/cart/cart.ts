import { useSyncExternalStore } from 'react';
import { readItem, STORAGE_KEYS, subscribeStorage, writeJson, removeItem } from '../../lib/storage.ts';
import { fromCents, toCents } from '@app/domain';

/**
 * The cart (spec 000 §3 "Cart item (local)", §4 "Cart"): a JSON array in localStorage under `cart`,
 * each item `{ id, attributes: { price, quantiy, product } }` with the product's id as `id`, the unit
 * price in dollars and the spec's spelling `quantiy`. Every change is saved at once; other tabs follow
 * through the storage event. Prices here are only what the shopper last saw: the server prices every
 * order (`POST /api/orders/quote`, `POST /api/orders/checkout`).
 */
export interface CartItem {
  id: number;
  attributes: {
    price: number;
    quantiy: number;
    product: { name: string; picture: string | null };
  };
}

/** The stored cart; anything malformed is dropped item by item. */
export function parseCart(raw: string | null): CartItem[] {
  if (raw === null) return [];
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    return [];
  }
  if (!Array.isArray(parsed)) return [];
  return parsed.flatMap((item): CartItem[] => {
    const i = item as Partial<CartItem> | null;
    const a = i?.attributes;
    if (
      !i ||
      typeof i.id !== 'number' ||
      !a ||
      typeof a.price !== 'number' ||
      typeof a.quantiy !== 'number'
    ) {
      return [];
    }
    const product = a.product ?? { name: '', picture: null };
    return [{ id: i.id, attributes: { price: a.price, quantiy: a.quantiy, product } }];
  });
}

let cachedRaw: string | null | undefined;
let cachedItems: CartItem[] = [];

/** The cart now (the same array while the stored text is unchanged, as useSyncExternalStore needs). */
export function readCart(): CartItem[] {
  const raw = readItem(STORAGE_KEYS.cart);
  if (raw !== cachedRaw) {
    cachedRaw = raw;
    cachedItems = parseCart(raw);
  }
  return cachedItems;
}

function save(items: CartItem[]): void {
  writeJson(STORAGE_KEYS.cart, items);
}

/** Adds `quantity` of a product (a new item, or more of one already there). */
export function addToCart(
  id: number,
  quantity: number,
  price: number,
  product: CartItem['attributes']['product'],
): void {
  const items = readCart();
  const found = items.find((i) => i.id === id);
  save(
    found
      ? items.map((i) =>
          i.id === id
            ? {
                ...i,
                attributes: { ...i.attributes, price, product, quantiy: i.attributes.quantiy + quantity },
              }
            : i,
        )
      : [...items, { id, attributes: { price, quantiy: quantity, product } }],
  );
}

/** Sets an item's quantity; 0 or less removes it. */
export function setCartQuantity(id: number, quantity: number): void {
  const items = readCart();
  save(
    quantity <= 0
      ? items.filter((i) => i.id !== id)
      : items.map((i) => (i.id === id ? { ...i, attributes: { ...i.attributes, quantiy: quantity } } : i)),
  );
}

/** Plus (spec 000 §4): quantity 1 for a new item, else one more. */
export function incrementCart(id: number, price: number, product: CartItem['attributes']['product']): void {
  addToCart(id, 1, price, product);
}

/** Minus (spec 000 §4): one fewer; at 1 the item is removed. */
export function decrementCart(id: number): void {
  const found = readCart().find((i) => i.id === id);
  if (found) setCartQuantity(id, found.attributes.quantiy - 1);
}

/** Updates the prices and names the server answered (the cart's refresh when it opens). */
export function updateCartPrices(prices: ReadonlyMap<number, { price: number; name: string }>): void {
  const items = readCart();
  const next = items.map((i) => {
    const p = prices.get(i.id);
    return p
      ? {
          ...i,
          attributes: { ...i.attributes, price: p.price, product: { ...i.attributes.product, name: p.name } },
        }
      : i;
  });
  if (JSON.stringify(next) !== JSON.stringify(items)) save(next);
}

export function removeFromCart(id: number): void {
  save(readCart().filter((i) => i.id !== id));
}

/** Empties the cart (after an order is placed). */
export function clearCart(): void {
  removeItem(STORAGE_KEYS.cart);
}

/** Quantity of a product in the cart: 0 when it is not there (spec 000 §4). */
export function cartQuantityOf(items: readonly CartItem[], id: number): number {
  return items.find((i) => i.id === id)?.attributes.quantiy ?? 0;
}

/** Total = sum of price × quantity (spec 000 §4), exact to the cent. */
export function cartTotal(items: readonly CartItem[]): number {
  return fromCents(items.reduce((sum, i) => sum + toCents(i.attributes.price) * i.attributes.quantiy, 0));
}

function subscribeCart(listener: () => void): () => void {
  return subscribeStorage(STORAGE_KEYS.cart, listener);
}

/** The cart, re-rendering when it changes in this tab or another one. */
export function useCart(): CartItem[] {
  return useSyncExternalStore(subscribeCart, readCart, () => cachedItems);
}
