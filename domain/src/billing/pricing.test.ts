import { describe, expect, it } from 'vitest';
import { formatMoney, packagePrice } from './pricing.ts';

describe('pricing', () => {
  it('formats money with a dollar sign, thousands commas and two decimals', () => {
    expect(formatMoney(0)).toBe('$0.00');
    expect(formatMoney(1234.5)).toBe('$1,234.50');
    expect(formatMoney(29.999)).toBe('$30.00');
  });

  it('prices a package as total + tax percent + processing fee, exactly', () => {
    expect(packagePrice(29.99, 8, 2.5)).toBe(34.89);
    expect(packagePrice(100, 0, 0)).toBe(100);
    expect(packagePrice(0.1, 10, 0.2)).toBe(0.31);
  });
});
