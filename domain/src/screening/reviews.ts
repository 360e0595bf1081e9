import { z } from 'zod';
import { ZEmail } from '../accounts/schemas.ts';
import { REPORT_STATUSES, ZStaffNote, type ReportStatus } from '../content/schemas.ts';
import { MESSAGES } from '../messages.ts';
import { ZCustomerHobbyistRequest, type THobbyistRatingKind } from './schemas.ts';

const R = MESSAGES.screeningReview;

/**
 * Screening review requests: anyone asks the staff to review the entries about a phone number
 * (`POST /api/screening-reviews`); the request is an entry of the console's reports queue with the
 * number's entries beside it; the admin removes entries (the screening routes' own deletes, audited) and
 * sends the outcome, which closes the request and e-mails the requester.
 */

export const SCREENING_REVIEW_LIMITS = { disputeMin: 10, dispute: 2000, reply: 1000 } as const;

/** How many days a request is kept after its outcome was sent (the job `delete-old-screening-reviews`). */
export const SCREENING_REVIEW_RETENTION_DAYS = 365;

/**
 * What the staff decided, for their record: every entry removed, some, none, or the number had none. The
 * requester's mail says the same words whichever it is.
 */
export const SCREENING_REVIEW_OUTCOMES = ['removed', 'partly', 'kept', 'none'] as const;
export type TScreeningReviewOutcome = (typeof SCREENING_REVIEW_OUTCOMES)[number];

/** `POST /api/screening-reviews` `data`: the number (stored as its digits), the dispute, a contact address. */
export const ZScreeningReviewRequest = z.object({
  phone_number: ZCustomerHobbyistRequest.shape.phone_number,
  dispute: z
    .string({ error: R.disputeRequired })
    .trim()
    .min(1, R.disputeRequired)
    .min(SCREENING_REVIEW_LIMITS.disputeMin, R.disputeTooShort)
    .max(SCREENING_REVIEW_LIMITS.dispute, R.disputeTooLong),
  email: ZEmail,
});
export type TScreeningReviewRequest = z.infer<typeof ZScreeningReviewRequest>;
/** The form's values before the schema reads the number as digits. */
export type TScreeningReviewForm = z.input<typeof ZScreeningReviewRequest>;

/**
 * `PUT /api/admin/screening-reviews/:id` `data`: New or In progress and/or the internal note, as a report's.
 * Closed comes only with the outcome (`POST …/:id/decision`), so the requester always hears it; once closed,
 * only the note changes.
 */
export const ZScreeningReviewUpdate = z
  .object({
    status: z
      .enum(REPORT_STATUSES)
      .refine((s) => s !== 'closed', R.closeWithOutcome)
      .optional(),
    staff_note: ZStaffNote,
  })
  .refine((v) => v.status !== undefined || v.staff_note !== undefined, {
    message: MESSAGES.adminReports.updateEmpty,
  });
export type TScreeningReviewUpdate = z.infer<typeof ZScreeningReviewUpdate>;

/**
 * `POST /api/admin/screening-reviews/:id/decision` `data`: the outcome and an optional note for the mail; a
 * request closed already is a 409.
 */
export const ZScreeningReviewDecision = z.object({
  outcome: z.enum(SCREENING_REVIEW_OUTCOMES, { error: R.outcomeRequired }),
  reply: z
    .string()
    .trim()
    .max(SCREENING_REVIEW_LIMITS.reply, R.replyTooLong)
    .optional()
    .transform((v) => v || undefined),
});
export type TScreeningReviewDecision = z.infer<typeof ZScreeningReviewDecision>;

/** A screening record the request's number names, with every entry on it, for the console. */
export interface TScreeningReviewRecord {
  id: number;
  phone_number: string;
  createdAt: string;
  ratings: { id: number; kind: THobbyistRatingKind; createdAt: string; author: TEntryAuthor }[];
  comments: { id: number; text: string; createdAt: string; author: TEntryAuthor }[];
}
/** The provider account that wrote an entry (null once deleted). */
type TEntryAuthor = { id: number; username: string } | null;

/** `GET /api/admin/screening-reviews/:id` `data`: the request and the entries beside it. */
export interface TScreeningReviewDetail {
  id: number;
  phone_number: string;
  dispute: string;
  email: string;
  status: ReportStatus;
  staff_note: string | null;
  outcome: TScreeningReviewOutcome | null;
  reply: string | null;
  decidedAt: string | null;
  /** When the outcome's mail was sent; null while undecided, or when it could not be sent. */
  mailedAt: string | null;
  createdAt: string;
  /** The records the number names, exact matches first, at most 20. */
  records: TScreeningReviewRecord[];
  /** More records match than `records` holds. */
  truncated: boolean;
}
