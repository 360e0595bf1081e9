import { useState, useSyncExternalStore } from 'react';
import { Button, Col } from 'react-bootstrap';
import { Link } from 'react-router';
import { BREAKPOINTS, MESSAGES, toDirectorySearch } from '@app/domain';
import type { DirectoryQuery } from '@app/domain';
import type { FilterCounts } from '../api.ts';
import { firstPagePath } from '../filterUrl.ts';
import { FilterPanel } from './FilterPanel.tsx';
import { useFilterNavigation } from './useFilterNavigation.ts';

const T = MESSAGES.directory;

/** Below Bootstrap's lg breakpoint the panel would push the cards below the fold: it starts folded. */
const NARROW_SCREEN = `(max-width: ${BREAKPOINTS.lg - 0.02}px)`;

function subscribeToWidth(onChange: () => void): () => void {
  if (typeof window.matchMedia !== 'function') return () => undefined;
  const list = window.matchMedia(NARROW_SCREEN);
  list.addEventListener('change', onChange);
  return () => list.removeEventListener('change', onChange);
}

/**
 * Whether the screen is wide enough for the panel to start open; true where the width is unknown (the
 * server's render; the HTML folds the panel on narrow screens with CSS until the visitor chooses).
 */
export function useWideScreen(): boolean {
  return useSyncExternalStore(
    subscribeToWidth,
    () => typeof window.matchMedia !== 'function' || !window.matchMedia(NARROW_SCREEN).matches,
    () => true,
  );
}

/**
 * The listing's left column: the Categories button that folds the panel, "Clear filters" while any
 * filter is set, and the filter panel with its counts.
 */
export function FiltersColumn({
  query,
  search,
  page,
  counts,
}: {
  query: DirectoryQuery;
  search: string;
  page: number;
  counts: { counts: FilterCounts | undefined; isFetching: boolean };
}) {
  const wide = useWideScreen();
  // Open or folded as the visitor chose; until then, as the screen's width says.
  const [chosen, setChosen] = useState<boolean | undefined>(undefined);
  const filtersOpen = chosen ?? wide;
  const { shownFilters, handleFilterChange } = useFilterNavigation(query, search, page);
  const clearedSearch = toDirectorySearch({ ...query, filters: {} });
  const hasFilters = clearedSearch !== search;

  return (
    <Col lg={3} as="aside" aria-labelledby="filters-title" className="directory__filters">
      <h2 id="filters-title" className="h5 mb-2">
        <Button
          variant="outline-dark"
          className="filters-toggle w-100 d-flex justify-content-between align-items-center"
          aria-expanded={filtersOpen}
          aria-controls="filter-panel"
          onClick={() => setChosen(!filtersOpen)}
        >
          <span>
            <i className="bi bi-funnel me-2" aria-hidden="true" />
            {MESSAGES.filters.title}
          </span>
          <i className={`bi ${filtersOpen ? 'bi-chevron-up' : 'bi-chevron-down'}`} aria-hidden="true" />
        </Button>
      </h2>
      <div
        id="filter-panel"
        hidden={!filtersOpen}
        className={chosen === undefined ? 'filter-panel--by-width' : undefined}
        aria-busy={counts.isFetching}
      >
        {hasFilters && (
          <Link to={firstPagePath(clearedSearch)} className="d-inline-block small mb-2">
            {T.clearFilters}
          </Link>
        )}
        <FilterPanel filters={shownFilters} counts={counts.counts} onChange={handleFilterChange} />
      </div>
    </Col>
  );
}
