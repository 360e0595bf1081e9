import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { isAdmin, type Actor } from '../../http/auth.ts';
import { forbidden, notFound } from '../../http/errors.ts';
import { findFileById, type FileRow } from './media.queries.ts';

/* Who may see and delete a stored file: public files anyone, private ones their owner and the admin. */

function canSee(actor: Actor | null, row: FileRow): boolean {
  return Number(row.is_private) !== 1 || isAdmin(actor) || (!!actor && row.owner_id === actor.id);
}

function canManage(actor: Actor | null, row: FileRow): boolean {
  return isAdmin(actor) || (!!actor && row.owner_id === actor.id);
}

/**
 * The one access check for a file id: a file the actor may not see is a 404 (private files do not
 * reveal that they exist); one they may see but not change is a 403.
 */
export async function requireFileAccess(
  db: Kysely<DB>,
  actor: Actor | null,
  id: number,
  action: 'read' | 'delete',
): Promise<FileRow> {
  const row = await findFileById(db, id);
  if (!row || !canSee(actor, row)) throw notFound('File not found');
  if (action === 'delete' && !canManage(actor, row)) {
    throw forbidden('Only the owner or an administrator may delete this file');
  }
  return row;
}
