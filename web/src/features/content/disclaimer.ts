import { useSyncExternalStore } from 'react';
import { readItem, STORAGE_KEYS, subscribeStorage, writeItem } from '../../lib/storage.ts';

/**
 * The first-visit disclaimer's flag (spec 000 §1, 001 §1): once accepted, `disclaimerbox` holds
 * `true` in localStorage and the box is not shown again in this browser.
 */
export const DISCLAIMER_ACCEPTED = 'true';

export function isDisclaimerAccepted(): boolean {
  const value = readItem(STORAGE_KEYS.disclaimer);
  return value !== null && value !== 'false' && value !== '';
}

export function acceptDisclaimer(): void {
  writeItem(STORAGE_KEYS.disclaimer, DISCLAIMER_ACCEPTED);
}

const subscribe = (listener: () => void) => subscribeStorage(STORAGE_KEYS.disclaimer, listener);

/** Whether the visitor has accepted the disclaimer; follows changes from this and other tabs. */
export function useDisclaimerAccepted(): boolean {
  return useSyncExternalStore(subscribe, isDisclaimerAccepted, () => true);
}

/**
 * Pages the box never covers: the legal pages it links to, which a visitor must be able to read
 * before agreeing, and the trafficking report page, which must always be reachable.
 */
export const DISCLAIMER_EXEMPT_PATHS = ['/reporttrafficking', '/termsofservice', '/privacypolicy'] as const;

export function isDisclaimerExempt(pathname: string): boolean {
  const path = pathname.toLowerCase().replace(/\/+$/, '');
  return (DISCLAIMER_EXEMPT_PATHS as readonly string[]).includes(path);
}
