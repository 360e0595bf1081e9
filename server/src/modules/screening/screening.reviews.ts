import {
  fillTemplate,
  MESSAGES,
  SCREENING_REVIEW_RETENTION_DAYS,
  type ReportStatus,
  type TScreeningReviewDecision,
  type TScreeningReviewDetail,
  type TScreeningReviewOutcome,
  type TScreeningReviewRequest,
  type TScreeningReviewUpdate,
} from '@app/domain';
import type { Kysely } from 'kysely';
import { recordAudit } from '../../db/audit-log.ts';
import type { DB } from '../../db/schema.ts';
import type { Actor } from '../../http/auth.ts';
import { AppError, notFound } from '../../http/errors.ts';
import type { Mailer } from '../../mail/mailer.ts';
import {
  deleteReviewsDecidedBefore,
  findEntriesOf,
  REVIEW_RECORDS_MAX,
  findRecordsMatching,
  findReview,
  insertReview,
  lockReview,
  markReviewMailed,
  updateReview,
} from './screening.reviews.queries.ts';

/**
 * Screening review requests. Anyone asks for a review of the entries about a phone number; the answer says
 * only that the request was received (never whether the number has entries). The admin reads the request
 * with the entries beside it (`GET /api/admin/screening-reviews/:id`), removes entries through the screening
 * routes' own deletes (each recorded in the audit log), and sends the outcome, which closes the request and
 * e-mails the requester the same words whatever it is, with the staff's note: never whether the number had
 * entries, an entry's text or a provider's name.
 */

const R = MESSAGES.screeningReview;
const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * `POST /api/screening-reviews`: stores the request; answers its number only. Not recorded in the audit log,
 * even when an admin sends one: it is anyone's request, and the log would keep its number and address forever.
 */
export async function requestReview(db: Kysely<DB>, data: TScreeningReviewRequest): Promise<{ id: number }> {
  const id = await insertReview(db, {
    phone_number: data.phone_number,
    dispute: data.dispute,
    email: data.email,
  });
  return { id };
}

/** `GET /api/admin/screening-reviews/:id`: the request and every entry on the records its number names. */
export async function getReview(db: Kysely<DB>, id: number): Promise<TScreeningReviewDetail> {
  const row = await findReview(db, id);
  if (!row) throw notFound(R.notFound);
  const matching = await findRecordsMatching(db, row.phone_number);
  const records = matching.slice(0, REVIEW_RECORDS_MAX);
  const { ratings, comments } = await findEntriesOf(
    db,
    records.map((r) => Number(r.id)),
  );
  const author = (userId: number | null, username: string | null) =>
    userId === null || username === null ? null : { id: Number(userId), username };
  return {
    id: Number(row.id),
    phone_number: row.phone_number,
    dispute: row.dispute,
    email: row.email,
    status: row.status as ReportStatus,
    staff_note: row.staff_note,
    outcome: row.outcome,
    reply: row.reply,
    decidedAt: row.decided_at,
    mailedAt: row.mailed_at,
    createdAt: row.created_at,
    truncated: matching.length > records.length,
    records: records.map((record) => {
      const recordId = Number(record.id);
      return {
        id: recordId,
        phone_number: record.phone_number,
        createdAt: record.created_at,
        ratings: ratings
          .filter((r) => Number(r.customer_hobbyist_id) === recordId)
          .map((r) => ({
            id: Number(r.id),
            kind: r.kind,
            createdAt: r.created_at,
            author: author(r.user_id, r.username),
          })),
        comments: comments
          .filter((c) => Number(c.customer_hobbyist_id) === recordId)
          .map((c) => ({
            id: Number(c.id),
            text: c.hobbyist_comment,
            createdAt: c.created_at,
            author: author(c.user_id, c.username),
          })),
      };
    }),
  };
}

/** What a change of the request's handling answers. */
export interface ReviewHandling {
  id: number;
  status: ReportStatus;
  staff_note: string | null;
  outcome: TScreeningReviewOutcome | null;
}

/**
 * `PUT /api/admin/screening-reviews/:id`: New or In progress and/or the internal note (Closed only comes with
 * the outcome, and a closed request keeps its state: a 409); the admin becomes its handler; recorded with the
 * handling before and after.
 */
