import { describe, expect, it } from 'vitest';
import { createBatchLoader } from './batch.ts';

describe('createBatchLoader', () => {
  it('loads the keys asked for together in one call and gives missing keys the default', async () => {
    const batches: number[][] = [];
    const load = createBatchLoader(async (keys: number[]) => {
      batches.push(keys);
      return new Map(keys.filter((k) => k !== 3).map((k) => [k, k * 10]));
    }, -1);
    const results = await Promise.all([load(1), load(2), load(2), load(3)]);
    expect(results).toEqual([10, 20, 20, -1]);
    expect(batches).toEqual([[1, 2, 3]]);
    expect(await load(4)).toBe(40);
    expect(batches).toHaveLength(2);
  });

  it('rejects every waiting key when the call fails', async () => {
    const load = createBatchLoader(async () => {
      throw new Error('down');
    }, 0);
    await expect(Promise.all([load(1), load(2)])).rejects.toThrow('down');
  });
});
