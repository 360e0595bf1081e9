import {
  DummyDriver,
  expressionBuilder,
  Kysely,
  sql,
  SqliteAdapter,
  SqliteIntrospector,
  SqliteQueryCompiler,
  type Expression,
  type ExpressionBuilder,
  type RawBuilder,
  type SqlBool,
} from 'kysely';
import type { DB } from '../db/schema.ts';

/**
 * The visibility rules every read and every access check share, in SQL. Each takes an expression
 * builder and the alias of the table in the query, and answers a condition on that row.
 */
// The REST layer builds queries over tables chosen at run time: the builder is untyped here.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type EB = ExpressionBuilder<any, any>;
export type Scope = (eb: EB, alias: string) => Expression<SqlBool>;

/** Every row: the admin's view. */
export const everything: Scope = () => sql<SqlBool>`1 = 1`;
/** No row. */
export const nothing: Scope = () => sql<SqlBool>`1 = 0`;

/**
 * Accounts an admin blocked (`is_active` 0): their places are not public, whatever their own show/hide
 * says, and come back as they were when the account is unblocked. Read from the (is_active, id)
 * index, so the number of accounts does not slow any read.
 */
const blockedAccountIds = (eb: EB) =>
  eb.selectFrom('users as blocked').select('blocked.id').where('blocked.is_active', '=', 0);

/**
 * A subscription (or its payment) counts unless an admin rejected its payment: a pending payment
 * counts until checked. Written as a literal, so statements that hold it keep one text.
 */
export const paymentNotRejected: Scope = (eb, a) =>
  eb(eb.ref(`${a}.payment_status`), '<>', sql.lit('rejected'));

/**
 * The shown-provider rule, the one definition of a public provider (ad) on the row alias `a`: approved
 * by an admin (`is_showed`, the review before publication), its owner not blocked (a probe of the
 * owner's row by primary key) and holding an active subscription now (started, not ended, payment not
 * rejected: a correlated probe of the (user_id, end_date) index, so a page of ten ads costs ten probes
 * however many accounts there are). The time `now` is a parameter, so the statement's text stays the
 * same; the directory's caches are rebuilt at the next start or end (`nextSubscriptionChange`). It is
 * cast: SQLite (built with STAT4) prepares a statement again each time a parameter compared with an
 * indexed column changes, and here the time changes with every request. `byId` writes `+is_showed`, so
 * that SQLite reads rows fetched by id through the primary key rather than the (is_showed, id) index
 * (half the cost of a listing page). Both the Kysely scopes below and the directory's hand-written hot
 * reads (`shownProviderText`) are built from this.
 */
function shownProviderRule(a: string, now: unknown, byId: boolean): RawBuilder<SqlBool> {
  const ref = (column: string) => sql.ref(`${a}.${column}`);
  const eb: EB = expressionBuilder<DB, never>() as unknown as EB;
  return sql<SqlBool>`${sql.raw(byId ? '+' : '')}${ref('is_showed')} = 1
    and not exists (select 1 from users as blocked where blocked.id = ${ref('user_id')} and blocked.is_active = 0)
    and exists (select 1 from subscriptions as active_sub where active_sub.user_id = ${ref('user_id')}
      and active_sub.end_date > cast(${now} as text) and active_sub.start_date <= cast(${now} as text)
      and ${paymentNotRejected(eb, 'active_sub')})`;
}

/** A public provider (ad): the shown-provider rule at the time of the query. */
export const shownProvider: Scope = (_eb, a) => shownProviderRule(a, new Date().toISOString(), false);

/** A shown provider, for rows fetched by id (`+is_showed`, see `shownProviderRule`). */
export const shownProviderById: Scope = (_eb, a) => shownProviderRule(a, new Date().toISOString(), true);

