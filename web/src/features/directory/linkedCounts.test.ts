import { describe, expect, it } from 'vitest';
import { getLinkedCountQueries, mergeLinkedCounts } from './linkedCounts.ts';

describe('linked counts', () => {
  it('needs no second query while no parent has sub-types or is No', () => {
    expect(getLinkedCountQueries({})).toEqual([]);
    expect(getLinkedCountQueries({ kissing: 'yes', massage: 'no', call: ['Incall'] })).toEqual([]);
  });

  it('counts a parent with sub-types without them, and the sub-types of a No parent without it', () => {
    expect(
      getLinkedCountQueries({
        kissing: 'yes',
        kissing_types: ['Light'],
        anal: 'no',
        massage: 'yes',
      }),
    ).toEqual([
      { filters: { kissing: 'yes', anal: 'no', massage: 'yes' }, sections: ['kissing'] },
      { filters: { kissing: 'yes', kissing_types: ['Light'], massage: 'yes' }, sections: ['anal_activity'] },
    ]);
  });

  it('replaces the linked sections, leaving them unknown until their query answers', () => {
    const base = { kissing: { yes: 3, no: 0 }, massage: { yes: 2, no: 1 } };
    expect(
      mergeLinkedCounts(base, [{ sections: ['kissing'], counts: { kissing: { yes: 9, no: 4 } } }]),
    ).toEqual({ kissing: { yes: 9, no: 4 }, massage: { yes: 2, no: 1 } });
    expect(mergeLinkedCounts(base, [{ sections: ['kissing'], counts: undefined }])).toEqual({
      kissing: undefined,
      massage: { yes: 2, no: 1 },
    });
    expect(mergeLinkedCounts(undefined, [])).toBeUndefined();
  });
});
