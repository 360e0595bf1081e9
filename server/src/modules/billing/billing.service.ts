import {
  formatMoney,
  fromCents,
  MESSAGES,
  MY_PAYMENT_KINDS,
  MY_PAYMENTS_PAGING,
  toCents,
  type ApiPagination,
  type TMyPayment,
  type TTipRequest,
  type TTipReview,
  type TTransactionRequest,
  type WalletTotals,
} from '@app/domain';
import type { Kysely, Transaction } from 'kysely';
import { requireAccess, RULES } from '../../access/index.ts';
import { createAudited, recordAudit } from '../../db/audit-log.ts';
import type { DB } from '../../db/schema.ts';
import type { Actor } from '../../http/auth.ts';
import { AppError, fieldError, notFound } from '../../http/errors.ts';
import { getWrittenItem, scopedReads } from '../../http/items.ts';
import { pagedList, pagingOf } from '../../http/paging.ts';
import { onlyParams } from '../../http/query.ts';
import type { Item } from '../../http/strapi/find.ts';
import {
  decideTipPayment,
  findTipCredit,
  insertPaymentReference,
  insertTip,
  insertTransaction,
  findPaymentReference,
  lockTipPayment,
  tipReversalUid,
  sumWallet,
  sumWalletByMonth,
  userExists,
  type PaymentKind,
  type WalletSum,
} from './billing.queries.ts';
import { findOwnPayments } from './billing.payments.queries.ts';
import { tipResource, transactionResource } from './billing.resources.ts';
import { readPaymentAddress, readTipMaxCents } from './billing.settings.ts';

// ---------------------------------------------------------------------------------------------
// Payment info (the tip modal's QR code)

const qrCache = new Map<string, string>();

/**
 * The payment address and its QR code as a PNG data URL (made once per address), and the largest
 * tip the server takes (dollars).
 */
export async function getPaymentInfo(
  db: Kysely<DB>,
): Promise<{ address: string; qr: string; tip_max_amount: number }> {
  const address = await readPaymentAddress(db);
  const tip_max_amount = fromCents(await readTipMaxCents(db));
  let qr = qrCache.get(address);
  if (!qr) {
    // qrcode is loaded when a QR image is first drawn (docs/performance.md).
    const { default: QRCode } = await import('qrcode');
    qr = await QRCode.toDataURL(address, { errorCorrectionLevel: 'M', margin: 2, width: 256 });
    if (qrCache.size > 20) qrCache.clear();
    qrCache.set(address, qr);
  }
  return { address, qr, tip_max_amount };
}

// ---------------------------------------------------------------------------------------------
// Tips

/** Tips: the tipper's own and those to providers the actor owns; the admin sees all. */
export const tipReads = scopedReads(tipResource, (actor) => RULES['tip.read'].see(actor));

/**
 * Records a hobbyist's tip to a shown provider (the route lets hobbyists only through) and, in the
 * same transaction, the credit it makes to the provider's account (the client never posts
 * transactions). Both are `pending`: the transaction ID is only what the hobbyist typed, so the
 * credit counts in the provider's wallet once an admin has checked the payment (`reviewTip`). The
 * amount is capped by the `tip_max_amount` setting.
 */
export async function createTip(db: Kysely<DB>, actor: Actor, input: TTipRequest): Promise<Item> {
  const cents = toCents(input.tip_amount);
  await requireTipWithinCap(db, cents);
  const [provider] = await requireAccess(db, actor, 'provider.engage', [input.provider], ['user_id']);
  const tipId = await withPaymentRegister(db, input.transaction_id, 'tip', async (trx, register) => {
    await register();
    const id = await insertTip(trx, {
      user_id: actor.id,
      provider_id: input.provider,
      transaction_id: input.transaction_id,
      tip_amount: cents,
    });
    await insertTransaction(trx, {
      transaction_uid: input.transaction_id,
      transaction_amount: cents,
      user_id: Number(provider!.user_id),
      tip_id: id,
      order_type: 'tip',
      transaction_type: 'credit',
      payment_status: 'pending',
    });
    return id;
  });
  return getWrittenItem(db, tipResource, tipId);
}

/** A tip above the operator's cap is a 400 naming `data.tip_amount`, with the cap in the message. */
async function requireTipWithinCap(db: Kysely<DB>, cents: number): Promise<void> {
  const max = await readTipMaxCents(db);
  if (cents > max)
    throw fieldError('data.tip_amount', `${MESSAGES.tip.amountOverCap} ${formatMoney(fromCents(max))}`);
}

// ---------------------------------------------------------------------------------------------
// The payment register: a transaction id pays one thing

/**
 * Runs `write` in one transaction that registers `transactionId` as paying for `kind`: a payment pays
 * one thing, across tips, subscriptions and orders (the register keeps ids in any letter case or
 * spacing as one). An id already registered is a 400 at `data.transaction_id` before anything is
 * written; when two writes with one id race, both pass that check, the register's key refuses the
 * second and it gets the same 400. `write` calls `register()` (once) where its payment is recorded;
 * a write that finds nothing left to pay (a purchase the wallet covers) does not, and keeps no id.
 */
