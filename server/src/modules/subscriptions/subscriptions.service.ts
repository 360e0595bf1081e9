import {
  addMonths,
  adsAllowed,
  MESSAGES,
  splitPurchase,
  type AdQuota,
  type TSubscriptionPurchase,
  type TSubscriptionReview,
} from '@app/domain';
import type { Kysely } from 'kysely';
import { requireAccess, RULES } from '../../access/index.ts';
import { recordAudit } from '../../db/audit-log.ts';
import { recordDirectoryChange } from '../../db/directory-version.ts';
import { nowIso } from '../../db/dialect.ts';
import { lockAccount } from '../../db/locks.ts';
import type { DB } from '../../db/schema.ts';
import type { Actor } from '../../http/auth.ts';
import { fieldError } from '../../http/errors.ts';
import { scopedReads, type ItemQuery } from '../../http/items.ts';
import { findOne, type Item } from '../../http/strapi/find.ts';
import { parseQuery } from '../../http/strapi/parse.ts';
import { insertTransaction, walletBalanceCents, withPaymentRegister } from '../billing/index.ts';
import { findProcessingCosts } from '../reference/index.ts';
import {
  findSubscriptionOwner,
  findActiveSubscription,
  findPackage,
  findPackageForSale,
  chainedStart,
  insertSubscription,
  lockSubscriptionExtraAds,
  lockSubscriptionPayment,
  setSubscriptionReview,
  shiftQueued,
} from './subscriptions.queries.ts';
import { subscriptionResource } from './subscriptions.resources.ts';

/** A subscription with its package (parsed when first used: resources load in any order). */
const withPackage = (): ItemQuery => parseQuery(subscriptionResource, { populate: 'package' });

/** Subscriptions: one's own; all to the admin. */
export const subscriptionReads = scopedReads(subscriptionResource, (actor) =>
  RULES['subscription.read'].see(actor),
);

/** A package on offer, or a 400 at `data.package`: unknown, or retired by the admin (no longer sold). */
function onOffer<P extends { retired: number }>(pkg: P | undefined): P {
  if (!pkg) throw fieldError('data.package', MESSAGES.subscription.unknownPackage);
  if (pkg.retired) throw fieldError('data.package', MESSAGES.adminSettings.packageRetired);
  return pkg;
}

/**
 * `POST /api/subscriptions`: a provider buys a package. The server computes everything (spec 000
 * §4, §9): the price (total price + tax percent + processing fee), the wallet part (out of the
 * verified balance, when asked), the amount left to pay (which needs a transaction id), the start
 * (now, or when the running subscription ends, so renewing early loses no day) and the end (start +
 * validity months). The subscription, the register of its transaction id and its two ledger rows (a
 * credit of the amount paid, a debit of the price, `order_type` package) are written in one
 * transaction: all or none. A purchase paid by transaction id is active at once but `pending` until
 * an admin checks the payment; one paid wholly from the wallet is `verified`.
 */
