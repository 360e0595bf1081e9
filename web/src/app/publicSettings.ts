import { queryOptions, useQuery } from '@tanstack/react-query';
import type { QueryClient } from '@tanstack/react-query';
import type { TPublicSettings } from '@app/domain';
import { apiGet } from '../api/client.ts';

/**
 * What every page shows of the operator's settings (`GET /api/public-settings`): the footer's social
 * links. The layout's route fetches it before the server renders a page (router.tsx), so the page's
 * HTML has the links and the browser's first render, hydrating it, draws the same ones.
 */
export const publicSettingsQuery = queryOptions({
  queryKey: ['public-settings'] as const,
  queryFn: ({ signal }) =>
    apiGet<{ data: TPublicSettings }>('/public-settings', undefined, { signal, auth: false }).then(
      (res) => res.data,
    ),
  staleTime: 5 * 60_000,
});

export function usePublicSettings() {
  return useQuery(publicSettingsQuery);
}

/** Fills the render's query cache with the public settings (the layout route's `prefetch`). */
export function prefetchPublicSettings(queryClient: QueryClient): Promise<void> {
  return queryClient.prefetchQuery(publicSettingsQuery);
}
