import { afterEach, describe, expect, it } from 'vitest';
import { clearStorage, STORAGE_KEYS } from './storage.ts';

afterEach(() => localStorage.clear());

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
});
