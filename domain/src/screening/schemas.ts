import { z } from 'zod';
import { ZId } from '../ids.ts';
import { MESSAGES } from '../messages.ts';
import { ADMIN_PAGING, ZPagination } from '../paging.ts';

const S = MESSAGES.screening;

/** Screening limits: phone digits, comment length, entries and reads per account, page sizes. */
export const SCREENING_LIMITS = {
  phoneMinDigits: 4,
  phoneMaxDigits: 15,
  comment: 1000,
  /** New numbers plus new comments a provider may add in 24 hours. */
  entriesPerDay: 30,
  /**
   * Screening reads (lists, records, ratings, comments) per account an hour: enough to look people up,
   * too few to copy the list.
   */
  readsPerHour: 300,
  /**
   * Screening rows (records, ratings, comments) one provider account may be answered in a UTC day,
   * counted in the database; a request answering no row counts as one. The operator may change it
   * (`screening_reads_per_day` in the console's Settings).
   */
  readsPerDay: 500,
  /** The largest page of any screening list (a larger `pagination[pageSize]` is clamped to it). */
  maxPageSize: 20,
  pageSize: 10,
} as const;

/** The three exclusive ratings and the paths they are served under (spec 001 §7 "Screening"). */
export const HOBBYIST_RATING_KINDS = ['like', 'average', 'dislike'] as const;
export type THobbyistRatingKind = (typeof HOBBYIST_RATING_KINDS)[number];
export const HOBBYIST_RATING_PATHS = {
  like: 'hobbyist-likes',
  average: 'hobbyist-averages',
  dislike: 'hobbyist-dislikes',
} as const;

/** A phone number as stored and searched: its digits only (`555-123-4567` → `5551234567`). */
export function phoneDigits(text: string): string {
  return text.replace(/\D+/g, '');
}

/** `POST /api/customer-hobbyists` `data`: stored as digits; 4-15 digits. */
export const ZCustomerHobbyistRequest = z.object({
  phone_number: z
    .string({ error: S.phoneRequired })
    .trim()
    .min(1, S.phoneRequired)
    .regex(/^[\d\s().+-]+$/, S.phoneInvalid)
    .transform(phoneDigits)
    .refine(
      (d) => d.length >= SCREENING_LIMITS.phoneMinDigits && d.length <= SCREENING_LIMITS.phoneMaxDigits,
      S.phoneInvalid,
    ),
});
export type TCustomerHobbyistRequest = z.infer<typeof ZCustomerHobbyistRequest>;

/** `POST /api/hobbyist-likes|averages|dislikes` `data`; `user_provider` comes from the token. */
export const ZHobbyistRatingRequest = z.object({ customer_hobbyist: ZId });
export type THobbyistRatingRequest = z.infer<typeof ZHobbyistRatingRequest>;

const commentText = z
  .string({ error: S.commentRequired })
  .trim()
  .min(1, S.commentRequired)
  .max(SCREENING_LIMITS.comment, S.commentTooLong);

/** `POST /api/hobbyist-comments` `data`; `user_provider` comes from the token. */
export const ZHobbyistCommentRequest = z.object({
  customer_hobbyist: ZId,
  hobbyist_comment: commentText,
});
export type THobbyistCommentRequest = z.infer<typeof ZHobbyistCommentRequest>;
/** `PUT /api/hobbyist-comments/:id` `data` (its author or the admin). */
export const ZHobbyistCommentUpdate = z.object({ hobbyist_comment: commentText });
export type THobbyistCommentUpdate = z.infer<typeof ZHobbyistCommentUpdate>;

/** `POST /api/hobbyist-comments/:id/flag` `data` (optional): why a provider flags another's comment. */
export const ZHobbyistCommentFlag = z.object({
  details: z.string().trim().max(1000, MESSAGES.validation.tooLong).optional(),
});
export type THobbyistCommentFlag = z.infer<typeof ZHobbyistCommentFlag>;

/** A screening record as `GET /api/customer-hobbyists` answers it. */
export interface CustomerHobbyistAttributes {
  phone_number: string;
  /** Counters of each rating kind and of comments. */
  likes_count: number;
  averages_count: number;
  dislikes_count: number;
  comments_count: number;
  /** The caller's own rating of this record, if any. */
  my_rating: THobbyistRatingKind | null;
  createdAt: string;
  updatedAt: string;
}

/** Why a provider is refused screening (the 403's `details.code`): the web shows its message. */
export const SCREENING_REFUSALS = ['verification_pending', 'verification_rejected', 'suspended'] as const;
export type TScreeningRefusal = (typeof SCREENING_REFUSALS)[number];

/** `GET /api/admin/screening-access`: provider accounts, most read in the last 7 days first. */
export const ZScreeningAccessQuery = z.object({
  pagination: ZPagination(ADMIN_PAGING),
  q: z.string().trim().max(100).optional(),
});
export type TScreeningAccessQuery = z.infer<typeof ZScreeningAccessQuery>;

/** `PUT /api/admin/screening-access/:id` `data`: the admin suspends or restores an account's screening. */
export const ZScreeningAccessUpdate = z.object({ suspended: z.boolean({ error: S.suspendedRequired }) });
export type TScreeningAccessUpdate = z.infer<typeof ZScreeningAccessUpdate>;

/** One provider account on the console's Screening access page. */
export interface TScreeningAccessItem {
  id: number;
  username: string;
  verification: 'pending' | 'verified' | 'rejected' | null;
  is_active: boolean;
  /** Screening rows answered today (UTC) and over the last 7 days, today included. */
  reads_today: number;
  reads_7_days: number;
  /** When the admin suspended the account's screening; null while it is allowed. */
  suspended_at: string | null;
}
