import { RETENTION_DEFAULT_DAYS } from '@app/domain';
import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { findSettingValue } from './users.queries.ts';

/**
 * How many days an account's ID documents are kept after the admin's decision (kept for an audit's sake, then deleted): a
 * `settings` row the console's Settings page changes; the daily job `delete-decided-id-documents` reads it.
 */
export const DOCUMENT_RETENTION_DAYS_KEY = 'document_retention_days';

/** The retention when no setting is stored (or the stored one is not a whole number of days ≥ 1). */
const DEFAULT_DOCUMENT_RETENTION_DAYS = RETENTION_DEFAULT_DAYS.documents;

/** The retention in force, in days. */
export async function readDocumentRetentionDays(db: Kysely<DB> | Transaction<DB>): Promise<number> {
  const days = Number(await findSettingValue(db, DOCUMENT_RETENTION_DAYS_KEY));
  return Number.isSafeInteger(days) && days >= 1 ? days : DEFAULT_DOCUMENT_RETENTION_DAYS;
}
