import type { CheckoutCosts } from '@app/domain';
import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../../db/schema.ts';

/**
 * The processing costs in force: the first entry (spec 000 §7), fee in cents, tax in percent,
 * shipping as the spec's text; zeros and free shipping when there is none. Packages and checkout
 * price from it.
 */
export async function findProcessingCosts(db: Kysely<DB> | Transaction<DB>): Promise<CheckoutCosts> {
  const row = await db
    .selectFrom('processing_costs')
    .select(['processing_fee', 'tax', 'shipping_cost'])
    .orderBy('id')
    .limit(1)
    .executeTakeFirst();
  return {
    processing_fee: Number(row?.processing_fee ?? 0),
    tax: Number(row?.tax ?? 0),
    shipping_cost: String(row?.shipping_cost ?? '0'),
  };
}
