import type { Generated } from 'kysely';

/**
 * The table types of one area, named together in `db/schema.ts`.
 * A hobbyist's like, average or dislike of an ad.
 */

export interface ReactionsTable {
  id: Generated<number>;
  user_id: number;
  provider_id: number;
  kind: 'like' | 'dislike' | 'average';
  created_at: string;
  updated_at: string;
}
