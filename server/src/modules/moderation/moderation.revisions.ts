import {
  MESSAGES,
  type TOwnRevision,
  type TOwnRevisionsQuery,
  type TRevisionChange,
  type TRevisionDecision,
  type TRevisionFile,
} from '@app/domain';
import type { Kysely, Transaction } from 'kysely';
import { auditRow, recordAudit } from '../../db/audit-log.ts';
import { lockRow } from '../../db/locks.ts';
import type { DB } from '../../db/schema.ts';
import type { Actor } from '../../http/auth.ts';
import { AppError, dataFieldError, notFound } from '../../http/errors.ts';
import { findMany, type Item } from '../../http/strapi/find.ts';
import { parseQuery } from '../../http/strapi/parse.ts';
import type { Mailer } from '../../mail/mailer.ts';
import { deleteUnusedFiles, fileResource } from '../media/index.ts';
import {
  deleteRevision,
  findRecordFiles,
  findOwnRevisions,
  findRevisionById,
  findRevisionsOf,
  rejectRevisionRow,
  saveRevision,
  stagedFileIds,
  type RevisionRow,
} from './moderation.revisions.queries.ts';
import type { RecordRef } from './moderation.queries.ts';
import { tellOwnerOfReview, type ReviewedAreas } from './moderation.review.ts';
import { computeRevisionSignals, computeRiskSignals } from './moderation.service.ts';
import type { Storage } from '../../storage/index.ts';

/**
 * Pending revisions (docs/decisions/0015-pending-revisions.md): an owner's change to what the public sees of
 * an approved ad or place waits here while the approved version stays public. The directory and the places
 * stage the changed public fields with `stageRevision` in the transaction of the owner's edit; the moderator
 * approves (the fields are applied, audited, the owner told) or rejects (the revision is kept with the
 * reason, which the owner reads until they edit again).
 */

type Db = Kysely<DB> | Transaction<DB>;

/** A record's fields as columns (the directory's `toColumns`, the places' `detailColumns`). */
export type ToColumns = (fields: Record<string, unknown>) => Record<string, unknown>;

/** The record's revision, if it has one (pending or rejected). */
export async function findRevision(db: Db, ref: RecordRef): Promise<RevisionRow | undefined> {
  return (await findRevisionsOf(db, ref.type, [ref.id]))[0];
}

/**
 * The owner's place revision that moves its place to the address `addressId` (its `address` field), if any:
 * that address is not public yet, and its edits wait in the revision.
 */
export async function findRevisionMovingTo(
  db: Db,
  ownerId: number,
  addressId: number,
): Promise<RevisionRow | undefined> {
  const revisions = await findOwnRevisions(db, ownerId, 'vendor');
  return revisions.find((r) => r.fields.address != null && Number(r.fields.address) === addressId);
}

export { stagedFileIds };

/** Whether a column's new value differs from the row's (numbers and their text alike, null as null). */
const differs = (held: unknown, value: unknown) =>
  (held ?? null) === null
    ? (value ?? null) !== null
    : (value ?? null) === null || String(held) !== String(value);

/**
 * Stages an owner's changes to the public fields of an approved record, in the transaction of the edit,
 * after the record's row is locked. `input` holds the public fields sent, `row` the record's row as the
 * public sees it: the fields whose columns differ from it merge into the record's revision (a rejected one
 * becomes pending again), a field sent with the public value takes its change back; a revision left with no
 * field is deleted. The revision's risk signals are computed on the record as it would make it. Answers
 * whether a revision waits now.
 */
