import { sql, type Kysely, type Transaction } from 'kysely';
import { insertRow, updateById } from '../../db/rows.ts';
import { nowIso } from '../../db/dialect.ts';
import { lockRow } from '../../db/locks.ts';
import type { DB, PaymentReferencesTable, PaymentStatus } from '../../db/schema.ts';
import { paymentKey } from '@app/domain/payment-key';

type Db = Kysely<DB> | Transaction<DB>;

export function insertTip(
  db: Kysely<DB>,
  values: { user_id: number; provider_id: number; transaction_id: string; tip_amount: number },
): Promise<number> {
  return insertRow(db, 'tips', { ...values, transaction_key: paymentKey(values.transaction_id) });
}

export function insertTransaction(
  db: Kysely<DB>,
  values: {
    transaction_uid: string;
    transaction_amount: number;
    user_id: number | null;
    tip_id: number | null;
    subscription_id?: number | null;
    order_type: string;
    transaction_type: 'credit' | 'debit';
    /** Always stated by the caller: a typed-in payment is `pending`, an admin's entry `verified`. */
    payment_status: PaymentStatus;
  },
): Promise<number> {
  return insertRow(db, 'transactions', values);
}

/**
 * A tip's payment state and its ledger credit (the provider's account and the amount), read with the tip's
 * row locked (PostgreSQL; SQLite writes one at a time), so two decisions on one tip run one after the other.
 */
export async function lockTipPayment(
  trx: Transaction<DB>,
  tipId: number,
): Promise<{ payment_status: PaymentStatus; tip_amount: number } | undefined> {
  if (!(await lockRow(trx, 'tips', tipId))) return undefined;
  return trx
    .selectFrom('tips')
    .select(['payment_status', 'tip_amount'])
    .where('id', '=', tipId)
    .executeTakeFirst();
}

/**
 * The admin's first decision on a pending tip: the tip and its pending ledger credit move to `status` once
 * (the credit row is never changed after this).
 */
export async function decideTipPayment(
  trx: Transaction<DB>,
  tipId: number,
  status: PaymentStatus,
): Promise<void> {
  await updateById(trx, 'tips', tipId, { payment_status: status });
  await trx
    .updateTable('transactions')
    .set({ payment_status: status, updated_at: nowIso() })
    .where('tip_id', '=', tipId)
    .where('transaction_type', '=', 'credit')
    .where('payment_status', '=', 'pending')
    .execute();
}

/** The ledger credit a tip made (to the tipped provider's account). */
export function findTipCredit(db: Db, tipId: number) {
  return db
    .selectFrom('transactions')
    .select(['id', 'user_id', 'transaction_amount'])
    .where('tip_id', '=', tipId)
    .where('transaction_type', '=', 'credit')
    .orderBy('id')
    .executeTakeFirst();
}

/** The `transaction_uid` of the ledger row that reverses a verified tip rejected later. */
export const tipReversalUid = (tipId: number) => `reversal:${tipId}`;

/** What a transaction id paid for. */
export type PaymentKind = PaymentReferencesTable['kind'];

/**
 * Registers a transaction id as paid for `kind`: a payment pays one thing, across subscriptions, tips
 * and orders. The primary key refuses a second use (also of two requests racing); call it inside the
 * transaction that writes what was paid for.
 */
export async function insertPaymentReference(
  db: Db,
  transactionId: string,
  kind: PaymentKind,
): Promise<void> {
  await db
    .insertInto('payment_references')
    .values({ transaction_id: paymentKey(transactionId), kind, created_at: nowIso() })
    .execute();
}

/**
 * Gives a transaction id back (an order cancelled before anyone checked its payment paid for nothing,
 * so the buyer may use the payment for another order). Only the entry of `kind` is removed.
 */
export async function releasePaymentReference(
  db: Db,
  transactionId: string,
  kind: PaymentKind,
): Promise<void> {
  await db
    .deleteFrom('payment_references')
    .where('transaction_id', '=', paymentKey(transactionId))
    .where('kind', '=', kind)
    .execute();
}

