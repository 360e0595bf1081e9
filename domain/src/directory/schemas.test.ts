import { describe, expect, it } from 'vitest';
import { ZProviderUpdate, ZProviderWrite } from './schemas.ts';

const base = {
  title: 'Friendly companion',
  name: 'Aria',
  state: 'ca',
  city: 'San Jose',
  age: 25,
  images: [1],
  docs: [2],
};

describe('ZProviderWrite', () => {
  it('fills defaults and normalises codes and lists', () => {
    const ad = ZProviderWrite.parse({
      ...base,
      kissing_types: 'Heavy, Light',
      cum_type: ['COB', 'Swallow'],
      images: [1, 1, 3],
    });
    expect(ad).toMatchObject({
      country: 'US',
      state: 'CA',
      kissing: 'yes',
      kissing_types: ['Light', 'Heavy'],
      cum_type: ['Swallow', 'COB'],
      duration_ad: 2,
      duration_ad_unit: 'Days',
      images: [1, 3],
    });
    // Publication is the admin's decision: nothing defaults it.
    expect(ad.isShowed).toBeUndefined();
    expect(ad.review).toBeUndefined();
  });

  it('refuses minors, negative donations, capitalised answers, unknown options and missing files', () => {
    for (const bad of [
      { age: 17 },
      { donation_hour: -1 },
      { donation_hour: 1.234 },
      { kissing: 'Yes' },
      { grooming: 'Shaggy' },
      { images: [] },
      { docs: [0] },
      { call: 'Both' },
    ]) {
      expect(ZProviderWrite.safeParse({ ...base, ...bad }).success, JSON.stringify(bad)).toBe(false);
    }
  });

  it('takes an ad without ID documents: the server requires them unless the ID is verified (decision 0034)', () => {
    expect(ZProviderWrite.parse({ ...base, docs: [] }).docs).toEqual([]);
    const { docs: _docs, ...withoutDocs } = base;
    expect(ZProviderWrite.parse(withoutDocs).docs).toEqual([]);
    expect(ZProviderUpdate.safeParse({ docs: [] }).success).toBe(false);
  });

  it('applies the linkage rules: no clears the sub-types', () => {
    expect(ZProviderWrite.parse({ ...base, fellatio: 'no', fellatio_type: 'CBJ' }).fellatio_type).toEqual([]);
    expect(ZProviderUpdate.parse({ anal: null })).toEqual({ anal: null, anal_activity: [] });
    expect(ZProviderUpdate.parse({ vaginal_type: ['BFS'] })).toEqual({
      vaginal: 'yes',
      vaginal_type: ['BFS'],
    });
    expect(ZProviderUpdate.parse({ kissing: '' })).toEqual({ kissing: null, kissing_types: [] });
  });
});
