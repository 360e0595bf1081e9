import type { Generated } from 'kysely';

/**
 * The table types of one area, named together in `db/schema.ts`. The directory: providers' ads, their
 * images and documents, and the change log the facet index follows.
 */

export interface ProvidersTable {
  id: Generated<number>;
  user_id: number;
  title: string;
  name: string;
  country: Generated<string>;
  state: string;
  city: string;
  age: number;
  phone: string | null;
  /** The phone's digits as the risk signals compare them (`comparablePhone`), written with the phone. */
  phone_digits: string | null;
  language_id: number | null;
  race_id: number | null;
  call: string | null;
  massage: string | null;
  threesome: string | null;
  kissing: string | null;
  kissing_types: string | null;
  fellatio: string | null;
  fellatio_type: string | null;
  cunnilingus: string | null;
  anilingus: string | null;
  anilingus_act: string | null;
  vaginal: string | null;
  vaginal_type: string | null;
  anal: string | null;
  anal_activity: string | null;
  cum: string | null;
  cum_type: string | null;
  personality: string | null;
  grooming: string | null;
  /** Cents. */
  donation_half_hour: number | null;
  /** Cents. */
  donation_hour: number | null;
  message: string | null;
  services_provided_approval: Generated<number>;
  duration_ad: Generated<number>;
  duration_ad_unit: Generated<string>;
  ad_bonus_side_panel_ad: Generated<number>;
  discount_code: string | null;
  is_showed: Generated<number>;
  video_id: number | null;
  /** Review before publication; `is_showed` is 1 exactly when approved. */
  review_state: Generated<'pending' | 'approved' | 'rejected'>;
  review_reason: string | null;
  reviewed_at: string | null;
  likes_count: Generated<number>;
  dislikes_count: Generated<number>;
  averages_count: Generated<number>;
  comments_count: Generated<number>;
  created_at: string;
  updated_at: string;
}

export interface ProviderFilesTable {
  provider_id: number;
  file_id: number;
  position: Generated<number>;
}

/** One change to the shown directory (db/directory-version.ts); `id` is the directory version it made. */
export interface DirectoryChangesTable {
  id: number;
  /** One changed provider; null with `user_id` null: anything may have changed. */
  provider_id: number | null;
  /** Every provider of this account. */
  user_id: number | null;
  created_at: string;
}
