import { describe, expect, it } from 'vitest';
import {
  CUM_PLACES,
  CUM_TYPES,
  normalizeFilters,
  setCall,
  setCum,
  setCumPlaces,
  setListOption,
  setRadio,
  setRange,
  setSubtype,
  type FilterState,
} from './filters.ts';
import { formatCommentTime } from './comment-time.ts';

describe('Call', () => {
  it('Both selects Incall, Outcall and Outcall/Incall; unticking Both clears', () => {
    const both = setCall({}, 'Both', true);
    expect(both.call).toEqual(['Incall', 'Outcall', 'Outcall/Incall']);
    expect(setCall(both, 'Both', false)).toEqual({});
  });
  it('Incall and Outcall exclude each other', () => {
    const incall = setCall({}, 'Incall', true);
    expect(incall.call).toEqual(['Incall']);
    expect(setCall(incall, 'Outcall', true).call).toEqual(['Outcall']);
    expect(setCall(incall, 'Incall', false)).toEqual({});
  });
});

describe('sub-types', () => {
  it('ticking a sub-type sets the parent to yes', () => {
    const s = setSubtype({}, 'kissing', 'Light', true);
    expect(s).toEqual({ kissing: 'yes', kissing_types: ['Light'] });
    expect(setSubtype(s, 'kissing', 'Heavy', true).kissing_types).toEqual(['Light', 'Heavy']);
  });
  it('with no sub-types left the parent is cleared', () => {
    const s = setSubtype({}, 'anal', 'CAS', true);
    expect(setSubtype(s, 'anal', 'CAS', false)).toEqual({});
  });
  it.each(['no', 'N/A'] as const)('picking %s clears the sub-types', (value) => {
    const s = setSubtype(setSubtype({}, 'fellatio', 'CBJ', true), 'fellatio', 'BBJ', true);
    const next = setRadio(s, 'fellatio', value);
    expect(next.fellatio_type).toBeUndefined();
    expect(next.fellatio).toBe(value === 'no' ? 'no' : undefined);
  });
  it('choosing a parent as a radio deletes its sub-type list', () => {
    const s = setSubtype({}, 'kissing', 'Moderate', true);
    expect(setRadio(s, 'kissing', 'yes')).toEqual({ kissing: 'yes' });
  });
  it('works for every parent', () => {
    expect(setSubtype({}, 'anilingus', 'Give', true)).toEqual({ anilingus: 'yes', anilingus_act: ['Give'] });
    expect(setSubtype({}, 'vaginal', 'BFS', true)).toEqual({ vaginal: 'yes', vaginal_type: ['BFS'] });
  });
});

describe('radio groups', () => {
  it('store the value as is; N/A clears', () => {
    const s = setRadio({}, 'threesome', 'yes');
    expect(s).toEqual({ threesome: 'yes' });
    expect(setRadio(s, 'threesome', 'N/A')).toEqual({});
    expect(setRadio({}, 'massage', 'no')).toEqual({ massage: 'no' });
  });
});

describe('checkbox groups', () => {
  it('toggle options; N/A or empty clears the group', () => {
    let s: FilterState = setListOption({}, 'language', 3, true);
    s = setListOption(s, 'language', 5, true);
    expect(s.language).toEqual([3, 5]);
    expect(setListOption(s, 'language', 'N/A', true)).toEqual({});
    expect(setListOption(setListOption({}, 'grooming', 'Bare', true), 'grooming', 'Bare', false)).toEqual({});
  });
});

describe('Cum', () => {
  it('CIM selects Swallow, Drool and Spit', () => {
    expect(setCum({}, 'CIM').cum_type).toEqual(['Swallow', 'Drool', 'Spit']);
    expect(setCum(setCum({}, 'CIM'), 'CIM', false)).toEqual({});
  });
  it('the second control selects every finishing place', () => {
    expect(setCumPlaces({}, true).cum_type).toEqual([...CUM_PLACES]);
    expect(setCumPlaces(setCumPlaces({}, true), false)).toEqual({});
  });
  it('any sets all cum types and N/A clears all', () => {
    const any = setCum({}, 'any');
    expect(any).toEqual({ cum: 'any', cum_type: [...CUM_TYPES] });
    expect(setCum(any, 'N/A')).toEqual({});
  });
});

describe('ranges', () => {
  it('N/A collapses the range to 0 and 0, meaning no filter', () => {
    const s = setRange({}, 'age', 'N/A');
    expect(s.age).toEqual([0, 0]);
    expect(normalizeFilters(s)).toEqual({});
  });
  it('keeps ranges inside the slider bounds', () => {
    expect(setRange({}, 'age', [10, 120]).age).toEqual([18, 100]);
    expect(setRange({}, 'donation_hour', [500, 0]).donation_hour).toEqual([1, 500]);
  });
});

describe('normalizeFilters', () => {
  it('drops N/A and empty values before building the query', () => {
    expect(
      normalizeFilters({
        language: [],
        race: [2],
        personality: ['N/A' as never],
        kissing: '' as never,
        age: [20, 30],
      }),
    ).toEqual({ race: [2], age: [20, 30] });
  });
});

describe('comment time', () => {
  const now = new Date('2026-11-22T12:00:00Z');
  it('says "just now" under a minute and minutes under an hour, never "0 hours ago"', () => {
    expect(formatCommentTime('2026-11-22T12:00:00Z', now)).toBe('just now');
    expect(formatCommentTime('2026-11-22T11:59:00.001Z', now)).toBe('just now');
    // A time a little ahead of the reader's clock is fresh, not negative.
    expect(formatCommentTime('2026-11-22T12:00:05Z', now)).toBe('just now');
    expect(formatCommentTime('2026-11-22T11:59:00Z', now)).toBe('1 minute ago');
    expect(formatCommentTime('2026-11-22T11:58:00Z', now)).toBe('2 minutes ago');
    expect(formatCommentTime('2026-11-22T11:00:00.001Z', now)).toBe('59 minutes ago');
  });
  it('says hours under 24 hours', () => {
    expect(formatCommentTime('2026-11-22T11:00:00Z', now)).toBe('1 hour ago');
    expect(formatCommentTime('2026-11-21T12:00:01Z', now)).toBe('23 hours ago');
  });
  it('says days under 240 hours', () => {
    expect(formatCommentTime('2026-11-21T12:00:00Z', now)).toBe('1 day ago');
    expect(formatCommentTime('2026-11-12T12:00:01Z', now)).toBe('9 days ago');
  });
  it('gives the date from 240 hours on', () => {
    expect(formatCommentTime('2026-11-12T12:00:00Z', now)).toBe('Commented on Nov 12, 2026');
    expect(formatCommentTime('2026-11-12T12:00:00Z', now, '')).toBe('Nov 12, 2026');
  });
});
