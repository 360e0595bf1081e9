import { fillTemplate, MESSAGES } from '@app/domain';
import type { TVenueKind } from '@app/domain';
import { sectionHead, type PageHead } from '../../app/head.tsx';
import { venueSearch, withSearch } from '../../lib/venue.ts';
import type { Place } from './api.ts';

const H = MESSAGES.pageHead;

/** Each kind's name, as the header's menu says it. */
export const VENUE_KIND_NAMES: Record<TVenueKind, string> = {
  eroticbody: MESSAGES.nav.eroticBody,
  sextoy: MESSAGES.nav.sexToy,
  stripclub: MESSAGES.nav.stripClub,
};

/** A kind's listing: its location and page make its one address; the sort does not. */
export function venueListingHead(kind: TVenueKind, locationSearch: string, page: number): PageHead {
  const name = VENUE_KIND_NAMES[kind];
  const head = sectionHead(name, fillTemplate(H.venuesDescription, { kind: name }), `/${kind}`);
  const canonical = withSearch(`/${kind}`, venueSearch(locationSearch, null, page));
  return {
    ...head,
    title: page > 1 ? fillTemplate(H.pageN, { title: head.title, page }) : head.title,
    canonical,
  };
}

/** A place's page: its name, kind and city, and what search engines read of a business (`LocalBusiness`). */
export function venueHead(kind: TVenueKind, place: Place): PageHead {
  const a = place.attributes;
  const address = a.address?.data?.attributes;
  const type = a.vendor_type?.data?.attributes.name ?? VENUE_KIND_NAMES[kind];
  const where = address ? [address.city, address.state].filter(Boolean).join(', ') : '';
  const path = `/${kind}/${place.id}`;
  return {
    title: fillTemplate(H.venueTitle, { name: a.name, type, place: where }),
    description: fillTemplate(H.venueDescription, { name: a.name, type, place: where }),
    canonical: path,
    breadcrumbs: [
      { name: VENUE_KIND_NAMES[kind], path: `/${kind}` },
      { name: a.name, path },
    ],
    jsonLd: [
      {
        '@type': 'LocalBusiness',
        name: a.name,
        ...(a.phone ? { telephone: a.phone } : {}),
        ...(address
          ? {
              address: {
                '@type': 'PostalAddress',
                streetAddress: address.location,
                addressLocality: address.city,
                addressRegion: address.state,
                postalCode: address.postal_code,
                addressCountry: address.country,
              },
            }
          : {}),
        ...(a.review_count > 0
          ? {
              aggregateRating: {
                '@type': 'AggregateRating',
                ratingValue: a.rating,
                reviewCount: a.review_count,
              },
            }
          : {}),
      },
    ],
  };
}
