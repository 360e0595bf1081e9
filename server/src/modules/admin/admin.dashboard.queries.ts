import type { TAdminPaymentState } from '@app/domain';
import { sql, type Kysely, type Transaction } from 'kysely';
import { shownProvider, type EB } from '../../access/index.ts';
import type { DB } from '../../db/schema.ts';
import { orderIsPayment } from '../billing/index.ts';

/**
 * The console's dashboard, part of the console's read model (docs/architecture.md, "The admin console's read
 * model"): counts and sums, read only, over the queues' tables (`providers`, `vendors`, `users` and their
 * documents, `subscriptions`, `orders`, `tips`, `reports`, `contact_messages`, `screening_reviews`).
 */

type Db = Kysely<DB> | Transaction<DB>;

const count = async (q: { executeTakeFirst: () => Promise<{ n: number | string } | undefined> }) =>
  Number((await q.executeTakeFirst())?.n ?? 0);
const countAll = sql<number | string>`count(*)`.as('n');

/** The sizes of the console's queues. */
export async function countQueues(db: Db) {
  const [ads, places, verifications, subscriptions, orders, tips, reports, contacts, reviews] =
    await Promise.all([
      count(db.selectFrom('providers').select(countAll).where('review_state', '=', 'pending')),
      count(db.selectFrom('places').select(countAll).where('review_state', '=', 'pending')),
      count(
        db
          .selectFrom('users as u')
          .select(countAll)
          .where('u.user_type', '=', 'Provider')
          .where('u.verification', '=', 'pending')
          .where((eb) =>
            eb.or([
              eb.exists(
                eb.selectFrom('user_docs as ud').select('ud.file_id').whereRef('ud.user_id', '=', 'u.id'),
              ),
              eb.exists(
                eb
                  .selectFrom('provider_docs as pd')
                  .innerJoin('providers as dp', 'dp.id', 'pd.provider_id')
                  .select('pd.file_id')
                  .whereRef('dp.user_id', '=', 'u.id'),
              ),
            ]),
          ),
      ),
      count(
        db
          .selectFrom('subscriptions')
          .select(countAll)
          .where('payment_status', '=', 'pending')
          .where('transaction_id', 'is not', null),
      ),
      count(
        db
          .selectFrom('orders as o')
          .select(countAll)
          .where('o.payment_status', '=', 'pending')
          .where((eb) => orderIsPayment(eb as EB, 'o')),
      ),
      count(db.selectFrom('tips').select(countAll).where('payment_status', '=', 'pending')),
      count(db.selectFrom('reports').select(countAll).where('status', 'in', ['open', 'reviewed'])),
      count(db.selectFrom('contact_messages').select(countAll).where('status', 'in', ['open', 'reviewed'])),
      count(db.selectFrom('screening_reviews').select(countAll).where('status', 'in', ['open', 'reviewed'])),
    ]);
  return {
    ads,
    places,
    verifications,
    payments: subscriptions + orders + tips,
    reports: reports + contacts + reviews,
  };
}

const day = (column: string) => sql<string>`substr(${sql.ref(column)}, 1, 10)`;
const month = (column: string) => sql<string>`substr(${sql.ref(column)}, 1, 7)`;

/** Accounts made per day (`YYYY-MM-DD`) and type since `since` (ISO). */
export async function countSignupsByDay(db: Db, since: string) {
  const rows = await db
    .selectFrom('users')
    .select([day('created_at').as('day'), 'user_type', countAll])
    .where('created_at', '>=', since)
    .where('user_type', 'is not', null)
    .groupBy([day('created_at'), 'user_type'])
    .execute();
  return rows.map((r) => ({ day: r.day, user_type: r.user_type!, n: Number(r.n) }));
}

/** Sums of one payment source per month (`YYYY-MM`) and state since `since`, in cents. */
export interface RevenueRow {
  source: 'subscriptions' | 'orders' | 'tips';
  month: string;
  status: TAdminPaymentState;
  cents: number;
}

/**
 * Revenue per month since `since`: subscriptions (the amount paid by transaction id), orders (their total;
 * not those the buyer cancelled before the check) and tips, by payment state.
 */
export async function sumRevenueByMonth(db: Db, since: string): Promise<RevenueRow[]> {
  const sum = (column: string) => sql<number | string | null>`sum(${sql.ref(column)})`.as('cents');
  const [subs, orders, tips] = await Promise.all([
    db
      .selectFrom('subscriptions as s')
      .select([month('s.created_at').as('month'), 's.payment_status as status', sum('s.amount')])
      .where('s.created_at', '>=', since)
      .where('s.transaction_id', 'is not', null)
      .groupBy([month('s.created_at'), 's.payment_status'])
      .execute(),
    db
      .selectFrom('orders as o')
      .select([month('o.created_at').as('month'), 'o.payment_status as status', sum('o.amount')])
      .where('o.created_at', '>=', since)
      .where((eb) => orderIsPayment(eb as EB, 'o'))
      .groupBy([month('o.created_at'), 'o.payment_status'])
      .execute(),
    db
      .selectFrom('tips as t')
      .select([month('t.created_at').as('month'), 't.payment_status as status', sum('t.tip_amount')])
      .where('t.created_at', '>=', since)
      .groupBy([month('t.created_at'), 't.payment_status'])
      .execute(),
  ]);
  const tag =
    (source: RevenueRow['source']) =>
    (r: { month: string; status: TAdminPaymentState; cents: number | string | null }): RevenueRow => ({
      source,
      month: r.month,
      status: r.status,
      cents: Number(r.cents ?? 0),
    });
  return [...subs.map(tag('subscriptions')), ...orders.map(tag('orders')), ...tips.map(tag('tips'))];
}

/**
 * The ads public now, counted per day (`YYYY-MM-DD`) of their approval (`reviewed_at`, else when posted):
 * the dashboard's "public ads over time" adds them up.
 */
export async function countPublicAdsByApprovalDay(db: Db) {
  const approved = sql<string>`substr(coalesce(p.reviewed_at, p.created_at), 1, 10)`;
  const rows = await db
    .selectFrom('providers as p')
    .select([approved.as('day'), countAll])
    .where((eb) => shownProvider(eb as EB, 'p'))
    .groupBy(approved)
    .execute();
  return rows.map((r) => ({ day: r.day, n: Number(r.n) }));
}