export async function stageRevision(
  trx: Transaction<DB>,
  ref: RecordRef,
  ownerId: number,
  input: Record<string, unknown>,
  row: Record<string, unknown>,
  toColumns: ToColumns,
): Promise<boolean> {
  const changed: Record<string, unknown> = {};
  const unchanged: string[] = [];
  for (const [key, value] of Object.entries(input)) {
    if (value === undefined) continue;
    const columns = Object.entries(toColumns({ [key]: value }));
    if (columns.some(([column, v]) => differs(row[column], v))) changed[key] = value;
    else unchanged.push(key);
  }
  const existing = await findRevision(trx, ref);
  const fields: Record<string, unknown> = { ...existing?.fields, ...changed };
  for (const key of unchanged) delete fields[key];
  if (!Object.keys(fields).length) {
    if (existing) await deleteRevision(trx, ref);
    return false;
  }
  // The same fields with the same values leave a pending revision as it is (its moderator's view stays
  // current), and a rejected one too unless the owner sent them again (a new submission).
  const same = existing && sameFields(existing.fields, fields);
  if (same && (existing.state === 'pending' || !Object.keys(changed).length)) return true;
  const signals = await computeRevisionSignals(trx, ref, toColumns(fields));
  await saveRevision(trx, ref, ownerId, fields, signals);
  return true;
}

const sameFields = (a: Record<string, unknown>, b: Record<string, unknown>) =>
  JSON.stringify(Object.entries(a).sort()) === JSON.stringify(Object.entries(b).sort());

/**
 * Takes a record's revision out (deletes it) and answers its fields: an edit that sends the whole record
 * back to review applies them with the edit, so one review covers everything.
 */
export async function takeRevision(
  trx: Transaction<DB>,
  ref: RecordRef,
): Promise<Record<string, unknown> | undefined> {
  const existing = await findRevision(trx, ref);
  if (!existing) return undefined;
  await deleteRevision(trx, ref);
  return existing.fields;
}

/** A revision as its owner reads it. */
export function ownRevision(r: RevisionRow): TOwnRevision {
  return {
    id: r.recordId,
    state: r.state,
    reason: r.reason,
    fields: r.fields,
    createdAt: r.createdAt,
    updatedAt: r.updatedAt,
  };
}

/** The revision fields naming staged files: an ad's photos and video, a place's picture and video. */
const MEDIA_FIELDS = new Set(['images', 'image', 'video']);

/** The files a revision stages, as the media resource answers them (their owner reads them), by id. */
const stagedFileItems = (db: Db, revision: RevisionRow) => fileItems(db, stagedFileIds(revision.fields));

/** Files as the media resource answers them, by id. */
async function fileItems(db: Db, wanted: readonly number[]): Promise<Map<number, Item>> {
  const ids = [...new Set(wanted)];
  if (!ids.length) return new Map();
  const q = parseQuery(fileResource, {
    filters: { id: { $in: ids.map(String) } },
    pagination: { pageSize: String(ids.length) },
  });
  const { data } = await findMany(db, fileResource, q, { scope: null });
  return new Map(data.map((file) => [Number(file.id), file]));
}

/**
 * The owner's view of a record with a revision: the revision's values over the attributes the item has
 * (lists as the comma-joined text the attributes hold; staged photos, picture or video as the files, when
 * the item populates them), and `pending_revision` with the revision itself.
 */
export async function withOwnRevision(db: Db, item: Item, revision: RevisionRow | undefined): Promise<Item> {
  if (!revision) return item;
  const files = await stagedFileItems(db, revision);
  const attributes: Record<string, unknown> = { ...item.attributes };
  // Sorted: a related record's new id (`address`) comes before its details (`address_details`).
  for (const [key, value] of Object.entries(revision.fields).sort(([a], [b]) => (a < b ? -1 : 1))) {
    const details = key.endsWith(DETAILS) ? key.slice(0, -DETAILS.length) : undefined;
    const held = attributes[details ?? key];
    const related = relationData(held);
    if (MEDIA_FIELDS.has(key)) {
      // Staged files over a populated file relation (a list for the photos).
      if (held !== null && typeof held === 'object' && 'data' in held) {
        const file = (id: unknown) => files.get(Number(id)) ?? { id, attributes: {} };
        attributes[key] = {
          data: Array.isArray(value) ? value.map(file) : value === null ? null : file(value),
        };
      }
    } else if (details !== undefined) {
      // New details of a related record (a place's address) over its populated attributes.
      if (related) {
        const merged = { ...related.attributes, ...(value as Record<string, unknown>) };
        attributes[details] = { data: { ...related, attributes: merged } };
      }
    } else if (held !== null && typeof held === 'object') {
      // A populated relation: the pending record's id (its attributes only when it is the same record).
      if (held && 'data' in held && !Array.isArray((held as { data: unknown }).data)) {
        attributes[key] = {
          data:
            value === null
              ? null
              : { id: value, attributes: related && related.id === value ? related.attributes : {} },
        };
      }
    } else if (key in attributes) {
      attributes[key] = Array.isArray(value) ? (value.length ? value.join(',') : null) : value;
    }
  }
  attributes.pending_revision = ownRevision(revision);
  return { ...item, attributes };
}

