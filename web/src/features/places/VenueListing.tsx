import { useMemo } from 'react';
import { Alert, Button, Card } from 'react-bootstrap';
import { Link, useLocation } from 'react-router';
import { MESSAGES, parseDirectoryQuery, PLACE_TYPES, toDirectorySearch, VENUE_SORT_KEYS } from '@app/domain';
import type { TVenueKind, TVenueSort } from '@app/domain';
import { PageSpinner } from '../../ui/PageSpinner.tsx';
import { withDefaultLocation } from '../directory/filterUrl.ts';
import { getPageWindow } from '../directory/listing/pageWindow.ts';
import { useVendorTypes, useVenues } from './api.ts';
import type { Place, VenueQuery } from './api.ts';
import { PlaceImage, placeAddress, placeTypeName, Stars } from './PlaceParts.tsx';
import { AddPlaceButton, VenueAside } from './VenueAside.tsx';
import {
  locationSearchOf,
  parseVenuePage,
  parseVenueSort,
  reviewCountText,
  venueHeading,
  venueSearch,
  withSearch,
} from './venue.ts';

const V = MESSAGES.venues;
const T = MESSAGES.pagination;

const SORT_LABELS: Record<TVenueSort, string> = {
  rating: V.sortRating,
  reviews: V.sortReviews,
  date: V.sortDate,
  videos: V.sortVideos,
};

/** The place type's name: the server's, else the built-in one. */
export function useVenueTypeName(kind: TVenueKind): string {
  const types = useVendorTypes();
  const stored = types.data?.find((t) => t.attributes.type === kind)?.attributes.name;
  return stored ?? PLACE_TYPES.find((t) => t.type === kind)?.name ?? kind;
}

function VenueCard({
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
              <i className="bi bi-camera-video ms-2 text-accent" role="img" aria-label={V.hasVideo} />
            )}
          </h2>
          <p className="small mb-1 text-accent fw-semibold">{placeTypeName(a)}</p>
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

/** Prev, numbered pages and Next as links to `?page=n` (the location and sort kept). */
function VenuePagination({
  kind,
  page,
  pageCount,
  locationSearch,
  sort,
}: {
  kind: TVenueKind;
  page: number;
  pageCount: number;
  locationSearch: string;
  sort: TVenueSort | null;
}) {
  if (pageCount <= 1) return null;
  const to = (n: number) => withSearch(`/${kind}`, venueSearch(locationSearch, sort, n));
  const item = (target: number, text: string, disabled: boolean) => (
    <li className={`page-item${disabled ? ' disabled' : ''}`}>
      {disabled ? (
        <span className="page-link" aria-disabled="true">
          {text}
        </span>
      ) : (
        <Link className="page-link" to={to(target)}>
          {text}
        </Link>
      )}
    </li>
  );
  return (
    <nav aria-label={V.pages} className="mt-3">
      <ul className="pagination flex-wrap justify-content-center mb-0">
        {item(page - 1, T.prev, page <= 1)}
        {getPageWindow(page, pageCount, 1).map((entry, index) =>
          entry === 'gap' ? (
            <li key={`gap-${index}`} className="page-item disabled">
              <span className="page-link" aria-label={T.more}>
                …
              </span>
            </li>
          ) : entry === page ? (
            <li key={entry} className="page-item active">
              <span className="page-link" aria-current="page">
                <span className="visually-hidden">{T.page} </span>
                {entry}
              </span>
            </li>
          ) : (
            <li key={entry} className="page-item">
              <Link className="page-link" to={to(entry)} aria-label={`${T.page} ${entry}`}>
                {entry}
              </Link>
            </li>
          ),
        )}
        {item(page + 1, T.next, page >= pageCount)}
      </ul>
    </nav>
  );
}

/**
 * A venue directory, `/eroticbody`, `/sextoy`, `/stripclub` (spec 000 §2 "Vendor venues"; issue 12
 * item 4): the approved places of the kind in the location chosen in the header, ten a page, with a
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
  const typeName = useVenueTypeName(kind);
  const total = venues.data?.meta.pagination.total;
  const items = venues.data?.data;

  return (
    <div className="venues py-3 py-lg-4 container-xl">
      <div className="row g-4">
        <div className={kind === 'stripclub' ? 'col-12' : 'col-lg-9'}>
          <div className="d-flex flex-wrap align-items-center gap-2 mb-2">
            <h1 className="h4 mb-0 me-auto" aria-live="polite">
              {total !== undefined ? venueHeading(total, typeName, location) : typeName}
            </h1>
            <AddPlaceButton />
          </div>
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

          {venues.isPending ? (
            <PageSpinner />
          ) : venues.isError && !venues.data ? (
            <Alert variant="light" className="text-center border">
              <p className="fw-semibold mb-2">{V.loadFailed}</p>
              <Button variant="outline-secondary" size="sm" onClick={() => void venues.refetch()}>
                {V.retry}
              </Button>
            </Alert>
          ) : !items || items.length === 0 ? (
            <Alert variant="light" className="text-center border">
              <p className="mb-0">{V.empty}</p>
              {page > 1 && (
                <Link to={withSearch(`/${kind}`, venueSearch(locationSearch, sort))}>{T.prev}</Link>
              )}
            </Alert>
          ) : (
            <>
              <ul
                className="list-unstyled venue-cards"
                aria-label={V.listLabel}
                aria-busy={venues.isFetching}
              >
                {items.map((place) => (
                  <li key={place.id}>
                    <VenueCard place={place} kind={kind} locationSearch={locationSearch} />
                  </li>
                ))}
              </ul>
              <VenuePagination
                kind={kind}
                page={page}
                pageCount={venues.data?.meta.pagination.pageCount ?? 1}
                locationSearch={locationSearch}
                sort={sort}
              />
            </>
          )}
        </div>
        {kind !== 'stripclub' && (
          <aside className="col-lg-3">
            <VenueAside kind={kind} locationSearch={locationSearch} />
          </aside>
        )}
      </div>
    </div>
  );
}
