import {
  ageOrNull,
  MESSAGES,
  type TVerificationAskAgain,
  type TVerificationDecisionState,
  type TVerificationItem,
  type TVerificationsQuery,
  type TVerificationState,
} from '@app/domain';
import type { Kysely, Transaction } from 'kysely';
import { requireAccess } from '../../access/index.ts';
import { recordAudit, type AuditActor } from '../../db/audit-log.ts';
import { nowIso } from '../../db/dialect.ts';
import { lockAccount } from '../../db/locks.ts';
import type { Actor } from '../../http/auth.ts';
import { AppError, fieldError, notFound } from '../../http/errors.ts';
import type { DB } from '../../db/schema.ts';
import type { Mailer } from '../../mail/mailer.ts';
import type { Pagination } from '../../http/responses.ts';
import { recordDirectoryChange } from '../../db/directory-version.ts';
import { deleteUnusedFiles } from '../media/index.ts';
import { BACK_TO_REVIEW, computeRiskSignals } from '../moderation/index.ts';
import {
  findAccountsWithDocumentsDue,
  findApprovedAdsOf,
  findDecisions,
  findIdDocuments,
  findVerificationPage,
  insertVerificationDecision,
  markDocumentsDeleted,
  reopenVerification,
  sendAdsBackToReview,
  setVerification,
  unlinkIdDocuments,
  type IdDocumentRow,
} from './users.admin.queries.ts';
import { findAccountForUpdate } from './users.queries.ts';
import { readDocumentRetentionDays } from './users.settings.ts';
import { pagedList } from '../../http/paging.ts';
import type { Storage } from '../../storage/index.ts';

/**
 * ID verification: the admin's decision on a provider's account, the queue of the
 * console's Verifications page, and the retention of the documents after a decision.
 */

const DAY_MS = 24 * 60 * 60 * 1000;

/** What kind of documents were looked at: `2 × image/jpeg, 1 × application/pdf` (`none` without any). */
export function documentKinds(docs: readonly Pick<IdDocumentRow, 'mime'>[]): string {
  if (!docs.length) return 'none';
  const counts = new Map<string, number>();
  for (const d of docs) counts.set(d.mime, (counts.get(d.mime) ?? 0) + 1);
  return [...counts.entries()]
    .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
    .map(([mime, n]) => `${n} × ${mime}`)
    .join(', ');
}

export interface VerificationState {
  verification: TVerificationState | null;
  verification_reason: string | null;
  verified_at: string | null;
}

/**
 * A rejected provider's public ads leave the directory: each approved ad goes back to pending review
 * (hidden until an admin approves it again, which needs a verified ID), its risk signals computed anew,
 * recorded as `provider.hide` with the review before and after; the directory's caches rebuild. Answers
 * how many ads went back.
 */
async function hideApprovedAds(trx: Transaction<DB>, actor: AuditActor, userId: number): Promise<number> {
  const ads = await findApprovedAdsOf(trx, userId);
  if (!ads.length) return 0;
  await sendAdsBackToReview(
    trx,
    ads.map((ad) => ad.id),
  );
  for (const ad of ads) {
    await computeRiskSignals(trx, { type: 'provider', id: ad.id });
    await recordAudit(
      trx,
      actor,
      'provider.hide',
      `provider:${ad.id}`,
      { verification: 'rejected', user: userId },
      {
        before: { review: ad.review_state, review_reason: ad.review_reason ?? null },
        after: { review: BACK_TO_REVIEW.review_state, review_reason: BACK_TO_REVIEW.review_reason },
      },
    );
  }
  await recordDirectoryChange(trx, { userId });
  return ads.length;
}

/**
 * Writes the admin's decision in the caller's transaction: the account's columns, the record kept after
 * the documents are gone (`verification_decisions`: who, when, which decision, what kind of documents),
 * and the audit row (`user.verify` or `user.reject-verification`) with the state before and after. A
 * rejection sends the provider's approved ads back to review (`hideApprovedAds`).
 */
export async function recordVerificationDecision(
  trx: Transaction<DB>,
  actor: AuditActor,
  userId: number,
  decision: TVerificationDecisionState,
  reason: string | undefined,
  before: VerificationState,
): Promise<VerificationState> {
  const at = nowIso();
  const after: VerificationState = {
    verification: decision,
    verification_reason: decision === 'rejected' ? (reason ?? null) : null,
    verified_at: at,
  };
  await setVerification(trx, userId, {
    ...after,
    verification: decision,
    verified_at: at,
    verified_by: actor.id,
  });
  const docs = await findIdDocuments(trx, [userId]);
  await insertVerificationDecision(trx, {
    user_id: userId,
    decided_by: actor.id,
    decision,
    reason: reason || null,
    document_kinds: documentKinds(docs),
    decided_at: at,
    documents_deleted_at: null,
  });
  await recordAudit(
    trx,
    actor,
    decision === 'verified' ? 'user.verify' : 'user.reject-verification',
    `user:${userId}`,
    { documents: docs.length },
    { before, after },
  );
  if (decision === 'rejected') await hideApprovedAds(trx, actor, userId);
  return after;
}

/** Tells the provider of the decision by e-mail; a failure to send is not the request's (the decision stands). */
export async function mailVerificationDecision(
  mailer: Mailer,
  to: string,
  decision: TVerificationDecisionState,
  reason: string | null,
): Promise<void> {
  const M = MESSAGES.verification;
  const text =
    decision === 'verified'
      ? `${M.mailVerified}\n\n${M.mailFooter}`
      : `${M.mailRejected}\n\n${reason ?? '-'}\n\n${M.mailFooter}`;
  await mailer
    .send({
      to,
      subject: decision === 'verified' ? M.mailVerifiedSubject : M.mailRejectedSubject,
      text,
    })
    .catch(() => undefined);
}

