import type { ReportStatus, TAdminReportKind, TScreeningReviewOutcome } from '@app/domain';
import { sql, type Kysely, type SelectQueryBuilder, type SqlBool, type Transaction } from 'kysely';
import { lockRow } from '../../db/locks.ts';
import type { DB } from '../../db/schema.ts';

/**
 * The console's reports queue, part of the console's read model (docs/architecture.md, "The admin console's
 * read model"): it reads the content area's `reports` and `contact_messages`, the screening area's
 * `screening_reviews`, the accounts (`users`), ads
 * (`providers`), places (`vendors`, `vendor_types`) and screening comments (`hobbyist_comments`) they name.
 * It writes nothing: the one-click hide reads the report and the reported record under their row locks, and
 * its writes go through the content, directory and places areas.
 */

type Db = Kysely<DB> | Transaction<DB>;

/** One entry of the reports queue, before its link is resolved. */
export interface ReportRow {
  kind: TAdminReportKind;
  id: number;
  created_at: string;
  status: ReportStatus;
  staff_note: string | null;
  reason: string | null;
  details: string | null;
  email: string | null;
  name: string | null;
  subject: string | null;
  listing: string | null;
  reporter_id: number | null;
  reporter_username: string | null;
  handled_by: number | null;
  handler_username: string | null;
  /** A screening review request's number (digits) and outcome; null for the other kinds. */
  phone_number: string | null;
  outcome: TScreeningReviewOutcome | null;
}

export interface ReportFilter {
  kind?: TAdminReportKind | undefined;
  statuses: readonly ReportStatus[];
}

/**
 * A report about a screening comment: a provider's flag, by its subject, else (flags filed before
 * subjects were kept) its listing. Never NULL, so `not` of it holds for every other report.
 */
const isFlag = (a: string) =>
  sql<SqlBool>`coalesce(${sql.ref(`${a}.subject`)}, ${sql.ref(`${a}.listing`)}, '') like 'hobbyist-comment:%'`;

/** The reports, contact messages and screening review requests of the filter as one derived table. */
function reportsTable(db: Db, f: ReportFilter) {
  const reports = db
    .selectFrom('reports as r')
    .select([
      sql<TAdminReportKind>`case when ${isFlag('r')} then 'flag' else 'report' end`.as('kind'),
      'r.id as id',
      'r.created_at as created_at',
      'r.status as status',
      'r.staff_note as staff_note',
      sql<string | null>`r.reason`.as('reason'),
      'r.details as details',
      'r.email as email',
      sql<string | null>`cast(null as text)`.as('name'),
      'r.subject as subject',
      'r.listing as listing',
      sql<number | null>`r.reporter_id`.as('reporter_id'),
      sql<number | null>`r.handled_by`.as('handled_by'),
      sql<string | null>`cast(null as text)`.as('phone_number'),
      sql<TScreeningReviewOutcome | null>`cast(null as text)`.as('outcome'),
    ])
    .where('r.status', 'in', [...f.statuses])
    .$if(f.kind === 'flag', (q) => q.where(isFlag('r')))
    .$if(f.kind === 'report', (q) => q.where((eb) => eb.not(isFlag('r'))));
  const contacts = db
    .selectFrom('contact_messages as c')
    .select([
      sql<TAdminReportKind>`'contact'`.as('kind'),
      'c.id as id',
      'c.created_at as created_at',
      'c.status as status',
      'c.staff_note as staff_note',
      sql<string | null>`cast(null as text)`.as('reason'),
      sql<string | null>`c.note`.as('details'),
      sql<string | null>`c.email`.as('email'),
      sql<string | null>`c.name`.as('name'),
      sql<string | null>`cast(null as text)`.as('subject'),
      sql<string | null>`cast(null as text)`.as('listing'),
      sql<number | null>`cast(null as integer)`.as('reporter_id'),
      sql<number | null>`cast(null as integer)`.as('handled_by'),
      sql<string | null>`cast(null as text)`.as('phone_number'),
      sql<TScreeningReviewOutcome | null>`cast(null as text)`.as('outcome'),
    ])
    .where('c.status', 'in', [...f.statuses]);
  const reviews = db
    .selectFrom('screening_reviews as s')
    .select([
      sql<TAdminReportKind>`'review'`.as('kind'),
      's.id as id',
      's.created_at as created_at',
      's.status as status',
      's.staff_note as staff_note',
      sql<string | null>`cast(null as text)`.as('reason'),
      sql<string | null>`s.dispute`.as('details'),
      sql<string | null>`s.email`.as('email'),
      sql<string | null>`cast(null as text)`.as('name'),
      sql<string | null>`cast(null as text)`.as('subject'),
      sql<string | null>`cast(null as text)`.as('listing'),
      sql<number | null>`cast(null as integer)`.as('reporter_id'),
      sql<number | null>`s.handled_by`.as('handled_by'),
      sql<string | null>`s.phone_number`.as('phone_number'),
      sql<TScreeningReviewOutcome | null>`s.outcome`.as('outcome'),
    ])
    .where('s.status', 'in', [...f.statuses]);
  // Both select the same columns from different tables: one builder type for them.
  const [r, c, v] = [reports, contacts, reviews] as unknown as SelectQueryBuilder<
    DB,
    'reports',
    ReportColumns
  >[];
  if (f.kind === 'contact') return c!;
  if (f.kind === 'review') return v!;
  if (f.kind) return r!;
  return r!.unionAll(c!).unionAll(v!);
}
/** The columns of the reports table above. */
type ReportColumns = Omit<ReportRow, 'reporter_username' | 'handler_username'>;

