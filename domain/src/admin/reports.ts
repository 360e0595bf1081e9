import { z } from 'zod';
import { ADMIN_OPS_MESSAGES } from '../catalogue/admin-ops.ts';
import { PLACE_TYPES, type UserType } from '../constants.ts';
import { REPORT_STATUSES, type ReportStatus } from '../content/schemas.ts';
import { MESSAGES } from '../messages.ts';
import type { TScreeningReviewOutcome } from '../screening/reviews.ts';
import { ADMIN_PAGING, ZPagination } from '../paging.ts';

/**
 * The console's reports queue and dashboard: visitors' reports, providers'
 * screening flags (reports about `hobbyist-comment:<id>`), screening review requests and contact messages in one list, each with the
 * staff's state and note and a link to the reported record; and the dashboard's queue sizes and charts.
 */

/** What an entry of the reports queue is. */
export const ADMIN_REPORT_KINDS = ['report', 'flag', 'contact', 'review'] as const;
export type TAdminReportKind = (typeof ADMIN_REPORT_KINDS)[number];

/** The states as the console names them: New, In progress, Closed. */
export const ADMIN_REPORT_STATE_LABELS: Record<ReportStatus, string> = ADMIN_OPS_MESSAGES.adminReports.states;

/** `GET /api/admin/reports`: every kind unless one is asked; New and In progress unless a status is asked. */
export const ZAdminReportsQuery = z.object({
  kind: z.enum(ADMIN_REPORT_KINDS).optional(),
  status: z.enum(REPORT_STATUSES).optional(),
  pagination: ZPagination(ADMIN_PAGING),
});
export type TAdminReportsQuery = z.infer<typeof ZAdminReportsQuery>;

/** The kinds of record a report can name (`reports.subject` is `<type>:<id>`). */
export const REPORT_SUBJECT_TYPES = ['provider', 'vendor', 'hobbyist-comment', 'message'] as const;
export type TReportSubjectType = (typeof REPORT_SUBJECT_TYPES)[number];

/** Where the console links an entry: the reported record, or the page a reporter pasted. */
export interface TReportLink {
  type: TReportSubjectType | 'url';
  id: number | null;
  /** An ad or a place: its public page; a screening comment or a message: its author's page in the console. */
  url: string;
  /** An ad: its owner's page in the console. */
  ownerUrl?: string;
}

/** One entry of the reports queue. */
export interface TAdminReportItem {
  kind: TAdminReportKind;
  id: number;
  createdAt: string;
  status: ReportStatus;
  staff_note: string | null;
  /** The report's reason; `Screening flag`, `Contact message` or `Screening review request` for the other kinds. */
  reason: string;
  details: string | null;
  email: string | null;
  /** A contact message's sender name (null for reports). */
  name: string | null;
  reporter: { id: number; username: string } | null;
  link: TReportLink | null;
  handled_by: { id: number; username: string } | null;
  /** A screening review request: the number (digits) and the outcome sent, if any; null for other kinds. */
  review: { phone_number: string; outcome: TScreeningReviewOutcome | null } | null;
}

const MAX_ID = 2_147_483_647;
const idOf = (text: string | undefined): number | null => {
  if (!text || !/^\d{1,10}$/.test(text)) return null;
  const n = Number(text);
  return n >= 1 && n <= MAX_ID ? n : null;
};
const subject = (type: TReportSubjectType, text: string | undefined): string | null => {
  const id = idOf(text);
  return id === null ? null : `${type}:${id}`;
};

const VENUE_PATHS: readonly string[] = PLACE_TYPES.map((t) => t.type);
const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** The report form's prefill on a card: `Provider #12: Name`, `Place #3: Name`. */
const CARD_LISTING = new RegExp(
  `^(${escape(MESSAGES.card.reportListing)}|${escape(MESSAGES.venues.reportListing)}) #(\\d+)\\b`,
  'i',
);

/** The record a path of this site names: `/sextoy/3` (a place's page), `/ads/edit/12`, `/api/providers/12`. */
function subjectOfPath(pathname: string): string | null {
  const parts = pathname
    .split('/')
    .filter(Boolean)
    .map((p) => decodeURIComponent(p).toLowerCase());
  const [a, b, c] = parts;
  if (parts.length === 2 && a && VENUE_PATHS.includes(a)) return subject('vendor', b);
  if (parts.length === 2 && (a === 'provider' || a === 'providers')) return subject('provider', b);
  if (parts.length === 3 && b === 'edit' && a === 'ads') return subject('provider', c);
  if (parts.length === 3 && b === 'edit' && a === 'place') return subject('vendor', c);
  if (parts.length === 3 && a === 'api' && b === 'providers') return subject('provider', c);
  if (parts.length === 3 && a === 'api' && b === 'vendors') return subject('vendor', c);
  return null;
}

