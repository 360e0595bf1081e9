import {
  adPath,
  DASHBOARD_MONTHS,
  DASHBOARD_WEEKS,
  fromCents,
  MESSAGES,
  mondayOf,
  monthOf,
  orderPaymentDescription,
  parseReportSubject,
  hiddenTransactionIdCharacters,
  paymentIdFlags,
  reportSubjectOf,
  tipPaymentDescription,
  isWebUrl,
  USER_TYPES,
  type ReportStatus,
  type TAdminDashboard,
  type TAdminPaymentItem,
  type TAdminPaymentsQuery,
  type TAdminReportItem,
  type TAdminReportsQuery,
  type TReportLink,
} from '@app/domain';
import type { Kysely } from 'kysely';
import { recordAudit } from '../../db/audit-log.ts';
import type { DB } from '../../db/schema.ts';
import type { Actor } from '../../http/auth.ts';
import { AppError, notFound } from '../../http/errors.ts';
import type { Pagination } from '../../http/responses.ts';
import { paymentKey } from '../billing/index.ts';
import { sendAdBackToReview } from '../directory/index.ts';
import { BACK_TO_REVIEW, computeRiskSignals } from '../moderation/index.ts';
import { sendPlaceBackToReview } from '../places/index.ts';
import { updateReportHandling } from '../content/index.ts';
import {
  countPublicAdsByApprovalDay,
  countQueues,
  countSignupsByDay,
  sumRevenueByMonth,
} from './admin.dashboard.queries.ts';
import { countOutbox } from '../../mail/outbox.ts';
import { findPayments, findPaymentsByIdKeys, type PaymentRow } from './admin.payments.queries.ts';
import {
  findAdOwners,
  findCommentAuthors,
  findMessageAuthors,
  findPlaceTypes,
  findReports,
  lockReport,
  lockReviewed,
  type ReportRow,
} from './admin.reports.queries.ts';
import { pagedList } from '../../http/paging.ts';

/** A page of a console list, as the contract answers it. */
export interface AdminPage<T> {
  data: T[];
  meta: { pagination: Pagination };
}

// ---------------------------------------------------------------------------------------------
// Payments

function describePayment(row: PaymentRow): string {
  if (row.kind === 'subscription') return row.label ?? MESSAGES.payments.kinds.subscription;
  if (row.kind === 'order') return orderPaymentDescription(row.id, row.lines);
  return tipPaymentDescription(row.label);
}

/**
 * The page's rows with those sharing a key (look-alike ids) together: each after the first of its key, which
 * keeps its place (pending first, then newest).
 */
function groupByKey<T>(rows: readonly T[], keyOf: (row: T) => string): T[] {
  const groups = new Map<string, T[]>();
  const out: T[][] = [];
  for (const row of rows) {
    const key = keyOf(row);
    const group = key ? groups.get(key) : undefined;
    if (group) {
      group.push(row);
      continue;
    }
    const fresh = [row];
    if (key) groups.set(key, fresh);
    out.push(fresh);
  }
  return out.flat();
}

/**
 * `GET /api/admin/payments`: subscriptions, orders and tips paid by a transaction id, pending first, then
 * newest (the rows of one page sharing an id's key together), with the amount the server computed, the payer,
 * the id's characters outside the plain set and its flags (`paymentIdFlags`: malformed, or an id with the same
 * key, billing's `paymentKey`: the same id in another case or spacing, or a look-alike, on another payment,
 * found in one query per page). The search `q` also finds ids that look like it.
 */
export async function listPayments(
  db: Kysely<DB>,
  query: TAdminPaymentsQuery,
): Promise<AdminPage<TAdminPaymentItem>> {
  const { page, pageSize } = query.pagination;
  const filter = { ...query, qKey: query.q ? paymentKey(query.q) || undefined : undefined };
  const { rows, total } = await findPayments(db, filter, { offset: (page - 1) * pageSize, limit: pageSize });
  const keyOf = (row: PaymentRow) => row.transaction_key ?? '';
  const same = await findPaymentsByIdKeys(db, rows.map(keyOf).filter(Boolean));
  const groups = new Map<string, number>();
  const data = groupByKey(rows, keyOf).map((row): TAdminPaymentItem => {
    const key = keyOf(row);
    const others = key
      ? same
          .filter((o) => o.key === key && !(o.kind === row.kind && o.id === row.id))
          .map(({ kind, id }) => ({ kind, id }))
      : [];
    if (others.length && !groups.has(key)) groups.set(key, groups.size + 1);
    return {
      kind: row.kind,
      id: row.id,
      createdAt: row.created_at,
      payer:
        row.user_id === null || row.username === null
          ? null
          : { id: row.user_id, username: row.username, email: row.email ?? '' },
      amount: fromCents(row.amount),
      transaction_id: row.transaction_id,
      hidden_characters: hiddenTransactionIdCharacters(row.transaction_id),
      id_group: others.length ? groups.get(key)! : null,
      status: row.status,
      description: describePayment(row),
      flags: paymentIdFlags(row.transaction_id, others),
    };
  });
  return pagedList(data, query.pagination, total);
}

