/**
 * Browser storage (spec 000 §3 "Browser storage keys"). Every read and write goes through here so
 * that a blocked or full storage never breaks a screen, and so that components in this tab can
 * follow changes: the native `storage` event only fires in *other* tabs, so writes made here also
 * dispatch a local event.
 *
 * Everything is kept in localStorage but the signed-in session (`SESSION_KEYS`), which is kept together in
 * one of two places: localStorage when "Remember Me" was ticked (it lasts), else this tab's
 * sessionStorage (it ends with the browser; `app/sessionTabs.ts` hands it to the browser's other tabs).
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

/** The signed-in session's keys: kept together, in localStorage or in this tab's sessionStorage. */
export const SESSION_KEYS = [
  STORAGE_KEYS.token,
  STORAGE_KEYS.user,
  STORAGE_KEYS.userId,
  STORAGE_KEYS.subscribed,
] as const;
export type SessionKey = (typeof SESSION_KEYS)[number];
/** A session's entries as stored (text), as one tab hands them to another. */
export type SessionEntries = Partial<Record<SessionKey, string>>;

const isSessionKey = (key: StorageKey): key is SessionKey =>
  (SESSION_KEYS as readonly string[]).includes(key);

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

function getTabStorage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.sessionStorage;
  } catch {
    return null;
  }
}

/** This tab's sessionStorage when it holds the session (one not remembered), else null. */
function tabSession(): Storage | null {
  const tab = getTabStorage();
  try {
    return tab?.getItem(STORAGE_KEYS.token) ? tab : null;
  } catch {
    return null;
  }
}

/** Where `key` is kept: a session key where the session is, anything else in localStorage. */
function storageOf(key: StorageKey): Storage | null {
  return isSessionKey(key) ? (tabSession() ?? getStorage()) : getStorage();
}

function notify(key: StorageKey | null): void {
  if (typeof window === 'undefined') return;
  window.dispatchEvent(new CustomEvent<LocalChangeDetail>(LOCAL_CHANGE_EVENT, { detail: { key } }));
}

export function readItem(key: StorageKey): string | null {
  try {
    return storageOf(key)?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

export function writeItem(key: StorageKey, value: string): void {
  try {
    storageOf(key)?.setItem(key, value);
  } catch {
    // Quota exceeded or storage disabled: the in-memory state still holds the value.
  }
  notify(key);
}

export function removeItem(key: StorageKey): void {
  try {
    storageOf(key)?.removeItem(key);
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

/** Whether the stored session lasts past the browser: false while this tab keeps it in sessionStorage. */
export function isSessionRemembered(): boolean {
  return tabSession() === null;
}

/** The session's entries as stored, from wherever they are kept. */
export function readSessionEntries(): SessionEntries {
  const entries: SessionEntries = {};
  for (const key of SESSION_KEYS) {
    const value = readItem(key);
    if (value !== null) entries[key] = value;
  }
  return entries;
}

/**
 * Stores a session: `remember` in localStorage (it lasts), else in this tab's sessionStorage (it ends
 * with the browser). The other place's session keys are removed, so the session is kept in one place.
 */
export function storeSession(entries: SessionEntries, remember: boolean): void {
  const [keep, drop] = remember ? [getStorage(), getTabStorage()] : [getTabStorage(), getStorage()];
  try {
    for (const key of SESSION_KEYS) {
      drop?.removeItem(key);
      const value = entries[key];
      if (value === undefined) keep?.removeItem(key);
      else keep?.setItem(key, value);
    }
  } catch {
    // see writeItem
  }
  for (const key of SESSION_KEYS) notify(key);
}

/** Forgets the session this tab keeps in sessionStorage (another tab ended it or signed in to be remembered). */
export function forgetTabSession(): void {
  try {
    const tab = getTabStorage();
    for (const key of SESSION_KEYS) tab?.removeItem(key);
  } catch {
    // see writeItem
  }
  for (const key of SESSION_KEYS) notify(key);
}

/**
 * Clears what the site keeps in the browser (spec 000 §4: logout clears browser storage): localStorage but
 * the disclaimer acceptance, and the session this tab keeps in sessionStorage.
 */
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
  try {
    const tab = getTabStorage();
    for (const key of SESSION_KEYS) tab?.removeItem(key);
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
