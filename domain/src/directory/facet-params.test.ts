import { describe, expect, it } from 'vitest';
import { FacetParamError, isEmptyFilter, parseFacetParams } from './facet-params.ts';

const errorOf = (query: Record<string, unknown>, stateParams?: string[]) => {
  try {
    parseFacetParams(query, stateParams);
  } catch (err) {
    if (err instanceof FacetParamError) return { path: err.path, message: err.message };
    throw err;
  }
  return undefined;
};

describe('parseFacetParams', () => {
  it('reads the filter state, the location and the ranges', () => {
    const filter = parseFacetParams({
      filter: {
        language: ['03', '0'],
        call: ['Incall'],
        kissing: 'YES',
        cum: 'any',
        age: ['20', '30'],
      },
      country: 'us',
      state: ['ca'],
      city: ['San Jose', 'N/A', ''],
      minValueDonation: '100',
    });
    expect(filter).toEqual({
      sections: {
        language: ['3'],
        call: ['Incall'],
        kissing: ['yes'],
        cum_type: ['Swallow', 'Drool', 'Spit', 'CIP', 'COF', 'COT', 'COB', 'COA', 'CIA'],
      },
      country: ['US'],
      state: ['CA'],
      city: ['San Jose'],
      age: [20, 30],
      donation_hour: [100, Number.POSITIVE_INFINITY],
    });
  });

  it('treats N/A, empty values and [0, 0] as no filter', () => {
    const filter = parseFacetParams({ filter: { kissing: 'N/A', race: ['0'], age: ['0', '0'] } });
    expect(isEmptyFilter(filter)).toBe(true);
  });

  it('intersects filter[age] with minValue/maxValue', () => {
    expect(parseFacetParams({ filter: { age: ['20', '40'] }, minValue: '30', maxValue: '50' }).age).toEqual([
      30, 40,
    ]);
  });

  it('refuses what the contract does not allow, naming the parameter', () => {
    expect(errorOf({ filter: { colour: 'red' } })).toEqual({
      path: 'filter[colour]',
      message: 'Invalid parameter filter[colour]: unknown filter',
    });
    expect(errorOf({ filter: { call: ['Teleport'] } })?.path).toBe('filter[call]');
    expect(errorOf({ filter: { age: ['50', '20'] } })?.message).toContain('min is above max');
    expect(errorOf({ maxValueDonation: '1e9' })?.path).toBe('maxValueDonation');
    expect(errorOf({ country: 'USA' })?.path).toBe('country');
    expect(errorOf({ populate: { kissing: 'maybe' } }, ['filter', 'populate'])?.path).toBe(
      'populate[kissing]',
    );
  });
});
