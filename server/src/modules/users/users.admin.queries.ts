import type { TVerificationState } from '@app/domain';
import {
  sql,
  type ExpressionBuilder,
  type Expression,
  type Insertable,
  type Kysely,
  type SqlBool,
  type Transaction,
} from 'kysely';
import { engineOf, nowIso, textMatch } from '../../db/dialect.ts';
import type { DB, VerificationDecisionsTable } from '../../db/schema.ts';
import { BACK_TO_REVIEW } from '../moderation/index.ts';

/**
 * SQL of the admin console's Users and Verifications pages, and of the ID
 * documents' retention. Read-only but for the retention's unlinking and marking.
 */

type Db = Kysely<DB> | Transaction<DB>;
type UsersEb = ExpressionBuilder<DB, 'users'>;

/** The phone number without the punctuation people type (`555-0100`, `(555) 0100`, `555.0100`). */
const phoneDigitsSql = (column: Expression<unknown>) =>
  sql<string>`replace(replace(replace(replace(replace(replace(coalesce(${column}, ''), '-', ''), ' ', ''), '(', ''), ')', ''), '.', ''), '+', '')`;

/**
 * Accounts matching the console's search: the username, e-mail, first or last name (or both, as
 * "First Last") containing the text, case-insensitively; or, when the text is a phone number (digits
 * and phone punctuation only), the phone number's digits containing its digits (`555-01` finds `(555) 0100`).
 */
function accountSearch(db: Db, q: string | undefined) {
  const text = q?.trim();
  if (!text) return undefined;
  const engine = engineOf(db as Kysely<unknown>);
  // A text of digits and phone punctuation only (`555-01`, `(555) 0100`) is a phone number too.
  const digits = /^[\d\s().+-]+$/.test(text) ? text.replace(/\D+/g, '') : '';
  return (eb: UsersEb) =>
    eb.or([
      textMatch(engine, eb.ref('users.username'), 'containsi', text),
      textMatch(engine, eb.ref('users.email'), 'containsi', text),
      textMatch(engine, eb.ref('users.first_name'), 'containsi', text),
      textMatch(engine, eb.ref('users.last_name'), 'containsi', text),
      textMatch(
        engine,
        sql`coalesce(${eb.ref('users.first_name')}, '') || ' ' || coalesce(${eb.ref('users.last_name')}, '')`,
        'containsi',
        text,
      ),
      ...(digits
        ? [textMatch(engine, phoneDigitsSql(eb.ref('users.phone_number')), 'contains', digits)]
        : []),
    ]) as Expression<SqlBool>;
}

const ACCOUNT_COLUMNS = [
  'users.id',
  'users.username',
  'users.email',
  'users.first_name',
  'users.last_name',
  'users.phone_number',
  'users.user_type',
  'users.role',
  'users.is_active',
  'users.verification',
  'users.verification_reason',
  'users.verified_at',
  'users.documents_hold_until',
  'users.two_factor_enabled_at',
  'users.deleted_at',
  'users.dob',
  'users.city',
  'users.created_at',
] as const;

export interface AccountFilter {
  q?: string | undefined;
  type?: 'Hobbyist' | 'Provider' | 'Vender' | 'admin' | undefined;
  status?: 'active' | 'blocked' | undefined;
  verification?: TVerificationState | undefined;
}

function filteredAccounts(db: Db, filter: AccountFilter) {
  let query = db.selectFrom('users');
  const search = accountSearch(db, filter.q);
  if (search) query = query.where(search);
  if (filter.type === 'admin') query = query.where('users.role', '=', 'admin');
  else if (filter.type) query = query.where('users.user_type', '=', filter.type);
  if (filter.status) query = query.where('users.is_active', '=', filter.status === 'active' ? 1 : 0);
  if (filter.verification) query = query.where('users.verification', '=', filter.verification);
  return query;
}

