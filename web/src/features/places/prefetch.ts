import type { PrefetchArgs } from '../../app/prefetch.ts';
import { routeId } from '../../lib/ids.ts';
import { venueQuery, venueReviewsQuery } from './api.ts';

/**
 * A place's page route data (app/prefetch.ts): the place and the first page of its reviews, fetched
 * together before the server renders. Loaded by the router on demand.
 */
export function prefetchVenuePage({ queryClient, params }: PrefetchArgs): Promise<unknown> {
  const id = routeId(params.id);
  if (id === null) return Promise.resolve();
  return Promise.all([
    queryClient.prefetchQuery(venueQuery(id)),
    queryClient.prefetchQuery(venueReviewsQuery(id, 1)),
  ]);
}
