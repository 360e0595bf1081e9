import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../../db/schema.ts';

/**
 * SQL of one account's page in the admin console: part of the console's read model (docs/architecture.md,
 * "The admin console's read model"). It reads, and only reads, the tables of the areas whose records an
 * account owns: ads (`providers`), places (`vendors`), `products`, `orders` and `order_lines`,
 * `subscriptions`, `tips`, screening comments (`hobbyist_comments`), `reports` and `audit_log`.
 */

type Db = Kysely<DB> | Transaction<DB>;

const LIST_LIMIT = 100;

/** The account's ads, places and products, newest first. */
async function findOwnListings(db: Db, id: number) {
  const ads = await db
    .selectFrom('providers')
    .select(['id', 'name', 'city', 'review_state', 'is_showed', 'created_at'])
    .where('user_id', '=', id)
    .orderBy('id', 'desc')
    .limit(LIST_LIMIT)
    .execute();
  const places = await db
    .selectFrom('places')
    .select(['id', 'name', 'review_state', 'created_at'])
    .where('user_id', '=', id)
    .orderBy('id', 'desc')
    .limit(LIST_LIMIT)
    .execute();
  const products = await db
    .selectFrom('products')
    .select(['id', 'name', 'price', 'archived_at'])
    .where('user_id', '=', id)
    .orderBy('id', 'desc')
    .limit(LIST_LIMIT)
    .execute();
  return { ads, places, products };
}

/** The account's orders (with how many lines each has), subscriptions and tips, newest first. */
async function findOwnPayments(db: Db, id: number) {
  const orders = await db
    .selectFrom('orders')
    .select(['id', 'status', 'payment_status', 'amount', 'transaction_id', 'created_at'])
    .where('user_id', '=', id)
    .orderBy('id', 'desc')
    .limit(LIST_LIMIT)
    .execute();
  const orderLines = orders.length
    ? await db
        .selectFrom('order_lines')
        .select(['order_id', (eb) => eb.fn.countAll<number>().as('n')])
        .where(
          'order_id',
          'in',
          orders.map((o) => o.id),
        )
        .groupBy('order_id')
        .execute()
    : [];
  const subscriptions = await db
    .selectFrom('subscriptions')
    .select([
      'id',
      'package_name',
      'start_date',
      'end_date',
      'payment_status',
      'extra_ads',
      'amount',
      'transaction_id',
      'created_at',
    ])
    .where('user_id', '=', id)
    .orderBy('id', 'desc')
    .limit(LIST_LIMIT)
    .execute();
  const tips = await db
    .selectFrom('tips')
    .leftJoin('providers', 'providers.id', 'tips.provider_id')
    .select([
      'tips.id',
      'tips.tip_amount',
      'tips.transaction_id',
      'tips.payment_status',
      'tips.created_at',
      'providers.name as ad_name',
    ])
    .where('tips.user_id', '=', id)
    .orderBy('tips.id', 'desc')
    .limit(LIST_LIMIT)
    .execute();
  return { orders, orderLines, subscriptions, tips };
}

/**
 * Everything the account's page lists: its ads, places, products, orders, subscriptions, tips and the ids of
 * its screening comments (the reports about them), the newest 100 of each.
 */
export async function findAccountRecords(db: Db, id: number) {
  const comments = await db
    .selectFrom('hobbyist_comments')
    .select('id')
    .where('user_id', '=', id)
    .orderBy('id', 'desc')
    .limit(1000)
    .execute();
  return { ...(await findOwnListings(db, id)), ...(await findOwnPayments(db, id)), comments };
}

/** Reports whose `subject` names one of these records, newest first. */
export async function findReportsAbout(db: Db, subjects: readonly string[]) {
  if (!subjects.length) return [];
  return db
    .selectFrom('reports')
    .select(['id', 'reason', 'details', 'listing', 'status', 'staff_note', 'subject', 'created_at'])
    .where('subject', 'in', [...subjects])
    .orderBy('id', 'desc')
    .limit(LIST_LIMIT)
    .execute();
}

/** The newest audit rows about these records (50), with the acting account. */
export async function findAuditAbout(db: Db, subjects: readonly string[]) {
  if (!subjects.length) return [];
  return db
    .selectFrom('audit_log as al')
    .leftJoin('users as actor', 'actor.id', 'al.actor_id')
    .select([
      'al.id',
      'al.action',
      'al.subject',
      'al.details',
      'al.created_at',
      'al.actor_id',
      'actor.username as actor_username',
    ])
    .where('al.subject', 'in', [...subjects])
    .orderBy('al.id', 'desc')
    .limit(50)
    .execute();
}
