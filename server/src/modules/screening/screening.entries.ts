import { MESSAGES, type THobbyistRatingKind } from '@app/domain';
import type { Kysely, Transaction } from 'kysely';
import { requireAccess, RULES, type Permission } from '../../access/index.ts';
import { auditCreate, recordAudit } from '../../db/audit-log.ts';
import { lockRow } from '../../db/locks.ts';
import { deleteById, updateById } from '../../db/rows.ts';
import type { DB } from '../../db/schema.ts';
import { isAdmin, type Actor } from '../../http/auth.ts';
import { AppError, badRequest, notFound } from '../../http/errors.ts';
import { getWrittenItem, plainItem, scopedReads, type ScopedReads } from '../../http/items.ts';
import { findOne, type Item } from '../../http/strapi/find.ts';
import { filedReportAnswer, fileReportOnce, type FiledReportAnswer } from '../content/index.ts';
import { findRating, findRecordCounts, insertComment, insertRatingIfNone } from './screening.queries.ts';
import { HOBBYIST_RATING_RESOURCES, hobbyistCommentResource } from './screening.resources.ts';
import { countedReads, requireDailyAllowance } from './screening.access.ts';
import { withPhoneDigits } from './screening.service.ts';

/**
 * What providers say about a record: their ratings (like, average, dislike: one per provider and record)
 * and their comments. Each provider changes only their own, the admin removes anything (recorded in
 * `audit_log`); a new rating or comment counts towards the provider's daily allowance.
 */

// ---------------------------------------------------------------------------------------------
// Ratings (hobbyist-likes, -averages, -dislikes)

const RATING_PERMISSION = {
  like: { read: 'hobbyistLike.read', update: 'hobbyistLike.update' },
  average: { read: 'hobbyistAverage.read', update: 'hobbyistAverage.update' },
  dislike: { read: 'hobbyistDislike.read', update: 'hobbyistDislike.update' },
} as const satisfies Record<THobbyistRatingKind, { read: Permission; update: Permission }>;

export interface RatingCounts {
  likes: number;
  averages: number;
  dislikes: number;
}
export interface RatingResult {
  data: Item;
  meta: { counts: RatingCounts };
}

/**
 * List and get of one kind (`hobbyist<Kind>.read`). Built when routes are registered, not while the
 * modules load.
 */
export const ratingReads = (kind: THobbyistRatingKind): ScopedReads => {
  const reads = countedReads(
    scopedReads(HOBBYIST_RATING_RESOURCES[kind], (actor) => RULES[RATING_PERMISSION[kind].read].see(actor)),
  );
  return { ...reads, list: (db, actor, q) => reads.list(db, actor, withPhoneDigits(reads.resource, q)) };
};

/** A rating's answer: the item and its record's three counters as they are now. */
async function withRatingCounts(db: Kysely<DB>, item: Item, recordId: number): Promise<RatingResult> {
  const c = (await findRecordCounts(db, [recordId], 0)).get(recordId)!;
  return {
    data: item,
    meta: { counts: { likes: c.likes_count, averages: c.averages_count, dislikes: c.dislikes_count } },
  };
}

const MAX_RATING_ATTEMPTS = 12;

/**
 * The access check of a write that names a record, as the first statements of its transaction: the
 * record's row is locked, so it cannot be deleted between the check and the insert (which would break
 * the foreign key: a 500); a record deleted before is the check's 404.
 */
async function requireRecordInTransaction(trx: Transaction<DB>, actor: Actor, recordId: number) {
  await lockRow(trx, 'customer_hobbyists', recordId);
  await requireAccess(trx, actor, 'customerHobbyist.read', [recordId]);
}

/**
 * Gives the caller's rating `kind` to a record. In one transaction the caller's other rating of it
 * goes and the new one comes; holding `kind` already changes nothing. The unique key (record,
 * provider) settles parallel clicks: a losing insert does nothing and the attempt starts again from
 * what the winner left, so exactly one rating remains.
 */
export async function createRating(
  db: Kysely<DB>,
  actor: Actor,
  kind: THobbyistRatingKind,
  recordId: number,
): Promise<RatingResult> {
  const resource = HOBBYIST_RATING_RESOURCES[kind];
  for (let attempt = 0; attempt < MAX_RATING_ATTEMPTS; attempt++) {
    const result = await db.transaction().execute(async (trx) => {
      await requireRecordInTransaction(trx, actor, recordId);
      const held = await findRating(trx, actor.id, recordId);
      let id: number | undefined;
      if (held?.kind === kind) {
        id = held.id;
      } else {
        if (held) await deleteById(trx, 'hobbyist_ratings', held.id);
        id = await insertRatingIfNone(trx, { user_id: actor.id, customer_hobbyist_id: recordId, kind });
        if (id !== undefined) await auditCreate(trx, actor, `hobbyist-${kind}`, 'hobbyist_ratings', id);
      }
      // Read back in the transaction: a parallel request may replace the rating once this commits.
      const item =
        id === undefined ? undefined : await findOne(trx, resource, id, plainItem, { scope: null });
      return item && withRatingCounts(trx, item, recordId);
    });
    if (result) return result;
  }
  throw new AppError('ConflictError', MESSAGES.screening.ratingChanged);
}

