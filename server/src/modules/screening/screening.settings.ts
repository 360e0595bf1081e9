import { SCREENING_LIMITS } from '@app/domain';
import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../../db/schema.ts';

/**
 * The daily cap of screening reads per provider account: a `settings` row the operator may set
 * (`screening_reads_per_day`); without one, or with one that is not a whole number of at least 1, the
 * cap is `SCREENING_LIMITS.readsPerDay`.
 */
export const SCREENING_READS_PER_DAY_KEY = 'screening_reads_per_day';

/** The cap in force, in rows a day. */
export async function readScreeningReadsPerDay(db: Kysely<DB> | Transaction<DB>): Promise<number> {
  const row = await db
    .selectFrom('settings')
    .select('value')
    .where('key', '=', SCREENING_READS_PER_DAY_KEY)
    .executeTakeFirst();
  const cap = Number(row?.value);
  return Number.isSafeInteger(cap) && cap >= 1 ? cap : SCREENING_LIMITS.readsPerDay;
}