/** One page of accounts, newest first, and how many match. */
export async function findAccountsPage(db: Db, filter: AccountFilter, page: number, pageSize: number) {
  const base = filteredAccounts(db, filter);
  const counted = await base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst();
  const rows = await base
    .select(ACCOUNT_COLUMNS)
    .orderBy('users.created_at', 'desc')
    .orderBy('users.id', 'desc')
    .limit(pageSize)
    .offset((page - 1) * pageSize)
    .execute();
  return { rows, total: Number(counted?.n ?? 0) };
}

/**
 * One page of providers in a verification state: pending ones oldest first (the queue), decided ones
 * by the newest decision first.
 */
export async function findVerificationPage(
  db: Db,
  state: TVerificationState,
  q: string | undefined,
  page: number,
  pageSize: number,
) {
  const base = filteredAccounts(db, { q, verification: state }).where('users.user_type', '=', 'Provider');
  const counted = await base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst();
  let ordered = base.select(ACCOUNT_COLUMNS);
  ordered =
    state === 'pending'
      ? ordered.orderBy('users.created_at', 'asc').orderBy('users.id', 'asc')
      : ordered.orderBy('users.verified_at', 'desc').orderBy('users.id', 'desc');
  const rows = await ordered
    .limit(pageSize)
    .offset((page - 1) * pageSize)
    .execute();
  return { rows, total: Number(counted?.n ?? 0) };
}

export async function findAccountRow(db: Db, id: number) {
  return db.selectFrom('users').select(ACCOUNT_COLUMNS).where('users.id', '=', id).executeTakeFirst();
}

export type AccountRow = NonNullable<Awaited<ReturnType<typeof findAccountRow>>>;

/** An ID document of an account: a file named by its registration (`user_docs`) or by one of its ads (`provider_docs`). */
export interface IdDocumentRow {
  user_id: number;
  id: number;
  name: string;
  mime: string;
  size: number;
  created_at: string;
}

/** The ID documents of these accounts, each file once, oldest first. */
export async function findIdDocuments(db: Db, userIds: readonly number[]): Promise<IdDocumentRow[]> {
  if (!userIds.length) return [];
  const ids = [...userIds];
  const registered = await db
    .selectFrom('user_docs as ud')
    .innerJoin('files as f', 'f.id', 'ud.file_id')
    .select(['ud.user_id', 'f.id', 'f.name', 'f.mime', 'f.size', 'f.created_at'])
    .where('ud.user_id', 'in', ids)
    .execute();
  const ofAds = await db
    .selectFrom('provider_docs as pd')
    .innerJoin('providers as p', 'p.id', 'pd.provider_id')
    .innerJoin('files as f', 'f.id', 'pd.file_id')
    .select(['p.user_id', 'f.id', 'f.name', 'f.mime', 'f.size', 'f.created_at'])
    .where('p.user_id', 'in', ids)
    .execute();
  const seen = new Set<string>();
  return [...registered, ...ofAds]
    .map((r) => ({ ...r, user_id: Number(r.user_id), id: Number(r.id), size: Number(r.size) }))
    .filter((r) => {
      const key = `${r.user_id}:${r.id}`;
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    })
    .sort((a, b) => a.created_at.localeCompare(b.created_at) || a.id - b.id);
}

/** The decisions on these accounts, newest first, with who decided. */
export async function findDecisions(db: Db, userIds: readonly number[]) {
  if (!userIds.length) return [];
  return db
    .selectFrom('verification_decisions as vd')
    .leftJoin('users as admin', 'admin.id', 'vd.decided_by')
    .select([
      'vd.id',
      'vd.user_id',
      'vd.decision',
      'vd.reason',
      'vd.document_kinds',
      'vd.decided_at',
      'vd.documents_deleted_at',
      'vd.decided_by',
      'admin.username as decided_by_username',
    ])
    .where('vd.user_id', 'in', [...userIds])
    .orderBy('vd.decided_at', 'desc')
    .orderBy('vd.id', 'desc')
    .execute();
}

/**
 * Accounts whose ID documents are due for deletion: at least one decision whose documents are still kept,
 * and every decision on the account made before `cutoff` (a newer decision keeps the documents it looked at
 * for its own retention period), unless a legal hold keeps them: accounts whose `documents_hold_until` is
 * `today` (`YYYY-MM-DD`) or later are skipped. Answers each account with its newest decision's time.
 */
