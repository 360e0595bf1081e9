import { describe, expect, it } from 'vitest';
import { parseDirectoryQuery, toDirectorySearch } from './filter-url.ts';
import { FacetParamError, parseFacetParams } from './facet-params.ts';
import { normalizeSearch, searchTermOf } from './search.ts';

describe('the directory search term', () => {
  it('is trimmed with its spaces collapsed; empty is none', () => {
    expect(normalizeSearch('  Ruby   Rose ')).toBe('Ruby Rose');
    expect(normalizeSearch('   ')).toBeUndefined();
    expect(normalizeSearch(undefined)).toBeUndefined();
  });

  it('looks for phone digits when it is digits and punctuation, else for lower-cased words', () => {
    expect(searchTermOf('(415) 867-53')).toEqual({ kind: 'phone', digits: '41586753' });
    expect(searchTermOf('Ruby ruby Rose')).toEqual({ kind: 'text', words: ['ruby', 'rose'] });
    expect(searchTermOf('Suite 5')).toEqual({ kind: 'text', words: ['suite', '5'] });
    expect(searchTermOf('a b c d e f g')).toMatchObject({ words: ['a', 'b', 'c', 'd', 'e'] });
  });

  it('travels in the page URL after the location, and is read back', () => {
    const search = toDirectorySearch({ filters: {}, location: { state: 'CA' }, search: 'Ruby Rose' });
    expect(search).toBe('state=CA&search=Ruby%20Rose');
    expect(parseDirectoryQuery(search).search).toBe('Ruby Rose');
    // The page reads forgivingly: a one-letter term is no search.
    expect(parseDirectoryQuery('search=a').search).toBeUndefined();
  });

  it('is read strictly by the server', () => {
    expect(parseFacetParams({ search: ' ruby  ' }).search).toBe('ruby');
    expect(parseFacetParams({ search: '' }).search).toBeUndefined();
    for (const search of ['a', 'x'.repeat(65), ['ab', 'cd']])
      expect(() => parseFacetParams({ search })).toThrow(FacetParamError);
  });
});
