import { z } from 'zod';
import { USER_TYPES } from '../constants.ts';
import { MESSAGES } from '../messages.ts';
import { ADMIN_PAGING, ZPagination } from '../paging.ts';

/**
 * ID verification of providers: a new provider is `pending` until an admin, having
 * looked at the ID documents, marks the account `verified` or `rejected` (with a reason). Accounts of other
 * types carry no state (null). An ad is approved only while its provider is verified.
 */
export const VERIFICATION_STATES = ['pending', 'verified', 'rejected'] as const;
export type TVerificationState = (typeof VERIFICATION_STATES)[number];

/** What an admin decides. */
const VERIFICATION_DECISIONS = ['verified', 'rejected'] as const;
export type TVerificationDecisionState = (typeof VERIFICATION_DECISIONS)[number];

/** A decision's reason: required (3-500 characters) when rejecting, optional (a note) when verifying. */
export const VERIFICATION_REASON = { min: 3, max: 500 } as const;

/** Age in whole years on `now` for a `YYYY-MM-DD` date of birth. */
export function ageOn(dob: string, now: Date = new Date()): number {
  const [y, m, d] = dob.split('-').map(Number) as [number, number, number];
  let age = now.getUTCFullYear() - y;
  if (now.getUTCMonth() + 1 < m || (now.getUTCMonth() + 1 === m && now.getUTCDate() < d)) age -= 1;
  return age;
}

/** Age in whole years on `now`, or null when the date of birth is missing or not a `YYYY-MM-DD` date. */
export function ageOrNull(dob: string | null | undefined, now: Date = new Date()): number | null {
  if (!dob || !/^\d{4}-\d{2}-\d{2}$/.test(dob) || Number.isNaN(Date.parse(`${dob}T00:00:00Z`))) return null;
  return ageOn(dob, now);
}

const M = MESSAGES.verification;

/** The decision's fields as `PUT /api/users/:id` reads them (flat). */
export const verificationFields = {
  verification: z.enum(VERIFICATION_DECISIONS),
  verification_reason: z.string().trim().max(VERIFICATION_REASON.max, M.reasonTooLong),
};

/**
 * The reason rule shared by the console's form and `PUT /api/users/:id`: a rejection needs a reason of 3 to
 * 500 characters; a reason given with a verification is a note, at least 3 characters too.
 */
export function checkVerificationReason(
  value: { verification?: TVerificationDecisionState | undefined; verification_reason?: string | undefined },
  ctx: z.RefinementCtx,
): void {
  const length = value.verification_reason?.length ?? 0;
  const missing = value.verification === 'rejected' && length < VERIFICATION_REASON.min;
  const tooShort = length > 0 && length < VERIFICATION_REASON.min;
  if (missing || tooShort)
    ctx.addIssue({ code: 'custom', message: M.reasonRequired, path: ['verification_reason'] });
}

/**
 * The decision as the console's form sends it (Mark verified, or Reject with a reason) and as
 * `PUT /api/users/:id` checks it (`ZUserUpdateRequest` takes these fields and this rule).
 */
export const ZVerificationDecision = z
  .object({
    verification: verificationFields.verification,
    verification_reason: verificationFields.verification_reason.optional(),
  })
  .superRefine(checkVerificationReason);
export type TVerificationDecision = z.infer<typeof ZVerificationDecision>;

/**
 * `POST /api/admin/verifications/:id/ask-again`: the admin asks a provider for the ID documents again, with
 * an optional note (3-500 characters) mailed to them (decision 0034).
 */
export const ZVerificationAskAgain = z
  .object({ verification_reason: verificationFields.verification_reason.optional() })
  .superRefine(checkVerificationReason);
export type TVerificationAskAgain = z.infer<typeof ZVerificationAskAgain>;

/** How far ahead an admin may hold an account's ID documents (a legal hold), in years. */
export const DOCUMENTS_HOLD_MAX_YEARS = 5;

/** Today as `YYYY-MM-DD` (UTC). */
function isoDay(now: Date): string {
  return now.toISOString().slice(0, 10);
}

/**
 * Whether `day` (`YYYY-MM-DD`) is a hold an admin may set on `now`: today or later, at most
 * `DOCUMENTS_HOLD_MAX_YEARS` years ahead.
 */
export function isDocumentsHoldAllowed(day: string, now: Date = new Date()): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) return false;
  const date = new Date(`${day}T00:00:00Z`);
  if (Number.isNaN(date.getTime()) || isoDay(date) !== day) return false;
  const latest = new Date(`${isoDay(now)}T00:00:00Z`);
  latest.setUTCFullYear(latest.getUTCFullYear() + DOCUMENTS_HOLD_MAX_YEARS);
  return day >= isoDay(now) && date.getTime() <= latest.getTime();
}

/**
 * A legal hold on an account's ID documents (`PUT /api/users/:id`, admin only): a day (`YYYY-MM-DD`) from
 * today up to five years ahead until which the retention job keeps them, or null to lift the hold.
 */
