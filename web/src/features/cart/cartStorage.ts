import { useSyncExternalStore } from 'react';
import { readItem, STORAGE_KEYS, subscribeStorage } from '../../lib/storage.ts';

/**
 * How many items the stored cart holds (spec 000 §4: items, not quantities). The cart lives in
 * localStorage under `cart` as a JSON array; a missing key, bad JSON or anything but an array is 0.
 */
export function countCartItems(raw: string | null): number {
  if (raw === null) return 0;
  try {
    const parsed: unknown = JSON.parse(raw);
    return Array.isArray(parsed) ? parsed.length : 0;
  } catch {
    return 0;
  }
}

function subscribeCart(listener: () => void): () => void {
  return subscribeStorage(STORAGE_KEYS.cart, listener);
}

function getCartCount(): number {
  return countCartItems(readItem(STORAGE_KEYS.cart));
}

/** The cart's item count, updated when the cart changes in this tab or another one. */
export function useCartCount(): number {
  return useSyncExternalStore(subscribeCart, getCartCount, () => 0);
}
