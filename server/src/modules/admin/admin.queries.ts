import {
  MESSAGES,
  type ReportStatus,
  type TAdminPaymentKind,
  type TAdminPaymentState,
  type TAdminReportKind,
} from '@app/domain';
import {
  sql,
  type Expression,
  type Kysely,
  type RawBuilder,
  type SelectQueryBuilder,
  type SqlBool,
  type Transaction,
} from 'kysely';
import { shownProvider, type EB } from '../../access/index.ts';
import type { Engine } from '../../db/database.ts';
import { engineOf, nowIso, textMatch } from '../../db/dialect.ts';
import { lockRow } from '../../db/locks.ts';
import type { DB } from '../../db/schema.ts';

/**
 * The console's queues and dashboard: read-only reporting over the payments
 * (subscriptions, orders, tips), the reports and contact messages, the accounts and the ads; and the one
 * write of this area, sending a reported ad or place back to review.
 */

type Db = Kysely<DB> | Transaction<DB>;

const S = MESSAGES.orderStatus;

// ---------------------------------------------------------------------------------------------
// Payments

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
const orderIsPayment = (eb: EB, a: string) =>
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

// ---------------------------------------------------------------------------------------------
// Reports and contact messages

/** One entry of the reports queue, before its link is resolved. */
export interface ReportRow {
  kind: TAdminReportKind;
  id: number;
  created_at: string;
  status: ReportStatus;
  staff_note: string | null;
  reason: string | null;
  details: string | null;
  email: string | null;
  name: string | null;
  subject: string | null;
  listing: string | null;
  reporter_id: number | null;
  reporter_username: string | null;
  handled_by: number | null;
  handler_username: string | null;
}

export interface ReportFilter {
  kind?: TAdminReportKind | undefined;
  statuses: readonly ReportStatus[];
}

/**
 * A report about a screening comment: a provider's flag, by its subject, else (flags filed before
 * subjects were kept) its listing. Never NULL, so `not` of it holds for every other report.
 */
const isFlag = (a: string) =>
  sql<SqlBool>`coalesce(${sql.ref(`${a}.subject`)}, ${sql.ref(`${a}.listing`)}, '') like 'hobbyist-comment:%'`;

/** The reports and contact messages of the filter as one derived table. */
function reportsTable(db: Db, f: ReportFilter) {
  const reports = db
    .selectFrom('reports as r')
    .select([
      sql<TAdminReportKind>`case when ${isFlag('r')} then 'flag' else 'report' end`.as('kind'),
      'r.id as id',
      'r.created_at as created_at',
      'r.status as status',
      'r.staff_note as staff_note',
      sql<string | null>`r.reason`.as('reason'),
      'r.details as details',
      'r.email as email',
      sql<string | null>`cast(null as text)`.as('name'),
      'r.subject as subject',
      'r.listing as listing',
      sql<number | null>`r.reporter_id`.as('reporter_id'),
      sql<number | null>`r.handled_by`.as('handled_by'),
    ])
    .where('r.status', 'in', [...f.statuses])
    .$if(f.kind === 'flag', (q) => q.where(isFlag('r')))
    .$if(f.kind === 'report', (q) => q.where((eb) => eb.not(isFlag('r'))));
  const contacts = db
    .selectFrom('contact_messages as c')
    .select([
      sql<TAdminReportKind>`'contact'`.as('kind'),
      'c.id as id',
      'c.created_at as created_at',
      'c.status as status',
      'c.staff_note as staff_note',
      sql<string | null>`cast(null as text)`.as('reason'),
      sql<string | null>`c.note`.as('details'),
      sql<string | null>`c.email`.as('email'),
      sql<string | null>`c.name`.as('name'),
      sql<string | null>`cast(null as text)`.as('subject'),
      sql<string | null>`cast(null as text)`.as('listing'),
      sql<number | null>`cast(null as integer)`.as('reporter_id'),
      sql<number | null>`cast(null as integer)`.as('handled_by'),
    ])
    .where('c.status', 'in', [...f.statuses]);
  // Both select the same columns from different tables: one builder type for them.
  const [r, c] = [reports, contacts] as unknown as SelectQueryBuilder<DB, 'reports', ReportColumns>[];
  if (f.kind === 'contact') return c!;
  if (f.kind) return r!;
  return r!.unionAll(c!);
}
/** The columns of the reports table above. */
type ReportColumns = Omit<ReportRow, 'reporter_username' | 'handler_username'>;

