import { useSyncExternalStore } from 'react';
import { readItem, STORAGE_KEYS, subscribeStorage, writeJson, removeItem } from '../../lib/storage.ts';
import { fromCents, SHOP_LIMITS, toCents } from '@app/domain';

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

/** The most of one product a cart line holds (the server's quote and checkout refuse more). */
export const CART_QUANTITY_MAX = SHOP_LIMITS.quantityMax;

/** A quantity as a whole number from 0 to CART_QUANTITY_MAX (anything that is not a number is 0). */
function clampQuantity(quantity: number): number {
  if (!Number.isFinite(quantity)) return 0;
  return Math.min(Math.max(Math.trunc(quantity), 0), CART_QUANTITY_MAX);
}

/**
 * The stored cart; anything malformed is dropped item by item: an item needs a whole positive id, a
 * price (0 or more) and a quantity of at least 1 (kept to CART_QUANTITY_MAX); a missing or odd
 * product becomes `{ name: '', picture: null }`; a product's second line is dropped.
 */
export function parseCart(raw: string | null): CartItem[] {
  if (raw === null) return [];
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    return [];
  }
  if (!Array.isArray(parsed)) return [];
  const seen = new Set<number>();
  return parsed.flatMap((item): CartItem[] => {
    const i = item as Partial<CartItem> | null;
    const a = i?.attributes as Partial<CartItem['attributes']> | undefined | null;
    if (
      typeof i !== 'object' ||
      !i ||
      typeof i.id !== 'number' ||
      !Number.isInteger(i.id) ||
      i.id <= 0 ||
      seen.has(i.id) ||
      typeof a !== 'object' ||
      !a ||
      typeof a.price !== 'number' ||
      !Number.isFinite(a.price) ||
      a.price < 0 ||
      typeof a.quantiy !== 'number'
    ) {
      return [];
    }
    const quantiy = clampQuantity(a.quantiy);
    if (quantiy < 1) return [];
    seen.add(i.id);
    const p = (typeof a.product === 'object' && a.product ? a.product : {}) as Partial<
      CartItem['attributes']['product']
    >;
    const product = {
      name: typeof p.name === 'string' ? p.name : '',
      picture: typeof p.picture === 'string' && p.picture !== '' ? p.picture : null,
    };
    return [{ id: i.id, attributes: { price: a.price, quantiy, product } }];
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

/**
 * Adds `quantity` of a product (a new item, or more of one already there, up to CART_QUANTITY_MAX);
 * the price and product shown are the latest the shopper saw. Nothing happens for a quantity below 1.
 */
export function addToCart(
  id: number,
  quantity: number,
  price: number,
  product: CartItem['attributes']['product'],
): void {
  const more = clampQuantity(quantity);
  if (more < 1) return;
  const items = readCart();
  const found = items.find((i) => i.id === id);
  save(
    found
      ? items.map((i) =>
          i.id === id
            ? {
                ...i,
                attributes: {
                  ...i.attributes,
                  price,
                  product,
                  quantiy: clampQuantity(i.attributes.quantiy + more),
                },
              }
            : i,
        )
      : [...items, { id, attributes: { price, quantiy: more, product } }],
  );
}

/** What the cart keeps of a product besides its quantity: the unit price and the product last seen. */
export type CartLine = Pick<CartItem['attributes'], 'price' | 'product'>;

/**
 * Sets a product's quantity in the cart (whole, at most CART_QUANTITY_MAX); 0 or less removes it. With
 * `line` (the product's page), a product not in the cart yet is put in it, and one already there takes
 * the latest price and name; without it only a product already in the cart changes. Not a number: no change.
 */
export function setCartQuantity(id: number, quantity: number, line?: CartLine): void {
  if (Number.isNaN(quantity)) return;
  const items = readCart();
  const next = clampQuantity(quantity);
  if (!items.some((i) => i.id === id)) {
    if (line && next >= 1) save([...items, { id, attributes: { ...line, quantiy: next } }]);
    return;
  }
  save(
    next < 1
      ? items.filter((i) => i.id !== id)
      : items.map((i) =>
          i.id === id ? { ...i, attributes: { ...i.attributes, ...line, quantiy: next } } : i,
        ),
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

/**
 * Updates the prices and names (and the picture, when given) the server answered (the cart's refresh
 * when it opens). Saves only when something changed.
 */
export function updateCartPrices(
  prices: ReadonlyMap<number, { price: number; name: string; picture?: string | null }>,
): void {
  const items = readCart();
  const next = items.map((i) => {
    const p = prices.get(i.id);
    return p
      ? {
          ...i,
          attributes: {
            ...i.attributes,
            price: p.price,
            product: {
              name: p.name,
              picture: p.picture === undefined ? i.attributes.product.picture : p.picture,
            },
          },
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