export async function withPaymentRegister<T>(
  db: Kysely<DB>,
  transactionId: string | undefined,
  kind: PaymentKind,
  write: (trx: Transaction<DB>, register: () => Promise<void>) => Promise<T>,
): Promise<T> {
  if (transactionId === undefined) return db.transaction().execute((trx) => write(trx, async () => {}));
  await requireUnusedTransactionId(db, transactionId, kind);
  let registering = false;
  return db
    .transaction()
    .execute((trx) =>
      write(trx, async () => {
        registering = true;
        await insertPaymentReference(trx, transactionId, kind);
      }),
    )
    .catch(async (err: unknown) => {
      // Two writes with one id raced: the register's key refused this one.
      if (registering && !(err instanceof AppError))
        await requireUnusedTransactionId(db, transactionId, kind);
      throw err;
    });
}

/**
 * A transaction id already in the register is a 400 at `data.transaction_id`: a tip's id quoted by
 * another tip says so (`tip.transactionIdUsed`); any other reuse, that it paid for something else.
 */
async function requireUnusedTransactionId(
  db: Kysely<DB>,
  transactionId: string,
  kind: PaymentKind,
): Promise<void> {
  const paid = await findPaymentReference(db, transactionId);
  if (!paid) return;
  const message =
    kind === 'tip' && paid === 'tip'
      ? MESSAGES.tip.transactionIdUsed
      : MESSAGES.subscription.transactionIdUsed;
  throw fieldError('data.transaction_id', message);
}

/**
 * `PUT /api/tips/:id`: the admin's decision on a tip's payment (`tip.update`), in one transaction with its
 * audit record. The ledger is never rewritten: a pending tip's credit row moves once, with the
 * tip, to `verified` (it counts in the provider's wallet) or `rejected`; a verified tip rejected later keeps
 * its credit row and gets a new debit row of the same amount (`verified`, `reversal:<tip id>`), so the
 * wallet nets to what it was. A rejected tip stays rejected (verifying it again is a 409
 * `payments.decisionFinal`); the same decision again changes nothing.
 */
export async function reviewTip(db: Kysely<DB>, actor: Actor, id: number, input: TTipReview): Promise<Item> {
  await requireAccess(db, actor, 'tip.update', [id]);
  const to = input.payment_status;
  await db.transaction().execute(async (trx) => {
    const tip = await lockTipPayment(trx, id);
    if (!tip) throw notFound();
    const from = tip.payment_status;
    if (from === 'rejected' && to === 'verified') {
      throw new AppError('ConflictError', MESSAGES.payments.decisionFinal);
    }
    if (from === 'pending') {
      await decideTipPayment(trx, id, to);
    } else if (from === 'verified' && to === 'rejected') {
      await decideTipPayment(trx, id, to);
      const credit = await findTipCredit(trx, id);
      await insertTransaction(trx, {
        transaction_uid: tipReversalUid(id),
        transaction_amount: credit?.transaction_amount ?? tip.tip_amount,
        user_id: credit?.user_id ?? null,
        tip_id: id,
        order_type: 'tip',
        transaction_type: 'debit',
        payment_status: 'verified',
      });
    }
    await recordAudit(
      trx,
      actor,
      to === 'rejected' ? 'payment.reject' : 'payment.verify',
      `tip:${id}`,
      from === 'verified' && to === 'rejected' ? { reversal: tipReversalUid(id) } : null,
      { before: { payment_status: from }, after: { payment_status: to } },
    );
  });
  return getWrittenItem(db, tipResource, id);
}

// ---------------------------------------------------------------------------------------------
// Transactions and the wallet

/**
 * Transactions: the actor's own (tip credits already name the provider's user), those of tips to
 * their providers, and the credits of tips they sent (the tipper follows the payment's state). A
 * wallet counts only the first two (`sumWallet`): a tip sent is not the tipper's money.
 */
export const transactionReads = scopedReads(transactionResource, (actor) =>
  RULES['transaction.read'].see(actor),
);

/** An admin's adjustment to an account's wallet (credit or debit). */
export async function createTransaction(
  db: Kysely<DB>,
  actor: Actor,
  input: TTransactionRequest,
): Promise<Item> {
  if (!(await userExists(db, input.user))) {
    throw fieldError('data.user', 'No such account', { title: 'data.user: no such account' });
  }
  const id = await createAudited(db, actor, 'transaction', 'transactions', (db) =>
    insertTransaction(db, {
      transaction_uid: input.transaction_uid,
      transaction_amount: toCents(input.transaction_amount),
      user_id: input.user,
      tip_id: null,
      order_type: input.order_type,
      transaction_type: input.transaction_type,
      // The admin enters it: nothing to check.
      payment_status: 'verified',
    }),
  );
  return getWrittenItem(db, transactionResource, id);
}

/** What counts in a wallet, in cents. */
export interface WalletCents {
  /** Verified credits, and the pending credit of a package purchase (it offsets its own debit). */
  credit: number;
  /** Debits not rejected: a pending purchase has spent its wallet part already. */
  debit: number;
  /** Of `credit`, the package purchases' credits. */
  packageCredit: number;
  /** Credits waiting for an admin's check that do not count yet (tips). */
  pendingCredit: number;
  pendingDebit: number;
  pendingRows: number;
}

