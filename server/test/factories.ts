import { comparablePhone } from '@app/domain/trust';
import type { Insertable } from 'kysely';
import { nowIso } from '../src/db/dialect.ts';
import type { ProvidersTable, SubscriptionsTable } from '../src/db/schema.ts';
import { recordDirectoryChange } from '../src/db/directory-version.ts';
import type { TestContext, TestUser } from './helpers.ts';

/** Column values of a provider ad row (DB names: cents for money, 0/1 for booleans), plus image file ids. */
export type ProviderAdOverrides = Partial<Omit<Insertable<ProvidersTable>, 'user_id'>> & {
  /** File ids linked through provider_images, in this order. */
  images?: number[];
  /** File ids linked through provider_docs. */
  docs?: number[];
};

let adSeq = 0;

const DAY = 24 * 60 * 60 * 1000;

/** A verified subscription row for `userId`, running from yesterday for a year unless overridden. */
export function subscriptionValues(
  userId: number,
  overrides: Partial<Omit<Insertable<SubscriptionsTable>, 'user_id'>> = {},
): Insertable<SubscriptionsTable> {
  const now = Date.now();
  return {
    user_id: userId,
    package_id: null,
    package_name: 'Test package',
    start_date: new Date(now - DAY).toISOString(),
    end_date: new Date(now + 365 * DAY).toISOString(),
    transaction_id: null,
    price: 0,
    wallet_amount: 0,
    amount: 0,
    ads_allowed: 100,
    payment_status: 'verified',
    created_at: nowIso(),
    updated_at: nowIso(),
    ...overrides,
  };
}

/** A subscription row for `owner` (verified, started yesterday, a year long, 100 ads) unless overridden. */
export async function buildSubscription(
  ctx: TestContext,
  owner: TestUser | { id: number },
  overrides: Partial<Omit<Insertable<SubscriptionsTable>, 'user_id'>> = {},
): Promise<number> {
  const row = await ctx.database.db
    .insertInto('subscriptions')
    .values(subscriptionValues(owner.id, overrides))
    .returning(['id', 'user_id'])
    .executeTakeFirstOrThrow();
  await recordDirectoryChange(ctx.database.db, { userId: Number(row.user_id) });
  return Number(row.id);
}

/** Gives `owner` an active subscription unless they hold one (ads are public only while it runs). */
export async function ensureSubscription(ctx: TestContext, owner: TestUser | { id: number }): Promise<void> {
  const now = nowIso();
  const active = await ctx.database.db
    .selectFrom('subscriptions')
    .select('id')
    .where('user_id', '=', owner.id)
    .where('start_date', '<=', now)
    .where('end_date', '>', now)
    .where('payment_status', '<>', 'rejected')
    .executeTakeFirst();
  if (!active) await buildSubscription(ctx, owner);
}

/**
 * Inserts a provider ad owned by `owner` straight into the database (approved and shown unless
 * `is_showed: 0`, which leaves it pending) and bumps the directory version, as the API's writes do.
 * The owner gets an active subscription first unless `subscribed: false`. Returns the new provider's id.
 */
export async function buildProviderAd(
  ctx: TestContext,
  owner: TestUser | { id: number },
  overrides: ProviderAdOverrides & { subscribed?: boolean } = {},
): Promise<number> {
  const { images = [], docs = [], subscribed = true, ...columns } = overrides;
  if (subscribed) await ensureSubscription(ctx, owner);
  if (columns.is_showed === 0 && columns.review_state === undefined) columns.review_state = 'pending';
  const n = ++adSeq;
  const now = nowIso();
  const db = ctx.database.db;
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .insertInto('providers')
      .values({
        user_id: owner.id,
        title: `Test ad ${n}`,
        name: `Test Name ${n}`,
        country: 'US',
        state: 'CA',
        city: 'San Jose',
        age: 25,
        phone: '555-0100',
        call: 'Incall',
        kissing: 'yes',
        kissing_types: 'Light',
        massage: 'yes',
        threesome: 'no',
        personality: 'Confident',
        grooming: 'Natural',
        donation_half_hour: 10000,
        donation_hour: 20000,
        created_at: now,
        updated_at: now,
        ...columns,
        // As the API writes it with the phone (the shared-phone risk signal's lookup).
        phone_digits: comparablePhone(columns.phone === undefined ? '555-0100' : columns.phone),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const id = Number(row.id);
    for (const [position, file_id] of images.entries()) {
      await trx.insertInto('provider_images').values({ provider_id: id, file_id, position }).execute();
    }
    for (const [position, file_id] of docs.entries()) {
      await trx.insertInto('provider_docs').values({ provider_id: id, file_id, position }).execute();
    }
    await recordDirectoryChange(trx, { providerIds: [id] });
    return id;
  });
}
