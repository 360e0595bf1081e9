import { describe, expect, it } from 'vitest';
import { countCartItems } from './cartStorage.ts';

describe('countCartItems', () => {
  it('counts items, not quantities', () => {
    const cart = [
      { id: 1, attributes: { price: 10, quantiy: 3 } },
      { id: 2, attributes: { price: 5, quantiy: 1 } },
    ];
    expect(countCartItems(JSON.stringify(cart))).toBe(2);
  });

  it('treats a missing key, bad JSON or a non-array as an empty cart', () => {
    expect(countCartItems(null)).toBe(0);
    expect(countCartItems('not json')).toBe(0);
    expect(countCartItems('{"id":1}')).toBe(0);
    expect(countCartItems('[]')).toBe(0);
  });
});
