import type { Kysely, Transaction } from 'kysely';
import { paymentNotRejected } from '../../access/index.ts';
import { locksRows, nowIso } from '../../db/dialect.ts';
import { forShareOnPostgres } from '../../db/locks.ts';
import { insertRow } from '../../db/rows.ts';
import type { DB, PaymentStatus } from '../../db/schema.ts';
import { transactionKey } from '../billing/index.ts';

type Db = Kysely<DB> | Transaction<DB>;

const PACKAGE_COLUMNS = [
  'id',
  'name',
  'total_price',
  'validity',
  'number_of_ads_per_day',
  'retired',
] as const;

export function findPackage(db: Db, id: number) {
  return db.selectFrom('packages').select(PACKAGE_COLUMNS).where('id', '=', id).executeTakeFirst();
}

/**
 * The package a purchase is priced from, read in the purchase's transaction FOR SHARE on PostgreSQL: a
 * parallel price change, retirement or delete of it (which locks the row) waits until the purchase is
 * written, or is seen by it.
 */
export function findPackageForSale(trx: Transaction<DB>, id: number) {
  const q = trx.selectFrom('packages').select(PACKAGE_COLUMNS).where('id', '=', id);
  return forShareOnPostgres(trx, q, 'packages').executeTakeFirst();
}

/**
 * When a new purchase starts: now, or, when a subscription covers now, the end of the unbroken chain
 * of the account's subscriptions from now on (the running one, then any bought to follow it), so
 * renewing early loses no day. Rejected ones are no part of it, and one that starts after a gap does
 * not push the start.
 */
export async function chainedStart(db: Db, userId: number, now: string): Promise<string> {
  const rows = await db
    .selectFrom('subscriptions')
    .select(['start_date', 'end_date'])
    .where('user_id', '=', userId)
    .where((e) => paymentNotRejected(e, 'subscriptions'))
    .where('end_date', '>', now)
    .orderBy('start_date')
    .execute();
  let start = now;
  for (const row of rows) {
    if (row.start_date <= start && row.end_date > start) start = row.end_date;
  }
  return start;
}

/**
 * After a purchase from `start` to `end`: the account's subscriptions bought earlier that have not
 * started yet and would overlap it move to follow it, keeping their length, each after the previous
 * (a purchase made when the running one was rejected starts now, before a queued one: no paid day is
 * lost either way).
 */
export async function shiftQueued(
  trx: Transaction<DB>,
  userId: number,
  newId: number,
  start: string,
  end: string,
): Promise<void> {
  const queued = await trx
    .selectFrom('subscriptions')
    .select(['id', 'start_date', 'end_date'])
    .where('user_id', '=', userId)
    .where('id', '<>', newId)
    .where((e) => paymentNotRejected(e, 'subscriptions'))
    .where('start_date', '>=', start)
    .orderBy('start_date')
    .orderBy('id')
    .execute();
  let cursor = end;
  for (const row of queued) {
    if (row.start_date >= cursor) {
      cursor = row.end_date > cursor ? row.end_date : cursor;
      continue;
    }
    const length = Date.parse(row.end_date) - Date.parse(row.start_date);
    const moved = new Date(Date.parse(cursor) + length).toISOString();
    await trx
      .updateTable('subscriptions')
      .set({ start_date: cursor, end_date: moved, updated_at: nowIso() })
      .where('id', '=', row.id)
      .execute();
    cursor = moved;
  }
}

/** The account's active subscription now (the one started last), if any. */
export function findActiveSubscription(db: Db, userId: number, now = nowIso()) {
  return db
    .selectFrom('subscriptions')
    .select(['id', 'ads_allowed', 'extra_ads', 'ads_posted', 'start_date', 'end_date'])
    .where('user_id', '=', userId)
    .where((e) => paymentNotRejected(e, 'subscriptions'))
    .where('start_date', '<=', now)
    .where('end_date', '>', now)
    .orderBy('start_date', 'desc')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
}

export interface NewSubscription {
  user_id: number;
  package_id: number;
  package_name: string;
  start_date: string;
  end_date: string;
  transaction_id: string | null;
  price: number;
  wallet_amount: number;
  amount: number;
  ads_allowed: number;
  payment_status: PaymentStatus;
}

