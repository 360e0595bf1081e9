import { describe, expect, it } from 'vitest';
import { BREAKPOINTS, MIN_AGE_MS, MIN_AGE_YEARS, PAGE_SIZES, PLACE_TYPES, USER_TYPES } from './constants.ts';
import { MESSAGES } from './messages.ts';

describe('constants', () => {
  it('writes the minimum age as the spec does: 18 years of 365 days in milliseconds', () => {
    expect(MIN_AGE_MS).toBe(MIN_AGE_YEARS * 365 * 24 * 3600 * 1000);
  });

  it('keeps the spec spellings of account types and place types', () => {
    expect(USER_TYPES).toEqual(['Hobbyist', 'Provider', 'Vender']);
    expect(PLACE_TYPES.map((t) => t.type)).toEqual(['eroticbody', 'sextoy', 'stripclub']);
  });

  it('uses the spec page sizes and Bootstrap breakpoints', () => {
    expect(PAGE_SIZES).toEqual([10, 20, 30, 40]);
    expect(BREAKPOINTS).toEqual({ xs: 0, sm: 576, md: 768, lg: 992, xl: 1200, xxl: 1400 });
  });

  it('carries the slogan and copyright year', () => {
    expect(MESSAGES.site.slogan).toBe('Live the Fantasy!');
    expect(MESSAGES.site.copyrightYear).toBe(2023);
  });
});
