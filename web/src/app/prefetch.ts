import type { QueryClient } from '@tanstack/react-query';
import type { Params } from 'react-router';

/** What a route's data fetch gets: the render's query cache and the URL's parameters and query string. */
export interface PrefetchArgs {
  queryClient: QueryClient;
  params: Params;
  /** The URL's query string, with its `?` (or empty). */
  search: string;
}

/**
 * A route's `handle`: `prefetch` fetches, into the query cache, the answers its page will ask for, with
 * the page's own query options. The server's render (entry-server.tsx) runs it before its first render,
 * so that render draws the page rather than only asking for its data. A route without one is rendered
 * in passes, each fetching what the last asked. Failures are left in the cache, as the page's would be.
 */
export interface RouteHandle {
  prefetch?: (args: PrefetchArgs) => Promise<unknown>;
}