/** The rating `id` of `kind` as the actor may change it (its provider, or the admin). */
async function requireOwnRating(db: Kysely<DB>, actor: Actor, kind: THobbyistRatingKind, id: number) {
  const [row] = await requireAccess(
    db,
    actor,
    RATING_PERMISSION[kind].update,
    [id],
    ['customer_hobbyist_id', 'user_id'],
  );
  return {
    item: await getWrittenItem(db, HOBBYIST_RATING_RESOURCES[kind], id),
    recordId: Number(row!.customer_hobbyist_id),
    userId: Number(row!.user_id),
  };
}

/** `PUT /:id`: nothing to edit (switching is a POST to the other path); checks access, answers it. */
export async function updateRating(db: Kysely<DB>, actor: Actor, kind: THobbyistRatingKind, id: number) {
  const { item, recordId } = await requireOwnRating(db, actor, kind, id);
  return withRatingCounts(db, item, recordId);
}

/** Removes a rating (its provider, or the admin: recorded); answers it as it was. */
export async function deleteRating(db: Kysely<DB>, actor: Actor, kind: THobbyistRatingKind, id: number) {
  const { item, recordId, userId } = await requireOwnRating(db, actor, kind, id);
  await db.transaction().execute(async (trx) => {
    const gone = await deleteById(trx, 'hobbyist_ratings', id);
    if (gone && isAdmin(actor)) {
      await recordAudit(trx, actor, 'screening.rating.remove', `hobbyist-${kind}:${id}`, {
        kind,
        customer_hobbyist: recordId,
        user_provider: userId,
      });
    }
  });
  return withRatingCounts(db, item, recordId);
}

// ---------------------------------------------------------------------------------------------
// Comments

export const commentReads = (): ScopedReads => {
  const reads = countedReads(
    scopedReads(hobbyistCommentResource, (actor) => RULES['hobbyistComment.read'].see(actor)),
  );
  return { ...reads, list: (db, actor, q) => reads.list(db, actor, withPhoneDigits(reads.resource, q)) };
};

/** A provider's comment on a record (trimmed by the schema); counts towards the daily allowance. */
export async function createComment(
  db: Kysely<DB>,
  actor: Actor,
  recordId: number,
  text: string,
): Promise<Item> {
  const id = await db.transaction().execute(async (trx) => {
    await requireRecordInTransaction(trx, actor, recordId);
    await requireDailyAllowance(trx, actor);
    const newId = await insertComment(trx, {
      user_id: actor.id,
      customer_hobbyist_id: recordId,
      hobbyist_comment: text,
    });
    await auditCreate(trx, actor, 'hobbyist-comment', 'hobbyist_comments', newId);
    return newId;
  });
  return getWrittenItem(db, hobbyistCommentResource, id);
}

/** Replaces a comment's text (its author, or the admin: recorded with the text it had). */
export async function updateComment(db: Kysely<DB>, actor: Actor, id: number, text: string): Promise<Item> {
  const [row] = await requireAccess(
    db,
    actor,
    'hobbyistComment.update',
    [id],
    ['hobbyist_comment', 'user_id'],
  );
  await db.transaction().execute(async (trx) => {
    if (!(await updateById(trx, 'hobbyist_comments', id, { hobbyist_comment: text }))) throw notFound();
    if (isAdmin(actor) && Number(row!.user_id) !== actor.id) {
      await recordAudit(trx, actor, 'screening.comment.update', `hobbyist-comment:${id}`, {
        user_provider: Number(row!.user_id),
        text: row!.hobbyist_comment,
        new_text: text,
      });
    }
  });
  return getWrittenItem(db, hobbyistCommentResource, id);
}

/** Deletes a comment (its author, or the admin: recorded with its text); answers it as it was. */
export async function deleteComment(db: Kysely<DB>, actor: Actor, id: number): Promise<Item> {
  const [row] = await requireAccess(
    db,
    actor,
    'hobbyistComment.update',
    [id],
    ['hobbyist_comment', 'user_id', 'customer_hobbyist_id'],
  );
  const item = await getWrittenItem(db, hobbyistCommentResource, id);
  await db.transaction().execute(async (trx) => {
    if (!(await deleteById(trx, 'hobbyist_comments', id))) throw notFound();
    if (isAdmin(actor)) {
      await recordAudit(trx, actor, 'screening.comment.remove', `hobbyist-comment:${id}`, {
        customer_hobbyist: Number(row!.customer_hobbyist_id),
        user_provider: Number(row!.user_id),
        text: row!.hobbyist_comment,
      });
    }
  });
  return item;
}

/**
 * `POST /api/hobbyist-comments/:id/flag`: another provider's comment goes to the admin's report queue
 * (`GET /api/reports`), about `hobbyist-comment:<id>`, with the comment's text. One report per
 * provider and comment: a repeat answers the report already filed. One's own comment is a 400.
 */
export async function flagComment(
  db: Kysely<DB>,
  actor: Actor,
  id: number,
  details: string | undefined,
): Promise<FiledReportAnswer> {
  const [row] = await requireAccess(db, actor, 'hobbyistComment.read', [id], ['hobbyist_comment', 'user_id']);
  if (Number(row!.user_id) === actor.id) throw badRequest(MESSAGES.screening.ownFlag);
  const report = await fileReportOnce(db, actor, {
    reason: 'Offensive or illegal content',
    details: [MESSAGES.screening.flagReason, details, `"${String(row!.hobbyist_comment)}"`]
      .filter(Boolean)
      .join('\n'),
    listing: `hobbyist-comment:${id}`,
    // The reported record, for the console's reports queue and link.
    subject: `hobbyist-comment:${id}`,
  });
  return filedReportAnswer(report);
}
