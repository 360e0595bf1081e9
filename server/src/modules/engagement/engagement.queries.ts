import { sql, type Kysely, type Transaction } from 'kysely';
import { nowIso } from '../../db/dialect.ts';
import type { DB, PaymentStatus } from '../../db/schema.ts';
import type { ReactionKind } from './engagement.resources.ts';

type Db = Kysely<DB> | Transaction<DB>;

/** The counter column on providers for each reaction kind. */
export const COUNTER_OF = {
  like: 'likes_count',
  dislike: 'dislikes_count',
  average: 'averages_count',
} as const satisfies Record<ReactionKind, string>;
type Counter = (typeof COUNTER_OF)[ReactionKind] | 'comments_count';

/** Adds `delta` (+1 or -1) to one of a provider's counters, never below 0. */
export async function bumpCounter(
  db: Db,
  providerId: number,
  counter: Counter,
  delta: 1 | -1,
): Promise<void> {
  const col = sql.ref(counter);
  await db
    .updateTable('providers')
    .set({
      [counter]: delta > 0 ? sql`${col} + 1` : sql`case when ${col} > 0 then ${col} - 1 else 0 end`,
    })
    .where('id', '=', providerId)
    .execute();
}

export interface ReactionCounts {
  likes: number;
  dislikes: number;
  averages: number;
}

export async function findReactionCounts(db: Db, providerId: number): Promise<ReactionCounts> {
  const row = await db
    .selectFrom('providers')
    .select(['likes_count', 'dislikes_count', 'averages_count'])
    .where('id', '=', providerId)
    .executeTakeFirst();
  return {
    likes: Number(row?.likes_count ?? 0),
    dislikes: Number(row?.dislikes_count ?? 0),
    averages: Number(row?.averages_count ?? 0),
  };
}

/** The address, first name and activity of an account (server-side only; never answered). */
export async function findUserContact(
  db: Db,
  userId: number,
): Promise<{ email: string; first_name: string | null; is_active: number } | undefined> {
  return db
    .selectFrom('users')
    .select(['email', 'first_name', 'is_active'])
    .where('id', '=', userId)
    .executeTakeFirst();
}

// ---------------------------------------------------------------------------------------------
// Reactions

export interface ReactionRow {
  id: number;
  user_id: number;
  provider_id: number;
  kind: ReactionKind;
}

export async function findReaction(
  db: Db,
  userId: number,
  providerId: number,
): Promise<ReactionRow | undefined> {
  return db
    .selectFrom('reactions')
    .select(['id', 'user_id', 'provider_id', 'kind'])
    .where('user_id', '=', userId)
    .where('provider_id', '=', providerId)
    .executeTakeFirst();
}

export async function findReactionById(db: Db, id: number): Promise<ReactionRow | undefined> {
  return db
    .selectFrom('reactions')
    .select(['id', 'user_id', 'provider_id', 'kind'])
    .where('id', '=', id)
    .executeTakeFirst();
}

