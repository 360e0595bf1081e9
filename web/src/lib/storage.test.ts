import { afterEach, describe, expect, it } from 'vitest';
import {
  clearStorage,
  forgetTabSession,
  isSessionRemembered,
  readItem,
  readSessionEntries,
  removeItem,
  SESSION_KEYS,
  STORAGE_KEYS,
  storeSession,
  writeItem,
} from './storage.ts';

afterEach(() => {
  localStorage.clear();
  sessionStorage.clear();
});

const ENTRIES = { token: 'jwt', userid: '5', user: '{"id":5}', subscribed: 'false' };

describe('clearStorage (logout)', () => {
  it('clears the session and the cart but keeps the disclaimer acceptance', () => {
    localStorage.setItem(STORAGE_KEYS.token, 'jwt');
    localStorage.setItem(STORAGE_KEYS.cart, '[]');
    localStorage.setItem(STORAGE_KEYS.disclaimer, 'true');
    clearStorage();
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBeNull();
    expect(localStorage.getItem(STORAGE_KEYS.cart)).toBeNull();
    expect(localStorage.getItem(STORAGE_KEYS.disclaimer)).toBe('true');
  });

  it('does not invent an acceptance that was never given', () => {
    localStorage.setItem(STORAGE_KEYS.token, 'jwt');
    clearStorage();
    expect(localStorage.getItem(STORAGE_KEYS.disclaimer)).toBeNull();
    expect(localStorage.length).toBe(0);
  });

  it('clears a session kept in sessionStorage too', () => {
    storeSession(ENTRIES, false);
    localStorage.setItem(STORAGE_KEYS.cart, '[]');
    clearStorage();
    expect(sessionStorage.length).toBe(0);
    expect(localStorage.length).toBe(0);
    expect(readItem(STORAGE_KEYS.token)).toBeNull();
  });
});

describe('the session: remembered in localStorage, else in this tab’s sessionStorage', () => {
  it('not remembered: every session key in sessionStorage, none in localStorage', () => {
    localStorage.setItem(STORAGE_KEYS.token, 'older-jwt');
    storeSession(ENTRIES, false);
    for (const key of SESSION_KEYS) {
      expect(sessionStorage.getItem(key), key).toBe(ENTRIES[key]);
      expect(localStorage.getItem(key), key).toBeNull();
    }
    expect(isSessionRemembered()).toBe(false);
    expect(readItem(STORAGE_KEYS.token)).toBe('jwt');
    expect(readSessionEntries()).toEqual(ENTRIES);
  });

  it('remembered: every session key in localStorage, none left in sessionStorage', () => {
    storeSession({ ...ENTRIES, token: 'tab-jwt' }, false);
    storeSession(ENTRIES, true);
    for (const key of SESSION_KEYS) {
      expect(localStorage.getItem(key), key).toBe(ENTRIES[key]);
      expect(sessionStorage.getItem(key), key).toBeNull();
    }
    expect(isSessionRemembered()).toBe(true);
    expect(readItem(STORAGE_KEYS.token)).toBe('jwt');
  });

  it('a session key is written where the session is; anything else always in localStorage', () => {
    storeSession(ENTRIES, false);
    writeItem(STORAGE_KEYS.subscribed, 'true');
    writeItem(STORAGE_KEYS.cart, '[]');
    expect(sessionStorage.getItem(STORAGE_KEYS.subscribed)).toBe('true');
    expect(localStorage.getItem(STORAGE_KEYS.subscribed)).toBeNull();
    expect(localStorage.getItem(STORAGE_KEYS.cart)).toBe('[]');
    expect(sessionStorage.getItem(STORAGE_KEYS.cart)).toBeNull();
    removeItem(STORAGE_KEYS.subscribed);
    expect(sessionStorage.getItem(STORAGE_KEYS.subscribed)).toBeNull();

    // With no session at all (registration keeps the new user's id), localStorage.
    clearStorage();
    writeItem(STORAGE_KEYS.userId, '8');
    expect(localStorage.getItem(STORAGE_KEYS.userId)).toBe('8');
    expect(isSessionRemembered()).toBe(true);
  });

  it("forgetTabSession drops only this tab's session", () => {
    storeSession(ENTRIES, false);
    localStorage.setItem(STORAGE_KEYS.cart, '[]');
    forgetTabSession();
    expect(sessionStorage.length).toBe(0);
    expect(localStorage.getItem(STORAGE_KEYS.cart)).toBe('[]');
    expect(readItem(STORAGE_KEYS.token)).toBeNull();
  });
});
