import { MESSAGES, type TAdminPaymentKind, type TAdminPaymentState } from '@app/domain';
import { sql, type Kysely, type RawBuilder, type SelectQueryBuilder, type Transaction } from 'kysely';
import type { EB } from '../../access/index.ts';
import type { DB } from '../../db/schema.ts';

/**
 * Every payment by transaction id as one table: part of the read model (docs/architecture.md, "The admin
 * console's read model"). It reads, and only reads, the tables of the things paid for: `subscriptions`,
 * `orders` and `order_lines`, `tips` and their ads (`providers`). The console's payments queue and a
 * hobbyist's My Payments are both this table, filtered.
 */

type Db = Kysely<DB> | Transaction<DB>;

const S = MESSAGES.orderStatus;

/** One payment, as every kind gives it (amount in cents). */
export interface PaymentColumns {
  kind: TAdminPaymentKind;
  id: number;
  created_at: string;
  user_id: number | null;
  amount: number;
  transaction_id: string | null;
  /** The id's key (`paymentKey`): look-alike ids share it. */
  transaction_key: string | null;
  status: TAdminPaymentState;
  /** A package's name, or a tip's ad name (null once the ad is deleted). */
  label: string | null;
  /** An order's line count. */
  lines: number;
}

/** Which payments: of these kinds (all by default), in this state, of this payer. */
export interface PaymentsOf {
  kinds?: readonly TAdminPaymentKind[] | undefined;
  status?: TAdminPaymentState | undefined;
  userId?: number | undefined;
}

/**
 * An order the buyer cancelled before its payment was checked paid for nothing: it is no payment to check
 * (and its id may pay another order). Every other order with a transaction id is one.
 */
export const orderIsPayment = (eb: EB, a: string) =>
  eb.and([
    eb(eb.ref(`${a}.transaction_id`), 'is not', null),
    eb.not(
      eb.and([
        eb(eb.ref(`${a}.status`), '=', S.cancelled),
        eb(eb.ref(`${a}.payment_status`), '=', 'pending'),
      ]),
    ),
  ]);

/**
 * A payments branch's columns, typed alike in every branch (so they make one union): kind, id, created_at,
 * user_id, amount (cents), transaction_id, status, label, lines.
 */
function paymentColumns(
  kind: TAdminPaymentKind,
  a: string,
  amount: string,
  label: RawBuilder<string | null>,
  lines: RawBuilder<number>,
) {
  const col = <T>(column: string) => sql<T>`${sql.ref(`${a}.${column}`)}`;
  return [
    sql<TAdminPaymentKind>`${sql.lit(kind)}`.as('kind'),
    col<number>('id').as('id'),
    col<string>('created_at').as('created_at'),
    col<number | null>('user_id').as('user_id'),
    col<number>(amount).as('amount'),
    col<string | null>('transaction_id').as('transaction_id'),
    col<string | null>('transaction_key').as('transaction_key'),
    col<TAdminPaymentState>('payment_status').as('status'),
    label.as('label'),
    lines.as('lines'),
  ] as const;
}

/**
 * The payments `f` asks for as one derived table (`PaymentColumns`): subscriptions and orders paid by a
 * transaction id (a purchase the wallet paid wholly has none: nothing to check), and every tip.
 */
export function paymentsTable(db: Db, f: PaymentsOf) {
  const kinds = f.kinds ?? (['subscription', 'order', 'tip'] as const);
  const none = sql<string | null>`cast(null as text)`;
  const branches = kinds.map((kind) => {
    if (kind === 'subscription') {
      return db
        .selectFrom('subscriptions as s')
        .select(paymentColumns(kind, 's', 'amount', sql`s.package_name`, sql`0`))
        .where('s.transaction_id', 'is not', null)
        .$if(f.userId !== undefined, (q) => q.where('s.user_id', '=', f.userId!))
        .$if(!!f.status, (q) => q.where('s.payment_status', '=', f.status!));
    }
    if (kind === 'order') {
      const lines = sql<number>`(select count(*) from order_lines ol where ol.order_id = o.id)`;
      return db
        .selectFrom('orders as o')
        .select(paymentColumns(kind, 'o', 'amount', none, lines))
        .where((eb) => orderIsPayment(eb as EB, 'o'))
        .$if(f.userId !== undefined, (q) => q.where('o.user_id', '=', f.userId!))
        .$if(!!f.status, (q) => q.where('o.payment_status', '=', f.status!));
    }
    return db
      .selectFrom('tips as t')
      .leftJoin('providers as tp', 'tp.id', 't.provider_id')
      .select(paymentColumns(kind, 't', 'tip_amount', sql`tp.name`, sql`0`))
      .$if(f.userId !== undefined, (q) => q.where('t.user_id', '=', f.userId!))
      .$if(!!f.status, (q) => q.where('t.payment_status', '=', f.status!));
  });
  // The branches select the same columns (paymentColumns) from different tables: one builder type for them.
  const [first, ...rest] = branches as unknown as SelectQueryBuilder<DB, 'tips', PaymentColumns>[];
  let union = first!;
  for (const branch of rest) union = union.unionAll(branch);
  return union;
}

/** A payment row as the driver gives it, its numbers made numbers (PostgreSQL answers counts as text). */
export function paymentRowOf<T extends PaymentColumns>(r: T): T {
  return {
    ...r,
    id: Number(r.id),
    user_id: r.user_id === null ? null : Number(r.user_id),
    amount: Number(r.amount),
    lines: Number(r.lines ?? 0),
  };
}

/**
 * One page of a payer's own payments of `kinds`, newest first, and how many there are in all (My
 * Payments: a hobbyist's tips and orders).
 */
export async function findOwnPayments(
  db: Db,
  userId: number,
  kinds: readonly TAdminPaymentKind[],
  page: { offset: number; limit: number },
): Promise<{ rows: PaymentColumns[]; total: number }> {
  const own = () => db.selectFrom(paymentsTable(db, { kinds, userId }).as('p'));
  const [rows, count] = await Promise.all([
    own()
      .selectAll('p')
      .orderBy('p.created_at', 'desc')
      .orderBy('p.kind')
      .orderBy('p.id', 'desc')
      .limit(page.limit)
      .offset(page.offset)
      .execute(),
    own()
      .select(sql<number | string>`count(*)`.as('n'))
      .executeTakeFirst(),
  ]);
  return { rows: rows.map(paymentRowOf), total: Number(count?.n ?? 0) };
}
