import { describe, expect, it } from 'vitest';
import { COUNTRIES, countryCodeOf, isCountryCode } from './countries.ts';
import { countryField } from './country-schema.ts';
import { MESSAGES } from './messages.ts';

const REQUIRED = 'Country is required';
const field = countryField(REQUIRED);
const messagesOf = (value: unknown) => {
  const r = field.safeParse(value);
  return r.success ? [] : r.error.issues.map((i) => i.message);
};

describe('countries: a name or a code, read as the code', () => {
  it('reads a code in any case', () => {
    expect(countryCodeOf('US')).toBe('US');
    expect(countryCodeOf('us')).toBe('US');
    expect(countryCodeOf(' gb ')).toBe('GB');
    expect(isCountryCode('US')).toBe(true);
    expect(isCountryCode('us')).toBe(false);
    expect(isCountryCode('XX')).toBe(false);
  });

  it('reads an English name in any case, with or without accents, dots and "&"', () => {
    expect(countryCodeOf('United States')).toBe('US');
    expect(countryCodeOf('united states')).toBe('US');
    expect(countryCodeOf('UNITED STATES OF AMERICA')).toBe('US');
    expect(countryCodeOf('USA')).toBe('US');
    expect(countryCodeOf('U.S.A.')).toBe('US');
    expect(countryCodeOf('U.S.')).toBe('US');
    expect(countryCodeOf('United Kingdom')).toBe('GB');
    expect(countryCodeOf('UK')).toBe('GB');
    expect(countryCodeOf('Canada')).toBe('CA');
    expect(countryCodeOf("Cote d'Ivoire")).toBe('CI');
    expect(countryCodeOf('Côte d’Ivoire')).toBe('CI');
    expect(countryCodeOf('Trinidad and Tobago')).toBe('TT');
    expect(countryCodeOf('Trinidad & Tobago')).toBe('TT');
    expect(countryCodeOf('Turkey')).toBe('TR');
    expect(countryCodeOf('Türkiye')).toBe('TR');
    expect(countryCodeOf('  the   netherlands ')).toBe('NL');
  });

  it('knows nothing else', () => {
    for (const value of ['', 'XX', 'U', 'Atlantis', 'United', 'America', 'States', 'x'.repeat(200)]) {
      expect(countryCodeOf(value), value).toBeUndefined();
    }
  });

  it('holds each code once, two capital letters, and no name twice', () => {
    const codes = COUNTRIES.map(([code]) => code);
    expect(new Set(codes).size).toBe(codes.length);
    expect(codes.every((c) => /^[A-Z]{2}$/.test(c))).toBe(true);
    expect(codes).toEqual(expect.arrayContaining(['US', 'CA', 'GB', 'MX', 'DE', 'FR']));
    for (const [code, ...names] of COUNTRIES) {
      for (const name of names) expect(countryCodeOf(name), name).toBe(code);
    }
  });
});

describe('countryField: the one country schema of the API and the forms', () => {
  it('answers the code for a name or a code', () => {
    expect(field.parse('United States')).toBe('US');
    expect(field.parse(' us ')).toBe('US');
    expect(field.parse('Germany')).toBe('DE');
  });

  it('refuses an unknown country with a clear message, and nothing at all as required', () => {
    expect(messagesOf('Atlantis')).toEqual([MESSAGES.validation.countryUnknown]);
    expect(messagesOf('XX')).toEqual([MESSAGES.validation.countryUnknown]);
    expect(messagesOf('')).toEqual([REQUIRED]);
    expect(messagesOf('   ')).toEqual([REQUIRED]);
    expect(messagesOf(undefined)).toEqual([REQUIRED]);
    expect(messagesOf(5)).toEqual([REQUIRED]);
  });
});
