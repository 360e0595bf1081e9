import type { TReviewState } from '@app/domain';
import type { Kysely, Transaction } from 'kysely';
import { recordAudit, type AuditActor } from '../../db/audit-log.ts';
import { nowIso } from '../../db/dialect.ts';
import type { DB } from '../../db/schema.ts';
import { AppError, dataFieldError } from '../../http/errors.ts';
import type { Item } from '../../http/strapi/find.ts';
import type { Mailer } from '../../mail/mailer.ts';
import { findOwner } from './moderation.review.queries.ts';

/**
 * The review before publication shared by ads and places: the columns of the admin's decision, its audit
 * record and the owner's mail. Both tables carry `review_state`, `is_showed`, `review_reason` and
 * `reviewed_at`. The directory and the places decide with these; the moderation's revisions tell the owner
 * with them too.
 */
export interface ReviewColumns {
  review_state: TReviewState;
  is_showed: number;
  review_reason: string | null;
  reviewed_at: string | null;
}

/** What goes back to review: hidden until an admin approves it again. */
export const BACK_TO_REVIEW: ReviewColumns = {
  review_state: 'pending',
  is_showed: 0,
  review_reason: null,
  reviewed_at: null,
};

/**
 * The admin's decision as columns: `review` approved or rejected (a rejection needs a reason, else a 400
 * at `data.review_reason` with `reasonRequired`), or the seed client's `isShowed` (true approves, false
 * rejects). Undefined: no decision.
 */
export function reviewDecisionColumns(
  input: {
    review?: TReviewState | undefined;
    review_reason?: string | null | undefined;
    isShowed?: boolean | undefined;
  },
  reasonRequired: string,
): ReviewColumns | undefined {
  const review =
    input.review ?? (input.isShowed === undefined ? undefined : input.isShowed ? 'approved' : 'rejected');
  if (!review) return undefined;
  if (review === 'rejected' && input.review !== undefined && !input.review_reason) {
    throw dataFieldError('review_reason', reasonRequired);
  }
  if (review === 'pending') return BACK_TO_REVIEW;
  return {
    review_state: review,
    is_showed: review === 'approved' ? 1 : 0,
    review_reason: review === 'rejected' ? (input.review_reason ?? null) : null,
    reviewed_at: nowIso(),
  };
}

/**
 * An ad is approved only while its provider's ID is verified: a 409 with `message` otherwise.
 * The admin's own ads are exempt (an admin needs no ID check).
 */
export async function requireVerifiedOwner(db: Kysely<DB>, ownerId: number, message: string): Promise<void> {
  const owner = await findOwner(db, ownerId);
  if (owner && owner.role !== 'admin' && owner.verification !== 'verified') {
    throw new AppError('ConflictError', message);
  }
}

/**
 * Records an admin's review decision in the audit log, in the transaction that writes it:
 * `provider.approve` / `provider.reject` (`vendor.*` for places; a record sent back to review is `*.hide`),
 * subject `provider:<id>`, the review's state and reason before and after, and the fields the request sent.
 */
export async function recordReviewDecision(
  trx: Transaction<DB>,
  actor: AuditActor,
  record: { kind: 'provider' | 'vendor'; id: number },
  before: { review_state: unknown; review_reason: unknown },
  decision: ReviewColumns,
  sentFields: readonly string[],
): Promise<void> {
  const verb =
    decision.review_state === 'approved'
      ? 'approve'
      : decision.review_state === 'rejected'
        ? 'reject'
        : 'hide';
  await recordAudit(
    trx,
    actor,
    `${record.kind}.${verb}`,
    `${record.kind}:${record.id}`,
    { fields: [...sentFields].sort() },
    {
      before: { review: before.review_state, review_reason: before.review_reason ?? null },
      after: { review: decision.review_state, review_reason: decision.review_reason },
    },
  );
}

/** The texts of one kind of record's review mails (`MESSAGES.review` for ads, `.placeReview` for places). */
export interface ReviewMailTexts {
  mailApprovedSubject: string;
  mailApproved: string;
  mailRejectedSubject: string;
  mailRejected: string;
}

/** The admin's decision on a record under review, as written to its row. */
export interface ReviewDecision {
  review_state?: unknown;
  review_reason?: unknown;
}

/**
 * Tells a record's owner of the admin's decision (approved, or rejected with the reason) by e-mail,
 * naming the record `#<id>`. A decision back to pending sends nothing; a failure to send is not the
 * request's (the decision stands).
 */
export async function tellOwnerOfReview(
  db: Kysely<DB>,
  mailer: Mailer,
  texts: ReviewMailTexts,
  review: { ownerId: number; recordId: number; decision: ReviewDecision },
): Promise<void> {
  const { ownerId, recordId, decision } = review;
  if (decision.review_state === 'pending') return;
  const owner = await findOwner(db, ownerId);
  if (!owner) return;
  const approved = decision.review_state === 'approved';
  const reason = typeof decision.review_reason === 'string' ? decision.review_reason : '-';
  await mailer
    .send({
      to: owner.email,
      subject: approved ? texts.mailApprovedSubject : texts.mailRejectedSubject,
      text: approved
        ? `${texts.mailApproved}\n\n#${recordId}`
        : `${texts.mailRejected}\n\n${reason}\n\n#${recordId}`,
    })
    .catch(() => undefined);
}

/**
 * What the moderation needs of an area whose records it reviews (the directory's ads, the places): the record
 * as the admin reads it, and an approved revision applied to it. Those areas import this one, so `areas.ts`
 * passes their functions to the moderation's routes.
 */
export interface ReviewedRecords {
  /** The record as the admin's `GET …/:id?populate=*` answers it, or undefined when there is none. */
  read(db: Kysely<DB>, id: number): Promise<Item | undefined>;
  /** An approved revision's fields written to the record; false when the record is gone. */
  applyRevision(trx: Transaction<DB>, id: number, fields: Record<string, unknown>): Promise<boolean>;
}

/** The reviewed records by their type: ads (`provider`) and places (`vendor`). */
export type ReviewedAreas = Record<'provider' | 'vendor', ReviewedRecords>;
