import { useMemo } from 'react';
import type { ReactNode } from 'react';
import { Alert, Button, Card } from 'react-bootstrap';
import { Link, useLocation } from 'react-router';
import { MESSAGES, parseDirectoryQuery, PLACE_TYPES, toDirectorySearch, VENUE_SORT_KEYS } from '@app/domain';
import type { TVenueKind, TVenueSort } from '@app/domain';
import { PageButtons } from '../../ui/PageButtons.tsx';
import { PageSpinner } from '../../ui/PageSpinner.tsx';
import { withDefaultLocation } from '../directory/index.ts';
import { usePlaceTypes, useVenues } from './api.ts';
import type { Place, VenueQuery } from './api.ts';
import { PlaceImage, placeAddress, placeTypeName, Stars } from './PlaceParts.tsx';
import { AddPlaceButton, VenueLayout } from './VenueAside.tsx';
import {
  locationSearchOf,
  parseVenuePage,
  parseVenueSort,
  reviewCountText,
  venueHeading,
  venueSearch,
  withSearch,
} from '../../lib/venue.ts';
import type { PlaceTypeNames } from '../../lib/venue.ts';
import { usePageHead } from '../../app/head.tsx';
import { venueListingHead } from './venueHead.ts';

const V = MESSAGES.venues;

const SORT_LABELS: Record<TVenueSort, string> = {
  rating: V.sortRating,
  reviews: V.sortReviews,
  date: V.sortDate,
  videos: V.sortVideos,
};

/**
 * The place type's names: the server's name, else the built-in one; for a count of one the built-in
 * singular while the server's name is the built-in plural.
 */
export function useVenueTypeNames(kind: TVenueKind): PlaceTypeNames {
  const types = usePlaceTypes();
  const builtIn = PLACE_TYPES.find((t) => t.type === kind);
  const name = types.data?.find((t) => t.attributes.type === kind)?.attributes.name ?? builtIn?.name ?? kind;
  return { name, one: builtIn && name === builtIn.name ? builtIn.one : name };
}

/** A place as the venue directory lists it; also the admin's moderation queue. */
export function VenueCard({
  place,
  kind,
  locationSearch,
}: {
  place: Place;
  kind: TVenueKind;
  locationSearch: string;
}) {
  const a = place.attributes;
  const address = placeAddress(a);
  const to = withSearch(`/${kind}/${place.id}`, locationSearch);
  return (
    <Card as="article" className="venue-card shadow-sm" aria-label={a.name}>
      <div className="venue-card__row">
        <div className="venue-card__image">
          <PlaceImage place={a} />
        </div>
        <Card.Body className="venue-card__body">
          <h2 className="h6 mb-1 text-break">
            <Link to={to} className="venue-card__name">
              {a.name}
            </Link>
            {a.has_video === 1 && (
              <i className="bi bi-camera-video ms-2 text-accent-dark" role="img" aria-label={V.hasVideo} />
            )}
          </h2>
          <p className="small mb-1 text-accent-dark fw-semibold">{placeTypeName(a)}</p>
          <div className="d-flex flex-wrap align-items-center gap-2 small mb-1">
            <Stars rating={a.rating} />
            <span>{reviewCountText(a.review_count)}</span>
          </div>
          {a.phone && (
            <p className="small mb-1">
              <i className="bi bi-telephone me-1" aria-hidden="true" />
              <span className="visually-hidden">{V.phone}: </span>
              <a href={`tel:${a.phone}`}>{a.phone}</a>
            </p>
          )}
          {address && (
            <p className="small text-body-secondary mb-0">
              <i className="bi bi-geo-alt me-1" aria-hidden="true" />
              <span className="visually-hidden">{V.address}: </span>
              {address}
            </p>
          )}
        </Card.Body>
      </div>
    </Card>
  );
}