/** One page of the reports queue, newest first; and how many there are in all. */
export async function findReports(
  db: Db,
  f: ReportFilter,
  page: { offset: number; limit: number },
): Promise<{ rows: ReportRow[]; total: number }> {
  const base = () => db.selectFrom(reportsTable(db, f).as('x'));
  const [rows, count] = await Promise.all([
    base()
      .leftJoin('users as reporter', 'reporter.id', 'x.reporter_id')
      .leftJoin('users as handler', 'handler.id', 'x.handled_by')
      .select([
        'x.kind',
        'x.id',
        'x.created_at',
        'x.status',
        'x.staff_note',
        'x.reason',
        'x.details',
        'x.email',
        'x.name',
        'x.subject',
        'x.listing',
        'x.reporter_id',
        'reporter.username as reporter_username',
        'x.handled_by',
        'handler.username as handler_username',
        'x.phone_number',
        'x.outcome',
      ])
      .orderBy('x.created_at', 'desc')
      .orderBy('x.kind')
      .orderBy('x.id', 'desc')
      .limit(page.limit)
      .offset(page.offset)
      .execute(),
    base()
      .select(sql<number | string>`count(*)`.as('n'))
      .executeTakeFirst(),
  ]);
  return {
    rows: rows.map((r) => ({
      ...r,
      id: Number(r.id),
      reporter_id: r.reporter_id === null ? null : Number(r.reporter_id),
      handled_by: r.handled_by === null ? null : Number(r.handled_by),
    })),
    total: Number(count?.n ?? 0),
  };
}

/** Ads by id with their owners (for links to the owner's page in the console). */
export function findAdOwners(db: Db, ids: readonly number[]) {
  if (!ids.length) return Promise.resolve([]);
  return db
    .selectFrom('providers')
    .select(['id', 'user_id', 'name', 'title', 'city'])
    .where('id', 'in', [...ids])
    .execute();
}

/** Places by id with their type (`eroticbody`…): the path of their public page. */
export function findPlaceTypes(db: Db, ids: readonly number[]) {
  if (!ids.length) return Promise.resolve([]);
  return db
    .selectFrom('places as v')
    .innerJoin('place_types as vt', 'vt.id', 'v.place_type_id')
    .select(['v.id', 'vt.type'])
    .where('v.id', 'in', [...ids])
    .execute();
}

/** Screening comments by id with their authors. */
export function findCommentAuthors(db: Db, ids: readonly number[]) {
  if (!ids.length) return Promise.resolve([]);
  return db
    .selectFrom('hobbyist_comments')
    .select(['id', 'user_id'])
    .where('id', 'in', [...ids])
    .execute();
}

/** The authors of reported messages (the console links a message's report to its author's page). */
export function findMessageAuthors(db: Db, ids: readonly number[]) {
  if (!ids.length) return Promise.resolve([]);
  return db
    .selectFrom('messages')
    .select(['id', 'user_id'])
    .where('id', 'in', [...ids])
    .execute();
}

/** A report's subject, listing and status, read with its row locked (PostgreSQL). */
export async function lockReport(trx: Transaction<DB>, id: number) {
  if (!(await lockRow(trx, 'reports', id))) return undefined;
  return trx
    .selectFrom('reports')
    .select(['subject', 'listing', 'status', 'staff_note'])
    .where('id', '=', id)
    .executeTakeFirst();
}

/** The review columns of an ad or a place, read with its row locked (PostgreSQL). */
export async function lockReviewed(trx: Transaction<DB>, table: 'providers' | 'places', id: number) {
  if (!(await lockRow(trx, table, id))) return undefined;
  return trx
    .selectFrom(table)
    .select(['review_state', 'is_showed', 'review_reason', 'user_id'])
    .where('id', '=', id)
    .executeTakeFirst();
}
