import { z } from 'zod';
import { ZId } from '../ids.ts';
import { ZEmailAddress } from '../accounts/schemas.ts';
import { countryField } from '../country-schema.ts';
import { MESSAGES } from '../messages.ts';
import { REVIEW_REASON_MAX, REVIEW_STATES } from '../directory/ads.ts';
import { PLACE_LIMITS } from './kinds.ts';

const F = MESSAGES.placeForm;
const V = MESSAGES.validation;
const R = MESSAGES.venueReviews;

const required = (message: string) => z.string({ error: message }).trim().min(1, message);

/** `POST /api/addresses` `data` (the user comes from the token; a sent `user` is ignored). */
export const ZAddressRequest = z.object({
  location: required(F.addressRequired).max(PLACE_LIMITS.location, V.tooLong),
  city: required(F.cityRequired).max(PLACE_LIMITS.city, V.tooLong),
  /** A state code of the country (`CA`); the server checks it against the lookups. */
  state: required(F.stateRequired).max(10, V.tooLong),
  postal_code: required(F.postalCodeRequired).max(PLACE_LIMITS.postalCode, V.tooLong),
  /** A country's code or English name ("US", "United States"); stored and answered as the code. */
  country: countryField(F.countryRequired),
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
  email: required(V.emailRequired).max(PLACE_LIMITS.email, V.emailTooLong).pipe(ZEmailAddress),
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
