import { describe, expect, it } from 'vitest';
import { homeListingUrl, listingQuery } from './listing-query.ts';

describe('the listing query', () => {
  it('asks for a page of ten, newest first, with the relations and the facet parameters', () => {
    expect(listingQuery({ filters: { call: ['Incall'] }, location: { country: 'US' } }, 3)).toEqual({
      pagination: { page: 3, pageSize: 10 },
      sort: 'id:desc',
      populate: ['images', 'language', 'race', 'user', 'video'],
      filter: { call: ['Incall'] },
      country: 'US',
    });
  });

  it("is the home page's first call, as the browser will be told to preload it", () => {
    expect(homeListingUrl()).toBe(
      '/api/providers?pagination[page]=1&pagination[pageSize]=10&sort=id:desc&populate[0]=images' +
        '&populate[1]=language&populate[2]=race&populate[3]=user&populate[4]=video&country=US&state=CA',
    );
  });
});
