import type { Generated } from 'kysely';

/**
 * The table types of one area, named together in `db/schema.ts`. Providers' shared records of
 * hobbyists: screened numbers, their ratings and comments.
 */

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

/**
 * A request to review the entries about a phone number (digits), from anyone, handled in the reports queue
 * (`status` as a report's) and closed by the outcome e-mailed to `email`.
 */
export interface ScreeningReviewsTable {
  id: Generated<number>;
  phone_number: string;
  dispute: string;
  email: string;
  status: Generated<'open' | 'reviewed' | 'closed'>;
  staff_note: string | null;
  outcome: 'removed' | 'partly' | 'kept' | 'none' | null;
  reply: string | null;
  handled_by: number | null;
  decided_at: string | null;
  /** When the outcome's mail was sent; null while undecided or when it could not be sent. */
  mailed_at: string | null;
  created_at: string;
  updated_at: string;
}
