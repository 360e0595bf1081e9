import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { insertSettingIfMissing, readSetting } from './engagement.queries.ts';

/** The `settings` key of the address the tip modal's QR code points at. */
export const PAYMENT_ADDRESS_KEY = 'payment_address';
/** Placeholder until an operator sets a real address (`update settings set value = ... where key = 'payment_address'`). */
export const DEFAULT_PAYMENT_ADDRESS = 'PAY-TO: demo-payments@live-the-fantasy.test';

/** Seeds the engagement settings that are missing; an operator's values stay as they are. */
export async function ensureEngagementSettings(db: Kysely<DB>): Promise<void> {
  await insertSettingIfMissing(db, PAYMENT_ADDRESS_KEY, DEFAULT_PAYMENT_ADDRESS);
}

export async function readPaymentAddress(db: Kysely<DB>): Promise<string> {
  return (await readSetting(db, PAYMENT_ADDRESS_KEY)) ?? DEFAULT_PAYMENT_ADDRESS;
}
