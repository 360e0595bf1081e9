import type { QueryParams } from './client.ts';

/**
 * Collects the keys asked for within one short window and loads them in one call, DataLoader-style:
 * ten cards rendering together ask for their data once, not ten times. `loadMany` answers a map;
 * a key it leaves out gets `missing`.
 */
export function createBatchLoader<K, V>(
  loadMany: (keys: K[]) => Promise<Map<K, V>>,
  missing: V,
  windowMs = 10,
): (key: K) => Promise<V> {
  let queue: { key: K; resolve: (value: V) => void; reject: (error: unknown) => void }[] = [];
  let timer: ReturnType<typeof setTimeout> | null = null;

  const flush = () => {
    const batch = queue;
    queue = [];
    timer = null;
    const keys = [...new Set(batch.map((entry) => entry.key))];
    loadMany(keys).then(
      (values) => {
        for (const entry of batch) entry.resolve(values.has(entry.key) ? values.get(entry.key)! : missing);
      },
      (error: unknown) => {
        for (const entry of batch) entry.reject(error);
      },
    );
  };

  return (key: K) =>
    new Promise<V>((resolve, reject) => {
      queue.push({ key, resolve, reject });
      timer ??= setTimeout(flush, windowMs);
    });
}

/** `filters[provider][id]` of a batch of cards: `$eq` for one card, `$in` for several. */
export function providerFilter(ids: readonly number[]): QueryParams {
  return { id: ids.length === 1 ? { $eq: ids[0] } : { $in: ids } };
}