/** Compiles without a database: SQLite's compiler, whose `?` placeholders the hot reader takes on both engines. */
const textCompiler = new Kysely<DB>({
  dialect: {
    createAdapter: () => new SqliteAdapter(),
    createDriver: () => new DummyDriver(),
    createIntrospector: (db) => new SqliteIntrospector(db),
    createQueryCompiler: () => new SqliteQueryCompiler(),
  },
});

/**
 * The shown-provider rule for rows fetched by id as SQL text on the alias `a`, for statements written
 * without Kysely (the directory's hot reads): the time is its two `?` parameters, in that order.
 */
export function shownProviderText(a: string): string {
  const NOW = '\u0000now';
  const compiled = shownProviderRule(a, NOW, true).compile(textCompiler);
  if (compiled.parameters.length !== 2 || compiled.parameters.some((p) => p !== NOW)) {
    throw new Error('the shown-provider rule must take the time as its only parameters');
  }
  return compiled.sql.replace(/\s+/g, ' ');
}

/** Shown providers and the given account's own, whatever their state. */
export const shownOrOwnProvider =
  (userId: number): Scope =>
  (eb, a) =>
    eb.or([shownProvider(eb, a), eb(eb.ref(`${a}.user_id`), '=', userId)]);

/**
 * The row's `column` names a shown provider: a correlated probe by primary key, so checking the rows
 * of a page costs one probe each, however many providers there are.
 */
export const onShownProvider = (eb: EB, a: string, column = 'provider_id') =>
  eb.exists(
    eb
      .selectFrom('providers as sp')
      .select('sp.id')
      .whereRef('sp.id', '=', `${a}.${column}`)
      .where((e: EB) => shownProviderById(e, 'sp')),
  );

/** The ids of the providers (ads) an account owns, as a subquery. */
export const ownedProviderIds = (eb: EB, userId: number) =>
  eb.selectFrom('providers as op').select('op.id').where('op.user_id', '=', userId);

/** Rows whose `column` is the given account. */
export const ownedBy =
  (userId: number, column = 'user_id'): Scope =>
  (eb, a) =>
    eb(eb.ref(`${a}.${column}`), '=', userId);

/**
 * A public place: approved by an admin (`is_showed`, the review before publication), its
 * owner not blocked. Places need no subscription.
 */
export const shownPlace: Scope = (eb, a) =>
  eb.and([eb(eb.ref(`${a}.is_showed`), '=', 1), eb(eb.ref(`${a}.user_id`), 'not in', blockedAccountIds(eb))]);

/** Public places and the given account's own, whatever their state (My Places). */
export const shownOrOwnPlace =
  (userId: number): Scope =>
  (eb, a) =>
    eb.or([shownPlace(eb, a), eb(eb.ref(`${a}.user_id`), '=', userId)]);

/** The row's `column` names a public place: a correlated probe by primary key. */
export const onShownPlace = (eb: EB, a: string, column = 'place_id') =>
  eb.exists(
    eb
      .selectFrom('places as sv')
      .select('sv.id')
      .whereRef('sv.id', '=', `${a}.${column}`)
      .where((e: EB) => shownPlace(e, 'sv')),
  );

/**
 * A product on sale: not archived, sold by a vendor account that is not blocked (spec 000
 * §7: "products of active vendors").
 */
export const shownProduct: Scope = (eb, a) =>
  eb.and([
    eb(eb.ref(`${a}.archived_at`), 'is', null),
    eb(
      eb.ref(`${a}.user_id`),
      'in',
      eb
        .selectFrom('users as seller')
        .select('seller.id')
        .where('seller.user_type', '=', 'Vender')
        .where('seller.is_active', '=', 1),
    ),
  ]);

/** Products on sale and the given account's own that are not archived (My Products). */
export const shownOrOwnProduct =
  (userId: number): Scope =>
  (eb, a) =>
    eb.or([
      shownProduct(eb, a),
      eb.and([eb(eb.ref(`${a}.user_id`), '=', userId), eb(eb.ref(`${a}.archived_at`), 'is', null)]),
    ]);
