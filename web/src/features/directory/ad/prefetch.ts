import type { PrefetchArgs } from '../../../app/prefetch.ts';
import { prefetchComments } from '../../comments/index.ts';
import { routeId } from '../../../lib/ids.ts';
import { adQuery, relatedAdsQuery } from './api.ts';

/**
 * An ad page's route data (app/prefetch.ts): the ad, its related ads and its comments (the page shows
 * them open), fetched together before the server renders. Loaded by the router on demand.
 */
export function prefetchAdPage({ queryClient, params }: PrefetchArgs): Promise<unknown> {
  const id = routeId(params.id);
  if (id === null) return Promise.resolve();
  return Promise.all([
    queryClient.prefetchQuery(adQuery(id)),
    queryClient.prefetchQuery(relatedAdsQuery(id)),
    prefetchComments(queryClient, id),
  ]);
}
