import {
  formatMoney,
  fromCents,
  MESSAGES,
  toCents,
  type TTipRequest,
  type TTipReview,
  type TTransactionRequest,
  type WalletTotals,
} from '@app/domain';
import type { Kysely } from 'kysely';
import { requireAccess, RULES } from '../../access/index.ts';
import type { DB } from '../../db/schema.ts';
import type { Actor } from '../../http/auth.ts';
import { fieldError, notFound } from '../../http/errors.ts';
import { getWrittenItem, scopedReads } from '../../http/items.ts';
import type { Item } from '../../http/strapi/find.ts';
import {
  findTipByTransactionId,
  insertTip,
  insertTransaction,
  setTipPaymentStatus,
  sumWallet,
  userExists,
} from './billing.queries.ts';
import { tipResource, transactionResource } from './billing.resources.ts';
import { readPaymentAddress, readTipMaxAmount } from './billing.settings.ts';

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
  const tip_max_amount = await readTipMaxAmount(db);
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
  await requireUnusedTransactionId(db, input.transaction_id);
  const tipId = await db
    .transaction()
    .execute(async (trx) => {
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
    })
    .catch(async (err: unknown) => {
      // Two tips with one transaction ID raced: the unique index refused the second.
      await requireUnusedTransactionId(db, input.transaction_id);
      throw err;
    });
  return getWrittenItem(db, tipResource, tipId);
}

/** A tip above the operator's cap is a 400 naming `data.tip_amount`, with the cap in the message. */
async function requireTipWithinCap(db: Kysely<DB>, cents: number): Promise<void> {
  const max = await readTipMaxAmount(db);
  if (cents > toCents(max))
    throw fieldError('data.tip_amount', `${MESSAGES.tip.amountOverCap} ${formatMoney(max)}`);
}

/** A payment pays one tip: a transaction ID already quoted by a tip is a 400 naming the field. */
async function requireUnusedTransactionId(db: Kysely<DB>, transactionId: string): Promise<void> {
  if (await findTipByTransactionId(db, transactionId)) {
    throw fieldError('data.transaction_id', MESSAGES.tip.transactionIdUsed);
  }
}

/**
 * `PUT /api/tips/:id`: the admin's decision on a tip's payment (`tip.update`), set on the tip and its
 * ledger rows in one transaction. `verified` makes the credit count in the provider's wallet;
 * `rejected` keeps it out for good (unless the admin verifies it later).
 */
export async function reviewTip(db: Kysely<DB>, actor: Actor, id: number, input: TTipReview): Promise<Item> {
  await requireAccess(db, actor, 'tip.update', [id]);
  if (!(await setTipPaymentStatus(db, id, input.payment_status))) throw notFound();
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
export async function createTransaction(db: Kysely<DB>, input: TTransactionRequest): Promise<Item> {
  if (!(await userExists(db, input.user))) {
    throw fieldError('data.user', 'No such account', { title: 'data.user: no such account' });
  }
  const id = await insertTransaction(db, {
    transaction_uid: input.transaction_uid,
    transaction_amount: toCents(input.transaction_amount),
    user_id: input.user,
    tip_id: null,
    order_type: input.order_type,
    transaction_type: input.transaction_type,
    // The admin enters it: nothing to check.
    payment_status: 'verified',
  });
  return getWrittenItem(db, transactionResource, id);
}

/**
 * `GET /api/wallet`: the caller's wallet totals (spec 000 §4), computed on the server over the
 * caller's `verified` ledger rows (its own rows and those of tips to providers it owns). Pending
 * rows are summed apart; rejected rows never count.
 */
export async function getWallet(db: Kysely<DB>, actor: Actor): Promise<WalletTotals> {
  const sums = await sumWallet(db, actor.id);
  const total = (status: string, type: 'credit' | 'debit', packageOnly = false) =>
    sums
      .filter(
        (r) =>
          r.payment_status === status &&
          r.transaction_type === type &&
          (!packageOnly || r.order_type === 'package'),
      )
      .reduce((sum, r) => sum + r.cents, 0);
  const credit = total('verified', 'credit');
  const debit = total('verified', 'debit');
  const packageCredit = total('verified', 'credit', true);
  return {
    totalCredit: fromCents(credit),
    totalDebit: fromCents(debit),
    totalCreditPackage: fromCents(packageCredit),
    totalIncome: fromCents(credit - packageCredit),
    totalWalletBalance: fromCents(Math.max(credit - debit, 0)),
    pending: {
      totalCredit: fromCents(total('pending', 'credit')),
      totalDebit: fromCents(total('pending', 'debit')),
      count: sums.filter((r) => r.payment_status === 'pending').reduce((n, r) => n + r.rows, 0),
    },
  };
}
