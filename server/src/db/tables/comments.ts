import type { Generated } from 'kysely';

/**
 * The table types of one area, named together in `db/schema.ts`.
 * Hobbyists' comments on ads.
 */

export interface CommentsTable {
  id: Generated<number>;
  user_id: number;
  provider_id: number;
  comment: string;
  created_at: string;
  updated_at: string;
}
