import { useCallback, useEffect, useOptimistic, useRef, useTransition } from 'react';
import { useNavigate } from 'react-router';
import { toDirectorySearch } from '@app/domain';
import type { DirectoryQuery, FilterState } from '@app/domain';
import { firstPagePath } from '../filterUrl.ts';
import type { FilterUpdate } from './FilterPanel.tsx';

/**
 * The filters the panel shows and the handler of its changes: a change goes to page 1 of the new
 * query string. A tick shows in the frame of the click: the router renders the new URL (and the
 * counts follow) as a transition, and until it commits the panel shows the filters asked for.
 */
export function useFilterNavigation(
  query: DirectoryQuery,
  search: string,
  page: number,
): { shownFilters: FilterState; handleFilterChange: (update: FilterUpdate) => void } {
  const navigate = useNavigate();
  const [shownFilters, showFilters] = useOptimistic(query.filters);
  const [, startTransition] = useTransition();
  // The changes asked for and not on screen yet, oldest first: a second click before the URL catches
  // up (or a slider that fires later) builds on the last of them instead of undoing it. A render of
  // one of them drops it and those before it; any other URL (Back, a link) drops them all.
  const latest = useRef(query);
  const asked = useRef<{ query: DirectoryQuery; search: string }[]>([]);
  useEffect(() => {
    latest.current = query;
    const entries = asked.current;
    let shown = entries.length - 1;
    while (shown >= 0 && entries[shown]!.search !== search) shown -= 1;
    asked.current = shown === -1 ? [] : entries.slice(shown + 1);
  }, [query, search]);
  const handleFilterChange = useCallback(
    (update: FilterUpdate) => {
      const current = asked.current.at(-1)?.query ?? latest.current;
      const wanted: DirectoryQuery = { ...current, filters: update(current.filters) };
      const next = toDirectorySearch(wanted);
      const same = next === toDirectorySearch(current);
      if (same && page === 1) return;
      if (!same) asked.current = [...asked.current, { query: wanted, search: next }];
      startTransition(async () => {
        showFilters(wanted.filters);
        // The listing decides where the page scrolls (DirectoryPage's `revealResults`), not the router.
        await navigate(firstPagePath(next), { preventScrollReset: true });
      });
    },
    [navigate, page, showFilters],
  );
  return { shownFilters, handleFilterChange };
}
