import type { Generated } from 'kysely';

/**
 * The table types of one area, named together in `db/schema.ts`. What visitors leave on ads and
 * hobbyists: reactions, comments, messages, screening comments and ratings.
 */

export interface ReactionsTable {
  id: Generated<number>;
  user_id: number;
  provider_id: number;
  kind: 'like' | 'dislike' | 'average';
  created_at: string;
  updated_at: string;
}

export interface CommentsTable {
  id: Generated<number>;
  user_id: number;
  provider_id: number;
  comment: string;
  created_at: string;
  updated_at: string;
}

export interface MessagesTable {
  id: Generated<number>;
  user_id: number;
  provider_id: number;
  text: string;
  /** The provider's answer, written on the site and relayed by mail; null until answered. */
  reply: string | null;
  replied_at: string | null;
  created_at: string;
  updated_at: string;
}

/** A screened phone number (digits only), with the provider who added it. */
export interface CustomerHobbyistsTable {
  id: Generated<number>;
  phone_number: string;
  created_by: number | null;
  created_at: string;
  updated_at: string;
}

/** A provider's like, average or dislike of a screened number: one per provider and record. */
export interface HobbyistRatingsTable {
  id: Generated<number>;
  customer_hobbyist_id: number;
  user_id: number;
  kind: 'like' | 'average' | 'dislike';
  created_at: string;
  updated_at: string;
}

export interface HobbyistCommentsTable {
  id: Generated<number>;
  customer_hobbyist_id: number;
  user_id: number;
  hobbyist_comment: string;
  created_at: string;
  updated_at: string;
}