/**
 * `POST /api/admin/verifications/:id/ask-again`: the admin asks a provider for the ID documents again (decision
 * 0034). A verified or rejected provider goes back to `pending`, the note as its reason: their next ad needs a
 * document again and no new ad of theirs is approved until a new decision. Audited
 * `user.ask-verification-again` with the state before and after; the provider is mailed. A 400 for an account
 * that is not a provider, a 409 for one already pending.
 */
export async function askForIdAgain(
  { db, mailer }: { db: Kysely<DB>; mailer: Mailer },
  actor: Actor,
  userId: number,
  input: TVerificationAskAgain,
): Promise<VerificationState> {
  const M = MESSAGES.verification;
  const [target] = await requireAccess(db, actor, 'user.update', [userId], ['user_type', 'email']);
  if (target!.user_type !== 'Provider') throw fieldError('verification', M.notProvider);
  const reason = input.verification_reason || null;
  const after = await db.transaction().execute(async (trx) => {
    await lockAccount(trx, userId);
    const current = await findAccountForUpdate(trx, userId);
    if (!current) throw notFound();
    if (current.verification === 'pending') throw new AppError('ConflictError', M.askAgainOnlyDecided);
    const next: VerificationState = {
      verification: 'pending',
      verification_reason: reason,
      verified_at: null,
    };
    await reopenVerification(trx, userId, reason, nowIso());
    await recordAudit(trx, actor, 'user.ask-verification-again', `user:${userId}`, null, {
      before: {
        verification: current.verification,
        verification_reason: current.verification_reason,
        verified_at: current.verified_at,
      },
      after: next,
    });
    return next;
  });
  const text = [M.mailAskAgain, ...(reason ? [`${M.mailAskAgainNote}\n${reason}`] : [])].join('\n\n');
  await mailer
    .send({ to: String(target!.email), subject: M.mailAskAgainSubject, text })
    .catch(() => undefined);
  return after;
}

/**
 * `GET /api/admin/verifications`: providers in a verification state (the queue: pending, oldest first;
 * decided ones newest decision first), each with their documents, age and decisions.
 */
export async function listVerifications(
  db: Kysely<DB>,
  query: TVerificationsQuery,
  now = new Date(),
): Promise<{ data: TVerificationItem[]; meta: { pagination: Pagination } }> {
  const { page, pageSize } = query.pagination;
  const { rows, total } = await findVerificationPage(db, query.state, query.q, page, pageSize);
  const ids = rows.map((r) => r.id);
  const documents = await findIdDocuments(db, ids);
  const decisions = await findDecisions(db, ids);
  const data = rows.map((r): TVerificationItem => {
    const own = decisions.filter((d) => Number(d.user_id) === r.id);
    return {
      id: r.id,
      username: r.username,
      email: r.email,
      first_name: r.first_name,
      last_name: r.last_name,
      dob: r.dob,
      age: ageOrNull(r.dob, now),
      phone_number: r.phone_number,
      city: r.city,
      createdAt: r.created_at,
      verification: r.verification,
      verification_reason: r.verification_reason,
      verified_at: r.verified_at,
      documents: documents
        .filter((d) => d.user_id === r.id)
        .map((d) => ({ id: d.id, name: d.name, mime: d.mime, size: d.size, createdAt: d.created_at })),
      documents_deleted_at: own[0]?.documents_deleted_at ?? null,
      documents_hold_until: r.documents_hold_until,
      decisions: own.map((d) => ({
        decision: d.decision,
        reason: d.reason,
        document_kinds: d.document_kinds,
        decided_at: d.decided_at,
        decided_by:
          d.decided_by === null ? null : { id: Number(d.decided_by), username: d.decided_by_username ?? '' },
        documents_deleted_at: d.documents_deleted_at,
      })),
    };
  });
  return pagedList(data, query.pagination, total);
}

/**
 * The daily retention job `delete-decided-id-documents`: once every decision on an account is older than
 * `document_retention_days` (a setting, default 30), the ID documents it looked at (files named by the
 * registration or by the account's ads, uploaded up to the newest decision) are deleted, their records
 * and bytes, through the media area's deletion path. The decision rows stay, marked with
 * `documents_deleted_at`; each account's deletion is in the audit log (`verification.documents-deleted`,
 * actor null, `{ files }`). An account under a legal hold (`documents_hold_until` today or later) keeps
 * its documents until the day has passed. Answers how many files were deleted.
 */
export async function deleteDecidedIdDocuments(
  db: Kysely<DB>,
  storage: Storage,
  now = new Date(),
): Promise<number> {
  const days = await readDocumentRetentionDays(db);
  const cutoff = new Date(now.getTime() - days * DAY_MS).toISOString();
  let deleted = 0;
  const today = now.toISOString().slice(0, 10);
  for (const { userId, newest } of await findAccountsWithDocumentsDue(db, cutoff, today)) {
    deleted += await db.transaction().execute(async (trx) => {
      // Documents uploaded after the newest decision were not looked at: they wait for the next one.
      const docs = (await findIdDocuments(trx, [userId])).filter((d) => d.created_at <= newest);
      const ids = docs.map((d) => d.id);
      await unlinkIdDocuments(trx, userId, ids);
      const files = await deleteUnusedFiles(trx, storage, ids);
      await markDocumentsDeleted(trx, userId, now.toISOString());
      await recordAudit(trx, null, 'verification.documents-deleted', `user:${userId}`, { files });
      return files;
    });
  }
  return deleted;
}
