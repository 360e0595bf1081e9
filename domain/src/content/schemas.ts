import { z } from 'zod';
import { ZEmailAddress } from '../accounts/schemas.ts';
import { MESSAGES } from '../messages.ts';

const V = MESSAGES.validation;

/** Why a visitor reports a listing or a concern (Report Trafficking page and each card's Report action). */
export const REPORT_REASONS = [
  'Suspected trafficking or exploitation',
  'Person may be under 18',
  'Spam or scam',
  'Offensive or illegal content',
  'Other',
] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];

/** Where a report stands in the staff's review. New reports are `open`. */
export const REPORT_STATUSES = ['open', 'reviewed', 'closed'] as const;
export type ReportStatus = (typeof REPORT_STATUSES)[number];

export const REPORT_LIMITS = { details: 1000, listing: 200, email: 160 } as const;

/** An optional text field: trimmed, empty means "not given". */
const optionalText = (max: number) => z.string().trim().max(max, V.tooLong).optional();

/** `POST /api/reports` `data`, and the report form: only the reason is required. */
export const ZReportRequest = z.object({
  reason: z.enum(REPORT_REASONS, { error: MESSAGES.report.reasonRequired }),
  details: optionalText(REPORT_LIMITS.details),
  /** A listing's URL or id, when the report is about one. */
  listing: optionalText(REPORT_LIMITS.listing),
  /** Only when the reporter wants a reply; empty is allowed. */
  email: z
    .string()
    .trim()
    .max(REPORT_LIMITS.email, V.emailTooLong)
    .refine((s) => s === '' || ZEmailAddress.safeParse(s).success, V.emailInvalid)
    .optional(),
});
export type TReportRequest = z.infer<typeof ZReportRequest>;

/** The staff's internal note on a report or a contact message: empty clears it. */
export const STAFF_NOTE_MAX = 2000;

/**
 * The staff's handling of a report or a contact message (admin): the status (New `open`, In progress
 * `reviewed`, Closed `closed`) and/or the internal note; at least one.
 */
/** The staff's internal note in an update: trimmed, empty clears it (null), left out keeps it. */
export const ZStaffNote = z
  .string()
  .trim()
  .max(STAFF_NOTE_MAX, MESSAGES.adminReports.staffNoteTooLong)
  .nullish()
  .transform((v) => (v ? v : v === undefined ? undefined : null));

const staffUpdate = z
  .object({
    status: z.enum(REPORT_STATUSES).optional(),
    staff_note: ZStaffNote,
  })
  .refine((v) => v.status !== undefined || v.staff_note !== undefined, {
    message: MESSAGES.adminReports.updateEmpty,
  });

/** `PUT /api/reports/:id` `data` (admin): the review status and/or the internal note. */
export const ZReportUpdate = staffUpdate;
export type TReportUpdate = z.infer<typeof ZReportUpdate>;

/** `PUT /api/contact-messages/:id` `data` (admin): the same as a report's. */
export const ZContactMessageUpdate = staffUpdate;
export type TContactMessageUpdate = z.infer<typeof ZContactMessageUpdate>;
