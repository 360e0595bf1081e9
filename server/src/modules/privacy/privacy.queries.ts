import { sql, type Kysely, type Transaction } from 'kysely';
import { nowIso } from '../../db/dialect.ts';
import type { DB } from '../../db/schema.ts';

type Db = Kysely<DB> | Transaction<DB>;

/** The placeholder address of a deleted account: unique, and never deliverable (`.invalid`). */
export const deletedEmail = (userId: number) => `deleted-${userId}@deleted.invalid`;

/**
 * The username of a deleted account: unique, and one the username rules refuse (a space and `#`), so no
 * account can take it first and make the deletion fail.
 */
export const deletedUsername = (userId: number) => `deleted account #${userId}`;

/** An account as a deletion reads it first: whether it exists, is the staff's, or is deleted already. */
export async function findAccountForDeletion(
  db: Db,
  userId: number,
): Promise<{ role: string; deleted_at: string | null; documents_hold_until: string | null } | undefined> {
  return db
    .selectFrom('users')
    .select(['role', 'deleted_at', 'documents_hold_until'])
    .where('id', '=', userId)
    .executeTakeFirst();
}

/**
 * Makes the account a "deleted account": its username, address, names, phone, birth date, city and picture
 * go, as do its password, two-factor secret and every session; it cannot sign in again. The row stays for
 * the orders and payments that name it.
 */
export async function anonymiseAccount(trx: Transaction<DB>, userId: number, passwordHash: string) {
  const now = nowIso();
  await trx
    .updateTable('users')
    .set((eb) => ({
      username: deletedUsername(userId),
      email: deletedEmail(userId),
      first_name: null,
      last_name: null,
      phone_number: null,
      dob: null,
      city: null,
      avatar_id: null,
      password: passwordHash,
      is_active: 0,
      two_factor_secret: null,
      two_factor_enabled_at: null,
      two_factor_last_step: null,
      message_mail: 0,
      verification_reason: null,
      token_version: eb('token_version', '+', 1),
      deleted_at: now,
      updated_at: now,
    }))
    .where('id', '=', userId)
    .execute();
  await trx
    .insertInto('account_deletions')
    .values({ user_id: userId, created_at: now })
    .onConflict((oc) => oc.column('user_id').doNothing())
    .execute();
}

/** Who asked for a deletion (the account itself or the admin). */
export async function setDeletionRequester(trx: Transaction<DB>, userId: number, requestedBy: number) {
  await trx
    .updateTable('account_deletions')
    .set({ requested_by: requestedBy })
    .where('user_id', '=', userId)
    .execute();
}

/** The deleted accounts whose remains the job has not finished removing. */
export async function findPendingDeletions(db: Db): Promise<{ user_id: number; files: string | null }[]> {
  return db
    .selectFrom('account_deletions')
    .select(['user_id', 'files'])
    .where('state', '=', 'pending')
    .orderBy('id')
    .execute();
}

/** Keeps the stored names a deletion has still to remove from disk. */
export async function saveDeletionFiles(db: Db, userId: number, files: string) {
  await db.updateTable('account_deletions').set({ files }).where('user_id', '=', userId).execute();
}

/** A deletion is finished: nothing of the account is left to remove. */
export async function finishDeletion(db: Db, userId: number) {
  await db
    .updateTable('account_deletions')
    .set({ state: 'done', files: null, finished_at: nowIso() })
    .where('user_id', '=', userId)
    .execute();
}

/** The account's reactions, with the ad and kind of each (the ads' counters go down). */
export async function deleteReactionsOf(trx: Transaction<DB>, userId: number) {
  return trx
    .deleteFrom('reactions')
    .where('user_id', '=', userId)
    .returning(['provider_id', 'kind'])
    .execute();
}

/** The account's comments, with the ad of each (its counter goes down). */
export async function deleteCommentsOf(trx: Transaction<DB>, userId: number) {
  return trx.deleteFrom('comments').where('user_id', '=', userId).returning('provider_id').execute();
}

