import {
  startTransition as startCardTransition,
  useCallback,
  useEffect,
  useMemo,
  useOptimistic,
  useRef,
  useState,
  useTransition,
} from 'react';
import type { ReactNode } from 'react';
import { Alert, Button, Col, Container, Row } from 'react-bootstrap';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { BREAKPOINTS, MESSAGES, parseDirectoryQuery, toDirectorySearch } from '@app/domain';
import type { DirectoryQuery } from '@app/domain';
import { PageSpinner } from '../../ui/PageSpinner.tsx';
import { useFilterCounts, useProviders } from './api.ts';
import { firstPagePath, parsePage, withDefaultLocation } from './filterUrl.ts';
import { FilterPanel } from './filters/FilterPanel.tsx';
import type { FilterUpdate } from './filters/FilterPanel.tsx';
import { ListingPagination } from './listing/ListingPagination.tsx';
import { ProviderCard } from './ProviderCard.tsx';
import './directory.css';

const T = MESSAGES.directory;

/** "1 provider", "123 providers". */
export function formatTotal(total: number): string {
  return `${total.toLocaleString('en-US')} ${total === 1 ? T.providerOne : T.providerMany}`;
}

/** Below Bootstrap's lg breakpoint the panel would push the cards below the fold: it starts folded. */
const NARROW_SCREEN = `(max-width: ${BREAKPOINTS.lg - 0.02}px)`;

/** Whether the Categories panel starts open: on wide screens, and wherever the width is unknown. */
export function startsOpen(): boolean {
  return typeof window.matchMedia !== 'function' || !window.matchMedia(NARROW_SCREEN).matches;
}

/**
 * How many cards of the page are built so far. The first page's cards are the page's biggest piece of
 * work (about a hundred elements each): built in one go they held a phone's main thread for most of a
 * second before the first photo could paint. So the first cards come with the data and the rest follow
 * a few at a time, each batch its own interruptible render (a transition) after the previous one has
 * painted. Once all are built, later pages come whole.
 */
export const FIRST_CARDS = 2;
const CARDS_PER_STEP = 2;

function useBuiltCards(count: number): number {
  const [built, setBuilt] = useState(FIRST_CARDS);
  useEffect(() => {
    if (built >= count) return;
    const next = setTimeout(() => startCardTransition(() => setBuilt(built + CARDS_PER_STEP)), 0);
    return () => clearTimeout(next);
  }, [built, count]);
  return built;
}

/**
 * The provider listing at `/` and `/ad/:page` (spec 001 §2): the Categories panel on the left, the
 * role-playing disclaimer, the cards and pagination in the centre, an empty right column. The filter
 * state and location live in the query string; any filter change goes back to page 1.
 */
