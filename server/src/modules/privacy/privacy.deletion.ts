import { randomBytes } from 'node:crypto';
import { MESSAGES } from '@app/domain';
import type { FastifyBaseLogger } from 'fastify';
import { recordAudit } from '../../db/audit-log.ts';
import { recordDirectoryChange } from '../../db/directory-version.ts';
import type { Actor } from '../../http/auth.ts';
import { AppError, forbidden, notFound } from '../../http/errors.ts';
import { bumpProviderCounter, deleteAdsOf, type ProviderCounter } from '../directory/index.ts';
import {
  deleteUnusedOwnedFileRecords,
  listOwnedFiles,
  removeStoredOfGone,
  type StoredFiles,
} from '../media/index.ts';
import { deletePlacesOf, recountPlaceRating } from '../places/index.ts';
import { removeProductsOf } from '../shop/index.ts';
import { hashPassword } from '../users/index.ts';
import {
  anonymiseAccount,
  anonymiseOrdersOf,
  deleteCommentsOf,
  deleteOwnRecordsOf,
  deletePlaceReviewsOf,
  deleteReactionsOf,
  findAccountForDeletion,
  findPendingDeletions,
  finishDeletion,
  saveDeletionFiles,
  setDeletionRequester,
} from './privacy.queries.ts';
import type { PrivacyContext } from './privacy.context.ts';
import { deleteExportsOf } from './privacy.export.ts';

const COUNTER: Record<'like' | 'dislike' | 'average', ProviderCounter> = {
  like: 'likes_count',
  dislike: 'dislikes_count',
  average: 'averages_count',
};

/**
 * Deletes an account, asked by the account itself (its password checked by the caller) or by the admin.
 * At once, in one transaction: the account becomes "deleted account" (no name, address, phone, password or
 * session; its ads and places leave the directory) and the deletion is recorded, in the audit log too.
 * Then the rest goes (`finishAccountDeletion`); what a failure leaves, the job finishes.
 */
export async function deleteAccount(
  c: PrivacyContext,
  actor: Actor,
  userId: number,
  log?: Pick<FastifyBaseLogger, 'warn'>,
): Promise<{ deleted: true }> {
  const account = await findAccountForDeletion(c.db, userId);
  if (!account || account.deleted_at !== null) throw notFound(MESSAGES.accountDeletion.notFound);
  if (account.role === 'admin') throw forbidden(MESSAGES.accountDeletion.notAdmin);
  // A legal hold keeps the account's ID documents (docs/trust-and-safety.md): no deletion until it ends.
  const today = new Date().toISOString().slice(0, 10);
  if (account.documents_hold_until !== null && account.documents_hold_until >= today)
    throw new AppError('ConflictError', MESSAGES.accountDeletion.onHold);
  const unusable = await hashPassword(randomBytes(32).toString('hex'));
  await c.db.transaction().execute(async (trx) => {
    await anonymiseAccount(trx, userId, unusable);
    await setDeletionRequester(trx, userId, actor.id);
    await recordDirectoryChange(trx, { userId });
    await recordAudit(trx, actor, 'account.delete', `user:${userId}`, {
      by: actor.id === userId ? 'self' : 'admin',
    });
  });
  // What fails here (a file that cannot be removed, say) the job finishes; the account is already gone.
  await finishAccountDeletion(c, userId).catch((error: unknown) =>
    log?.warn({ err: error, userId }, 'account deletion left for the job'),
  );
  return { deleted: true };
}

/**
 * Removes what a deleted account leaves, each step safe to run again after a crash: its ads, places and
 * products with their files (a product an order names is archived); its reactions, comments and place
 * reviews (the counters and ratings follow); its conversations, blocks, saved ads, screening entries and
 * two-factor records; its orders lose the buyer's name, address and phone; then its files and exports. The stored names
 * of its files are kept on the deletion before anything goes, so a run after a crash still removes them.
 */
export async function finishAccountDeletion(c: PrivacyContext, userId: number): Promise<void> {
  const { db, storage } = c;
  // The files' names first: whatever step a crash stops, the next run still removes their bytes.
  const pending = (await findPendingDeletions(db)).find((d) => Number(d.user_id) === userId);
  const known: StoredFiles[] = pending?.files ? (JSON.parse(pending.files) as StoredFiles[]) : [];
  const seen = new Set(known.map((f) => f.id));
  const files = [...known, ...(await listOwnedFiles(db, userId)).filter((f) => !seen.has(f.id))];
  await saveDeletionFiles(db, userId, JSON.stringify(files));

  const ads = await deleteAdsOf(db, storage, userId);
  const places = await deletePlacesOf(db, storage, userId);
  const products = await removeProductsOf(db, storage, userId);
  await db.transaction().execute(async (trx) => {
    for (const r of await deleteReactionsOf(trx, userId))
      await bumpProviderCounter(trx, Number(r.provider_id), COUNTER[r.kind], -1);
    for (const r of await deleteCommentsOf(trx, userId))
      await bumpProviderCounter(trx, Number(r.provider_id), 'comments_count', -1);
    const reviewed = new Set((await deletePlaceReviewsOf(trx, userId)).map((r) => Number(r.place_id)));
    for (const place of reviewed) await recountPlaceRating(trx, place);
    await deleteOwnRecordsOf(trx, userId);
    await anonymiseOrdersOf(trx, userId);
  });
  await deleteUnusedOwnedFileRecords(db, userId);
  await deleteExportsOf(c, userId);
  // Bytes of every named file whose record is gone; a file another record still uses stays.
  await removeStoredOfGone(db, storage, files);
  await db.transaction().execute(async (trx) => {
    await finishDeletion(trx, userId);
    await recordAudit(trx, null, 'account.deletion-finished', `user:${userId}`, {
      ads,
      places,
      products,
      files: files.length,
    });
  });
}

/**
 * The job `finish-account-deletions`: finishes every deletion a crash or a failure left; answers how many. One
 * that fails again does not hold up the others; the first failure is raised after them, so the job's run
 * records it.
 */
export async function finishAccountDeletions(c: PrivacyContext): Promise<number> {
  let finished = 0;
  let failure: unknown;
  for (const { user_id } of await findPendingDeletions(c.db)) {
    try {
      await finishAccountDeletion(c, Number(user_id));
      finished++;
    } catch (error) {
      failure ??= error;
    }
  }
  if (failure !== undefined) throw failure;
  return finished;
}
