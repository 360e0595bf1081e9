import { useCallback, useMemo, useRef } from 'react';
import { Col, Container, Row } from 'react-bootstrap';
import { Link, useLocation, useParams } from 'react-router';
import { fillTemplate, MESSAGES, toDirectorySearch } from '@app/domain';
import type { DirectoryQuery } from '@app/domain';
import { usePageHead, type Crumb, type PageHead } from '../../app/head.tsx';
import { useFilterCounts, useProviders } from './api.ts';
import { firstPagePath, listingRequestOf, pagePath } from './filterUrl.ts';
import { ChosenFilters } from './filters/ChosenFilters.tsx';
import { FiltersColumn } from './filters/FiltersColumn.tsx';
import { useFilterNavigation } from './filters/useFilterNavigation.ts';
import { ListingResults } from './listing/ListingResults.tsx';
import './directory.css';

const T = MESSAGES.directory;

/** "1 provider", "123 providers". */
export function formatTotal(total: number): string {
  return `${total.toLocaleString('en-US')} ${total === 1 ? T.providerOne : T.providerMany}`;
}

const H = MESSAGES.pageHead;

/**
 * The listing's head: the home page's own at its default location, else the state's or city's. Its
 * canonical address keeps the location and the page and drops the filters: every combination of
 * filters is one page of the same providers for search engines (robots.txt keeps crawlers out of them).
 */
export function listingHead(asked: DirectoryQuery, page: number): PageHead {
  const { country, state, city } = asked.location;
  const locationSearch = toDirectorySearch({ filters: {}, location: asked.location });
  const canonical = page > 1 ? pagePath(page, locationSearch) : firstPagePath(locationSearch);
  const oneCity = city?.length === 1 ? city[0] : undefined;
  const place = [oneCity, state ?? (oneCity ? undefined : country)].filter(Boolean).join(', ');
  const first = place
    ? {
        title: fillTemplate(H.listingTitle, { place }),
        description: fillTemplate(H.listingDescription, { place }),
      }
    : { title: H.homeTitle, description: H.homeDescription };
  const breadcrumbs: Crumb[] = [{ name: MESSAGES.adPage.home, path: '/' }];
  if (state) {
    breadcrumbs.push({
      name: state,
      path: firstPagePath(toDirectorySearch({ filters: {}, location: { country, state } })),
    });
  }
  if (oneCity) {
    breadcrumbs.push({
      name: oneCity,
      path: firstPagePath(toDirectorySearch({ filters: {}, location: { country, state, city: [oneCity] } })),
    });
  }
  return {
    title: page > 1 ? fillTemplate(H.pageN, { title: first.title, page }) : first.title,
    description: first.description,
    canonical,
    breadcrumbs,
  };
}

/**
 * Brings the listing's heading into view when it is not (the visitor scrolled down the panel, or
 * past the cards), below the sticky header (its `scroll-margin-top`); `focus` moves focus to it.
 */
function revealHeading(heading: HTMLElement | null, focus: boolean): void {
  if (!heading) return;
  const margin = parseFloat(getComputedStyle(heading).scrollMarginTop) || 0;
  const { top, bottom } = heading.getBoundingClientRect();
  if (top < margin || bottom > window.innerHeight) heading.scrollIntoView?.({ block: 'start' });
  if (focus) heading.focus({ preventScroll: true });
}

/**
 * The provider listing at `/` and `/ad/:page` (spec 001 §2): the Categories panel on the left (a sheet
 * on phones), the role-playing disclaimer, the chosen filters, the cards and pagination in the centre,
 * an empty right column. The filter state and location live in the query string; any filter change
 * goes back to page 1 and brings the listing's heading into view.
 */
export function DirectoryPage() {
  const params = useParams();
  const { search: rawSearch } = useLocation();
  const { asked, query, search, page } = useMemo(
    () => listingRequestOf(rawSearch, params.page),
    [rawSearch, params.page],
  );
  usePageHead(listingHead(asked, page));

  const providers = useProviders(query, search, page);
  const filterCounts = useFilterCounts(query, search);
  const total = providers.data?.meta.pagination.total ?? filterCounts.total;
  const { shownFilters, handleFilterChange } = useFilterNavigation(query, search, page);
  const clearedSearch = toDirectorySearch({ ...query, filters: {} });
  const clearPath = clearedSearch === search ? undefined : firstPagePath(clearedSearch);

  const heading = useRef<HTMLHeadingElement>(null);
  const revealResults = useCallback((focus: boolean) => revealHeading(heading.current, focus), []);
  const focusResults = useCallback(() => revealHeading(heading.current, true), []);
  const handleChipChange = useCallback(
    (update: Parameters<typeof handleFilterChange>[0]) => {
      handleFilterChange(update);
      revealHeading(heading.current, false);
    },
    [handleFilterChange],
  );

  return (
    <Container fluid="xl" className="directory py-3 py-lg-4">
      <Row className="g-4">
        <FiltersColumn
          filters={shownFilters}
          onChange={handleFilterChange}
          counts={filterCounts}
          total={total}
          totalPending={providers.isFetching || filterCounts.isFetching}
          clearPath={clearPath}
          onApplied={revealResults}
        />
        <Col lg={6} className="directory__listing">
          <p className="role-play-disclaimer small text-center mb-3" role="note">
            <i className="bi bi-info-circle me-1" aria-hidden="true" />
            {T.rolePlay}
          </p>
          {query.search && (
            <p
              className="listing-search d-flex flex-wrap gap-2 align-items-baseline mb-2"
              data-testid="search-term"
            >
              <span className="fw-semibold">
                {fillTemplate(MESSAGES.search.resultsFor, { term: query.search })}
              </span>
              <Link to={firstPagePath(toDirectorySearch({ ...asked, search: undefined }))} className="small">
                {MESSAGES.search.clear}
              </Link>
            </p>
          )}
          <div className="d-flex align-items-baseline justify-content-between mb-2">
            <h1 ref={heading} id="listing-title" className="listing-heading h4 mb-0" tabIndex={-1}>
              {T.title}
            </h1>
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
          <ChosenFilters
            filters={shownFilters}
            onChange={handleChipChange}
            clearPath={firstPagePath(clearedSearch)}
            onEmptied={focusResults}
          />
          <ListingResults providers={providers} page={page} search={search} />
        </Col>
        <Col lg={3} className="directory__aside d-none d-lg-block" aria-hidden="true" />
      </Row>
    </Container>
  );
}
