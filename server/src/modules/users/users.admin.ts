import { fromCents, type TAdminUserDetail, type TAdminUserItem, type TAdminUsersQuery } from '@app/domain';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { notFound } from '../../http/errors.ts';
import type { Pagination } from '../../http/responses.ts';
import { findAccountRecords, findAuditAbout, findReportsAbout } from './users.account-records.queries.ts';
import { findAccountRow, findAccountsPage, type AccountRow } from './users.admin.queries.ts';
import { pagedList } from '../../http/paging.ts';

/**
 * The admin console's Users pages: the account search and one account's page. Amounts
 * are cents, dates ISO text.
 */

function accountItem(r: AccountRow): TAdminUserItem {
  return {
    id: r.id,
    username: r.username,
    email: r.email,
    first_name: r.first_name,
    last_name: r.last_name,
    phone_number: r.phone_number,
    user_type: r.user_type,
    role: r.role,
    is_active: Number(r.is_active) === 1,
    verification: r.verification,
    two_factor_enabled: r.two_factor_enabled_at !== null,
    deleted_at: r.deleted_at,
    createdAt: r.created_at,
  };
}

/**
 * `GET /api/admin/users`: accounts matching the search (username, e-mail, first or last name, or the
 * phone number's digits) and filters, newest first.
 */
export async function listAdminUsers(
  db: Kysely<DB>,
  query: TAdminUsersQuery,
): Promise<{ data: TAdminUserItem[]; meta: { pagination: Pagination } }> {
  const { page, pageSize } = query.pagination;
  const { rows, total } = await findAccountsPage(db, query, page, pageSize);
  return pagedList(rows.map(accountItem), query.pagination, total);
}

type AccountRecords = Awaited<ReturnType<typeof findAccountRecords>>;

/** What the account paid by transaction id or from its wallet (subscriptions, orders, tips), newest first. */
function accountPayments(r: AccountRecords): TAdminUserDetail['payments'] {
  const lines = new Map(r.orderLines.map((l) => [Number(l.order_id), Number(l.n)]));
  return [
    ...r.subscriptions.map((s) => ({
      kind: 'subscription' as const,
      id: s.id,
      createdAt: s.created_at,
      amount: fromCents(Number(s.amount)),
      transaction_id: s.transaction_id,
      status: s.payment_status,
      description: s.package_name,
    })),
    ...r.orders.map((o) => ({
      kind: 'order' as const,
      id: o.id,
      createdAt: o.created_at,
      amount: fromCents(Number(o.amount)),
      transaction_id: o.transaction_id,
      status: o.payment_status,
      description: `Order #${o.id} (${lines.get(o.id) ?? 0})`,
    })),
    ...r.tips.map((t) => ({
      kind: 'tip' as const,
      id: t.id,
      createdAt: t.created_at,
      amount: fromCents(Number(t.tip_amount)),
      transaction_id: t.transaction_id,
      status: t.payment_status,
      description: t.ad_name ?? '',
    })),
  ].sort((a, b) => b.createdAt.localeCompare(a.createdAt));
}

/** The account's own records as the page lists them: ads, places, products, orders, subscriptions. */
function accountLists(r: AccountRecords) {
  return {
    ads: r.ads.map((a) => ({
      id: a.id,
      name: a.name,
      city: a.city,
      review: a.review_state,
      isShowed: Number(a.is_showed) === 1,
      createdAt: a.created_at,
    })),
    places: r.places.map((p) => ({
      id: p.id,
      name: p.name,
      review: p.review_state,
      createdAt: p.created_at,
    })),
    products: r.products.map((p) => ({
      id: p.id,
      name: p.name,
      price: fromCents(Number(p.price)),
      archived: p.archived_at !== null,
    })),
    orders: r.orders.map((o) => ({
      id: o.id,
      status: o.status,
      payment_status: o.payment_status,
      total: fromCents(Number(o.amount)),
      createdAt: o.created_at,
    })),
    subscriptions: r.subscriptions.map((s) => ({
      id: s.id,
      package: s.package_name,
      start_date: s.start_date,
      end_date: s.end_date,
      payment_status: s.payment_status,
      extra_ads: Number(s.extra_ads),
    })),
  };
}

/** The reports about the account or its ads, places and screening comments; the audit rows about any record. */
async function reportsAndAudit(db: Kysely<DB>, id: number, r: AccountRecords) {
  const ads = r.ads.map((a) => `provider:${a.id}`);
  const places = r.places.map((p) => `vendor:${p.id}`);
  const reports = await findReportsAbout(db, [
    `user:${id}`,
    ...ads,
    ...places,
    ...r.comments.map((c) => `hobbyist-comment:${c.id}`),
  ]);
  const audit = await findAuditAbout(db, [
    `user:${id}`,
    ...ads,
    ...places,
    ...r.products.map((p) => `product:${p.id}`),
    ...r.subscriptions.map((s) => `subscription:${s.id}`),
    ...r.orders.map((o) => `order:${o.id}`),
    ...r.tips.map((t) => `tip:${t.id}`),
  ]);
  return {
    reports: reports.map((rep) => ({
      id: rep.id,
      createdAt: rep.created_at,
      status: rep.status,
      reason: rep.reason,
      details: rep.details,
      staff_note: rep.staff_note,
      subject: rep.subject,
      listing: rep.listing,
    })),
    audit: audit.map((a) => ({
      id: a.id,
      createdAt: a.created_at,
      action: a.action,
      subject: a.subject,
      actor: a.actor_id === null ? null : { id: Number(a.actor_id), username: a.actor_username ?? '' },
      details: a.details,
    })),
  };
}

/**
 * `GET /api/admin/users/:id`: the account with its ads, places, products, orders, payments (what it paid
 * by transaction id or from its wallet: subscriptions, orders and tips, newest first), the reports about
 * it (those whose `subject` names the account or one of its ads, places or screening comments), its
 * subscriptions and the newest 50 audit rows about it or its records. Each list holds the newest 100.
 */
export async function getAdminUserDetail(db: Kysely<DB>, id: number): Promise<{ data: TAdminUserDetail }> {
  const row = await findAccountRow(db, id);
  if (!row) throw notFound('User not found');
  const r = await findAccountRecords(db, id);
  const lists = accountLists(r);
  const { reports, audit } = await reportsAndAudit(db, id, r);
  return {
    data: {
      user: {
        ...accountItem(row),
        dob: row.dob,
        city: row.city,
        verification_reason: row.verification_reason,
        verified_at: row.verified_at,
        documents_hold_until: row.documents_hold_until,
      },
      ads: lists.ads,
      places: lists.places,
      products: lists.products,
      orders: lists.orders,
      payments: accountPayments(r),
      reports,
      subscriptions: lists.subscriptions,
      audit,
    },
  };
}
