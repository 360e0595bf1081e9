import type { PrefetchArgs } from '../../app/prefetch.ts';
import { venueQuery, venueReviewsQuery } from './api.ts';

/** A place's `:id`: a positive whole number of at most ten digits, else none (the listing shows). */
export function parseVenueId(raw: string | undefined): number | null {
  if (raw === undefined || !/^\d{1,10}$/.test(raw)) return null;
  const id = Number(raw);
  return id > 0 ? id : null;
}

/**
 * A place's page route data (app/prefetch.ts): the place and the first page of its reviews, fetched
 * together before the server renders. Loaded by the router on demand.
 */
export function prefetchVenuePage({ queryClient, params }: PrefetchArgs): Promise<unknown> {
  const id = parseVenueId(params.id);
  if (id === null) return Promise.resolve();
  return Promise.all([
    queryClient.prefetchQuery(venueQuery(id)),
    queryClient.prefetchQuery(venueReviewsQuery(id, 1)),
  ]);
}