/** The owner's view of a record read by id: with its revision when the caller owns it. */
export async function withRevisionFor(
  db: Db,
  actor: Actor | null,
  ref: RecordRef,
  item: Item,
): Promise<Item> {
  if (!actor) return item;
  const revision = await findRevision(db, ref);
  return revision && revision.userId === actor.id ? withOwnRevision(db, item, revision) : item;
}

const recordType = (type: 'ad' | 'place') => (type === 'ad' ? 'provider' : 'vendor');

/** `GET /api/revisions?type=ad|place`: the caller's revisions (My Ads, My Places: their badges). */
export async function listOwnRevisions(
  db: Kysely<DB>,
  actor: Actor,
  query: TOwnRevisionsQuery,
): Promise<{ data: TOwnRevision[] }> {
  const rows = await findOwnRevisions(db, actor.id, recordType(query.type));
  return { data: rows.map(ownRevision) };
}

/** A revision field naming new details of a related record (`address_details`: the place's address). */
const DETAILS = '_details';

/** The record a populated to-one relation holds, if it is one. */
function relationData(v: unknown): { id: unknown; attributes: Record<string, unknown> } | undefined {
  if (v === null || typeof v !== 'object' || !('data' in v)) return undefined;
  const data = (v as { data: unknown }).data;
  if (data === null || typeof data !== 'object' || Array.isArray(data)) return undefined;
  return data as { id: unknown; attributes: Record<string, unknown> };
}

/** The value of a field as the admin's item shows it: a relation by its id, a related record's details. */
function attributeValue(attributes: Record<string, unknown>, field: string): unknown {
  if (field.endsWith(DETAILS)) {
    const related = relationData(attributes[field.slice(0, -DETAILS.length)]);
    return related ? related.attributes : null;
  }
  const v = attributes[field];
  if (v !== null && typeof v === 'object' && 'data' in v) {
    const data = (v as { data: unknown }).data;
    if (Array.isArray(data)) return data.map((d) => (d as { id: number }).id);
    return data === null ? null : (data as { id: number }).id;
  }
  return v === undefined ? null : v;
}

/** The file ids a media field's value names (a list of photos, one picture or video, or none). */
const fileIdsOf = (value: unknown): number[] =>
  (Array.isArray(value) ? value : [value]).filter((v): v is number => typeof v === 'number');

/**
 * A revision field by field, against the record as the public sees it now; a media field with the files
 * its values name (the moderator sees the old and the new photos; the admin may read any file).
 */
export async function revisionChanges(
  db: Db,
  revision: RevisionRow,
  record: Item | null,
): Promise<TRevisionChange[]> {
  const changes = fieldChanges(revision, record);
  const ids = changes.flatMap((c) =>
    MEDIA_FIELDS.has(c.field) ? [...fileIdsOf(c.before), ...fileIdsOf(c.after)] : [],
  );
  if (!ids.length) return changes;
  const files = await fileItems(db, ids);
  const described = (id: number): TRevisionFile => {
    const a = (files.get(id)?.attributes ?? {}) as {
      url?: string | null;
      mime?: string | null;
      formats?: Record<string, { url?: string }> | null;
    };
    return { id, url: a.url ?? null, thumbnail: a.formats?.thumbnail?.url ?? null, mime: a.mime ?? null };
  };
  return changes.map((c) =>
    MEDIA_FIELDS.has(c.field)
      ? { ...c, files: [...new Set([...fileIdsOf(c.before), ...fileIdsOf(c.after)])].map(described) }
      : c,
  );
}

