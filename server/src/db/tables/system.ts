import type { Generated } from 'kysely';

/**
 * The table types of one area, named together in `db/schema.ts`. The jobs' leases and the mail outbox.
 */

/** The lease and last run of one scheduled job (server/src/jobs/runner.ts). */
export interface JobLeasesTable {
  name: string;
  locked_by: string | null;
  locked_until: string | null;
  last_started_at: string | null;
  last_finished_at: string | null;
  last_duration_ms: number | null;
  last_count: number | null;
  last_error: string | null;
}

/** One message to send (server/src/mail/outbox.ts): deleted once delivered, `failed` once given up. */
export interface MailOutboxTable {
  id: Generated<number>;
  recipient: string;
  subject: string;
  body: string;
  html: string | null;
  status: Generated<'waiting' | 'failed'>;
  attempts: Generated<number>;
  next_attempt_at: string;
  last_attempt_at: string | null;
  /** An SMTP reply code (`451`) or a connection error's code (`ECONNECTION`); never the server's text. */
  last_error: string | null;
  locked_by: string | null;
  locked_until: string | null;
  created_at: string;
}
