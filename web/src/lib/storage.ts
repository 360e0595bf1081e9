/**
 * Browser storage (spec 000 §3 "Browser storage keys"). Every read and write goes through here so
 * that a blocked or full localStorage never breaks a screen, and so that components in this tab can
 * follow changes: the native `storage` event only fires in *other* tabs, so writes made here also
 * dispatch a local event.
 */
export const STORAGE_KEYS = {
  token: 'token',
  user: 'user',
  userId: 'userid',
  subscribed: 'subscribed',
  processingCosts: 'processingCosts',
  cart: 'cart',
  disclaimer: 'disclaimerbox',
  /** The id of the account registered in this browser whose welcome is not yet closed (decision 0030). */
  welcome: 'welcome',
} as const;
export type StorageKey = (typeof STORAGE_KEYS)[keyof typeof STORAGE_KEYS];

const LOCAL_CHANGE_EVENT = 'ltf:storage';

interface LocalChangeDetail {
  /** The changed key, or null when the whole storage was cleared. */
  key: StorageKey | null;
}

function getStorage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
}

function notify(key: StorageKey | null): void {
  if (typeof window === 'undefined') return;
  window.dispatchEvent(new CustomEvent<LocalChangeDetail>(LOCAL_CHANGE_EVENT, { detail: { key } }));
}

export function readItem(key: StorageKey): string | null {
  try {
    return getStorage()?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

export function writeItem(key: StorageKey, value: string): void {
  try {
    getStorage()?.setItem(key, value);
  } catch {
    // Quota exceeded or storage disabled: the in-memory state still holds the value.
  }
  notify(key);
}

export function removeItem(key: StorageKey): void {
  try {
    getStorage()?.removeItem(key);
  } catch {
    // see writeItem
  }
  notify(key);
}

/** Parsed JSON under `key`, or undefined when the key is missing or holds bad JSON. */
export function readJson(key: StorageKey): unknown {
  const raw = readItem(key);
  if (raw === null) return undefined;
  try {
    return JSON.parse(raw) as unknown;
  } catch {
    return undefined;
  }
}

export function writeJson(key: StorageKey, value: unknown): void {
  writeItem(key, JSON.stringify(value));
}

/** Clears what the site keeps in localStorage (spec 000 §4: logout clears browser storage), but the disclaimer acceptance. */
export function clearStorage(): void {
  try {
    const storage = getStorage();
    // The visitor's acceptance of the age and terms box is about the browser, not the account:
    // it survives logout so the box never returns in this browser.
    const accepted = storage?.getItem(STORAGE_KEYS.disclaimer) ?? null;
    storage?.clear();
    if (accepted !== null) storage?.setItem(STORAGE_KEYS.disclaimer, accepted);
  } catch {
    // see writeItem
  }
  notify(null);
}

/**
 * Calls `listener` whenever `key` changes, in this tab or another one (also when the storage is
 * cleared). Returns the unsubscribe function, so it fits `useSyncExternalStore`.
 */
export function subscribeStorage(key: StorageKey, listener: () => void): () => void {
  if (typeof window === 'undefined') return () => {};
  const handleOtherTab = (event: StorageEvent) => {
    if (event.key === null || event.key === key) listener();
  };
  const handleThisTab = (event: Event) => {
    const detail = (event as CustomEvent<LocalChangeDetail>).detail;
    if (detail.key === null || detail.key === key) listener();
  };
  window.addEventListener('storage', handleOtherTab);
  window.addEventListener(LOCAL_CHANGE_EVENT, handleThisTab);
  return () => {
    window.removeEventListener('storage', handleOtherTab);
    window.removeEventListener(LOCAL_CHANGE_EVENT, handleThisTab);
  };
}
