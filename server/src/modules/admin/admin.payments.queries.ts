import { type TAdminPaymentKind, type TAdminPaymentState } from '@app/domain';
import { sql, type Expression, type Kysely, type SqlBool, type Transaction } from 'kysely';
import type { EB } from '../../access/index.ts';
import type { Engine } from '../../db/database.ts';
import { engineOf, textMatch } from '../../db/dialect.ts';
import type { DB } from '../../db/schema.ts';
import { orderIsPayment, paymentRowOf, paymentsTable, type PaymentColumns } from '../billing/index.ts';

/**
 * The console's payments queue, part of the console's read model (docs/architecture.md, "The admin console's
 * read model"): the billing area's table of every payment (`paymentsTable`: `subscriptions`, `orders` and
 * `order_lines`, `tips`), with the payers' accounts (`users`); it only reads.
 */

type Db = Kysely<DB> | Transaction<DB>;

/** One payment row of the queue: the payment and its payer. */
export interface PaymentRow extends PaymentColumns {
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
 * The payments of the filter with their payers, the search applied (`q`: id, username, e-mail or number; an
 * id that looks like `q`, by `qKey`).
 */
function paymentsQuery(db: Db, f: PaymentFilter) {
  const engine: Engine = engineOf(db as Kysely<unknown>);
  return db
    .selectFrom(paymentsTable(db, { kinds: f.kind ? [f.kind] : undefined, status: f.status }).as('p'))
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
  return { rows: rows.map(paymentRowOf), total: Number(count?.n ?? 0) };
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
