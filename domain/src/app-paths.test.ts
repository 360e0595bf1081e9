import { describe, expect, it } from 'vitest';
import { isAppPath, matchAppPath } from './app-paths.ts';

describe('isAppPath', () => {
  it('knows the pages, in any case, with trailing slashes or none', () => {
    for (const path of [
      '/',
      '/ad/2',
      '/faq',
      '/FAQ',
      '/faq/',
      '/productdetails/5',
      '/eroticbody/12',
      '/admin',
      '/faq//',
      '///',
      '/ad/%E0%A4%A',
      '/ad/%32',
    ])
      expect(isAppPath(path), path).toBe(true);
    expect(isAppPath('/cart')).toBe(true);
    expect(isAppPath('/admin/users/7/')).toBe(true);
  });

  it('knows no other path', () => {
    for (const path of [
      '/sitemap.xml',
      '/nothing-here',
      '/faq/more',
      '/ad',
      '/ad/',
      '//faq',
      '/productdetails',
      '/admin/users/7/edit',
      '/%E0%A4%A',
      '/faq//more',
    ])
      expect(isAppPath(path), path).toBe(false);
  });
});

describe('matchAppPath', () => {
  it('prefers a fixed segment to a parameter, as the router does', () => {
    expect(matchAppPath('/ads/view')).toBe('/ads/view');
    expect(matchAppPath('/ads/edit/3')).toBe('/ads/edit/:id');
    expect(matchAppPath('/ads/packages/')).toBe('/ads/packages');
    expect(matchAppPath('/ads/12')).toBe('/ads/:id');
    expect(matchAppPath('/ads/12/ruby-san-jose')).toBe('/ads/:id/:slug');
    expect(matchAppPath('/ads/12/a/b')).toBeUndefined();
  });
});
