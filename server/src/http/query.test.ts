import { describe, expect, it } from 'vitest';
import { deepFreeze, parseQueryString } from './query.ts';

describe('parseQueryString', () => {
  it('parses nested Strapi parameters into frozen objects without a prototype', () => {
    const q = parseQueryString('populate=images,user&filters[user][id][$eq]=7&pagination[page]=2');
    expect(q).toEqual({
      populate: 'images,user',
      filters: { user: { id: { $eq: '7' } } },
      pagination: { page: '2' },
    });
    expect(Object.getPrototypeOf(q)).toBe(null);
    expect(Object.isFrozen(q)).toBe(true);
    expect(Object.isFrozen((q.filters as { user: object }).user)).toBe(true);
    expect(() => {
      (q as Record<string, unknown>).populate = '*';
    }).toThrow(TypeError);
  });

  it('answers a repeated text with the same object, and a long text with a new one each time', () => {
    const text = `pagination[page]=3&x=${Math.random()}`;
    expect(parseQueryString(text)).toBe(parseQueryString(text));
    const long = `a=${'b'.repeat(3000)}`;
    expect(parseQueryString(long)).not.toBe(parseQueryString(long));
    expect(parseQueryString(long)).toEqual(parseQueryString(long));
    expect(Object.isFrozen(parseQueryString(long))).toBe(false);
  });

  it('keeps only the last texts', () => {
    const first = parseQueryString('kept=first');
    for (let i = 0; i < 40; i++) parseQueryString(`other=${i}`);
    expect(parseQueryString('kept=first')).not.toBe(first);
  });
});

describe('deepFreeze', () => {
  it('freezes arrays and objects all the way down', () => {
    const v = deepFreeze({ a: [{ b: 1 }], c: { d: [2] } });
    expect(Object.isFrozen(v.a[0])).toBe(true);
    expect(Object.isFrozen(v.c.d)).toBe(true);
  });
});