/**
 * The record a report's `listing` names, as `reports.subject` keeps it (`provider:12`, `vendor:3`,
 * `hobbyist-comment:5`), or null: the card's prefill (`Provider #12: Name`, `Place #3: Name`), a subject
 * written as such, a path of this site (`/sextoy/3`, `/ads/edit/12`) or a URL on one of `siteHosts` (the
 * site's host names; a URL of another site names nothing here). Pure: the server then checks the record
 * exists.
 */
export function reportSubjectOf(
  listing: string | null | undefined,
  siteHosts: readonly string[] = [],
): string | null {
  const text = (listing ?? '').trim();
  if (!text) return null;
  const written = /^(provider|vendor|hobbyist-comment):(\d+)$/i.exec(text);
  if (written) return subject(written[1]!.toLowerCase() as TReportSubjectType, written[2]);
  const card = CARD_LISTING.exec(text);
  if (card) {
    const isPlace = card[1]!.toLowerCase() === MESSAGES.venues.reportListing.toLowerCase();
    return subject(isPlace ? 'vendor' : 'provider', card[2]);
  }
  if (text.startsWith('/') && !text.startsWith('//')) {
    try {
      return subjectOfPath(new URL(text, 'http://site.invalid').pathname);
    } catch {
      return null;
    }
  }
  if (/^https?:\/\//i.test(text)) {
    try {
      const url = new URL(text);
      const hosts = siteHosts.map((h) => h.toLowerCase());
      return hosts.includes(url.hostname.toLowerCase()) ? subjectOfPath(url.pathname) : null;
    } catch {
      return null;
    }
  }
  return null;
}

/** `reports.subject` split: `provider:12` → `{ type: 'provider', id: 12 }`; null for anything else. */
export function parseReportSubject(
  value: string | null | undefined,
): { type: TReportSubjectType; id: number } | null {
  const m = /^(provider|vendor|hobbyist-comment|message):(\d+)$/.exec(value ?? '');
  if (!m) return null;
  const id = idOf(m[2]);
  return id === null ? null : { type: m[1] as TReportSubjectType, id };
}

/** A pasted link the console may show as is: an http(s) URL. */
export const isWebUrl = (text: string | null | undefined): boolean =>
  /^https?:\/\/\S+$/i.test((text ?? '').trim());

// ---------------------------------------------------------------------------------------------
// Dashboard

/** Verified and pending amounts of one source in one month, in dollars. */
export interface TRevenueAmounts {
  verified: number;
  pending: number;
}

/** `GET /api/admin/dashboard` `data`. */
export interface TAdminDashboard {
  /** The queues' sizes: pending ads and places, providers awaiting ID verification (with documents),
   * pending payments of the three kinds, New and In progress reports and contact messages. */
  queues: { ads: number; places: number; verifications: number; payments: number; reports: number };
  /** Sign-ups per week (Monday, `YYYY-MM-DD`, UTC) by account type: the last 12 weeks, oldest first. */
  signups: ({ week: string } & Record<UserType, number>)[];
  /** Revenue per month (`YYYY-MM`, UTC) by source: the last 12 months, oldest first. */
  revenue: {
    month: string;
    subscriptions: TRevenueAmounts;
    orders: TRevenueAmounts;
    tips: TRevenueAmounts;
  }[];
  /** Ads public at the end of each of the last 12 weeks (from the approval times of the ads public now). */
  public_ads: { week: string; count: number }[];
  /** The mail outbox: messages waiting to be sent (or retried) and messages given up (kept 30 days). */
  mail: { waiting: number; failed: number };
}

/** How many weeks and months the dashboard's charts show. */
export const DASHBOARD_WEEKS = 12;
export const DASHBOARD_MONTHS = 12;

/** The Monday (UTC, `YYYY-MM-DD`) of the week `weeksBack` weeks before `now`'s. */
export function mondayOf(now: Date, weeksBack = 0): string {
  const day = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
  const sinceMonday = (day.getUTCDay() + 6) % 7;
  day.setUTCDate(day.getUTCDate() - sinceMonday - 7 * weeksBack);
  return day.toISOString().slice(0, 10);
}

/** The month (`YYYY-MM`, UTC) `monthsBack` months before `now`'s. */
export function monthOf(now: Date, monthsBack = 0): string {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - monthsBack, 1))
    .toISOString()
    .slice(0, 7);
}
