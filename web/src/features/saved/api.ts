import { useCallback, useRef, useState } from 'react';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ApiPagination, TSavedProvider } from '@app/domain';
import { apiDelete, apiGet, apiPut } from '../../api/client.ts';

/** A hobbyist's saved providers (`/api/saved-providers`): the hearts' ids and the list page. */

export const savedKeys = {
  all: ['saved'] as const,
  ids: (userId: number | null) => ['saved', 'ids', userId] as const,
  list: (userId: number | null, page: number, pageSize: number) =>
    ['saved', 'list', userId, page, pageSize] as const,
};

/** The ids of the ads the hobbyist saved (the hearts); asked only for a signed-in hobbyist. */
export function useSavedIds(userId: number | null, enabled: boolean) {
  return useQuery({
    queryKey: savedKeys.ids(userId),
    queryFn: ({ signal }) =>
      apiGet<{ data: number[] }>('/saved-providers/ids', undefined, { signal }).then((b) => b.data),
    enabled: enabled && userId !== null,
    staleTime: 5 * 60_000,
  });
}

/** A page of the hobbyist's saved providers, each with its state now. */
export function useSavedProviders(userId: number | null, page: number, pageSize: number) {
  return useQuery({
    queryKey: savedKeys.list(userId, page, pageSize),
    queryFn: ({ signal }) =>
      apiGet<{ data: TSavedProvider[]; meta: { pagination: ApiPagination } }>(
        '/saved-providers',
        { pagination: { page, pageSize } },
        { signal },
      ),
    enabled: userId !== null,
    placeholderData: keepPreviousData,
  });
}

/**
 * Saves or removes an ad; the hearts' ids follow the answer and the list is read again. A plain hook
 * rather than `useMutation` (the card is in the home page's first load); a second click while one is
 * on its way does nothing.
 */
export function useToggleSaved(userId: number | null) {
  const queryClient = useQueryClient();
  const [isPending, setPending] = useState(false);
  const pending = useRef(false);
  const toggle = useCallback(
    async (providerId: number, save: boolean) => {
      if (pending.current) return;
      pending.current = true;
      setPending(true);
      try {
        if (save) await apiPut(`/saved-providers/${providerId}`);
        else await apiDelete(`/saved-providers/${providerId}`);
        // A first read of the saved ids still on its way (right after a server-rendered page hydrates)
        // would answer the ids before this click: it is cancelled, and the ids read again below.
        const cancelled = queryClient.getQueryState(savedKeys.ids(userId))?.fetchStatus === 'fetching';
        await queryClient.cancelQueries({ queryKey: savedKeys.ids(userId) });
        queryClient.setQueryData<number[]>(savedKeys.ids(userId), (ids = []) =>
          save
            ? [providerId, ...ids.filter((id) => id !== providerId)]
            : ids.filter((id) => id !== providerId),
        );
        void queryClient.invalidateQueries({ queryKey: ['saved', 'list'] });
        if (cancelled) void queryClient.invalidateQueries({ queryKey: savedKeys.ids(userId) });
      } finally {
        pending.current = false;
        setPending(false);
      }
    },
    [queryClient, userId],
  );
  return { toggle, isPending };
}