/** A revision field by field, against the record as the public sees it now. */
function fieldChanges(revision: RevisionRow, record: Item | null): TRevisionChange[] {
  const attributes = record?.attributes ?? {};
  return Object.keys(revision.fields)
    .sort()
    .map((field) => {
      const after = revision.fields[field];
      const before = attributeValue(attributes, field);
      // A related record's details: the same keys before and after.
      if (
        field.endsWith(DETAILS) &&
        after &&
        typeof after === 'object' &&
        before &&
        typeof before === 'object'
      ) {
        const keys = Object.keys(after);
        const old = before as Record<string, unknown>;
        return { field, before: Object.fromEntries(keys.map((k) => [k, old[k] ?? null])), after };
      }
      return { field, before, after };
    });
}

/**
 * `PUT /api/admin/revisions/:id`: the moderator's decision on a pending revision (a 404 when there is none,
 * or it is no longer pending; a 409 when the owner changed it after `updatedAt`, the moment the moderator
 * read it). Approving applies its fields (its staged photos, picture or video too) to the record, recomputes the record's risk signals and deletes the
 * revision; rejecting keeps it with the reason (required). Both in one transaction with the audit entry
 * (`revision.approve` with the record's row before and after, `revision.reject` with the reason; subject
 * `revision:<id>`, the record in the details); the owner is told by e-mail. After an approval, the files the
 * record showed before and names no more are deleted unless something else uses them.
 */
export async function decideRevision(
  m: { db: Kysely<DB>; mailer: Mailer; storage: Storage; records: ReviewedAreas },
  actor: Actor,
  id: number,
  decision: TRevisionDecision,
): Promise<{ data: { id: number; state: 'approved' | 'rejected' } }> {
  const reason = decision.review_reason ?? '';
  if (decision.review === 'rejected' && !reason) {
    throw dataFieldError('review_reason', MESSAGES.revisions.reasonRequired);
  }
  const seen = await findRevisionById(m.db, id);
  if (!seen || seen.state !== 'pending') throw notFound(MESSAGES.revisions.notFound);
  const ref: RecordRef = { type: seen.type, id: seen.recordId };
  const table = seen.type === 'provider' ? 'providers' : 'places';
  // The entry names the revision decided and, in its details, the record it changes.
  const subject = `revision:${id}`;
  const record = `${seen.type}:${seen.recordId}`;
  // The files the record showed before an approval: those it no longer names are deleted after it.
  let replaced: number[] = [];
  await m.db.transaction().execute(async (trx) => {
    // The record's row first, as the owner's edit takes it: the revision read next is the one to decide.
    if (!(await lockRow(trx, table, ref.id))) throw notFound(MESSAGES.revisions.notFound);
    const revision = await findRevisionById(trx, id);
    if (!revision || revision.state !== 'pending') throw notFound(MESSAGES.revisions.notFound);
    if (revision.updatedAt !== decision.updatedAt) {
      throw new AppError('ConflictError', MESSAGES.revisions.changedSince);
    }
    const fields = Object.keys(revision.fields).sort();
    if (decision.review === 'approved') {
      // Recorded with the record's row before and after.
      const before = await auditRow(trx, table, ref.id);
      replaced = await findRecordFiles(trx, ref);
      const applied = await m.records[ref.type].applyRevision(trx, ref.id, revision.fields);
      if (!applied) throw notFound(MESSAGES.revisions.notFound);
      await deleteRevision(trx, ref);
      await computeRiskSignals(trx, ref);
      const after = await auditRow(trx, table, ref.id);
      await recordAudit(trx, actor, 'revision.approve', subject, { record, fields }, { before, after });
    } else {
      if (!(await rejectRevisionRow(trx, id, reason))) throw notFound(MESSAGES.revisions.notFound);
      await recordAudit(
        trx,
        actor,
        'revision.reject',
        subject,
        { record, fields, reason },
        { before: { state: 'pending', reason: null }, after: { state: 'rejected', reason } },
      );
    }
  });
  await deleteUnusedFiles(m.db, m.storage, replaced);
  await tellOwnerOfReview(m.db, m.mailer, MESSAGES.revisions, {
    ownerId: seen.userId,
    recordId: seen.recordId,
    decision: { review_state: decision.review, review_reason: reason || null },
  });
  return { data: { id, state: decision.review } };
}