export const ZDocumentsHold = z
  .string()
  .trim()
  .refine((day) => isDocumentsHoldAllowed(day), M.holdInvalid)
  .nullable();

/** Whether a hold (`YYYY-MM-DD`, or null) keeps the documents on `now`: its day is today or later. */
export function isDocumentsHeld(holdUntil: string | null | undefined, now: Date = new Date()): boolean {
  return !!holdUntil && holdUntil >= isoDay(now);
}

/** The paging of the console's lists (`pagination[page]`, `pagination[pageSize]`). */
const ZAdminPaging = z.object({ pagination: ZPagination(ADMIN_PAGING) });

/** `GET /api/admin/verifications`: pending first by default, oldest first. */
export const ZVerificationsQuery = ZAdminPaging.extend({
  state: z.enum(VERIFICATION_STATES).default('pending'),
  q: z.string().trim().max(100).optional(),
});
export type TVerificationsQuery = z.infer<typeof ZVerificationsQuery>;

/** The account types the console filters by: the three of the spec, and `admin`. */
export const ADMIN_USER_TYPES = [...USER_TYPES, 'admin'] as const;

/** `GET /api/admin/users`: newest first. */
export const ZAdminUsersQuery = ZAdminPaging.extend({
  q: z.string().trim().max(100).optional(),
  type: z.enum(ADMIN_USER_TYPES).optional(),
  status: z.enum(['active', 'blocked']).optional(),
  verification: z.enum(VERIFICATION_STATES).optional(),
});
export type TAdminUsersQuery = z.infer<typeof ZAdminUsersQuery>;

/** One document of a provider awaiting (or past) a decision; the bytes are at `/api/upload/files/:id/content`. */
export interface TVerificationDocument {
  id: number;
  name: string;
  mime: string;
  size: number;
  createdAt: string;
}

/** One recorded decision (kept after the documents are deleted). */
interface TVerificationDecisionRecord {
  decision: TVerificationDecisionState;
  reason: string | null;
  document_kinds: string;
  decided_at: string;
  decided_by: { id: number; username: string } | null;
  documents_deleted_at: string | null;
}

/** An item of `GET /api/admin/verifications`. */
export interface TVerificationItem {
  id: number;
  username: string;
  email: string;
  first_name: string | null;
  last_name: string | null;
  dob: string | null;
  age: number | null;
  phone_number: string | null;
  city: string | null;
  createdAt: string;
  verification: TVerificationState | null;
  verification_reason: string | null;
  verified_at: string | null;
  documents: TVerificationDocument[];
  documents_deleted_at: string | null;
  /** A legal hold on the documents: kept until this day (`YYYY-MM-DD`), or null. */
  documents_hold_until: string | null;
  decisions: TVerificationDecisionRecord[];
}

/** An item of `GET /api/admin/users`. */
export interface TAdminUserItem {
  id: number;
  username: string;
  email: string;
  first_name: string | null;
  last_name: string | null;
  phone_number: string | null;
  user_type: (typeof USER_TYPES)[number] | null;
  role: 'authenticated' | 'admin';
  is_active: boolean;
  verification: TVerificationState | null;
  two_factor_enabled: boolean;
  /** When the account was deleted (it stays as "deleted account"), or null. */
  deleted_at: string | null;
  createdAt: string;
}

/** `GET /api/admin/users/:id` `data`: the account's page in the console. */
export interface TAdminUserDetail {
  user: TAdminUserItem & {
    dob: string | null;
    city: string | null;
    verification_reason: string | null;
    verified_at: string | null;
    /** A legal hold on the ID documents: kept until this day (`YYYY-MM-DD`), or null. */
    documents_hold_until: string | null;
  };
  ads: { id: number; name: string; city: string; review: string; isShowed: boolean; createdAt: string }[];
  places: { id: number; name: string; review: string; createdAt: string }[];
  products: { id: number; name: string; price: number; archived: boolean }[];
  orders: { id: number; status: string; payment_status: string; total: number; createdAt: string }[];
  payments: {
    kind: 'subscription' | 'order' | 'tip';
    id: number;
    createdAt: string;
    amount: number;
    transaction_id: string | null;
    status: string;
    description: string;
  }[];
  reports: {
    id: number;
    createdAt: string;
    status: string;
    reason: string;
    details: string | null;
    staff_note: string | null;
    /** The reported record (`provider:12`, `vendor:3`, `hobbyist-comment:5`) when known. */
    subject: string | null;
    listing: string | null;
  }[];
  subscriptions: {
    id: number;
    package: string;
    start_date: string;
    end_date: string;
    payment_status: string;
    extra_ads: number;
  }[];
  audit: {
    id: number;
    createdAt: string;
    action: string;
    subject: string;
    actor: { id: number; username: string } | null;
    details: string | null;
  }[];
}
