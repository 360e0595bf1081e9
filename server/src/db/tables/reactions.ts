import type { Generated } from 'kysely';

/**
 * The table types of one area, named together in `db/schema.ts`.
 * A hobbyist's like, average or dislike of an ad.
 */

/** A hobbyist's saved ad; `provider_id` null once the ad is deleted (the name and city stay). */
export interface SavedProvidersTable {
  id: Generated<number>;
  user_id: number;
  provider_id: number | null;
  name: string;
  city: string;
  created_at: string;
}

export interface ReactionsTable {
  id: Generated<number>;
  user_id: number;
  provider_id: number;
  kind: 'like' | 'dislike' | 'average';
  created_at: string;
  updated_at: string;
}