/** The account's reviews of places, with the place of each (its rating is counted again). */
export async function deletePlaceReviewsOf(trx: Transaction<DB>, userId: number) {
  return trx.deleteFrom('place_reviews').where('user_id', '=', userId).returning('place_id').execute();
}

/**
 * What else of the account goes whole: its conversations and messages as a hobbyist (those on its ads went
 * with the ads), its blocks, saved ads, screening ratings and comments (and the numbers it added that nobody
 * else rated or commented on), ID document links, reset links and two-factor records.
 */
export async function deleteOwnRecordsOf(trx: Transaction<DB>, userId: number) {
  await trx.deleteFrom('messages').where('user_id', '=', userId).execute();
  await trx.deleteFrom('conversations').where('user_id', '=', userId).execute();
  await trx
    .deleteFrom('message_blocks')
    .where((eb) => eb.or([eb('blocker_id', '=', userId), eb('blocked_id', '=', userId)]))
    .execute();
  await trx.deleteFrom('saved_providers').where('user_id', '=', userId).execute();
  await trx.deleteFrom('hobbyist_ratings').where('user_id', '=', userId).execute();
  await trx.deleteFrom('hobbyist_comments').where('user_id', '=', userId).execute();
  await trx
    .deleteFrom('customer_hobbyists')
    .where('created_by', '=', userId)
    .where((eb) =>
      eb.and([
        eb.not(
          eb.exists(
            eb
              .selectFrom('hobbyist_ratings as r')
              .select('r.id')
              .whereRef('r.customer_hobbyist_id', '=', 'customer_hobbyists.id'),
          ),
        ),
        eb.not(
          eb.exists(
            eb
              .selectFrom('hobbyist_comments as c')
              .select('c.id')
              .whereRef('c.customer_hobbyist_id', '=', 'customer_hobbyists.id'),
          ),
        ),
      ]),
    )
    .execute();
  await trx.deleteFrom('user_docs').where('user_id', '=', userId).execute();
  await trx.deleteFrom('password_reset_tokens').where('user_id', '=', userId).execute();
  await trx.deleteFrom('two_factor_recovery_codes').where('user_id', '=', userId).execute();
  await trx.deleteFrom('two_factor_failures').where('user_id', '=', userId).execute();
  await trx.deleteFrom('two_factor_locks').where('user_id', '=', userId).execute();
  await trx.deleteFrom('screening_reads').where('user_id', '=', userId).execute();
  await trx.deleteFrom('risk_signals').where('user_id', '=', userId).execute();
  // The reports it filed stay for the staff, without its contact address.
  await trx.updateTable('reports').set({ email: null }).where('reporter_id', '=', userId).execute();
}

/**
 * The account's orders stay for the sellers who ship them and for the books, without the buyer's name,
 * address or phone: an order with a line still to ship keeps where it goes (street, town, postcode,
 * country), the others keep nothing of the buyer.
 */
export async function anonymiseOrdersOf(trx: Transaction<DB>, userId: number) {
  await trx
    .updateTable('order_details')
    .set({ first_name: 'Deleted', last_name: 'account', email_address: deletedEmail(userId), phone: '' })
    .where('user_id', '=', userId)
    .execute();
  await trx
    .updateTable('order_details')
    .set({ address: '', town: '', postcode: '' })
    .where('user_id', '=', userId)
    .where(
      sql<boolean>`not exists (select 1 from order_lines l
        where l.order_id = order_details.order_id and l.shipped_at is null)`,
    )
    .execute();
}

// ---- Exports ------------------------------------------------------------------------------------

/** The columns of an account's own row an export carries: never its password hash or two-factor secret. */
const PROFILE_COLUMNS = [
  'id',
  'username',
  'email',
  'phone_number',
  'dob',
  'city',
  'user_type',
  'first_name',
  'last_name',
  'role',
  'is_active',
  'verification',
  'verification_reason',
  'verified_at',
  'message_mail',
  'two_factor_enabled_at',
  'password_changed_at',
  'created_at',
  'updated_at',
] as const;

