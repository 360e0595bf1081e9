import { describe, expect, it } from 'vitest';
import {
  locationSearchOf,
  mapUrl,
  parseVenuePage,
  parseVenueSort,
  reviewCountText,
  venueFindPath,
  venueHeading,
  venueKindOfPath,
  venueSearch,
  websiteUrl,
} from './venue.ts';

describe('venue URLs and texts', () => {
  it('reads the kind, sort and page of a venue URL', () => {
    expect(venueKindOfPath('/eroticbody')).toBe('eroticbody');
    expect(venueKindOfPath('/sextoy/12')).toBe('sextoy');
    expect(venueKindOfPath('/products')).toBeNull();
    expect(parseVenueSort('rating')).toBe('rating');
    expect(parseVenueSort('id')).toBeNull();
    expect(parseVenuePage('3')).toBe(3);
    expect(parseVenuePage('0')).toBe(1);
    expect(parseVenuePage('x')).toBe(1);
  });

  it('keeps only the location of a query and writes sort and page after it', () => {
    expect(locationSearchOf('?filter[kissing]=yes&state=NV&city[0]=Reno&sort=rating&page=2')).toBe(
      'state=NV&city[0]=Reno',
    );
    expect(venueSearch('state=NV', 'videos', 2)).toBe('state=NV&sort=videos&page=2');
    expect(venueSearch('', null, 1)).toBe('');
  });

  it("leads the picker's Find to the same venue kind with the new location, sort kept", () => {
    expect(venueFindPath('/stripclub/4', '?state=CA&sort=date&page=3', 'country=US&state=NV')).toBe(
      '/stripclub?country=US&state=NV&sort=date',
    );
    expect(venueFindPath('/', '', 'country=US&state=NV')).toBeNull();
  });

  it('heads the list with what is shown, every chosen city named', () => {
    const rubs = { name: 'Erotic Body Rubs', one: 'Erotic Body Rub' };
    const clubs = { name: 'Strip Club Links', one: 'Strip Club Link' };
    expect(venueHeading(12, rubs, { country: 'US', state: 'CA', city: ['San Jose'] })).toBe(
      '12 Erotic Body Rubs in San Jose, CA',
    );
    expect(venueHeading(2, clubs, { country: 'US', state: 'CA', city: ['San Jose', 'Oakland'] })).toBe(
      '2 Strip Club Links in San Jose and Oakland, CA',
    );
    expect(
      venueHeading(5, rubs, { country: 'US', state: 'CA', city: ['San Jose', 'Oakland', 'Fresno'] }),
    ).toBe('5 Erotic Body Rubs in San Jose, Oakland and Fresno, CA');
    expect(
      venueHeading(9, rubs, {
        country: 'US',
        state: 'CA',
        city: ['San Jose', 'Oakland', 'Fresno', 'Reno', 'Napa'],
      }),
    ).toBe('9 Erotic Body Rubs in San Jose, Oakland, Fresno and 2 more, CA');
    expect(venueHeading(1, rubs, { country: 'US', state: 'CA', city: ['San Jose'] })).toBe(
      '1 Erotic Body Rub in San Jose, CA',
    );
    expect(venueHeading(0, clubs, { country: 'US', state: 'NV' })).toBe('0 Strip Club Links in NV');
    expect(venueHeading(1234, { name: 'Sex Toy Shops', one: 'Sex Toy Shop' }, { country: 'US' })).toBe(
      '1,234 Sex Toy Shops in US',
    );
    expect(reviewCountText(0)).toBe('No reviews yet');
    expect(reviewCountText(1)).toBe('1 Review');
    expect(reviewCountText(2)).toBe('2 Reviews');
  });

  it('builds the map link from the address and accepts only http(s) websites', () => {
    expect(mapUrl({ location: '1 Main St', city: 'Reno', state: 'NV', postal_code: '', country: 'US' })).toBe(
      'https://www.openstreetmap.org/search?query=1%20Main%20St%2C%20Reno%2C%20NV%2C%20US',
    );
    expect(mapUrl({})).toBeNull();
    expect(websiteUrl('https://a.example')).toBe('https://a.example');
    expect(websiteUrl('javascript:alert(1)')).toBeNull();
  });
});