/** The sort links of a venue directory, the current one marked. */
function VenueSorts({
  kind,
  sort,
  locationSearch,
}: {
  kind: TVenueKind;
  /** The chosen sort, none when the URL names none. */
  sort: TVenueSort | null;
  locationSearch: string;
}) {
  return (
    <nav aria-label={V.sortBy} className="venue-sorts mb-3">
      <span className="text-body-secondary small me-2">{V.sortBy}:</span>
      <ul className="list-inline d-inline mb-0">
        {VENUE_SORT_KEYS.map((key) => (
          <li key={key} className="list-inline-item">
            <Link
              to={withSearch(`/${kind}`, venueSearch(locationSearch, key))}
              aria-current={sort === key ? 'true' : undefined}
              className={`venue-sorts__link${sort === key ? ' active' : ''}`}
            >
              {SORT_LABELS[key]}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** A notice in the listing's place: the load failure, a page past the end, or no places. */
function VenueNotice({ children }: { children: ReactNode }) {
  return (
    <Alert variant="light" className="text-center border">
      {children}
    </Alert>
  );
}

/**
 * The listing's page of places and its page links; while loading a spinner, on failure Retry, past the
 * last page the way to it, with none the empty text.
 */
function VenueResults({
  venues,
  kind,
  page,
  locationSearch,
  pagePath,
}: {
  venues: ReturnType<typeof useVenues>;
  kind: TVenueKind;
  page: number;
  locationSearch: string;
  pagePath: (page: number) => string;
}) {
  const total = venues.data?.meta.pagination.total;
  const pageCount = venues.data?.meta.pagination.pageCount ?? 1;
  const items = venues.data?.data;
  if (venues.isPending) return <PageSpinner />;
  if (venues.isError && !venues.data)
    return (
      <VenueNotice>
        <p className="fw-semibold mb-2">{V.loadFailed}</p>
        <Button variant="outline-secondary" size="sm" onClick={() => void venues.refetch()}>
          {V.retry}
        </Button>
      </VenueNotice>
    );
  if ((!items || items.length === 0) && page > 1 && (total ?? 0) > 0)
    // A `?page=` past the last page: say so and lead to the last one.
    return (
      <VenueNotice>
        <p className="mb-2">{V.pastLastPage}</p>
        <Link to={pagePath(Math.max(1, pageCount))} className="btn btn-sm btn-outline-secondary">
          {V.lastPage}
        </Link>
      </VenueNotice>
    );
  if (!items || items.length === 0)
    return (
      <VenueNotice>
        <p className="mb-0">{V.empty}</p>
      </VenueNotice>
    );
  return (
    <>
      <ul className="list-unstyled venue-cards" aria-label={V.listLabel} aria-busy={venues.isFetching}>
        {items.map((place) => (
          <li key={place.id}>
            <VenueCard place={place} kind={kind} locationSearch={locationSearch} />
          </li>
        ))}
      </ul>
      <PageButtons page={page} pageCount={pageCount} label={V.pages} className="mt-3" hrefFor={pagePath} />
    </>
  );
}

/**
 * A venue directory, `/eroticbody`, `/sextoy`, `/stripclub` (spec 000 §2 "Vendor venues"): the
 * approved places of the kind in the location chosen in the header, ten a page, with a
 * heading that says what is shown, the sort links, 'Add Place' and the kind's side list.
 */
export function VenueListing({ kind }: { kind: TVenueKind }) {
  const { search: rawSearch } = useLocation();
  const params = new URLSearchParams(rawSearch);
  const sort = parseVenueSort(params.get('sort'));
  const page = parseVenuePage(params.get('page'));
  // Links keep the URL's own location; the listing shows the default one (US, CA) when there is none.
  const locationSearch = locationSearchOf(rawSearch);
  const location = useMemo(() => withDefaultLocation(parseDirectoryQuery(rawSearch)).location, [rawSearch]);
  const query: VenueQuery = { kind, location, sort, page };
  const cacheKey = venueSearch(toDirectorySearch({ filters: {}, location }), sort, page);
  const venues = useVenues(query, cacheKey);
  const typeNames = useVenueTypeNames(kind);
  const total = venues.data?.meta.pagination.total;
  const pagePath = (n: number) => withSearch(`/${kind}`, venueSearch(locationSearch, sort, n));
  usePageHead(venueListingHead(kind, locationSearch, page));

  return (
    <VenueLayout kind={kind} locationSearch={locationSearch}>
      <div className="d-flex flex-wrap align-items-center gap-2 mb-2">
        <h1 className="h4 mb-0 me-auto" aria-live="polite">
          {total !== undefined ? venueHeading(total, typeNames, location) : typeNames.name}
        </h1>
        <AddPlaceButton />
      </div>
      <VenueSorts kind={kind} sort={sort} locationSearch={locationSearch} />
      <VenueResults
        venues={venues}
        kind={kind}
        page={page}
        locationSearch={locationSearch}
        pagePath={pagePath}
      />
    </VenueLayout>
  );
}
