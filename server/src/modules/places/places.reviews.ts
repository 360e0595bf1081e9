import { MESSAGES, type TVenueReviewRequest, type TVenueReviewUpdate } from '@app/domain';
import { requireAccess, RULES } from '../../access/index.ts';
import { auditChange } from '../../db/audit-log.ts';
import { lockRow } from '../../db/locks.ts';
import type { Actor } from '../../http/auth.ts';
import { AppError, notFound } from '../../http/errors.ts';
import { getWrittenItem, scopedReads, type ScopedReads } from '../../http/items.ts';
import type { Item } from '../../http/strapi/find.ts';
import {
  deleteReview,
  findReviewBy,
  insertReviewIfNone,
  recountPlaceRating,
  updateReview,
} from './places.queries.ts';
import { venueReviewResource } from './places.resources.ts';
import type { PlacesContext } from './places.service.ts';

/** Hobbyists' reviews of places, each recounting its place's rating. */

const REVIEW_NOT_FOUND = RULES['placeReview.read'].missing;

/** List and get of reviews: those on public places for anyone, one's own anywhere; the admin all. */
export const reviewReads = (): ScopedReads =>
  scopedReads(venueReviewResource, (actor) => RULES['placeReview.read'].see(actor));

/**
 * The first statement of every review write's transaction: the place's row is locked, so parallel
 * review writes on one place run one after the other and each recount reads every review committed
 * before it (PostgreSQL's read committed would otherwise let a waiting recount keep its old snapshot
 * and lose the other's review); a place deleted meanwhile cascades its reviews away.
 */
const lockPlace = (trx: Parameters<typeof lockRow>[0], placeId: number) => lockRow(trx, 'places', placeId);

/**
 * `POST /api/vendor-reviews`: a hobbyist's review of a public place (the route lets hobbyists only
 * through). One per hobbyist and place: the unique key settles parallel posts, the loser is a 409.
 * The place is checked after its lock, in the transaction, so it cannot go between the check and the
 * insert; the place's rating, count and newest review time are recounted in the same transaction.
 */
export async function createReview(
  p: PlacesContext,
  actor: Actor,
  input: TVenueReviewRequest,
): Promise<Item> {
  const alreadyReviewed = () => new AppError('ConflictError', MESSAGES.venueReviews.alreadyReviewed);
  const id = await p.db
    .transaction()
    .execute(async (trx) => {
      await lockPlace(trx, input.vendor);
      await requireAccess(trx, actor, 'place.engage', [input.vendor]);
      const created = await insertReviewIfNone(trx, {
        place_id: input.vendor,
        user_id: actor.id,
        rating: input.rating,
        review: input.review,
      });
      if (created === undefined) throw alreadyReviewed();
      await recountPlaceRating(trx, input.vendor);
      return created;
    })
    .catch(async (err: unknown) => {
      if (err instanceof AppError) throw err;
      // A unique violation the insert did not absorb (an engine's race): the review exists now.
      const held = await findReviewBy(p.db, input.vendor, actor.id);
      throw held !== undefined ? alreadyReviewed() : err;
    });
  return getWrittenItem(p.db, venueReviewResource, id);
}

/** An admin's change to a hobbyist's review, for the audit log; none for the author's own. */
const reviewAudit = (actor: Actor, action: string, id: number) =>
  auditChange(actor, action, `vendor-review:${id}`, 'place_reviews', id);

/** `PUT /api/vendor-reviews/:id`: the author or the admin; the place's rating is recounted. */
export async function updateVenueReview(
  p: PlacesContext,
  actor: Actor,
  id: number,
  input: TVenueReviewUpdate,
): Promise<Item> {
  const [row] = await requireAccess(p.db, actor, 'placeReview.update', [id], ['place_id']);
  const audit = reviewAudit(actor, 'vendor-review.update', id);
  await p.db.transaction().execute(async (trx) => {
    await lockPlace(trx, Number(row!.place_id));
    await audit?.before(trx);
    if (!(await updateReview(trx, id, input))) throw notFound(REVIEW_NOT_FOUND);
    await recountPlaceRating(trx, Number(row!.place_id));
    await audit?.after(trx);
  });
  return getWrittenItem(p.db, venueReviewResource, id);
}

/** `DELETE /api/vendor-reviews/:id`: the author or the admin; answers the review as it was. */
export async function deleteVenueReview(p: PlacesContext, actor: Actor, id: number): Promise<Item> {
  const [row] = await requireAccess(p.db, actor, 'placeReview.update', [id], ['place_id']);
  const item = await getWrittenItem(p.db, venueReviewResource, id);
  const audit = reviewAudit(actor, 'vendor-review.delete', id);
  await p.db.transaction().execute(async (trx) => {
    await lockPlace(trx, Number(row!.place_id));
    await audit?.before(trx);
    if (!(await deleteReview(trx, id))) throw notFound(REVIEW_NOT_FOUND);
    await recountPlaceRating(trx, Number(row!.place_id));
    await audit?.after(trx);
  });
  return item;
}
