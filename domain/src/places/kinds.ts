import { PLACE_TYPES } from '../constants.ts';
import type { REVIEW_STATES } from '../directory/ads.ts';
import type { TOwnRevision } from '../trust/moderation.ts';

// The places' limits, venue kinds, sorts and shapes without their schemas: the router and the header need these, and
// importing them from here keeps the schema library off the first load.

/** Spec 000 §5 "Vendor create" and §9 (address 4-100). */
export const PLACE_LIMITS = {
  nameMin: 2,
  nameMax: 50,
  email: 160,
  phoneMin: 4,
  phoneMax: 15,
  location: 100,
  city: 100,
  postalCode: 20,
  website: 200,
  reviewMin: 5,
  reviewMax: 1000,
  /** Venue directory page size (spec 000 §7: pageSize 10). */
  venuePageSize: 10,
} as const;

/** The venue directories' path segments, which are also the place types' `type` texts. */
export type TVenueKind = (typeof PLACE_TYPES)[number]['type'];
export const VENUE_KINDS = PLACE_TYPES.map((t) => t.type) as TVenueKind[];
export function isVenueKind(value: string): value is TVenueKind {
  return (VENUE_KINDS as string[]).includes(value);
}

/**
 * The venue directory's sort links, kept in the URL as `?sort=<key>`, and the Strapi
 * `sort` each sends to `GET /api/vendors`. `last_review_at` is '' (never null) for a place without
 * reviews, so both engines order it last.
 */
export const VENUE_SORTS = {
  rating: ['rating:desc', 'review_count:desc', 'id:desc'],
  reviews: ['review_count:desc', 'rating:desc', 'id:desc'],
  date: ['last_review_at:desc', 'id:desc'],
  videos: ['has_video:desc', 'id:desc'],
} as const;
export type TVenueSort = keyof typeof VENUE_SORTS;
export const VENUE_SORT_KEYS = Object.keys(VENUE_SORTS) as TVenueSort[];

/** A place's public attributes as `GET /api/vendors` answers them (relations when populated). */
export interface PlaceAttributes {
  name: string;
  phone: string;
  email: string;
  website: string | null;
  /** Average stars, 0 when no reviews (2 decimals). */
  rating: number;
  review_count: number;
  /** ISO time of the newest review, '' when none. */
  last_review_at: string;
  /** 1 when the place has a video. */
  has_video: number;
  /** Owner and admin only; the public sees approved places. */
  review?: (typeof REVIEW_STATES)[number];
  review_reason?: string | null;
  isShowed?: boolean;
  /** Owner only: their changes to the approved place waiting for review (their values are shown). */
  pending_revision?: TOwnRevision;
  createdAt: string;
  updatedAt: string;
}

/** The address joined as the spec's cards show it: location, city, state, postal_code, country. */
export function joinAddress(a: {
  location?: string | null;
  city?: string | null;
  state?: string | null;
  postal_code?: string | null;
  country?: string | null;
}): string {
  return [a.location, a.city, a.state, a.postal_code, a.country]
    .map((part) => (part ?? '').trim())
    .filter((part) => part !== '')
    .join(', ');
}
