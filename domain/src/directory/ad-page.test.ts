import { describe, expect, it } from 'vitest';
import { adPageId, adPath, adSlug, slugify } from './ad-page.ts';

describe("an ad page's address", () => {
  it('is the id, then the stage name and city as a slug', () => {
    expect(adPath(12, { name: 'Ruby Rose', title: 'Evenings', city: 'Los Angeles' })).toBe(
      '/ads/12/ruby-rose-los-angeles',
    );
  });

  it('is the id alone where only the id is known', () => {
    expect(adPath(12)).toBe('/ads/12');
  });

  it('takes the title when the ad has no stage name', () => {
    expect(adSlug({ name: '', title: 'Sunset Dancer', city: 'San Diego' })).toBe('sunset-dancer-san-diego');
  });

  it('drops accents, signs and spaces at either end', () => {
    expect(slugify('  Zoë & Renée — São Paulo!  ')).toBe('zoe-renee-sao-paulo');
  });

  it('is "ad" when no Latin letter or digit is left', () => {
    expect(slugify('東京 ❤')).toBe('ad');
    expect(adSlug({})).toBe('ad');
  });

  it('is cut at a word near its limit', () => {
    const slug = slugify('word '.repeat(30));
    expect(slug.length).toBeLessThanOrEqual(60);
    expect(slug.endsWith('-')).toBe(false);
    expect(slug.split('-').every((part) => part === 'word')).toBe(true);
  });

  it('names its id in the paths of ad pages only', () => {
    expect(adPageId('/ads/12/ruby-rose-los-angeles')).toBe(12);
    expect(adPageId('/ads/12')).toBe(12);
    expect(adPageId('/ads/12/')).toBe(12);
    expect(adPageId('/ads/0/x')).toBeUndefined();
    expect(adPageId('/ads/view')).toBeUndefined();
    expect(adPageId('/ads/edit/3')).toBeUndefined();
    expect(adPageId('/ads/12/a/b')).toBeUndefined();
    expect(adPageId('/ads/12345678901/x')).toBeUndefined();
  });
});