export function insertSubscription(db: Kysely<DB>, values: NewSubscription): Promise<number> {
  return insertRow(db, 'subscriptions', {
    ...values,
    transaction_key: transactionKey(values.transaction_id),
  });
}

/**
 * Takes one ad slot of a subscription if one is left: one statement, so two posts racing for the
 * last slot cannot both get it. False when none is left.
 */
export async function takeAdSlot(db: Db, subscriptionId: number): Promise<boolean> {
  const result = await db
    .updateTable('subscriptions')
    .set((eb) => ({ ads_posted: eb('ads_posted', '+', 1), updated_at: nowIso() }))
    .where('id', '=', subscriptionId)
    .where((eb) => eb('ads_posted', '<', eb('ads_allowed', '+', eb.ref('extra_ads'))))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/**
 * A subscription's payment state, read with its row locked (PostgreSQL; SQLite writes one at a time), so two
 * decisions at once are recorded one after the other, each with the state it changed.
 */
export async function lockSubscriptionPayment(
  trx: Transaction<DB>,
  id: number,
): Promise<PaymentStatus | undefined> {
  const q = trx.selectFrom('subscriptions').select('payment_status').where('id', '=', id);
  const row = await (locksRows(trx as unknown as Kysely<unknown>) ? q.forUpdate() : q).executeTakeFirst();
  return row?.payment_status;
}

/** Sets a subscription's payment state (and its ledger rows'), with who checked it and when. */
export async function setSubscriptionReview(
  trx: Transaction<DB>,
  id: number,
  reviewerId: number,
  changes: { payment_status?: PaymentStatus | undefined; extra_ads?: number | undefined },
): Promise<void> {
  const now = nowIso();
  await trx
    .updateTable('subscriptions')
    .set({
      // Who checked the payment and when: only a payment decision changes it.
      ...(changes.payment_status
        ? { payment_status: changes.payment_status, reviewed_by: reviewerId, reviewed_at: now }
        : {}),
      ...(changes.extra_ads !== undefined ? { extra_ads: changes.extra_ads } : {}),
      updated_at: now,
    })
    .where('id', '=', id)
    .execute();
  if (changes.payment_status) {
    await trx
      .updateTable('transactions')
      .set({ payment_status: changes.payment_status, updated_at: now })
      .where('subscription_id', '=', id)
      .execute();
  }
}

/**
 * Active subscriptions ending within `withinMs` whose reminder has not gone out, unless the account
 * already has a next one (renewed early): with the account's e-mail.
 */
export function findSubscriptionsToRemind(db: Db, now: string, until: string) {
  return db
    .selectFrom('subscriptions as s')
    .innerJoin('users as u', 'u.id', 's.user_id')
    .select(['s.id', 's.end_date', 's.package_name', 'u.email'])
    .where((e) => paymentNotRejected(e, 's'))
    .where('s.reminder_sent_at', 'is', null)
    .where('s.start_date', '<=', now)
    .where('s.end_date', '>', now)
    .where('s.end_date', '<=', until)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('subscriptions as next')
            .select('next.id')
            .whereRef('next.user_id', '=', 's.user_id')
            .whereRef('next.start_date', '>=', 's.end_date')
            .where((e) => paymentNotRejected(e, 'next')),
        ),
      ),
    )
    .orderBy('s.id')
    .limit(500)
    .execute();
}

/** Marks a reminder sent; false when another process marked it first. */
export async function markReminderSent(db: Db, id: number): Promise<boolean> {
  const result = await db
    .updateTable('subscriptions')
    .set({ reminder_sent_at: nowIso() })
    .where('id', '=', id)
    .where('reminder_sent_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** A subscription's extra ads, read with its row locked (PostgreSQL), for the audit log's "before". */
export async function lockSubscriptionExtraAds(
  trx: Transaction<DB>,
  id: number,
): Promise<number | undefined> {
  const q = trx.selectFrom('subscriptions').select('extra_ads').where('id', '=', id);
  const row = await (locksRows(trx as unknown as Kysely<unknown>) ? q.forUpdate() : q).executeTakeFirst();
  return row === undefined ? undefined : Number(row.extra_ads);
}

/** The account a subscription belongs to (the subscription exists). */
export async function findSubscriptionOwner(db: Db, id: number): Promise<number> {
  const row = await db
    .selectFrom('subscriptions')
    .select('user_id')
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
  return Number(row.user_id);
}