export function DirectoryPage() {
  const params = useParams();
  const page = parsePage(params.page);
  const { search: rawSearch } = useLocation();
  const navigate = useNavigate();
  const query = useMemo(() => withDefaultLocation(parseDirectoryQuery(rawSearch)), [rawSearch]);
  const search = useMemo(() => toDirectorySearch(query), [query]);
  const [filtersOpen, setFiltersOpen] = useState(startsOpen);
  // A folded panel (phones) is built on its first opening: its four hundred elements would otherwise
  // be part of the first page's work, out of sight.
  const [filtersBuilt, setFiltersBuilt] = useState(filtersOpen);

  const providers = useProviders(query, search, page);
  const filterCounts = useFilterCounts(query, search);

  // A tick shows in the frame of the click: the router renders the new URL (and the counts follow)
  // as a transition, and until it commits the panel shows the filters asked for.
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
      const wanted: DirectoryQuery = { filters: update(current.filters), location: current.location };
      const next = toDirectorySearch(wanted);
      const same = next === toDirectorySearch(current);
      if (same && page === 1) return;
      if (!same) asked.current = [...asked.current, { query: wanted, search: next }];
      startTransition(async () => {
        showFilters(wanted.filters);
        await navigate(firstPagePath(next));
      });
    },
    [navigate, page, showFilters],
  );

  const pagination = providers.data?.meta.pagination;
  const total = pagination?.total ?? filterCounts.total;
  const items = providers.data?.data;
  const builtCards = useBuiltCards(items?.length ?? 0);
  // The same elements while the page of cards is the same, so a tick re-renders the panel, not them.
  const cards = useMemo(
    () =>
      items?.slice(0, builtCards).map((item, index) => (
        <li key={item.id} className="listing-cards__item">
          <ProviderCard provider={item} priority={index === 0} />
        </li>
      )),
    [items, builtCards],
  );
  const pageCount = pagination?.pageCount ?? 0;

  let listing: ReactNode;
  if (providers.isPending) {
    listing = <PageSpinner />;
  } else if (providers.isError && !providers.data) {
    listing = (
      <Alert variant="light" className="listing-empty text-center border">
        <p className="fw-semibold mb-2">{T.failed}</p>
        <Button variant="outline-secondary" size="sm" onClick={() => void providers.refetch()}>
          {T.retry}
        </Button>
      </Alert>
    );
  } else if (!items || items.length === 0) {
    listing = (
      <Alert variant="light" className="listing-empty text-center border">
        <p className="fw-semibold mb-1">{T.empty}</p>
        {page > 1 && pageCount > 0 ? (
          <Link to={firstPagePath(search)}>{T.firstPage}</Link>
        ) : (
          <p className="text-body-secondary mb-0">{T.emptyHint}</p>
        )}
      </Alert>
    );
  } else {
    listing = (
      <>
        <ul className="listing-cards list-unstyled" aria-label={T.listLabel} aria-busy={providers.isFetching}>
          {cards}
        </ul>
        <ListingPagination page={page} pageCount={pageCount} search={search} />
      </>
    );
  }

  const clearedSearch = toDirectorySearch({ filters: {}, location: query.location });
  const hasFilters = clearedSearch !== search;

  return (
    <Container fluid="xl" className="directory py-3 py-lg-4">
      <Row className="g-4">
        <Col lg={3} as="aside" aria-labelledby="filters-title" className="directory__filters">
          <h2 id="filters-title" className="h5 mb-2">
            <Button
              variant="outline-dark"
              className="filters-toggle w-100 d-flex justify-content-between align-items-center"
              aria-expanded={filtersOpen}
              aria-controls="filter-panel"
              onClick={() => {
                setFiltersOpen((open) => !open);
                setFiltersBuilt(true);
              }}
            >
              <span>
                <i className="bi bi-funnel me-2" aria-hidden="true" />
                {MESSAGES.filters.title}
              </span>
              <i className={`bi ${filtersOpen ? 'bi-chevron-up' : 'bi-chevron-down'}`} aria-hidden="true" />
            </Button>
          </h2>
          <div id="filter-panel" hidden={!filtersOpen} aria-busy={filterCounts.isFetching}>
            {hasFilters && (
              <Link to={firstPagePath(clearedSearch)} className="d-inline-block small mb-2">
                {T.clearFilters}
              </Link>
            )}
            {filtersBuilt && (
              <FilterPanel
                filters={shownFilters}
                counts={filterCounts.counts}
                onChange={handleFilterChange}
              />
            )}
          </div>
        </Col>
        <Col lg={6} className="directory__listing">
          <p className="role-play-disclaimer small text-center mb-3" role="note">
            <i className="bi bi-info-circle me-1" aria-hidden="true" />
            {T.rolePlay}
          </p>
          <div className="d-flex align-items-baseline justify-content-between mb-2">
            <h1 className="h4 mb-0">{T.title}</h1>
            {total !== undefined && !providers.isError && (
              <p
                className="listing-total text-body-secondary mb-0"
                data-testid="listing-total"
                aria-live="polite"
              >
                {formatTotal(total)}
              </p>
            )}
          </div>
          {listing}
        </Col>
        <Col lg={3} className="directory__aside d-none d-lg-block" aria-hidden="true" />
      </Row>
    </Container>
  );
}
