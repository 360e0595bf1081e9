import { MESSAGES, type TAdminPaymentKind, type TAdminPaymentState } from '@app/domain';
import {
  sql,
  type Expression,
  type Kysely,
  type RawBuilder,
  type SelectQueryBuilder,
  type SqlBool,
  type Transaction,
} from 'kysely';
import type { EB } from '../../access/index.ts';
import type { Engine } from '../../db/database.ts';
import { engineOf, textMatch } from '../../db/dialect.ts';
import type { DB } from '../../db/schema.ts';

/**
 * The console's payments queue, part of the console's read model (docs/architecture.md, "The admin console's
 * read model"): it reads, and only reads, the billing areas' tables (`subscriptions`, `orders` and
 * `order_lines`, `tips`) and the payers' accounts (`users`).
 */

type Db = Kysely<DB> | Transaction<DB>;

const S = MESSAGES.orderStatus;

/** One payment row of the queue, before its payer and flags are attached. */
export interface PaymentRow {
  kind: TAdminPaymentKind;
  id: number;
  created_at: string;
  user_id: number | null;
  amount: number;
  transaction_id: string | null;
  /** The id's key (billing's `paymentKey`): look-alike ids share it. */
  transaction_key: string | null;
  status: TAdminPaymentState;
  /** A package's name, or a tip's ad name. */
  label: string | null;
  /** An order's line count. */
  lines: number;
  username: string | null;
  email: string | null;
}

export interface PaymentFilter {
  kind?: TAdminPaymentKind | undefined;
  status?: TAdminPaymentState | undefined;
  q?: string | undefined;
  /** `paymentKey(q)`: the search also finds ids that look like `q`. */
  qKey?: string | undefined;
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
 * The payments of the asked kinds as one derived table: subscriptions and orders paid by a transaction id
 * (a purchase the wallet paid wholly has none: nothing to check), and every tip.
 */
function paymentsTable(db: Db, f: PaymentFilter) {
  const kinds: TAdminPaymentKind[] = f.kind ? [f.kind] : ['subscription', 'order', 'tip'];
  const none = sql<string | null>`cast(null as text)`;
  const branches = kinds.map((kind) => {
    if (kind === 'subscription') {
      return db
        .selectFrom('subscriptions as s')
        .select(paymentColumns(kind, 's', 'amount', sql`s.package_name`, sql`0`))
        .where('s.transaction_id', 'is not', null)
        .$if(!!f.status, (q) => q.where('s.payment_status', '=', f.status!));
    }
    if (kind === 'order') {
      const lines = sql<number>`(select count(*) from order_lines ol where ol.order_id = o.id)`;
      return db
        .selectFrom('orders as o')
        .select(paymentColumns(kind, 'o', 'amount', none, lines))
        .where((eb) => orderIsPayment(eb as EB, 'o'))
        .$if(!!f.status, (q) => q.where('o.payment_status', '=', f.status!));
    }
    return db
      .selectFrom('tips as t')
      .leftJoin('providers as tp', 'tp.id', 't.provider_id')
      .select(paymentColumns(kind, 't', 'tip_amount', sql`tp.name`, sql`0`))
      .$if(!!f.status, (q) => q.where('t.payment_status', '=', f.status!));
  });
  // The branches select the same columns (paymentColumns) from different tables: one builder type for them.
  const [first, ...rest] = branches as unknown as SelectQueryBuilder<DB, 'tips', PaymentColumns>[];
  let union = first!;
  for (const branch of rest) union = union.unionAll(branch);
  return union;
}
/** The columns of a payments branch. */
type PaymentColumns = Omit<PaymentRow, 'username' | 'email'>;

/**
 * The payments of the filter with their payers, the search applied (`q`: id, username, e-mail or number; an
 * id that looks like `q`, by `qKey`).
 */
function paymentsQuery(db: Db, f: PaymentFilter) {
  const engine: Engine = engineOf(db as Kysely<unknown>);
  return db
    .selectFrom(paymentsTable(db, f).as('p'))
    .leftJoin('users as u', 'u.id', 'p.user_id')
    .$if(!!f.q, (q) =>
      q.where((eb) => {
        const text = f.q!;
        const conditions: Expression<SqlBool>[] = [
          textMatch(engine, eb.ref('p.transaction_id'), 'containsi', text),
          textMatch(engine, eb.ref('u.username'), 'containsi', text),
          textMatch(engine, eb.ref('u.email'), 'containsi', text),
        ];
        if (f.qKey) conditions.push(eb('p.transaction_key', '=', f.qKey));
        const number = /^#?(\d{1,9})$/.exec(text);
        if (number) conditions.push(eb('p.id', '=', Number(number[1])));
        return eb.or(conditions);
      }),
    );
}

/** One page of the payments queue: pending first, then newest; and how many there are in all. */
export async function findPayments(
  db: Db,
  f: PaymentFilter,
  page: { offset: number; limit: number },
): Promise<{ rows: PaymentRow[]; total: number }> {
  const [rows, count] = await Promise.all([
    paymentsQuery(db, f)
      .select([
        'p.kind',
        'p.id',
        'p.created_at',
        'p.user_id',
        'p.amount',
        'p.transaction_id',
        'p.transaction_key',
        'p.status',
        'p.label',
        'p.lines',
        'u.username',
        'u.email',
      ])
      .orderBy(sql`case when p.status = 'pending' then 0 else 1 end`)
      .orderBy('p.created_at', 'desc')
      .orderBy('p.kind')
      .orderBy('p.id', 'desc')
      .limit(page.limit)
      .offset(page.offset)
      .execute(),
    paymentsQuery(db, f)
      .select(sql<number | string>`count(*)`.as('n'))
      .executeTakeFirst(),
  ]);
  return {
    rows: rows.map((r) => ({
      ...r,
      id: Number(r.id),
      user_id: r.user_id === null ? null : Number(r.user_id),
      amount: Number(r.amount),
      lines: Number(r.lines ?? 0),
    })),
    total: Number(count?.n ?? 0),
  };
}

/**
 * Every payment (of all kinds, any state) whose transaction id has one of `keys` (billing's `paymentKey`, kept
 * in each row's `transaction_key`), with that key: the page's look-alike ids are found in one query a kind.
 */
export async function findPaymentsByIdKeys(
  db: Db,
  keys: readonly string[],
): Promise<{ kind: TAdminPaymentKind; id: number; key: string }[]> {
  if (!keys.length) return [];
  const list = [...new Set(keys)];
  const [subs, orders, tips] = await Promise.all([
    db
      .selectFrom('subscriptions as s')
      .select(['s.id', 's.transaction_key as key'])
      .where('s.transaction_key', 'in', list)
      .execute(),
    db
      .selectFrom('orders as o')
      .select(['o.id', 'o.transaction_key as key'])
      .where('o.transaction_key', 'in', list)
      .where((eb) => orderIsPayment(eb as EB, 'o'))
      .execute(),
    db
      .selectFrom('tips as t')
      .select(['t.id', 't.transaction_key as key'])
      .where('t.transaction_key', 'in', list)
      .execute(),
  ]);
  const tag = (kind: TAdminPaymentKind) => (r: { id: number; key: string | null }) => ({
    kind,
    id: Number(r.id),
    key: r.key ?? '',
  });
  return [...subs.map(tag('subscription')), ...orders.map(tag('order')), ...tips.map(tag('tip'))];
}
