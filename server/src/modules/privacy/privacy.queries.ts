import { sql, type Kysely, type Transaction } from 'kysely';
import { nowIso } from '../../db/dialect.ts';
import type { DB } from '../../db/schema.ts';

type Db = Kysely<DB> | Transaction<DB>;

/** The placeholder address of a deleted account: unique, and never deliverable (`.invalid`). */
export const deletedEmail = (userId: number) => `deleted-${userId}@deleted.invalid`;

/** An account as a deletion reads it first: whether it exists, is the staff's, or is deleted already. */
export async function findAccountForDeletion(
  db: Db,
  userId: number,
): Promise<{ role: string; deleted_at: string | null } | undefined> {
  return db.selectFrom('users').select(['role', 'deleted_at']).where('id', '=', userId).executeTakeFirst();
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
      username: `deleted-${userId}`,
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
      documents_hold_until: null,
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