// ---------------------------------------------------------------------------------------------
// Reports

/** The record a report names: its stored subject, else what its listing names (reports filed before). */
const subjectOf = (row: { subject: string | null; listing: string | null }, siteHosts: readonly string[]) =>
  parseReportSubject(row.subject ?? reportSubjectOf(row.listing, siteHosts));

/**
 * The links of a page of entries, resolved in one query per kind of record: an ad links to its own page and
 * its owner's page in the console, a place to its public page, a screening comment or a message to its author's page, a
 * pasted http(s) URL to itself. A record deleted since has a link without a URL ('').
 */
async function resolveLinks(
  db: Kysely<DB>,
  rows: ReportRow[],
  siteHosts: readonly string[],
): Promise<(TReportLink | null)[]> {
  const subjects = rows.map((r) => subjectOf(r, siteHosts));
  const ids = (type: string) => subjects.filter((s) => s?.type === type).map((s) => s!.id);
  const [ads, places, comments, messages] = await Promise.all([
    findAdOwners(db, ids('provider')),
    findPlaceTypes(db, ids('vendor')),
    findCommentAuthors(db, ids('hobbyist-comment')),
    findMessageAuthors(db, ids('message')),
  ]);
  const adOf = new Map(ads.map((a) => [Number(a.id), a]));
  const placeType = new Map(places.map((p) => [Number(p.id), p.type]));
  const author = new Map(comments.map((c) => [Number(c.id), Number(c.user_id)]));
  const sender = new Map(messages.map((m) => [Number(m.id), Number(m.user_id)]));
  return rows.map((row, i) => {
    const s = subjects[i];
    if (!s) return isWebUrl(row.listing) ? { type: 'url', id: null, url: row.listing!.trim() } : null;
    if (s.type === 'provider') {
      const ad = adOf.get(s.id);
      return ad
        ? { type: s.type, id: s.id, url: adPath(s.id, ad), ownerUrl: `/admin/users/${ad.user_id}` }
        : { type: s.type, id: s.id, url: '' };
    }
    const authorOf = s.type === 'message' ? sender : author;
    const url =
      s.type === 'vendor'
        ? placeType.has(s.id)
          ? `/${placeType.get(s.id)}/${s.id}`
          : ''
        : authorOf.has(s.id)
          ? `/admin/users/${authorOf.get(s.id)}`
          : '';
    return { type: s.type, id: s.id, url };
  });
}

const REASON_OF = {
  flag: MESSAGES.adminReports.flagReason,
  contact: MESSAGES.adminReports.contactReason,
  review: MESSAGES.adminReports.reviewReason,
} as const;

/**
 * `GET /api/admin/reports`: visitors' reports, providers' screening flags, screening review requests and
 * contact messages in one list,
 * newest first (New and In progress unless a status is asked), each with its state, internal note, reporter,
 * handler and a link to the reported item.
 */
export async function listReports(
  db: Kysely<DB>,
  query: TAdminReportsQuery,
  siteHosts: readonly string[],
): Promise<AdminPage<TAdminReportItem>> {
  const { page, pageSize } = query.pagination;
  const statuses: ReportStatus[] = query.status ? [query.status] : ['open', 'reviewed'];
  const { rows, total } = await findReports(
    db,
    { kind: query.kind, statuses },
    { offset: (page - 1) * pageSize, limit: pageSize },
  );
  const links = await resolveLinks(db, rows, siteHosts);
  const data = rows.map((row, i): TAdminReportItem => ({
    kind: row.kind,
    id: row.id,
    createdAt: row.created_at,
    status: row.status,
    staff_note: row.staff_note,
    reason: row.kind === 'report' ? (row.reason ?? '') : REASON_OF[row.kind],
    details: row.details,
    email: row.email,
    name: row.name,
    reporter:
      row.reporter_id !== null && row.reporter_username !== null
        ? { id: row.reporter_id, username: row.reporter_username }
        : null,
    link: links[i] ?? null,
    handled_by:
      row.handled_by !== null && row.handler_username !== null
        ? { id: row.handled_by, username: row.handler_username }
        : null,
    review: row.kind === 'review' ? { phone_number: row.phone_number ?? '', outcome: row.outcome } : null,
  }));
  return pagedList(data, query.pagination, total);
}

