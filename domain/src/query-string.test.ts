import { describe, expect, it } from 'vitest';
import { toQueryString } from './query-string.ts';

describe('toQueryString', () => {
  it('writes nested filters in bracket style', () => {
    expect(toQueryString({ filters: { user: { id: { $eq: 1 } } } })).toBe('filters[user][id][$eq]=1');
  });

  it('writes pagination, populate and sort', () => {
    expect(toQueryString({ populate: '*', pagination: { page: 2, pageSize: 10 }, sort: 'id:desc' })).toBe(
      'populate=*&pagination[page]=2&pagination[pageSize]=10&sort=id:desc',
    );
  });

  it('indexes arrays, also arrays of objects', () => {
    expect(toQueryString({ populate: ['a', 'b'] })).toBe('populate[0]=a&populate[1]=b');
    expect(
      toQueryString({ filters: { $or: [{ city: { $eq: 'LA' } }, { state: { $in: ['CA', 'NV'] } }] } }),
    ).toBe(
      'filters[$or][0][city][$eq]=LA&filters[$or][1][state][$in][0]=CA&filters[$or][1][state][$in][1]=NV',
    );
  });

  it('leaves out null, undefined, empty arrays and empty objects', () => {
    expect(toQueryString({ a: undefined, b: null, c: [], d: {}, e: 0, f: false })).toBe('e=0&f=false');
    expect(toQueryString({})).toBe('');
    expect(toQueryString(undefined)).toBe('');
  });

  it('encodes values and keys that need it', () => {
    expect(toQueryString({ filters: { name: { $containsi: 'a&b c/é' } } })).toBe(
      'filters[name][$containsi]=a%26b%20c%2F%C3%A9',
    );
    expect(toQueryString({ 'odd key': 'x=y' })).toBe('odd%20key=x%3Dy');
  });

  it('writes dates as ISO strings', () => {
    expect(toQueryString({ since: new Date(Date.UTC(2023, 0, 2)) })).toBe('since=2023-01-02T00:00:00.000Z');
  });
});
