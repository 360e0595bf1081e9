import { describe, expect, it } from 'vitest';
import type { DirectoryQuery } from '@app/domain';
import { firstPagePath, pagePath, parsePage, withDefaultLocation } from './filterUrl.ts';

describe('withDefaultLocation', () => {
  it('adds US and CA only when the URL names no location at all', () => {
    expect(withDefaultLocation({ filters: { massage: 'yes' }, location: {} })).toEqual({
      filters: { massage: 'yes' },
      location: { country: 'US', state: 'CA' },
    });
    const texas: DirectoryQuery = { filters: {}, location: { state: 'TX' } };
    expect(withDefaultLocation(texas)).toBe(texas);
    const city: DirectoryQuery = { filters: {}, location: { city: ['Austin'] } };
    expect(withDefaultLocation(city)).toBe(city);
  });
});

describe('pages', () => {
  it('defaults a missing or non-numeric page to 1', () => {
    expect(parsePage(undefined)).toBe(1);
    expect(parsePage('abc')).toBe(1);
    expect(parsePage('0')).toBe(1);
    expect(parsePage('-2')).toBe(1);
    expect(parsePage('2.5')).toBe(1);
    expect(parsePage('7')).toBe(7);
  });

  it('links pages to /ad/{n} with the query and filter changes to /', () => {
    expect(pagePath(3, 'state=CA')).toBe('/ad/3?state=CA');
    expect(pagePath(1, '')).toBe('/ad/1');
    expect(firstPagePath('state=CA')).toBe('/?state=CA');
    expect(firstPagePath('')).toBe('/');
  });
});
