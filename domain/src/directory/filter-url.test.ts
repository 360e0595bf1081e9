import { describe, expect, it } from 'vitest';
import { setCall, setRadio, setRange, setSubtype, type FilterState } from './filters.ts';
import { parseDirectoryQuery, toDirectorySearch, toFacetParams, type DirectoryQuery } from './filter-url.ts';

const decode = (search: string) => decodeURIComponent(search);

describe('toDirectorySearch', () => {
  it('writes the contract’s facet parameters in a fixed order', () => {
    const search = toDirectorySearch({
      filters: {
        grooming: ['Bare'],
        kissing: 'yes',
        kissing_types: ['Light'],
        call: ['Incall'],
        language: [3, 5],
        age: [20, 30],
      },
      location: { country: 'US', state: 'CA', city: ['San Jose', 'Oakland'] },
    });
    expect(decode(search)).toBe(
      'filter[language][0]=3&filter[language][1]=5&filter[call][0]=Incall&filter[age][0]=20&filter[age][1]=30' +
        '&filter[kissing]=yes&filter[kissing_types][0]=Light&filter[grooming][0]=Bare' +
        '&country=US&state=CA&city[0]=San Jose&city[1]=Oakland',
    );
    expect(search).toContain('city[0]=San%20Jose');
  });

  it('leaves out N/A, empty values, [0, 0] ranges and the cum shorthand', () => {
    const filters = {
      personality: ['N/A'],
      grooming: [],
      age: [0, 0],
      cum: 'any',
      cum_type: ['Swallow'],
    } as unknown as FilterState;
    expect(decode(toDirectorySearch({ filters, location: { city: [' '] } }))).toBe(
      'filter[cum_type][0]=Swallow',
    );
  });

  it('is empty for no filters and no location', () => {
    expect(toDirectorySearch({ filters: {}, location: {} })).toBe('');
    expect(toFacetParams({ filters: {}, location: {} })).toEqual({});
  });
});

describe('parseDirectoryQuery', () => {
  it('reads back what toDirectorySearch writes', () => {
    let filters: FilterState = {};
    filters = setCall(filters, 'Both', true);
    filters = setSubtype(filters, 'anilingus', 'Give', true);
    filters = setRadio(filters, 'massage', 'no');
    filters = setRange(filters, 'donation_hour', [100, 300]);
    filters = { ...filters, race: [2], cum_type: ['Swallow', 'CIP'], personality: ['Confident'] };
    const query: DirectoryQuery = {
      filters,
      location: { country: 'US', state: 'TX', city: ['Austin'] },
    };
    const search = toDirectorySearch(query);
    const parsed = parseDirectoryQuery(`?${search}`);
    expect(parsed).toEqual(query);
    expect(toDirectorySearch(parsed)).toBe(search);
  });

  it('accepts `[]` lists and orders indexed entries by index', () => {
    const parsed = parseDirectoryQuery(
      'filter[personality][]=Dominant&filter[language][1]=7&filter[language][0]=4&city[]=Fresno',
    );
    expect(parsed.filters).toEqual({ personality: ['Dominant'], language: [4, 7] });
    expect(parsed.location).toEqual({ city: ['Fresno'] });
  });

  it('drops unknown keys, unknown options, N/A and duplicates', () => {
    const parsed = parseDirectoryQuery(
      'filter[call][0]=Teleport&filter[call][1]=Outcall&filter[call][2]=Outcall&filter[kissing]=maybe' +
        '&filter[fellatio]=YES&filter[language][0]=N/A&filter[language][1]=0&filter[race][0]=x' +
        '&filter[secret]=1&foo=bar&state=CAL1&country=usa',
    );
    expect(parsed.filters).toEqual({ call: ['Outcall'], fellatio: 'yes' });
    expect(parsed.location).toEqual({});
  });

  it('clamps ranges to the slider bounds and ignores [0, 0] and broken ones', () => {
    expect(parseDirectoryQuery('filter[age][0]=10&filter[age][1]=150').filters.age).toEqual([18, 100]);
    expect(parseDirectoryQuery('filter[age][0]=40&filter[age][1]=30').filters.age).toEqual([30, 40]);
    expect(parseDirectoryQuery('filter[age][0]=0&filter[age][1]=0').filters).toEqual({});
    expect(parseDirectoryQuery('filter[age][0]=20').filters).toEqual({});
    expect(
      parseDirectoryQuery('filter[donation_hour][0]=0&filter[donation_hour][1]=5000').filters.donation_hour,
    ).toEqual([1, 1000]);
  });

  it('reads the original client’s minValue/maxValue ranges', () => {
    expect(
      parseDirectoryQuery('minValue=25&maxValue=35&minValueDonation=50&maxValueDonation=90').filters,
    ).toEqual({ age: [25, 35], donation_hour: [50, 90] });
  });

  it('upper-cases country and state codes', () => {
    expect(parseDirectoryQuery('country=us&state=ca').location).toEqual({ country: 'US', state: 'CA' });
  });
});
