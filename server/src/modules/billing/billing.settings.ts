import { TIP_LIMITS, floorCents, toCents } from '@app/domain';
import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { insertSettingIfMissing, readSetting } from './billing.queries.ts';

/** The `settings` key of the address the tip modal's QR code points at. */
export const PAYMENT_ADDRESS_KEY = 'payment_address';
/** Placeholder until an operator sets a real address (`update settings set value = ... where key = 'payment_address'`). */
export const DEFAULT_PAYMENT_ADDRESS = 'PAY-TO: demo-payments@live-the-fantasy.test';

/** The `settings` key of the largest tip, in dollars (whole cents); at most `TIP_LIMITS.maxTip`. */
export const TIP_MAX_AMOUNT_KEY = 'tip_max_amount';
export const DEFAULT_TIP_MAX_AMOUNT = 1000;
/** The `settings` key of how many tips one hobbyist account may send per hour. */
export const TIPS_PER_HOUR_KEY = 'tips_per_hour';
export const DEFAULT_TIPS_PER_HOUR = 20;

/** Seeds the payment settings that are missing; an operator's values stay as they are. */
export async function ensurePaymentSettings(db: Kysely<DB>): Promise<void> {
  await insertSettingIfMissing(db, PAYMENT_ADDRESS_KEY, DEFAULT_PAYMENT_ADDRESS);
  await insertSettingIfMissing(db, TIP_MAX_AMOUNT_KEY, String(DEFAULT_TIP_MAX_AMOUNT));
  await insertSettingIfMissing(db, TIPS_PER_HOUR_KEY, String(DEFAULT_TIPS_PER_HOUR));
}

export async function readPaymentAddress(db: Kysely<DB>): Promise<string> {
  return (await readSetting(db, PAYMENT_ADDRESS_KEY)) ?? DEFAULT_PAYMENT_ADDRESS;
}

/** A stored number, or `fallback` when it is missing or not a number in [min, max]. */
export async function readNumberSetting(
  db: Kysely<DB> | Transaction<DB>,
  key: string,
  fallback: number,
  min: number,
  max: number,
) {
  const raw = (await readSetting(db, key))?.trim();
  const value = raw ? Number(raw) : NaN;
  return Number.isFinite(value) && value >= min && value <= max ? value : fallback;
}

/** A stored count (tips an hour, days, rows): `readNumberSetting`'s number, rounded down. */
export async function readWholeNumberSetting(
  db: Kysely<DB> | Transaction<DB>,
  key: string,
  fallback: number,
  min: number,
  max: number,
): Promise<number> {
  return Math.floor(await readNumberSetting(db, key, fallback, min, max));
}

/**
 * The largest tip in cents: the operator's `tip_max_amount` (kept in dollars, as the operator typed it),
 * never above the schema's own ceiling; a missing or unreadable value is the default (an operator's typo
 * never lifts the cap). Whole cents, rounded down (a stored 12.345 caps at 1234 cents).
 */
export async function readTipMaxCents(db: Kysely<DB>): Promise<number> {
  return toCents(
    floorCents(
      await readNumberSetting(db, TIP_MAX_AMOUNT_KEY, DEFAULT_TIP_MAX_AMOUNT, 0.01, TIP_LIMITS.maxTip),
    ),
  );
}

/** Tips per hobbyist account per hour: the operator's `tips_per_hour`, a whole number of at least 1. */
export async function readTipsPerHour(db: Kysely<DB>): Promise<number> {
  return readWholeNumberSetting(db, TIPS_PER_HOUR_KEY, DEFAULT_TIPS_PER_HOUR, 1, 1_000_000);
}
