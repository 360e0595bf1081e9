import { useSyncExternalStore } from 'react';
import { STORAGE_KEYS, subscribeStorage } from '../../lib/storage.ts';
import { parseCart, readCart } from './cart.ts';

/**
 * How many items the stored cart holds (spec 000 §4: items, not quantities), read the one way the
 * cart reads it (`parseCart`): a missing key, bad JSON, anything but an array or a malformed item
 * counts nothing.
 */
export function countCartItems(raw: string | null): number {
  return parseCart(raw).length;
}

function subscribeCart(listener: () => void): () => void {
  return subscribeStorage(STORAGE_KEYS.cart, listener);
}

function getCartCount(): number {
  return readCart().length;
}

/** The cart's item count, updated when the cart changes in this tab or another one. */
export function useCartCount(): number {
  return useSyncExternalStore(subscribeCart, getCartCount, () => 0);
}