/** One page of the reports queue, newest first; and how many there are in all. */
export async function findReports(
  db: Db,
  f: ReportFilter,
  page: { offset: number; limit: number },
): Promise<{ rows: ReportRow[]; total: number }> {
  const base = () => db.selectFrom(reportsTable(db, f).as('x'));
  const [rows, count] = await Promise.all([
    base()
      .leftJoin('users as reporter', 'reporter.id', 'x.reporter_id')
      .leftJoin('users as handler', 'handler.id', 'x.handled_by')
      .select([
        'x.kind',
        'x.id',
        'x.created_at',
        'x.status',
        'x.staff_note',
        'x.reason',
        'x.details',
        'x.email',
        'x.name',
        'x.subject',
        'x.listing',
        'x.reporter_id',
        'reporter.username as reporter_username',
        'x.handled_by',
        'handler.username as handler_username',
      ])
      .orderBy('x.created_at', 'desc')
      .orderBy('x.kind')
      .orderBy('x.id', 'desc')
      .limit(page.limit)
      .offset(page.offset)
      .execute(),
    base()
      .select(sql<number | string>`count(*)`.as('n'))
      .executeTakeFirst(),
  ]);
  return {
    rows: rows.map((r) => ({
      ...r,
      id: Number(r.id),
      reporter_id: r.reporter_id === null ? null : Number(r.reporter_id),
      handled_by: r.handled_by === null ? null : Number(r.handled_by),
    })),
    total: Number(count?.n ?? 0),
  };
}

/** Ads by id with their owners (for links to the owner's page in the console). */
export function findAdOwners(db: Db, ids: readonly number[]) {
  if (!ids.length) return Promise.resolve([]);
  return db
    .selectFrom('providers')
    .select(['id', 'user_id'])
    .where('id', 'in', [...ids])
    .execute();
}

/** Places by id with their type (`eroticbody`…): the path of their public page. */
export function findPlaceTypes(db: Db, ids: readonly number[]) {
  if (!ids.length) return Promise.resolve([]);
  return db
    .selectFrom('places as v')
    .innerJoin('place_types as vt', 'vt.id', 'v.place_type_id')
    .select(['v.id', 'vt.type'])
    .where('v.id', 'in', [...ids])
    .execute();
}

/** Screening comments by id with their authors. */
export function findCommentAuthors(db: Db, ids: readonly number[]) {
  if (!ids.length) return Promise.resolve([]);
  return db
    .selectFrom('hobbyist_comments')
    .select(['id', 'user_id'])
    .where('id', 'in', [...ids])
    .execute();
}

/** A report's subject, listing and status, read with its row locked (PostgreSQL). */
export async function lockReport(trx: Transaction<DB>, id: number) {
  if (!(await lockRow(trx, 'reports', id))) return undefined;
  return trx
    .selectFrom('reports')
    .select(['subject', 'listing', 'status', 'staff_note'])
    .where('id', '=', id)
    .executeTakeFirst();
}

/** The review columns of an ad or a place, read with its row locked (PostgreSQL). */
export async function lockReviewed(trx: Transaction<DB>, table: 'providers' | 'places', id: number) {
  if (!(await lockRow(trx, table, id))) return undefined;
  return trx
    .selectFrom(table)
    .select(['review_state', 'is_showed', 'review_reason', 'user_id'])
    .where('id', '=', id)
    .executeTakeFirst();
}

/** Marks a report In progress (`reviewed`) by the admin who acted on it. */
export async function markReportReviewed(trx: Transaction<DB>, id: number, adminId: number): Promise<void> {
  await trx
    .updateTable('reports')
    .set({ status: 'reviewed', handled_by: adminId, updated_at: nowIso() })
    .where('id', '=', id)
    .execute();
}

// ---------------------------------------------------------------------------------------------
// Dashboard

const count = async (q: { executeTakeFirst: () => Promise<{ n: number | string } | undefined> }) =>
  Number((await q.executeTakeFirst())?.n ?? 0);
const countAll = sql<number | string>`count(*)`.as('n');

/** The sizes of the console's queues. */
export async function countQueues(db: Db) {
  const [ads, places, verifications, subscriptions, orders, tips, reports, contacts] = await Promise.all([
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
  ]);
  return { ads, places, verifications, payments: subscriptions + orders + tips, reports: reports + contacts };
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
