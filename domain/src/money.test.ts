import { describe, expect, it } from 'vitest';
import {
  centsRange,
  floorCents,
  formatMoney,
  fromCents,
  isWholeCents,
  parseClientAmount,
  percentOfCents,
  roundCents,
  toCents,
} from './money.ts';

describe('money', () => {
  it('converts dollars to whole cents and back', () => {
    expect(toCents(12.34)).toBe(1234);
    expect(toCents(0.29)).toBe(29);
    expect(toCents(12.345)).toBe(1235);
    expect(toCents(-1.5)).toBe(-150);
    expect(fromCents(1234)).toBe(12.34);
    expect(fromCents(0)).toBe(0);
    expect(fromCents(1234.4)).toBe(12.34);
  });

  it('rounds dollars to the nearest or the lower whole cent', () => {
    expect(roundCents(29.999)).toBe(30);
    expect(roundCents(1.005 + 0.001)).toBe(1.01);
    expect(floorCents(12.345)).toBe(12.34);
    expect(floorCents(0.29)).toBe(0.29);
    expect(floorCents(1000)).toBe(1000);
  });

  it('takes a percent of cents to the nearest cent, a half cent up, in whole numbers', () => {
    expect(percentOfCents(4498, 8)).toBe(360); // 359.84
    expect(percentOfCents(15, 8)).toBe(1); // 1.2
    expect(percentOfCents(19, 8)).toBe(2); // 1.52
    // Exactly half a cent goes up; just under goes down.
    expect(percentOfCents(15, 10)).toBe(2); // 1.5
    expect(percentOfCents(1010, 5)).toBe(51); // 50.5
    expect(percentOfCents(1009, 5)).toBe(50); // 50.45
    // Where binary floats fall a hair under the half, the whole-number product does not:
    // 1500 × 2.3 / 100 is 34.4999… in floats (Math.round: 34), 34.5 exactly here.
    expect(Math.round((1500 * 2.3) / 100)).toBe(34);
    expect(percentOfCents(1500, 2.3)).toBe(35);
    expect(percentOfCents(1500, 4.1)).toBe(62); // 61.5
    expect(percentOfCents(9999, 7.25)).toBe(725); // 724.9275
    expect(percentOfCents(2999, 8)).toBe(240); // 239.92
    expect(percentOfCents(0, 8)).toBe(0);
    expect(percentOfCents(1234, 0)).toBe(0);
    expect(percentOfCents(1234, 100)).toBe(1234);
  });

  it('turns an inclusive dollar range into the whole cents inside it', () => {
    expect(centsRange(10, 20)).toEqual([1000, 2000]);
    expect(centsRange(0.001, 0.019)).toEqual([1, 1]);
    expect(centsRange(5, 2_000.5)).toEqual([500, 200_050]);
  });

  it('tells whole cents from fractions of a cent', () => {
    expect(isWholeCents(12.34)).toBe(true);
    expect(isWholeCents(0.29)).toBe(true);
    expect(isWholeCents(100)).toBe(true);
    expect(isWholeCents(12.345)).toBe(false);
  });

  it('parses a client amount with at most two decimals into cents and refuses anything else', () => {
    expect(parseClientAmount('12')).toBe(1200);
    expect(parseClientAmount('12.3')).toBe(1230);
    expect(parseClientAmount('-0.29')).toBe(-29);
    expect(parseClientAmount('12.345')).toBeUndefined();
    expect(parseClientAmount('1e3')).toBeUndefined();
    expect(parseClientAmount('')).toBeUndefined();
    expect(parseClientAmount(' 12')).toBeUndefined();
    expect(parseClientAmount('1234567890123')).toBeUndefined();
  });

  it('formats dollars with a dollar sign, thousands commas and two decimals', () => {
    expect(formatMoney(0)).toBe('$0.00');
    expect(formatMoney(1234.5)).toBe('$1,234.50');
    expect(formatMoney(29.999)).toBe('$30.00');
    expect(formatMoney(1_000_000)).toBe('$1,000,000.00');
  });
});
