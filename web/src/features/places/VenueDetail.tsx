import type { ReactNode } from 'react';
import { Alert, Card } from 'react-bootstrap';
import { Link, Navigate, useLocation } from 'react-router';
import { isVenueKind, MESSAGES } from '@app/domain';
import type { TVenueKind } from '@app/domain';
import { isApiError } from '../../api/client.ts';
import { PageSpinner } from '../../ui/PageSpinner.tsx';
import { ReportButton } from '../content/index.ts';
import { useVenue } from './api.ts';
import type { Place, PlaceWithRelations } from './api.ts';
import { PlaceImage, placeAddress, placeTypeName, Stars } from './PlaceParts.tsx';
import { AddPlaceButton, VenueLayout } from './VenueAside.tsx';
import { VenueReviews } from './VenueReviews.tsx';
import { venueHead } from './venueHead.ts';
import { usePageHead } from '../../app/head.tsx';
import { locationSearchOf, mapUrl, reviewCountText, websiteUrl, withSearch } from '../../lib/venue.ts';

const V = MESSAGES.venues;

function Fact({ icon, label, children }: { icon: string; label: string; children: ReactNode }) {
  return (
    <div className="venue-fact">
      <dt>
        <i className={`bi ${icon} me-2`} aria-hidden="true" />
        {label}
      </dt>
      <dd>{children}</dd>
    </div>
  );
}

/** A place that could not be loaded (missing, or the server failed) and the way back to the list. */
function VenueLoadFailed({ notFound, listPath }: { notFound: boolean; listPath: string }) {
  return (
    <div className="container-xl py-4">
      <Alert variant="warning" className="d-flex flex-wrap align-items-center justify-content-between gap-2">
        {notFound ? V.notFound : V.loadFailed}
        <Link to={listPath} className="btn btn-sm btn-outline-secondary">
          {V.backToList}
        </Link>
      </Alert>
    </div>
  );
}

/** A link that opens another site in a new tab, telling it nothing of this one. */
function OutLink({ href, className, children }: { href: string; className: string; children: ReactNode }) {
  return (
    <a href={href} target="_blank" rel="noopener noreferrer nofollow" className={className}>
      {children}
    </a>
  );
}

/** The place's facts: its type, phone, e-mail, address with a map link and website (those it has). */
function VenueFacts({ place }: { place: PlaceWithRelations }) {
  const address = place.address?.data?.attributes;
  const map = address ? mapUrl(address) : null;
  const website = websiteUrl(place.website);
  return (
    <dl className="venue-facts mb-3">
      <Fact icon="bi-tag" label={V.type}>
        {placeTypeName(place)}
      </Fact>
      {place.phone && (
        <Fact icon="bi-telephone" label={V.phone}>
          <a href={`tel:${place.phone}`}>{place.phone}</a>
        </Fact>
      )}
      {place.email && (
        <Fact icon="bi-envelope" label={V.email}>
          <a href={`mailto:${place.email}`} className="text-break">
            {place.email}
          </a>
        </Fact>
      )}
      <Fact icon="bi-geo-alt" label={V.address}>
        {placeAddress(place)}
        {map && (
          <>
            {' '}
            <OutLink href={map} className="text-nowrap">
              <i className="bi bi-map ms-1 me-1" aria-hidden="true" />
              {V.map}
            </OutLink>
          </>
        )}
      </Fact>
      {website && (
        <Fact icon="bi-globe" label={V.website}>
          <OutLink href={website} className="text-break">
            {website}
          </OutLink>
        </Fact>
      )}
    </dl>
  );
}

/** The place's card: its picture, name, stars, facts and Report, then its video when it has one. */
function VenueProfile({ place }: { place: Place }) {
  const a = place.attributes;
  const video = a.video?.data?.attributes;
  return (
    <Card as="article" className="venue-detail shadow-sm mb-4" aria-labelledby="venue-name">
      <Card.Body>
        <div className="venue-detail__row">
          <PlaceImage place={a} large className="venue-detail__image" />
          <div className="venue-detail__facts">
            <h1 id="venue-name" className="h3 mb-1 text-break">
              {a.name}
            </h1>
            <div className="d-flex flex-wrap align-items-center gap-2 mb-3">
              <Stars rating={a.rating} />
              <span>{reviewCountText(a.review_count)}</span>
            </div>
            <VenueFacts place={a} />
            <ReportButton listing={`${V.reportListing} #${place.id}: ${a.name}`.slice(0, 200)} />
          </div>
        </div>
        {video && (
          <section className="mt-4" aria-label={V.video}>
            <h2 className="h6">{V.video}</h2>
            <video src={video.url} controls preload="metadata" className="venue-detail__video" />
          </section>
        )}
      </Card.Body>
    </Card>
  );
}

/**
 * A venue's page, `/<kind>/:id` (spec 000 §2 "Vendor venues"): picture (or the
 * placeholder), name, phone, type, address with a map link, website, the video, the reviews and the
 * Report action. A place of another kind is shown under its own kind's path.
 */
export function VenueDetail({ kind, id }: { kind: TVenueKind; id: number }) {
  const { search } = useLocation();
  const venue = useVenue(id);
  const locationSearch = locationSearchOf(search);
  const listPath = withSearch(`/${kind}`, locationSearch);
  usePageHead(venue.data ? venueHead(kind, venue.data) : undefined);

  if (venue.isPending) return <PageSpinner />;
  if (venue.isError) {
    const notFound = isApiError(venue.error) && venue.error.status === 404;
    return <VenueLoadFailed notFound={notFound} listPath={listPath} />;
  }

  const place = venue.data;
  const ownKind = place.attributes.vendor_type?.data?.attributes.type;
  if (ownKind && ownKind !== kind && isVenueKind(ownKind))
    return <Navigate to={withSearch(`/${ownKind}/${id}`, search.replace(/^\?/, ''))} replace />;

  return (
    <VenueLayout kind={kind} locationSearch={locationSearch}>
      <div className="d-flex flex-wrap align-items-center gap-2 mb-3">
        <Link to={listPath} className="small me-auto">
          <i className="bi bi-arrow-left me-1" aria-hidden="true" />
          {V.backToList}
        </Link>
        <AddPlaceButton className="btn-sm" />
      </div>
      <VenueProfile place={place} />
      <VenueReviews vendorId={place.id} />
    </VenueLayout>
  );
}
