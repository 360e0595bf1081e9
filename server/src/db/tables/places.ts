import type { Generated } from 'kysely';

/**
 * The table types of one area, named together in `db/schema.ts`. Places, their addresses and reviews.
 */

/** A place's address. `state` is a state code. */
export interface AddressesTable {
  id: Generated<number>;
  location: string;
  city: string;
  state: string;
  postal_code: string;
  country: Generated<string>;
  user_id: number;
  created_at: string;
  updated_at: string;
}

/** A place (the spec's vendor), reviewed before publication as ads are. */
export interface PlacesTable {
  id: Generated<number>;
  name: string;
  place_type_id: number;
  address_id: number | null;
  phone: string;
  /** The phone's digits as the risk signals compare them (`comparablePhone`), written with the phone. */
  phone_digits: string | null;
  email: string;
  website: string | null;
  image_id: number | null;
  video_id: number | null;
  has_video: Generated<number>;
  user_id: number;
  is_showed: Generated<number>;
  review_state: Generated<'pending' | 'approved' | 'rejected'>;
  review_reason: string | null;
  reviewed_at: string | null;
  /** Average stars of its reviews (0 when none), kept by the review writes. */
  rating: Generated<number>;
  review_count: Generated<number>;
  /** The newest review's time, '' when none. */
  last_review_at: Generated<string>;
  created_at: string;
  updated_at: string;
}

/** A hobbyist's review of a place: one per hobbyist and place. */
export interface PlaceReviewsTable {
  id: Generated<number>;
  place_id: number;
  user_id: number;
  rating: number;
  review: string;
  created_at: string;
  updated_at: string;
}
