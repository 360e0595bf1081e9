import { addMonths, packagePriceCents } from '@app/domain';
import type { Kysely } from 'kysely';
import { recordDirectoryChange } from '../db/directory-version.ts';
import { nowIso } from '../db/dialect.ts';
import type { DB } from '../db/schema.ts';
import { insertPaymentReference, transactionKey } from '../modules/billing/index.ts';
import { findProcessingCosts } from '../modules/reference/index.ts';

const SEED_KEY = 'demo-subscriptions:v1';
const DAY = 24 * 60 * 60 * 1000;
/** Ads a demo provider may still post: the demo's ads, plus a few (an admin's extra grant). */
const SPARE_ADS = 3;

/**
 * Every demo provider with ads holds the largest package twice over (bought yesterday, renewed to
 * run on after it), paid by a made-up transaction id and verified, with its ledger rows: their ads
 * are public for a year, My Subscription shows a history and My Wallet a chart. The provider without
 * ads (provider@demo.test) buys nothing: the package flow starts from zero. Once, in `seed_log`.
 */
export async function seedDemoSubscriptions(db: Kysely<DB>, providerIds: readonly number[]): Promise<void> {
  const done = await db.selectFrom('seed_log').select('key').where('key', '=', SEED_KEY).executeTakeFirst();
  if (done) return;
  const pkg = await db
    .selectFrom('packages')
    .selectAll()
    .orderBy('number_of_ads_per_day', 'desc')
    .limit(1)
    .executeTakeFirst();
  if (!pkg) return;
  const costs = await findProcessingCosts(db);
  const price = packagePriceCents(pkg.total_price, costs.tax, costs.processing_fee);
  const counts = await db
    .selectFrom('providers')
    .select((eb) => ['user_id', eb.fn.countAll<number>().as('n')])
    .where('user_id', 'in', [...providerIds])
    .groupBy('user_id')
    .execute();
  await db.transaction().execute(async (trx) => {
    for (const { user_id, n } of counts) {
      const posted = Number(n);
      let start = new Date(Date.now() - DAY);
      for (const round of [1, 2]) {
        const end = addMonths(start, pkg.validity);
        const transactionId = `DEMO-PAY-${user_id}-${round}`;
        const now = nowIso();
        const sub = await trx
          .insertInto('subscriptions')
          .values({
            user_id,
            package_id: pkg.id,
            package_name: pkg.name,
            start_date: start.toISOString(),
            end_date: end.toISOString(),
            transaction_id: transactionId,
            transaction_key: transactionKey(transactionId),
            price,
            wallet_amount: 0,
            amount: price,
            ads_allowed: pkg.number_of_ads_per_day,
            extra_ads: round === 1 ? Math.max(posted + SPARE_ADS - pkg.number_of_ads_per_day, 0) : 0,
            ads_posted: round === 1 ? posted : 0,
            payment_status: 'verified',
            reviewed_at: now,
            created_at: now,
            updated_at: now,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        await insertPaymentReference(trx, transactionId, 'subscription');
        for (const transaction_type of ['credit', 'debit'] as const) {
          await trx
            .insertInto('transactions')
            .values({
              transaction_uid: transactionId,
              transaction_amount: price,
              user_id,
              tip_id: null,
              subscription_id: Number(sub.id),
              order_type: 'package',
              transaction_type,
              payment_status: 'verified',
              created_at: now,
              updated_at: now,
            })
            .execute();
        }
        start = end;
      }
    }
    await recordDirectoryChange(trx);
    await trx.insertInto('seed_log').values({ key: SEED_KEY, applied_at: nowIso() }).execute();
  });
}