const counts = (r: WalletSum) =>
  r.transaction_type === 'credit'
    ? r.payment_status === 'verified' || (r.payment_status === 'pending' && r.order_type === 'package')
    : r.payment_status !== 'rejected';

/**
 * The wallet's arithmetic over its rows' sums. A purchase paid by transaction id writes a pending
 * credit of the amount paid and a debit of the price: while pending, the pair nets to the wallet part
 * the purchase spent; rejected, both rows stop counting (the wallet part comes back). A pending tip
 * credit counts once an admin verified it. So the balance only ever holds verified money.
 */
export function walletCents(sums: readonly WalletSum[]): WalletCents {
  const sum = (keep: (r: WalletSum) => boolean) => sums.filter(keep).reduce((n, r) => n + r.cents, 0);
  return {
    credit: sum((r) => r.transaction_type === 'credit' && counts(r)),
    debit: sum((r) => r.transaction_type === 'debit' && counts(r)),
    packageCredit: sum((r) => r.transaction_type === 'credit' && r.order_type === 'package' && counts(r)),
    pendingCredit: sum(
      (r) => r.transaction_type === 'credit' && r.payment_status === 'pending' && !counts(r),
    ),
    pendingDebit: sum((r) => r.transaction_type === 'debit' && r.payment_status === 'pending'),
    pendingRows: sums.filter((r) => r.payment_status === 'pending').reduce((n, r) => n + r.rows, 0),
  };
}

/** The balance a purchase may spend: counted credit minus counted debit, floored at 0 (cents). */
export async function walletBalanceCents(db: Kysely<DB>, userId: number): Promise<number> {
  const w = walletCents(await sumWallet(db, userId));
  return Math.max(w.credit - w.debit, 0);
}

const MONTHS_SHOWN = 12;

/** The first instant of the month `monthsBack` months before `now`'s, as ISO text (UTC). */
function monthStart(now: Date, monthsBack: number): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - monthsBack, 1));
}

/**
 * `GET /api/wallet`: the caller's wallet totals (spec 000 §4), computed on the server in cents over
 * the caller's rows (its own and those of tips to providers it owns) as `walletCents` counts them;
 * pending amounts apart; and income (credits other than package purchases) and expenses (debits) of
 * the last twelve months, oldest first, for the chart.
 */
export async function getWallet(db: Kysely<DB>, actor: Actor): Promise<WalletTotals> {
  const now = new Date();
  const since = monthStart(now, MONTHS_SHOWN - 1);
  const [sums, byMonth] = await Promise.all([
    sumWallet(db, actor.id),
    sumWalletByMonth(db, actor.id, since.toISOString()),
  ]);
  const w = walletCents(sums);
  const months = Array.from({ length: MONTHS_SHOWN }, (_, i) => {
    const key = monthStart(now, MONTHS_SHOWN - 1 - i)
      .toISOString()
      .slice(0, 7);
    const m = walletCents(byMonth.filter((r) => r.month === key));
    return { month: key, income: fromCents(m.credit - m.packageCredit), expenses: fromCents(m.debit) };
  });
  return {
    totalCredit: fromCents(w.credit),
    totalDebit: fromCents(w.debit),
    totalCreditPackage: fromCents(w.packageCredit),
    totalIncome: fromCents(w.credit - w.packageCredit),
    totalWalletBalance: fromCents(Math.max(w.credit - w.debit, 0)),
    pending: {
      totalCredit: fromCents(w.pendingCredit),
      totalDebit: fromCents(w.pendingDebit),
      count: w.pendingRows,
    },
    months,
  };
}

// ---------------------------------------------------------------------------------------------
// My Payments

/**
 * `GET /api/my-payments?pagination[page]=&pagination[pageSize]=`: one page of the caller's own tips and
 * the orders they paid by a transaction id, newest first, each with its payment's state (pending until
 * an administrator checks it). Whose they are comes from the token alone; nothing in the query names an
 * account.
 */
export async function listMyPayments(
  db: Kysely<DB>,
  actor: Actor,
  query: Record<string, unknown>,
): Promise<{ data: TMyPayment[]; meta: { pagination: ApiPagination } }> {
  onlyParams(query, ['pagination']);
  const paging = pagingOf(query, MY_PAYMENTS_PAGING);
  const { rows, total } = await findOwnPayments(db, actor.id, MY_PAYMENT_KINDS, {
    offset: (paging.page - 1) * paging.pageSize,
    limit: paging.pageSize,
  });
  const data = rows.map((r): TMyPayment => ({
    kind: r.kind === 'order' ? 'order' : 'tip',
    id: r.id,
    createdAt: r.created_at,
    amount: fromCents(r.amount),
    transaction_id: r.transaction_id,
    payment_status: r.status,
    ad_name: r.kind === 'tip' ? r.label : null,
    lines: r.lines,
  }));
  return pagedList(data, paging, total);
}