export async function findAccountsWithDocumentsDue(db: Db, cutoff: string, today: string) {
  const rows = await db
    .selectFrom('verification_decisions')
    .select(['user_id', (eb) => eb.fn.max('decided_at').as('newest')])
    .where('user_id', 'not in', (eb) =>
      eb.selectFrom('users').select('id').where('documents_hold_until', '>=', today),
    )
    .groupBy('user_id')
    .having((eb) => eb.fn.max('decided_at'), '<', cutoff)
    .having(sql<number>`sum(case when documents_deleted_at is null then 1 else 0 end)`, '>', 0)
    .orderBy('user_id')
    .execute();
  return rows.map((r) => ({ userId: Number(r.user_id), newest: String(r.newest) }));
}

/** Unlinks files from an account's registration and ads (the rows of `user_docs` and `provider_docs`). */
export async function unlinkIdDocuments(trx: Transaction<DB>, userId: number, fileIds: readonly number[]) {
  if (!fileIds.length) return;
  await trx
    .deleteFrom('user_docs')
    .where('user_id', '=', userId)
    .where('file_id', 'in', [...fileIds])
    .execute();
  await trx
    .deleteFrom('provider_docs')
    .where('file_id', 'in', [...fileIds])
    .where('provider_id', 'in', (eb) => eb.selectFrom('providers').select('id').where('user_id', '=', userId))
    .execute();
}

/** Marks the account's decisions whose documents were kept as deleted now. */
export async function markDocumentsDeleted(trx: Transaction<DB>, userId: number, at: string) {
  await trx
    .updateTable('verification_decisions')
    .set({ documents_deleted_at: at })
    .where('user_id', '=', userId)
    .where('documents_deleted_at', 'is', null)
    .execute();
}

/** Writes the admin's verification decision on the account's columns (stamped with the decision's time). */
export async function setVerification(
  trx: Transaction<DB>,
  userId: number,
  state: {
    verification: TVerificationState;
    verification_reason: string | null;
    verified_at: string;
    verified_by: number;
  },
): Promise<void> {
  await trx
    .updateTable('users')
    .set({ ...state, updated_at: state.verified_at })
    .where('id', '=', userId)
    .execute();
}

/**
 * Puts a provider's verification back to `pending` (the admin asked for the ID documents again): the note
 * as its reason, the last decision's time and author cleared (the decision rows keep them).
 */
export async function reopenVerification(
  trx: Transaction<DB>,
  userId: number,
  reason: string | null,
  at: string,
): Promise<void> {
  await trx
    .updateTable('users')
    .set({
      verification: 'pending',
      verification_reason: reason,
      verified_at: null,
      verified_by: null,
      updated_at: at,
    })
    .where('id', '=', userId)
    .execute();
}

/** The record kept of a decision after the documents are gone. */
export async function insertVerificationDecision(
  trx: Transaction<DB>,
  row: Insertable<VerificationDecisionsTable>,
): Promise<void> {
  await trx.insertInto('verification_decisions').values(row).execute();
}

/** An account's approved ads with their review columns (the audit's "before"), by id. */
export function findApprovedAdsOf(trx: Transaction<DB>, userId: number) {
  return trx
    .selectFrom('providers')
    .select(['id', 'review_state', 'review_reason'])
    .where('user_id', '=', userId)
    .where('review_state', '=', 'approved')
    .orderBy('id')
    .execute();
}

/**
 * Sends these ads back to review (`BACK_TO_REVIEW`) in the caller's transaction; the caller records the
 * directory change, the audit and the risk signals.
 */
export async function sendAdsBackToReview(trx: Transaction<DB>, ids: readonly number[]): Promise<void> {
  await trx
    .updateTable('providers')
    .set({ ...BACK_TO_REVIEW, updated_at: nowIso() })
    .where('id', 'in', [...ids])
    .execute();
}
