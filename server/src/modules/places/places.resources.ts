import { shownPlace } from '../../access/index.ts';
import type { FieldDef, RelationDef } from '../../http/strapi/resource.ts';
import { defineResource, timestamps } from '../../http/strapi/resource.ts';
import { fileResource } from '../media/index.ts';
import { placeTypeResource } from '../reference/index.ts';
import { authorUserResource, publicUserResource } from '../users/index.ts';

/**
 * Places (the spec's vendors), their addresses and their reviews as the REST layer sees them
 * (docs/api.md "Places"). The venue pages sort on rating, review count, newest review and video,
 * which the review writes keep on the place's row; nothing else sorts.
 */
const text: FieldDef = { type: 'string' };
const unsorted: FieldDef = { type: 'string', sortable: false };

/** An address: owned by a provider, named by one place. Reached through a place, or by its owner. */
export const addressResource = defineResource({
  name: 'address',
  table: 'addresses',
  fields: {
    location: text,
    city: text,
    state: text,
    postal_code: text,
    country: text,
    ...timestamps,
  },
  relations: {
    user: { kind: 'belongsTo', target: () => publicUserResource, column: 'user_id' },
  },
  maxPageSize: 100,
  defaultPageSize: 25,
  defaultSort: [{ field: 'id', direction: 'desc' }],
});

/** Rounds the stored average to 2 decimals (PostgreSQL's `real` may carry float noise). */
const twoDecimals = (v: unknown) => Math.round(Number(v ?? 0) * 100) / 100;

const PLACE_FIELDS = {
  name: unsorted,
  phone: unsorted,
  email: unsorted,
  website: unsorted,
  rating: { type: 'number' },
  review_count: { type: 'integer' },
  /** The newest review's time, '' when none (sorts last, descending, on both engines). */
  last_review_at: text,
  has_video: { type: 'integer' },
  createdAt: { type: 'datetime', column: 'created_at' },
  updatedAt: { type: 'datetime', column: 'updated_at', sortable: false },
} satisfies Record<string, FieldDef>;

const placeRelations: Record<string, RelationDef> = {
  vendor_type: { kind: 'belongsTo', target: () => placeTypeResource, column: 'place_type_id' },
  address: { kind: 'belongsTo', target: () => addressResource, column: 'address_id' },
  image: { kind: 'belongsTo', target: () => fileResource, column: 'image_id' },
  video: { kind: 'belongsTo', target: () => fileResource, column: 'video_id' },
  user: { kind: 'belongsTo', target: () => publicUserResource, column: 'user_id' },
  vendor_reviews: { kind: 'hasMany', target: () => venueReviewResource, foreignKey: 'place_id' },
};

const placeBase = {
  table: 'places',
  relations: placeRelations,
  maxPageSize: 100,
  defaultPageSize: 10,
  defaultSort: [{ field: 'id', direction: 'desc' as const }],
  // Reached through a relation (a review's vendor) only public places appear.
  publicScope: shownPlace,
  present: (attributes: Record<string, unknown>) =>
    'rating' in attributes ? { ...attributes, rating: twoDecimals(attributes.rating) } : attributes,
};

/** The public view of a place. */
export const placeResource = defineResource({ name: 'place', ...placeBase, fields: PLACE_FIELDS });

/** The owner's and the admin's view: the same, with the review's state and reason. */
export const ownPlaceResource = defineResource({
  name: 'ownPlace',
  ...placeBase,
  fields: {
    ...PLACE_FIELDS,
    review: { type: 'string', column: 'review_state' },
    review_reason: unsorted,
    reviewed_at: { type: 'datetime', sortable: false },
    isShowed: { type: 'boolean', column: 'is_showed' },
  },
});

/** A hobbyist's review of a place: newest first. */
export const venueReviewResource = defineResource({
  name: 'placeReview',
  table: 'place_reviews',
  fields: {
    rating: { type: 'integer' },
    review: unsorted,
    ...timestamps,
  },
  relations: {
    vendor: { kind: 'belongsTo', target: () => placeResource, column: 'place_id' },
    user: { kind: 'belongsTo', target: () => authorUserResource, column: 'user_id' },
  },
  maxPageSize: 100,
  defaultPageSize: 25,
  defaultSort: [{ field: 'createdAt', direction: 'desc' }],
});
