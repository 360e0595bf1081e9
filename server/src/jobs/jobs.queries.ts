import type { Kysely } from 'kysely';
import type { DB } from '../db/schema.ts';

/** SQL of the job runner: the lease row of each job in `job_leases`. */

/**
 * Takes the job's lease for `holder` until `until` with a conditional UPDATE (free, or expired), making its
 * row first if there is none; true when this holder has it now.
 */
export async function takeLease(
  db: Kysely<DB>,
  name: string,
  holder: string,
  now: Date,
  until: Date,
): Promise<boolean> {
  await db
    .insertInto('job_leases')
    .values({ name })
    .onConflict((oc) => oc.column('name').doNothing())
    .execute();
  const result = await db
    .updateTable('job_leases')
    .set({ locked_by: holder, locked_until: until.toISOString(), last_started_at: now.toISOString() })
    .where('name', '=', name)
    .where((eb) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<', now.toISOString())]))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Gives the holder's lease back, writing when the run finished, how long it took and what it answered. */
export async function releaseLease(
  db: Kysely<DB>,
  name: string,
  holder: string,
  run: { started: Date; finished: Date; count: number | null; error: string | null },
): Promise<void> {
  await db
    .updateTable('job_leases')
    .set({
      locked_by: null,
      locked_until: null,
      last_finished_at: run.finished.toISOString(),
      last_duration_ms: run.finished.getTime() - run.started.getTime(),
      last_count: run.count,
      last_error: run.error,
    })
    .where('name', '=', name)
    .where('locked_by', '=', holder)
    .execute();
}