/** Deletes one reaction; true when this call removed it (false when another got there first). */
export async function deleteReactionById(db: Db, id: number): Promise<boolean> {
  const result = await db.deleteFrom('reactions').where('id', '=', id).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/**
 * Inserts a reaction unless the user already holds one on that provider (the unique key decides,
 * so a parallel insert waits for the other and then does nothing). Answers the new id, or undefined.
 */
export async function insertReactionIfNone(
  db: Db,
  values: { user_id: number; provider_id: number; kind: ReactionKind },
): Promise<number | undefined> {
  const now = nowIso();
  const row = await db
    .insertInto('reactions')
    .values({ ...values, created_at: now, updated_at: now })
    .onConflict((oc) => oc.columns(['user_id', 'provider_id']).doNothing())
    .returning('id')
    .executeTakeFirst();
  return row ? Number(row.id) : undefined;
}

// ---------------------------------------------------------------------------------------------
// Comments and messages

export interface AuthoredRow {
  id: number;
  user_id: number;
  provider_id: number;
}

export async function insertComment(
  db: Db,
  values: { user_id: number; provider_id: number; comment: string },
): Promise<number> {
  const now = nowIso();
  const row = await db
    .insertInto('comments')
    .values({ ...values, created_at: now, updated_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

export async function findCommentById(db: Db, id: number): Promise<AuthoredRow | undefined> {
  return db
    .selectFrom('comments')
    .select(['id', 'user_id', 'provider_id'])
    .where('id', '=', id)
    .executeTakeFirst();
}

export async function updateCommentText(db: Db, id: number, comment: string): Promise<boolean> {
  const result = await db
    .updateTable('comments')
    .set({ comment, updated_at: nowIso() })
    .where('id', '=', id)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function deleteCommentById(db: Db, id: number): Promise<boolean> {
  const result = await db.deleteFrom('comments').where('id', '=', id).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

export async function insertMessage(
  db: Db,
  values: { user_id: number; provider_id: number; text: string },
): Promise<number> {
  const now = nowIso();
  const row = await db
    .insertInto('messages')
    .values({ ...values, created_at: now, updated_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

export async function findMessageById(db: Db, id: number): Promise<AuthoredRow | undefined> {
  return db
    .selectFrom('messages')
    .select(['id', 'user_id', 'provider_id'])
    .where('id', '=', id)
    .executeTakeFirst();
}

export async function updateMessageText(db: Db, id: number, text: string): Promise<boolean> {
  const result = await db
    .updateTable('messages')
    .set({ text, updated_at: nowIso() })
    .where('id', '=', id)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function deleteMessageById(db: Db, id: number): Promise<boolean> {
  const result = await db.deleteFrom('messages').where('id', '=', id).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

// ---------------------------------------------------------------------------------------------
// Tips and transactions

export async function insertTip(
  db: Db,
  values: { user_id: number; provider_id: number; transaction_id: string; tip_amount: number },
): Promise<number> {
  const now = nowIso();
  const row = await db
    .insertInto('tips')
    .values({ ...values, created_at: now, updated_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

export async function insertTransaction(
  db: Db,
  values: {
    transaction_uid: string;
    transaction_amount: number;
    user_id: number | null;
    tip_id: number | null;
    order_type: string;
    transaction_type: 'credit' | 'debit';
    /** Always stated by the caller: a typed-in payment is `pending`, an admin's entry `verified`. */
    payment_status: PaymentStatus;
  },
): Promise<number> {
  const now = nowIso();
  const row = await db
    .insertInto('transactions')
    .values({ ...values, created_at: now, updated_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

/**
 * Sets the payment state of a tip and of its ledger rows, in one transaction. False when the tip
 * does not exist (nothing is changed then).
 */
export async function setTipPaymentStatus(
  db: Kysely<DB>,
  tipId: number,
  status: PaymentStatus,
): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const now = nowIso();
    const tip = await trx
      .updateTable('tips')
      .set({ payment_status: status, updated_at: now })
      .where('id', '=', tipId)
      .executeTakeFirst();
    if (Number(tip.numUpdatedRows) === 0) return false;
    await trx
      .updateTable('transactions')
      .set({ payment_status: status, updated_at: now })
      .where('tip_id', '=', tipId)
      .execute();
    return true;
  });
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
  const rows = await db
    .selectFrom('transactions as t')
    .select((eb) => [
      't.payment_status',
      't.transaction_type',
      't.order_type',
      eb.fn.sum<number | string | null>('t.transaction_amount').as('cents'),
      eb.fn.countAll<number | string>().as('rows'),
    ])
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
    )
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

export async function userExists(db: Db, id: number): Promise<boolean> {
  return !!(await db.selectFrom('users').select('id').where('id', '=', id).executeTakeFirst());
}

// ---------------------------------------------------------------------------------------------
// Settings

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