export async function purchaseSubscription(
  db: Kysely<DB>,
  actor: Actor,
  input: TSubscriptionPurchase,
): Promise<Item> {
  onOffer(await findPackage(db, input.package));
  const sentId = input.transaction_id;
  const id = await withPaymentRegister(db, sentId, 'subscription', async (trx, register) => {
    await lockAccount(trx, actor.id);
    // Priced from the package as it is now: a price change applies to new purchases only.
    const pkg = onOffer(await findPackageForSale(trx, input.package));
    const costs = await findProcessingCosts(trx);
    const balance = input.use_wallet ? await walletBalanceCents(trx, actor.id) : 0;
    const split = splitPurchase(pkg, costs, balance, input.use_wallet);
    // Nothing left to pay: a transaction id typed anyway pays for nothing and is not kept.
    const usedId = split.toPayCents > 0 ? sentId : undefined;
    if (split.toPayCents > 0 && !usedId) {
      throw fieldError('data.transaction_id', MESSAGES.packages.transactionIdBlank);
    }
    const start = new Date(await chainedStart(trx, actor.id, new Date().toISOString()));
    const end = addMonths(start, pkg.validity);
    const status = usedId ? 'pending' : 'verified';
    if (usedId) await register();
    const subscriptionId = await insertSubscription(trx, {
      user_id: actor.id,
      package_id: pkg.id,
      package_name: pkg.name,
      start_date: start.toISOString(),
      end_date: end.toISOString(),
      transaction_id: usedId ?? null,
      price: split.priceCents,
      wallet_amount: split.walletCents,
      amount: split.toPayCents,
      ads_allowed: pkg.number_of_ads_per_day,
      payment_status: status,
    });
    await shiftQueued(trx, actor.id, subscriptionId, start.toISOString(), end.toISOString());
    const row = {
      transaction_uid: usedId ?? `wallet-${subscriptionId}`,
      user_id: actor.id,
      tip_id: null,
      subscription_id: subscriptionId,
      order_type: 'package',
      payment_status: status,
    } as const;
    await insertTransaction(trx, {
      ...row,
      transaction_type: 'credit',
      transaction_amount: split.toPayCents,
    });
    await insertTransaction(trx, {
      ...row,
      transaction_type: 'debit',
      transaction_amount: split.priceCents,
    });
    // The account's ads may be public from now on: every process's facet index re-reads them.
    await recordDirectoryChange(trx, { userId: actor.id });
    return subscriptionId;
  });
  return (await findOne(db, subscriptionResource, id, withPackage(), { scope: null }))!;
}

/**
 * `PUT /api/subscriptions/:id` (the admin): the payment's check (`verified` or `rejected`, set on the
 * subscription and its ledger rows, recorded with who and when) and extra ads. A rejected
 * subscription is inactive: its ads leave the directory, and the wallet part it spent returns.
 */
export async function reviewSubscription(
  db: Kysely<DB>,
  actor: Actor,
  id: number,
  input: TSubscriptionReview,
): Promise<Item> {
  await requireAccess(db, actor, 'subscription.update', [id]);
  await db.transaction().execute(async (trx) => {
    const before = input.payment_status ? await lockSubscriptionPayment(trx, id) : undefined;
    const extraAds = input.extra_ads === undefined ? undefined : await lockSubscriptionExtraAds(trx, id);
    await setSubscriptionReview(trx, id, actor.id, input);
    if (extraAds !== undefined) {
      // The admin's extra-ads allowance: recorded with before and after.
      await recordAudit(trx, actor, 'subscription.extra-ads', `subscription:${id}`, null, {
        before: { extra_ads: extraAds },
        after: { extra_ads: input.extra_ads },
      });
    }
    if (input.payment_status) {
      await recordDirectoryChange(trx, { userId: await findSubscriptionOwner(trx, id) });
      // The payment decision: who, from where, the state before and after.
      await recordAudit(
        trx,
        actor,
        input.payment_status === 'rejected' ? 'payment.reject' : 'payment.verify',
        `subscription:${id}`,
        null,
        { before: { payment_status: before }, after: { payment_status: input.payment_status } },
      );
    }
  });
  return (await findOne(db, subscriptionResource, id, withPackage(), { scope: null }))!;
}

/** The account's active subscription and its ad quota (My Ads' badges; spec 001 §4). */
export async function getCurrentSubscription(
  db: Kysely<DB>,
  actor: Actor,
): Promise<{ subscription: Item | null; quota: AdQuota; subscribed: boolean }> {
  const active = await findActiveSubscription(db, actor.id, nowIso());
  if (!active)
    return { subscription: null, quota: { allowed: 0, posted: 0, remaining: 0 }, subscribed: false };
  const allowed = adsAllowed(active);
  const subscription = await findOne(db, subscriptionResource, active.id, withPackage(), { scope: null });
  return {
    subscription: subscription ?? null,
    quota: { allowed, posted: active.ads_posted, remaining: Math.max(allowed - active.ads_posted, 0) },
    subscribed: true,
  };
}
