import { describe, expect, it } from 'vitest';
import { packagePrice } from './pricing.ts';

describe('pricing', () => {
  it('prices a package as total + tax percent + processing fee, exactly', () => {
    expect(packagePrice(29.99, 8, 2.5)).toBe(34.89);
    expect(packagePrice(100, 0, 0)).toBe(100);
    expect(packagePrice(0.1, 10, 0.2)).toBe(0.31);
  });
});