/** What a transaction id (or one that looks the same: `paymentKey`) already paid for, if anything. */
export async function findPaymentReference(db: Db, transactionId: string): Promise<PaymentKind | undefined> {
  const row = await db
    .selectFrom('payment_references')
    .select('kind')
    .where('transaction_id', '=', paymentKey(transactionId))
    .executeTakeFirst();
  return row?.kind;
}

/** Sums of one account's wallet rows in cents, by payment state, type and order type. */
export interface WalletSum {
  payment_status: PaymentStatus;
  transaction_type: 'credit' | 'debit';
  order_type: string;
  cents: number;
  rows: number;
}

/**
 * One account's wallet rows (the spec's filter: its own rows, or those of tips to providers it owns),
 * summed in SQL by payment state, type and order type. Amounts are integer cents, so sums are exact.
 */
export async function sumWallet(db: Db, userId: number): Promise<WalletSum[]> {
  const rows = await walletRows(db, userId)
    .select((eb) => [
      't.payment_status',
      't.transaction_type',
      't.order_type',
      eb.fn.sum<number | string | null>('t.transaction_amount').as('cents'),
      eb.fn.countAll<number | string>().as('rows'),
    ])
    .groupBy(['t.payment_status', 't.transaction_type', 't.order_type'])
    .execute();
  return rows.map((r) => ({
    payment_status: r.payment_status,
    transaction_type: r.transaction_type,
    order_type: r.order_type,
    cents: Number(r.cents ?? 0),
    rows: Number(r.rows),
  }));
}

/** One account's wallet rows: its own, and those of tips to providers it owns (spec 000 §7). */
function walletRows(db: Db, userId: number) {
  return db
    .selectFrom('transactions as t')
    .where((eb) =>
      eb.or([
        eb('t.user_id', '=', userId),
        eb(
          't.tip_id',
          'in',
          eb
            .selectFrom('tips as wt')
            .innerJoin('providers as wp', 'wp.id', 'wt.provider_id')
            .select('wt.id')
            .where('wp.user_id', '=', userId),
        ),
      ]),
    );
}

/** The same sums per calendar month (`YYYY-MM`, UTC) since `sinceIso`, for the wallet's chart. */
export async function sumWalletByMonth(
  db: Db,
  userId: number,
  sinceIso: string,
): Promise<(WalletSum & { month: string })[]> {
  const month = sql<string>`substr(t.created_at, 1, 7)`;
  const rows = await walletRows(db, userId)
    .select((eb) => [
      month.as('month'),
      't.payment_status',
      't.transaction_type',
      't.order_type',
      eb.fn.sum<number | string | null>('t.transaction_amount').as('cents'),
      eb.fn.countAll<number | string>().as('rows'),
    ])
    .where('t.created_at', '>=', sinceIso)
    .groupBy([month, 't.payment_status', 't.transaction_type', 't.order_type'])
    .execute();
  return rows.map((r) => ({
    month: r.month,
    payment_status: r.payment_status,
    transaction_type: r.transaction_type,
    order_type: r.order_type,
    cents: Number(r.cents ?? 0),
    rows: Number(r.rows),
  }));
}

export async function userExists(db: Db, id: number): Promise<boolean> {
  return !!(await db.selectFrom('users').select('id').where('id', '=', id).executeTakeFirst());
}

export async function readSetting(db: Db, key: string): Promise<string | undefined> {
  const row = await db.selectFrom('settings').select('value').where('key', '=', key).executeTakeFirst();
  return row?.value;
}

/** Stores a setting unless one is already there (an operator's value is never overwritten). */
export async function insertSettingIfMissing(db: Db, key: string, value: string): Promise<void> {
  await db
    .insertInto('settings')
    .values({ key, value })
    .onConflict((oc) => oc.column('key').doNothing())
    .execute();
}
