import { sql, type ExpressionBuilder, type SqlBool, type Expression } from 'kysely';

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
 * Accounts an admin blocked (`is_active` 0): their ads are not public, whatever their own show/hide
 * says, and come back as they were when the account is unblocked. Read from the (is_active, id)
 * index, so the number of accounts does not slow any read.
 */
const blockedAccountIds = (eb: EB) =>
  eb.selectFrom('users as blocked').select('blocked.id').where('blocked.is_active', '=', 0);

/**
 * The row's owner holds an active subscription now: started, not ended, payment not
 * rejected. A correlated probe of the (user_id, end_date) index, so a page of ten ads costs ten
 * probes however many accounts there are. The time is a parameter, so the statement's text stays the
 * same; the directory's caches are rebuilt at the next start or end (`nextSubscriptionChange`).
 */
const ownerSubscribed = (eb: EB, a: string) => {
  const now = new Date().toISOString();
  return eb.exists(
    eb
      .selectFrom('subscriptions as active_sub')
      .select('active_sub.id')
      .whereRef('active_sub.user_id', '=', `${a}.user_id`)
      // Cast: SQLite (built with STAT4) prepares a statement again each time a parameter compared
      // with an indexed column changes, and here the time changes with every request.
      .where('active_sub.end_date', '>', sql<string>`cast(${now} as text)`)
      .where('active_sub.start_date', '<=', sql<string>`cast(${now} as text)`)
      .where('active_sub.payment_status', '<>', 'rejected'),
  );
};

/**
 * A public provider (ad): approved by an admin (`is_showed`, the review before publication), its owner not blocked
 * and holding an active subscription.
 */
export const shownProvider: Scope = (eb, a) =>
  eb.and([
    eb(eb.ref(`${a}.is_showed`), '=', 1),
    eb(eb.ref(`${a}.user_id`), 'not in', blockedAccountIds(eb)),
    ownerSubscribed(eb, a),
  ]);

/**
 * A shown provider, for rows fetched by id: written `+is_showed` so that SQLite reads the ids
 * through the primary key rather than the (is_showed, id) index (half the cost of a listing page).
 */
export const shownProviderById: Scope = (eb, a) =>
  eb.and([
    sql<SqlBool>`+${sql.ref(`${a}.is_showed`)} = 1`,
    eb(eb.ref(`${a}.user_id`), 'not in', blockedAccountIds(eb)),
    ownerSubscribed(eb, a),
  ]);

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
 * A product on sale: not archived, sold by a seller account (`Vender`) that is not blocked (the spec's
 * "products of active vendors").
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
