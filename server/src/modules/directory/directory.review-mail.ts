import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import type { Mailer } from '../../mail/mailer.ts';

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
  const owner = await db.selectFrom('users').select('email').where('id', '=', ownerId).executeTakeFirst();
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