/**
 * Everything the site keeps of one account and that is the account's to have, read for its export: its
 * profile, ads, places, products, orders (with their lines and shipping details), sales (its products' order
 * lines, without the buyers' details), subscriptions, wallet ledger, tips given and received, reactions,
 * comments, reviews, messages of its conversations, saved ads and wishlist, screening entries it wrote,
 * sessions (what the site knows of them) and two-factor state, and its files' records. Never a password or
 * code hash, a two-factor secret, or another account's address, phone or name.
 */
export async function readAccountData(db: Db, userId: number) {
  const own = <T extends keyof DB>(table: T, column = 'user_id') =>
    db
      .selectFrom(table as never)
      .selectAll()
      .where(column as never, '=', userId as never)
      .orderBy('id' as never)
      .execute() as Promise<Record<string, unknown>[]>;
  const adIds = db.selectFrom('providers').select('id').where('user_id', '=', userId);
  const orderIds = db.selectFrom('orders').select('id').where('user_id', '=', userId);
  const [
    profile,
    ads,
    adImages,
    places,
    products,
    orders,
    orderLines,
    orderDetails,
    sales,
    subscriptions,
    ledger,
    tipsGiven,
    tipsReceived,
    reactions,
    comments,
    placeReviews,
    messages,
    conversations,
    blocks,
    saved,
    wishlist,
    cart,
    ratings,
    screeningComments,
    files,
    revoked,
    recovery,
    deletion,
  ] = await Promise.all([
    db.selectFrom('users').select(PROFILE_COLUMNS).where('id', '=', userId).executeTakeFirst(),
    own('providers'),
    db.selectFrom('provider_images').selectAll().where('provider_id', 'in', adIds).execute(),
    own('places'),
    own('products'),
    own('orders'),
    db.selectFrom('order_lines').selectAll().where('order_id', 'in', orderIds).orderBy('id').execute(),
    own('order_details'),
    db
      .selectFrom('order_lines')
      .select([
        'id',
        'order_id',
        'product_id',
        'product_name',
        'price',
        'quantity',
        'total',
        'status',
        'shipped_at',
        'created_at',
      ])
      .where('seller_id', '=', userId)
      .orderBy('id')
      .execute(),
    own('subscriptions'),
    own('transactions'),
    own('tips'),
    db
      .selectFrom('tips')
      .select(['id', 'provider_id', 'tip_amount', 'transaction_id', 'created_at'])
      .where('provider_id', 'in', adIds)
      .orderBy('id')
      .execute(),
    own('reactions'),
    own('comments'),
    own('place_reviews'),
    db
      .selectFrom('messages')
      .select(['id', 'provider_id', 'text', 'from_provider', 'created_at'])
      .where((eb) => eb.or([eb('user_id', '=', userId), eb('provider_id', 'in', adIds)]))
      .orderBy('id')
      .execute(),
    db
      .selectFrom('conversations')
      .select(['id', 'provider_id', 'last_message_at', 'created_at'])
      .where((eb) => eb.or([eb('user_id', '=', userId), eb('provider_id', 'in', adIds)]))
      .orderBy('id')
      .execute(),
    db.selectFrom('message_blocks').select(['id', 'created_at']).where('blocker_id', '=', userId).execute(),
    own('saved_providers'),
    own('wishlist_items'),
    own('carts'),
    own('hobbyist_ratings'),
    own('hobbyist_comments'),
    db
      .selectFrom('files')
      .select(['id', 'name', 'mime', 'size', 'is_private', 'created_at'])
      .where('owner_id', '=', userId)
      .orderBy('id')
      .execute(),
    db.selectFrom('revoked_tokens').select(['expires_at']).where('user_id', '=', userId).execute(),
    db
      .selectFrom('two_factor_recovery_codes')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('user_id', '=', userId)
      .where('used_at', 'is', null)
      .executeTakeFirst(),
    db
      .selectFrom('account_deletions')
      .select(['state', 'created_at'])
      .where('user_id', '=', userId)
      .executeTakeFirst(),
  ]);
  return {
    profile,
    ads: { ads, images: adImages },
    places,
    products,
    orders: { orders, lines: orderLines, details: orderDetails },
    sales,
    subscriptions,
    wallet: ledger,
    tips: { given: tipsGiven, received: tipsReceived },
    reactions,
    comments,
    placeReviews,
    messages: { conversations, messages, blocks },
    saved: { providers: saved, wishlist, cart },
    screening: { ratings, comments: screeningComments },
    files,
    sessions: { signedOutTokensUntil: revoked.map((r) => r.expires_at), deletion: deletion ?? null },
    twoFactor: {
      enabled: profile?.two_factor_enabled_at != null,
      recoveryCodesLeft: Number(recovery?.n ?? 0),
    },
  };
}

