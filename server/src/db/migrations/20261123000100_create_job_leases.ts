import type { Kysely } from 'kysely';

/**
 * One row per scheduled job (server/src/jobs/): who holds its lease and until when, so that of
 * several processes on one database only one runs a job at a time (the lease is taken with a
 * conditional UPDATE), and when it last started, for how long, with what result.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('job_leases')
    .addColumn('name', 'text', (c) => c.primaryKey())
    .addColumn('locked_by', 'text')
    .addColumn('locked_until', 'text')
    .addColumn('last_started_at', 'text')
    .addColumn('last_finished_at', 'text')
    .addColumn('last_duration_ms', 'integer')
    .addColumn('last_count', 'integer')
    .addColumn('last_error', 'text')
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('job_leases').execute();
}