/**
 * `POST /api/admin/reports/:id/hide`: the reported ad or place goes back to pending review (hidden until an
 * admin approves it again; its risk signals computed anew), the directory's caches rebuild, and the report
 * moves to In progress with this admin as its handler; one transaction, recorded as `report.hide` and as the
 * record's `provider.hide` / `vendor.hide` (review before and after). A report that names no ad or place (or
 * one deleted since) is a 409 `adminReports.nothingToHide`.
 */
export async function hideReported(
  db: Kysely<DB>,
  actor: Actor,
  id: number,
  siteHosts: readonly string[],
): Promise<{ id: number; status: ReportStatus; subject: string }> {
  return db.transaction().execute(async (trx) => {
    const report = await lockReport(trx, id);
    if (!report) throw notFound();
    const subject = subjectOf(report, siteHosts);
    const nothing = () => new AppError('ConflictError', MESSAGES.adminReports.nothingToHide);
    if (!subject || subject.type === 'hobbyist-comment' || subject.type === 'message') throw nothing();
    const table = subject.type === 'provider' ? 'providers' : 'places';
    const record = await lockReviewed(trx, table, subject.id);
    if (!record) throw nothing();
    await (subject.type === 'provider' ? sendAdBackToReview : sendPlaceBackToReview)(trx, subject.id);
    await computeRiskSignals(trx, { type: subject.type, id: subject.id });
    await updateReportHandling(trx, id, { status: 'reviewed', handled_by: actor.id });
    const named = `${subject.type}:${subject.id}`;
    await recordAudit(
      trx,
      actor,
      `${subject.type}.hide`,
      named,
      { report: id },
      {
        before: { review: record.review_state, review_reason: record.review_reason ?? null },
        after: { review: BACK_TO_REVIEW.review_state, review_reason: BACK_TO_REVIEW.review_reason },
      },
    );
    await recordAudit(
      trx,
      actor,
      'report.hide',
      `report:${id}`,
      { record: named },
      { before: { status: report.status }, after: { status: 'reviewed' } },
    );
    return { id, status: 'reviewed' as const, subject: named };
  });
}

// ---------------------------------------------------------------------------------------------
// Dashboard

const DAY_MS = 24 * 60 * 60 * 1000;
const addDays = (isoDay: string, days: number) =>
  new Date(Date.parse(`${isoDay}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);

/**
 * `GET /api/admin/dashboard`: the queues' sizes; sign-ups per week by account type (the last 12 weeks,
 * Mondays, oldest first, zero-filled); revenue per month by source, verified and pending apart (the last 12
 * months); and the ads public at the end of each of the last 12 weeks, approximated from the approval times
 * of the ads public now (an ad hidden since is not counted in the past either); the mail outbox's waiting and
 * failed messages. All in UTC.
 */
export async function getDashboard(db: Kysely<DB>, now = new Date()): Promise<TAdminDashboard> {
  const weeks = Array.from({ length: DASHBOARD_WEEKS }, (_, i) => mondayOf(now, DASHBOARD_WEEKS - 1 - i));
  const months = Array.from({ length: DASHBOARD_MONTHS }, (_, i) => monthOf(now, DASHBOARD_MONTHS - 1 - i));
  const [queues, signupDays, revenueRows, adDays, mail] = await Promise.all([
    countQueues(db),
    countSignupsByDay(db, `${weeks[0]}T00:00:00.000Z`),
    sumRevenueByMonth(db, `${months[0]}-01T00:00:00.000Z`),
    countPublicAdsByApprovalDay(db),
    countOutbox(db),
  ]);
  const signups = weeks.map((week) => {
    const end = addDays(week, 7);
    const inWeek = signupDays.filter((r) => r.day >= week && r.day < end);
    const counts = Object.fromEntries(
      USER_TYPES.map((type) => [
        type,
        inWeek.filter((r) => r.user_type === type).reduce((n, r) => n + r.n, 0),
      ]),
    ) as Record<(typeof USER_TYPES)[number], number>;
    return { week, ...counts };
  });
  const amounts = (source: 'subscriptions' | 'orders' | 'tips', month: string) => {
    const rows = revenueRows.filter((r) => r.source === source && r.month === month);
    const sum = (status: string) => rows.filter((r) => r.status === status).reduce((n, r) => n + r.cents, 0);
    return { verified: fromCents(sum('verified')), pending: fromCents(sum('pending')) };
  };
  const revenue = months.map((month) => ({
    month,
    subscriptions: amounts('subscriptions', month),
    orders: amounts('orders', month),
    tips: amounts('tips', month),
  }));
  const public_ads = weeks.map((week) => {
    const end = addDays(week, 7);
    return { week, count: adDays.filter((r) => r.day < end).reduce((n, r) => n + r.n, 0) };
  });
  return { queues, signups, revenue, public_ads, mail };
}
