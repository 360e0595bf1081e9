import { describe, expect, it } from 'vitest';
import { packagePrice, packagePriceCents } from './pricing.ts';

describe('pricing', () => {
  it('prices a package as total + tax percent + processing fee, exactly', () => {
    expect(packagePrice(29.99, 8, 2.5)).toBe(34.89);
    expect(packagePrice(100, 0, 0)).toBe(100);
    expect(packagePrice(0.1, 10, 0.2)).toBe(0.31);
  });

  it('rounds the tax as checkout does (percentOfCents): a half cent up, also where floats fall under it', () => {
    // 2.3 % of $15.00 = 34.5 cents → 35 (Math.round of the float product gave 34).
    expect(packagePriceCents(1500, 2.3, 0)).toBe(1535);
    expect(packagePrice(15, 2.3, 0)).toBe(15.35);
    // 5 % of $10.10 = 50.5 cents → 51; of $10.09 = 50.45 → 50.
    expect(packagePriceCents(1010, 5, 0)).toBe(1061);
    expect(packagePriceCents(1009, 5, 0)).toBe(1059);
    expect(packagePriceCents(2999, 8, 250)).toBe(3489);
  });
});
