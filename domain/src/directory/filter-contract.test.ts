import { describe, expect, it } from 'vitest';
import {
  COUNT_SECTIONS,
  FACET_PARAMS,
  FILTER_KEYS,
  FILTER_SECTIONS,
  LIST_SECTIONS,
  NA_CLEARS,
  OPTION_SECTION_KEYS,
  OPTION_SECTIONS,
  YES_NO_KEYS,
} from './filter-contract.ts';

// The wire order is part of the contract (URLs, cache keys, the order of `/api/filterdata`'s counts):
// it is pinned here as one line each, so a change to the tables shows as a change to the contract.
describe('the filter contract', () => {
  it('lists the panel sections and the wire keys in the spec’s order', () => {
    expect(FILTER_SECTIONS.join(' ')).toBe(
      'language race call age donation kissing fellatio cunnilingus anilingus vaginal anal cum threesome massage personality grooming',
    );
    expect(FILTER_KEYS.join(' ')).toBe(
      'language race call age donation_hour kissing kissing_types fellatio fellatio_type cunnilingus anilingus anilingus_act vaginal vaginal_type anal anal_activity cum_type threesome massage personality grooming',
    );
  });

  it('counts every key but the ranges, and knows every option key’s options', () => {
    expect(COUNT_SECTIONS).toEqual(FILTER_KEYS.filter((k) => k !== 'age' && k !== 'donation_hour'));
    expect(OPTION_SECTION_KEYS).toEqual(COUNT_SECTIONS.filter((k) => k !== 'language' && k !== 'race'));
    expect(Object.keys(OPTION_SECTIONS).sort()).toEqual([...OPTION_SECTION_KEYS].sort());
    expect(YES_NO_KEYS.join(' ')).toBe(
      'kissing fellatio cunnilingus anilingus vaginal anal threesome massage',
    );
    expect([...LIST_SECTIONS].sort().join(' ')).toBe(
      'anal_activity anilingus_act cum_type fellatio_type grooming kissing_types personality vaginal_type',
    );
  });

  it('clears a section’s keys, its sub-types and its range with its N/A; Call has none', () => {
    expect(Object.keys(NA_CLEARS)).toEqual(FILTER_SECTIONS.filter((s) => s !== 'call'));
    expect(NA_CLEARS.kissing).toEqual(['kissing', 'kissing_types']);
    expect(NA_CLEARS.donation).toEqual(['donation_hour']);
    expect(NA_CLEARS.cum).toEqual(['cum_type']);
  });

  it('names the top-level facet parameters', () => {
    expect(FACET_PARAMS.join(' ')).toBe(
      'filter country state city search minValue maxValue minValueDonation maxValueDonation',
    );
  });
});
