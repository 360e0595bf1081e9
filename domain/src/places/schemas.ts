import { z } from 'zod';
import { PLACE_TYPES } from '../constants.ts';
import { ZId } from '../ids.ts';
import { MESSAGES } from '../messages.ts';
import { REVIEW_REASON_MAX, REVIEW_STATES } from '../directory/ads.ts';

const F = MESSAGES.placeForm;
const V = MESSAGES.validation;
const R = MESSAGES.venueReviews;

/** Spec 000 §5 "Vendor create" and §9 (address 4-100), issue 12. */
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

const required = (message: string) => z.string({ error: message }).trim().min(1, message);

/** `POST /api/addresses` `data` (the user comes from the token; a sent `user` is ignored). */
export const ZAddressRequest = z.object({
  location: required(F.addressRequired).max(PLACE_LIMITS.location, V.tooLong),
  city: required(F.cityRequired).max(PLACE_LIMITS.city, V.tooLong),
  /** A state code of the country (`CA`); the server checks it against the lookups. */
  state: required(F.stateRequired).max(10, V.tooLong),
  postal_code: required(F.postalCodeRequired).max(PLACE_LIMITS.postalCode, V.tooLong),
  country: required(F.countryRequired).max(10, V.tooLong),
});
export type TAddressRequest = z.infer<typeof ZAddressRequest>;
/** `PUT /api/addresses/:id` `data`. */
export const ZAddressUpdate = ZAddressRequest.partial();
export type TAddressUpdate = z.infer<typeof ZAddressUpdate>;

const placeFields = {
  name: required(V.nameRequired).min(PLACE_LIMITS.nameMin, V.tooShort).max(PLACE_LIMITS.nameMax, V.tooLong),
  phone: z
    .string({ error: F.phoneInvalid })
    .trim()
    .regex(/^\d+$/, F.phoneInvalid)
    .min(PLACE_LIMITS.phoneMin, F.phoneInvalid)
    .max(PLACE_LIMITS.phoneMax, F.phoneInvalid),
  email: required(V.emailRequired).max(PLACE_LIMITS.email, V.emailTooLong).pipe(z.email(V.emailInvalid)),
  /** Optional; empty means none. http(s) only. */
  website: z
    .string()
    .trim()
    .max(PLACE_LIMITS.website, V.tooLong)
    .refine((s) => s === '' || /^https?:\/\/[^\s]+\.[^\s]+$/i.test(s), F.websiteInvalid)
    .optional()
    .nullable(),
};

/**
 * `POST /api/vendors` `data` (JSON, or the multipart create's `data` field with the picture as
 * `files.image`). `image` is an uploaded public image's id; required on create ('Required') unless the
 * multipart carries `files.image`. `video` an uploaded video's id (at most 30 seconds, as ads).
 * Owner, review state and rating are the server's.
 */
export const ZPlaceRequest = z.object({
  ...placeFields,
  vendor_type: ZId.or(z.undefined()).refine((v) => v !== undefined, F.typeRequired),
  address: ZId.or(z.undefined()).refine((v) => v !== undefined, F.addressRequired),
  image: ZId.optional(),
  video: ZId.nullable().optional(),
});
export type TPlaceRequest = z.infer<typeof ZPlaceRequest>;

/**
 * `PUT /api/vendors/:id` `data`: the owner's changes (any of the fields), or the admin's decision
 * (`review` with `review_reason` when rejecting, or `isShowed`) as for ads.
 */
export const ZPlaceUpdate = z
  .object({
    ...placeFields,
    vendor_type: ZId,
    address: ZId,
    image: ZId,
    video: ZId.nullable(),
    review: z.enum(REVIEW_STATES),
    review_reason: z.string().trim().max(REVIEW_REASON_MAX, V.tooLong),
    isShowed: z.boolean(),
  })
  .partial();
export type TPlaceUpdate = z.infer<typeof ZPlaceUpdate>;

/** The web's add/edit form: the place and its address in one form (spec 001 §2 "Places"). */
export const ZPlaceForm = z.object({
  ...placeFields,
  vendor_type: z.string({ error: F.typeRequired }).min(1, F.typeRequired),
  location: ZAddressRequest.shape.location,
  city: ZAddressRequest.shape.city,
  state: ZAddressRequest.shape.state,
  postal_code: ZAddressRequest.shape.postal_code,
  country: ZAddressRequest.shape.country,
});
export type TPlaceForm = z.infer<typeof ZPlaceForm>;

/** `POST /api/vendor-reviews` `data` (hobbyists; the author comes from the token). */
export const ZVenueReviewRequest = z.object({
  vendor: ZId,
  rating: z
    .number({ error: R.ratingRequired })
    .int(R.ratingRequired)
    .min(1, R.ratingRequired)
    .max(5, R.ratingRequired),
  review: z
    .string({ error: R.textRequired })
    .trim()
    .min(1, R.textRequired)
    .min(PLACE_LIMITS.reviewMin, R.textTooShort)
    .max(PLACE_LIMITS.reviewMax, R.textTooLong),
});
export type TVenueReviewRequest = z.infer<typeof ZVenueReviewRequest>;
/** `PUT /api/vendor-reviews/:id` `data` (author or admin). */
export const ZVenueReviewUpdate = ZVenueReviewRequest.pick({ rating: true, review: true }).partial();
export type TVenueReviewUpdate = z.infer<typeof ZVenueReviewUpdate>;

/**
 * The venue directory's sort links (issue 12, item 6), kept in the URL as `?sort=<key>`, and the Strapi
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