export async function updateReviewHandling(
  db: Kysely<DB>,
  actor: Actor,
  id: number,
  data: TScreeningReviewUpdate,
): Promise<ReviewHandling> {
  return db.transaction().execute(async (trx) => {
    const row = await lockReview(trx, id);
    if (!row) throw notFound(R.notFound);
    if (row.status === 'closed' && data.status !== undefined)
      throw new AppError('ConflictError', R.alreadyDecided);
    const changes = {
      ...(data.status !== undefined ? { status: data.status } : {}),
      ...(data.staff_note !== undefined ? { staff_note: data.staff_note } : {}),
    };
    await updateReview(trx, id, { ...changes, handled_by: actor.id });
    const before = { status: row.status as ReportStatus, staff_note: row.staff_note };
    const after = { ...before, ...changes };
    await recordAudit(trx, actor, 'screening-review.update', `screening-review:${id}`, null, {
      before,
      after,
    });
    return { id, ...after, outcome: row.outcome };
  });
}

/**
 * The outcome mail: the same words whatever the staff decided (the requester may not own the number, so the
 * mail must not tell whether it had entries), the staff's note if any, and where to ask more.
 */
function outcomeMail(publicUrl: string, id: number, reply: string | undefined) {
  const parts: string[] = [R.mailBody];
  if (reply) parts.push(`${R.mailNote}\n${reply}`);
  parts.push(fillTemplate(R.mailFooter, { link: `${publicUrl}/contactus` }));
  return { subject: fillTemplate(R.mailSubject, { id }), text: parts.join('\n\n') };
}

/**
 * `POST /api/admin/screening-reviews/:id/decision`: closes the request with its outcome (recorded, with the
 * records its number names at that moment), then e-mails the requester and notes when (`mailed_at`). A request
 * closed already is a 409, so a requester hears once. A failed send does not undo the decision: the answer says
 * so (`mailed: false`) and the console keeps asking the admin to write themselves.
 */
export async function decideReview(
  db: Kysely<DB>,
  mailer: Mailer,
  publicUrl: string,
  actor: Actor,
  id: number,
  decision: TScreeningReviewDecision,
): Promise<ReviewHandling & { mailed: boolean }> {
  const row = await db.transaction().execute(async (trx) => {
    const found = await lockReview(trx, id);
    if (!found) throw notFound(R.notFound);
    if (found.status === 'closed') throw new AppError('ConflictError', R.alreadyDecided);
    const records = await findRecordsMatching(trx, found.phone_number);
    await updateReview(trx, id, {
      status: 'closed',
      outcome: decision.outcome,
      reply: decision.reply ?? null,
      handled_by: actor.id,
      decided_at: new Date().toISOString(),
    });
    await recordAudit(
      trx,
      actor,
      'screening-review.decide',
      `screening-review:${id}`,
      { records_left: records.map((r) => Number(r.id)) },
      {
        before: { status: found.status, outcome: found.outcome },
        after: { status: 'closed', outcome: decision.outcome, reply: decision.reply ?? null },
      },
    );
    return found;
  });
  const mailed = await mailer
    .send({ to: row.email, ...outcomeMail(publicUrl, id, decision.reply) })
    .then(() => true)
    .catch(() => false);
  if (mailed) await markReviewMailed(db, id, new Date().toISOString());
  return { id, status: 'closed', staff_note: row.staff_note, outcome: decision.outcome, mailed };
}

/**
 * The daily job `delete-old-screening-reviews`: requests whose outcome was sent more than
 * `SCREENING_REVIEW_RETENTION_DAYS` ago (they hold a phone number and an address). Answers how many.
 */
export async function deleteOldScreeningReviews(db: Kysely<DB>, now = new Date()): Promise<number> {
  const before = new Date(now.getTime() - SCREENING_REVIEW_RETENTION_DAYS * DAY_MS).toISOString();
  return db.transaction().execute(async (trx) => {
    const deleted = await deleteReviewsDecidedBefore(trx, before);
    if (deleted > 0)
      await recordAudit(trx, null, 'screening-reviews.retention-deleted', 'screening-review', {
        deleted,
        before,
      });
    return deleted;
  });
}
