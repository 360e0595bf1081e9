import { describe, expect, it } from 'vitest';
import { isAppPath } from './app-paths.ts';

describe('isAppPath', () => {
  it('knows the pages, in any case, with or without one trailing slash', () => {
    for (const path of [
      '/',
      '/ad/2',
      '/faq',
      '/FAQ',
      '/faq/',
      '/productdetails/5',
      '/eroticbody/12',
      '/admin',
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
      '/ad//',
      '//faq',
      '/faq//',
      '/productdetails',
      '/admin/users/7/edit',
      '/%E0%A4%A',
    ])
      expect(isAppPath(path), path).toBe(false);
  });
});
