import type { Generated } from 'kysely';

/**
 * The table types of one area, named together in `db/schema.ts`. Moderation and content: risk signals,
 * pending revisions, reports, contact messages, the audit log, screening reads and suspensions.
 */

export interface ContactMessagesTable {
  id: Generated<number>;
  name: string;
  email: string;
  note: string;
  /** The staff's handling: open (New), reviewed (In progress), closed. */
  status: Generated<'open' | 'reviewed' | 'closed'>;
  /** The staff's internal note (`note` is the sender's message). */
  staff_note: string | null;
  created_at: string;
  updated_at: string;
}

export interface ReportsTable {
  id: Generated<number>;
  reason: string;
  details: string | null;
  listing: string | null;
  email: string | null;
  status: Generated<'open' | 'reviewed' | 'closed'>;
  reporter_id: number | null;
  /** The staff's internal note. */
  staff_note: string | null;
  /** The reported record when known (`provider:12`, `vendor:3`, `hobbyist-comment:5`). */
  subject: string | null;
  handled_by: number | null;
  created_at: string;
  updated_at: string;
}

/** What the staff did: `action` (e.g. `screening.remove`), `subject` (`hobbyist-comment:12`). */
export interface AuditLogTable {
  id: Generated<number>;
  actor_id: number | null;
  action: string;
  subject: string;
  details: string | null;
  /** The address the request came from. */
  ip: string | null;
  /** The record before and after the action, as JSON text. */
  before_value: string | null;
  after_value: string | null;
  created_at: string;
}

/** Screening rows an account was answered on one UTC day (`YYYY-MM-DD`); see the migration. */
export interface ScreeningReadsTable {
  user_id: number;
  day: string;
  reads: Generated<number>;
}

/** An account the admin shut out of screening; removing the row gives access back. */
export interface ScreeningSuspensionsTable {
  user_id: number;
  suspended_by: number | null;
  created_at: string;
}

/** What the server noticed when an ad (`provider`) or a place (`vendor`) was submitted. */
export interface RiskSignalsTable {
  id: Generated<number>;
  record_type: 'provider' | 'vendor';
  record_id: number;
  user_id: number | null;
  kind: string;
  weight: number;
  explanation: string;
  created_at: string;
}

/**
 * An owner's changes to an approved ad (`provider_id`) or place (`place_id`) waiting for review: `fields`
 * JSON of the changed public fields as sent, `signals` JSON of the risk signals on the record as it would be.
 */
export interface PendingRevisionsTable {
  id: Generated<number>;
  provider_id: number | null;
  place_id: number | null;
  user_id: number;
  fields: string;
  state: 'pending' | 'rejected';
  reason: string | null;
  signals: string;
  risk_score: number;
  created_at: string;
  updated_at: string;
}

/** A file a pending revision stages (an ad's new photo or video, a place's new picture or video): in use. */
export interface PendingRevisionFilesTable {
  revision_id: number;
  file_id: number;
}
