/**
 * The table types of one area, named together in `db/schema.ts`. The jobs' leases.
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
