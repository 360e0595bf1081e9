import type { PrefetchArgs } from '../../../app/prefetch.ts';
import { prefetchComments } from '../../comments/index.ts';
import { adQuery, parseAdId, relatedAdsQuery } from './api.ts';

/**
 * An ad page's route data (app/prefetch.ts): the ad, its related ads and its comments (the page shows
 * them open), fetched together before the server renders. Loaded by the router on demand.
 */
export function prefetchAdPage({ queryClient, params }: PrefetchArgs): Promise<unknown> {
  const id = parseAdId(params.id);
  if (id === undefined) return Promise.resolve();
  return Promise.all([
    queryClient.prefetchQuery(adQuery(id)),
    queryClient.prefetchQuery(relatedAdsQuery(id)),
    prefetchComments(queryClient, id),
  ]);
}