/** A new export of an account, waiting for the job. */
export async function insertExport(db: Db, userId: number, requestedBy: number): Promise<number> {
  const row = await db
    .insertInto('data_exports')
    .values({ user_id: userId, requested_by: requestedBy, created_at: nowIso() })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

/** The account's exports, newest first. */
export async function listExportsOf(db: Db, userId: number) {
  return db
    .selectFrom('data_exports')
    .select(['id', 'state', 'size', 'created_at', 'ready_at', 'expires_at', 'requested_by'])
    .where('user_id', '=', userId)
    .orderBy('id', 'desc')
    .execute();
}

/** An export's row. */
export async function findExport(db: Db, id: number) {
  return db.selectFrom('data_exports').selectAll().where('id', '=', id).executeTakeFirst();
}

/** The account's newest export asked for after `since` (an ISO time), if any. */
export async function findRecentExport(db: Db, userId: number, since: string) {
  return db
    .selectFrom('data_exports')
    .select(['id', 'created_at'])
    .where('user_id', '=', userId)
    .where('created_at', '>', since)
    .orderBy('id', 'desc')
    .executeTakeFirst();
}

/** Takes a waiting export for one preparer: false when another took it (or it is gone). */
export async function claimExport(db: Db, id: number): Promise<boolean> {
  const result = await db
    .updateTable('data_exports')
    .set({ state: 'running' })
    .where('id', '=', id)
    .where('state', '=', 'pending')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** The exports waiting for the job. */
export async function findPendingExports(db: Db) {
  return db
    .selectFrom('data_exports')
    .select(['id', 'user_id'])
    .where('state', '=', 'pending')
    .orderBy('id')
    .execute();
}

/** An export is ready: its file, size and until when it is offered. */
export async function markExportReady(db: Db, id: number, file: string, size: number, expiresAt: string) {
  await db
    .updateTable('data_exports')
    .set({ state: 'ready', file, size, ready_at: nowIso(), expires_at: expiresAt })
    .where('id', '=', id)
    .execute();
}

/** An export that could not be made. */
export async function markExportFailed(db: Db, id: number) {
  await db.updateTable('data_exports').set({ state: 'failed' }).where('id', '=', id).execute();
}

/** The exports past their time (ready ones after `expires_at`, failed ones after a day), with their files. */
export async function findExpiredExports(db: Db, now: string, dayAgo: string) {
  return db
    .selectFrom('data_exports')
    .select(['id', 'file'])
    .where((eb) =>
      eb.or([
        eb.and([eb('state', '=', 'ready'), eb('expires_at', '<', now)]),
        eb.and([eb('state', 'in', ['failed', 'running']), eb('created_at', '<', dayAgo)]),
      ]),
    )
    .execute();
}

/** Deletes an export's row. */
export async function deleteExportRow(db: Db, id: number) {
  await db.deleteFrom('data_exports').where('id', '=', id).execute();
}

/** A deleted account's exports (their files go first). */
/** Exports whose zip was written in `DATA_DIR/exports`, before exports were kept in the storage. */
export async function findDiskExports(db: Db) {
  return db
    .selectFrom('data_exports')
    .select(['id'])
    .where('file', 'is not', null)
    .where('file', 'not like', 'export-%')
    .execute();
}

export async function findExportFilesOf(db: Db, userId: number) {
  return db.selectFrom('data_exports').select(['id', 'file']).where('user_id', '=', userId).execute();
}
