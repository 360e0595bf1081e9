import { describe, expect, it } from 'vitest';
import { MESSAGES } from '@app/domain';
import type { FilterState } from '@app/domain';
import { chosenFilters, sectionsWithChoice } from './chosenFilters.ts';

const F = MESSAGES.filters;
const labels = (filters: FilterState) => chosenFilters(filters).map((chip) => chip.label);
const removing = (filters: FilterState, label: string) =>
  chosenFilters(filters)
    .find((chip) => chip.label === label)!
    .remove(filters);

describe('chosenFilters', () => {
  it('is empty without filters, and ignores a [0, 0] range (N/A)', () => {
    expect(chosenFilters({})).toEqual([]);
    expect(chosenFilters({ age: [0, 0] })).toEqual([]);
  });

  it('names each chosen option with its section, in the panel’s order', () => {
    const filters: FilterState = {
      grooming: ['Bare'],
      massage: 'no',
      call: ['Incall'],
      age: [25, 40],
      donation_hour: [100, 300],
      language: [1, 7],
    };
    // A name the lookup does not have (yet) shows as its id.
    const names = { language: new Map([[1, 'English']]) };
    expect(chosenFilters(filters, names).map((chip) => chip.label)).toEqual([
      `${F.language}: English`,
      `${F.language}: 7`,
      `${F.call}: ${F.incall}`,
      `${F.age}: 25–40`,
      `${F.donation}: $100–$300`,
      `${F.massage}: ${F.no}`,
      `${F.grooming}: Bare`,
    ]);
  });

  it('shows sub-types instead of their parent’s Yes; removing the last clears the parent', () => {
    const filters: FilterState = { kissing: 'yes', kissing_types: ['Light'], anilingus: 'yes' };
    expect(labels(filters)).toEqual([`${F.kissing}: Light`, `${F.anilingus}: ${F.yes}`]);
    expect(removing(filters, `${F.kissing}: Light`)).toEqual({ anilingus: 'yes' });
    expect(labels({ anilingus: 'yes', anilingus_act: ['Give'] })).toEqual([`${F.anilingus}: ${F.give}`]);
  });

  it('groups Call’s Both, CIM and Anywhere as the panel ticks them', () => {
    expect(labels({ call: ['Incall', 'Outcall', 'Outcall/Incall'] })).toEqual([`${F.call}: ${F.both}`]);
    expect(removing({ call: ['Incall', 'Outcall', 'Outcall/Incall'] }, `${F.call}: ${F.both}`)).toEqual({});
    const cum: FilterState = { cum_type: ['Swallow', 'Drool', 'Spit', 'COF'] };
    expect(labels(cum)).toEqual([`${F.cum}: ${F.cim}`, `${F.cum}: COF`]);
    expect(removing(cum, `${F.cum}: ${F.cim}`)).toEqual({ cum_type: ['COF'] });
    const anywhere: FilterState = { cum_type: ['Spit', 'CIP', 'COF', 'COT', 'COB', 'COA', 'CIA'] };
    expect(labels(anywhere)).toEqual([`${F.cum}: ${F.cumAnywhere}`, `${F.cum}: Spit`]);
    expect(removing(anywhere, `${F.cum}: ${F.cumAnywhere}`)).toEqual({ cum_type: ['Spit'] });
  });

  it('removes one option and keeps the others', () => {
    const filters: FilterState = { personality: ['Submissive', 'Dominant'], age: [30, 50], massage: 'yes' };
    expect(removing(filters, `${F.personality}: Dominant`)).toEqual({
      ...filters,
      personality: ['Submissive'],
    });
    expect(removing(filters, `${F.age}: 30–50`)).toEqual({ ...filters, age: [0, 0] });
    expect(removing(filters, `${F.massage}: ${F.yes}`)).toEqual({
      personality: ['Submissive', 'Dominant'],
      age: [30, 50],
    });
  });
});

describe('sectionsWithChoice', () => {
  it('lists the sections holding a choice, sub-types counting for their parent', () => {
    expect(sectionsWithChoice({})).toEqual([]);
    expect(
      sectionsWithChoice({ fellatio_type: ['CBJ'], donation_hour: [0, 0], age: [20, 30], language: [] }),
    ).toEqual(['age', 'fellatio']);
  });
});
