import type { RiskSignal } from '@app/domain/trust';
import type { Selectable } from 'kysely';
import { nowIso } from '../../db/dialect.ts';
import type { PendingRevisionsTable } from '../../db/schema.ts';
import type { Db, RecordRef, RecordType } from './moderation.queries.ts';

/** SQL of the pending revisions: an owner's changes to an approved record, waiting for review. */

/** A pending (or rejected) revision, its JSON read. */
export interface RevisionRow {
  id: number;
  type: RecordType;
  recordId: number;
  userId: number;
  fields: Record<string, unknown>;
  state: 'pending' | 'rejected';
  reason: string | null;
  signals: RiskSignal[];
  riskScore: number;
  createdAt: string;
  updatedAt: string;
}

const recordColumn = (type: RecordType) => (type === 'provider' ? 'provider_id' : 'place_id');

const revisionColumns = [
  'id',
  'provider_id',
  'place_id',
  'user_id',
  'fields',
  'state',
  'reason',
  'signals',
  'risk_score',
  'created_at',
  'updated_at',
] as const;

function toRevision(r: Selectable<PendingRevisionsTable>): RevisionRow {
  return {
    id: Number(r.id),
    type: r.provider_id !== null ? 'provider' : 'vendor',
    recordId: Number(r.provider_id ?? r.place_id),
    userId: Number(r.user_id),
    fields: JSON.parse(r.fields) as Record<string, unknown>,
    state: r.state,
    reason: r.reason,
    signals: JSON.parse(r.signals) as RiskSignal[],
    riskScore: Number(r.risk_score),
    createdAt: r.created_at,
    updatedAt: r.updated_at,
  };
}

/** The revisions of these records (at most one each). */
export async function findRevisionsOf(
  db: Db,
  type: RecordType,
  recordIds: readonly number[],
): Promise<RevisionRow[]> {
  if (!recordIds.length) return [];
  const rows = await db
    .selectFrom('pending_revisions')
    .select(revisionColumns)
    .where(recordColumn(type), 'in', recordIds)
    .execute();
  return rows.map(toRevision);
}

/** One revision by its id. */
export async function findRevisionById(db: Db, id: number): Promise<RevisionRow | undefined> {
  const row = await db
    .selectFrom('pending_revisions')
    .select(revisionColumns)
    .where('id', '=', id)
    .executeTakeFirst();
  return row && toRevision(row);
}

/** An account's revisions of one kind of record, newest first. */
export async function findOwnRevisions(db: Db, userId: number, type: RecordType): Promise<RevisionRow[]> {
  const rows = await db
    .selectFrom('pending_revisions')
    .select(revisionColumns)
    .where('user_id', '=', userId)
    .where(recordColumn(type), 'is not', null)
    .orderBy('updated_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
  return rows.map(toRevision);
}

/**
 * Writes a record's revision as pending: the existing row (pending or rejected) is replaced in place,
 * keeping its id and creation time, else a new row.
 */
export async function saveRevision(
  trx: Db,
  ref: RecordRef,
  userId: number,
  fields: Record<string, unknown>,
  signals: readonly RiskSignal[],
): Promise<void> {
  const now = nowIso();
  const values = {
    fields: JSON.stringify(fields),
    state: 'pending' as const,
    reason: null,
    signals: JSON.stringify(signals),
    risk_score: signals.reduce((sum, s) => sum + s.weight, 0),
    updated_at: now,
  };
  const updated = await trx
    .updateTable('pending_revisions')
    .set(values)
    .where(recordColumn(ref.type), '=', ref.id)
    .executeTakeFirst();
  if (Number(updated.numUpdatedRows) === 0) {
    await trx
      .insertInto('pending_revisions')
      .values({
        ...values,
        provider_id: ref.type === 'provider' ? ref.id : null,
        place_id: ref.type === 'vendor' ? ref.id : null,
        user_id: userId,
        created_at: now,
      })
      .execute();
  }
  await saveRevisionFiles(trx, ref, fields);
}

/** The file ids a revision's fields stage: an ad's `images` and `video`, a place's `image` and `video`. */
export function stagedFileIds(fields: Record<string, unknown>): number[] {
  const ids = [...(Array.isArray(fields.images) ? fields.images : []), fields.image, fields.video].filter(
    (v): v is number => typeof v === 'number',
  );
  return [...new Set(ids)];
}

/** Names the files a record's revision stages (in use while it waits: `fileUsedBy`), in place of the old. */
async function saveRevisionFiles(trx: Db, ref: RecordRef, fields: Record<string, unknown>): Promise<void> {
  const row = await trx
    .selectFrom('pending_revisions')
    .select('id')
    .where(recordColumn(ref.type), '=', ref.id)
    .executeTakeFirstOrThrow();
  await trx.deleteFrom('pending_revision_files').where('revision_id', '=', row.id).execute();
  const ids = stagedFileIds(fields);
  if (ids.length) {
    await trx
      .insertInto('pending_revision_files')
      .values(ids.map((file_id) => ({ revision_id: row.id, file_id })))
      .execute();
  }
}

/** Deletes a record's revision, if it has one. */
export async function deleteRevision(trx: Db, ref: RecordRef): Promise<void> {
  // Its staged files are no longer in use through it (the foreign key would do it too).
  await trx
    .deleteFrom('pending_revision_files')
    .where('revision_id', 'in', (eb) =>
      eb.selectFrom('pending_revisions').select('id').where(recordColumn(ref.type), '=', ref.id),
    )
    .execute();
  await trx.deleteFrom('pending_revisions').where(recordColumn(ref.type), '=', ref.id).execute();
}

/** Marks a pending revision rejected with the reason; false when it is no longer pending. */
export async function rejectRevisionRow(trx: Db, id: number, reason: string): Promise<boolean> {
  const result = await trx
    .updateTable('pending_revisions')
    .set({ state: 'rejected', reason, updated_at: nowIso() })
    .where('id', '=', id)
    .where('state', '=', 'pending')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** One page of the pending revisions of one kind: highest risk score first, then the oldest, then by id. */
export async function findRevisionPage(db: Db, type: RecordType, page: number, pageSize: number) {
  const q = db
    .selectFrom('pending_revisions')
    .where(recordColumn(type), 'is not', null)
    .where('state', '=', 'pending');
  const [rows, count] = await Promise.all([
    q
      .select(revisionColumns)
      .orderBy('risk_score', 'desc')
      .orderBy('created_at', 'asc')
      .orderBy('id', 'asc')
      .limit(pageSize)
      .offset((page - 1) * pageSize)
      .execute(),
    q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst(),
  ]);
  return { rows: rows.map(toRevision), total: Number(count?.n ?? 0) };
}

/** The files a record shows now: an ad's photos and video, a place's picture and video. */
export async function findRecordFiles(db: Db, ref: RecordRef): Promise<number[]> {
  if (ref.type === 'provider') {
    const [images, ad] = await Promise.all([
      db.selectFrom('provider_images').select('file_id').where('provider_id', '=', ref.id).execute(),
      db.selectFrom('providers').select('video_id').where('id', '=', ref.id).executeTakeFirst(),
    ]);
    return [...images.map((r) => Number(r.file_id)), ad?.video_id].filter((v) => v != null).map(Number);
  }
  const place = await db
    .selectFrom('places')
    .select(['image_id', 'video_id'])
    .where('id', '=', ref.id)
    .executeTakeFirst();
  return [place?.image_id, place?.video_id].filter((v) => v != null).map(Number);
}
