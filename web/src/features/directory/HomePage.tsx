import type { RouteHandle } from '../../app/prefetch.ts';
import { prefetchListing } from './api.ts';
import { DirectoryPage } from './DirectoryPage.tsx';
import { listingRequestOf } from './filterUrl.ts';

/**
 * The home page at `/` and `/ad/:page` is the provider listing (spec 001 §2). It stays in the main
 * bundle because it is the first page most visitors load.
 */
export function HomePage() {
  return <DirectoryPage />;
}

/** The listing's route data: its page of providers and its panel, fetched before the server renders. */
export const homeHandle: RouteHandle = {
  prefetch: ({ queryClient, params, search }) =>
    prefetchListing(queryClient, listingRequestOf(search, params.page)),
};
