import type { ReactNode } from 'react';
import { Alert, Card } from 'react-bootstrap';
import { Link, Navigate, useLocation } from 'react-router';
import { isVenueKind, MESSAGES } from '@app/domain';
import type { TVenueKind } from '@app/domain';
import { isApiError } from '../../api/client.ts';
import { PageSpinner } from '../../ui/PageSpinner.tsx';
import { ReportButton } from '../content/index.ts';
import { useVenue } from './api.ts';
import { PlaceImage, placeAddress, placeTypeName, Stars } from './PlaceParts.tsx';
import { AddPlaceButton, VenueLayout } from './VenueAside.tsx';
import { VenueReviews } from './VenueReviews.tsx';
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

  if (venue.isPending) return <PageSpinner />;
  if (venue.isError) {
    const notFound = isApiError(venue.error) && venue.error.status === 404;
    return (
      <div className="container-xl py-4">
        <Alert
          variant="warning"
          className="d-flex flex-wrap align-items-center justify-content-between gap-2"
        >
          {notFound ? V.notFound : V.loadFailed}
          <Link to={listPath} className="btn btn-sm btn-outline-secondary">
            {V.backToList}
          </Link>
        </Alert>
      </div>
    );
  }

  const place = venue.data;
  const a = place.attributes;
  const ownKind = a.vendor_type?.data?.attributes.type;
  if (ownKind && ownKind !== kind && isVenueKind(ownKind))
    return <Navigate to={withSearch(`/${ownKind}/${id}`, search.replace(/^\?/, ''))} replace />;

  const address = a.address?.data?.attributes;
  const map = address ? mapUrl(address) : null;
  const website = websiteUrl(a.website);
  const video = a.video?.data?.attributes;

  return (
    <VenueLayout kind={kind} locationSearch={locationSearch}>
      <div className="d-flex flex-wrap align-items-center gap-2 mb-3">
        <Link to={listPath} className="small me-auto">
          <i className="bi bi-arrow-left me-1" aria-hidden="true" />
          {V.backToList}
        </Link>
        <AddPlaceButton className="btn-sm" />
      </div>
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
              <dl className="venue-facts mb-3">
                <Fact icon="bi-tag" label={V.type}>
                  {placeTypeName(a)}
                </Fact>
                {a.phone && (
                  <Fact icon="bi-telephone" label={V.phone}>
                    <a href={`tel:${a.phone}`}>{a.phone}</a>
                  </Fact>
                )}
                {a.email && (
                  <Fact icon="bi-envelope" label={V.email}>
                    <a href={`mailto:${a.email}`} className="text-break">
                      {a.email}
                    </a>
                  </Fact>
                )}
                <Fact icon="bi-geo-alt" label={V.address}>
                  {placeAddress(a)}
                  {map && (
                    <>
                      {' '}
                      <a
                        href={map}
                        target="_blank"
                        rel="noopener noreferrer nofollow"
                        className="text-nowrap"
                      >
                        <i className="bi bi-map ms-1 me-1" aria-hidden="true" />
                        {V.map}
                      </a>
                    </>
                  )}
                </Fact>
                {website && (
                  <Fact icon="bi-globe" label={V.website}>
                    <a
                      href={website}
                      target="_blank"
                      rel="noopener noreferrer nofollow"
                      className="text-break"
                    >
                      {website}
                    </a>
                  </Fact>
                )}
              </dl>
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
      <VenueReviews vendorId={place.id} />
    </VenueLayout>
  );
}
