import type { Kysely } from 'kysely';
import type { DB } from '../db/schema.ts';
import { fieldError, type FieldPath } from '../http/errors.ts';

/** What a file is used as: a public image, a public video, or a private document (ID). */
export type FileUse = 'image' | 'video' | 'document';

/** The files one field names, what they must be, and what to say of one that is not. */
export interface FileClaim {
  path: FieldPath;
  ids: readonly number[];
  use: FileUse;
  /** The 400's message for a file that is not usable here. */
  message: (id: number) => string;
  /** The 400's own message (default: the detail's); directory writes say `data.<field>: …`. */
  title?: (id: number) => string;
}

/**
 * A document is a private upload, or a public image the caller uploaded the plain way (the seed's
 * client): the write that names it makes it private (`makeFilesPrivate`, media area).
 */
const fits = (use: FileUse, file: { is_private: number; mime: string }) =>
  use === 'document'
    ? Number(file.is_private) === 1 || file.mime.startsWith('image/')
    : Number(file.is_private) !== 1 && file.mime.startsWith(use === 'image' ? 'image/' : 'video/');

/**
 * The rule "a file usable here", for every record that names files (ads, places, products, venues,
 * avatars, ID documents): each file must have been uploaded by one of `ownerIds` (the record's owner,
 * and the admin acting for them) and be of the right kind. One query for every field; the first file
 * that fails is a 400 at its field.
 */
export async function requireOwnedFiles(
  db: Kysely<DB>,
  ownerIds: readonly number[],
  claims: readonly FileClaim[],
): Promise<void> {
  const wanted = [...new Set(claims.flatMap((c) => c.ids))];
  if (!wanted.length) return;
  const owners = [...new Set(ownerIds)];
  const rows = owners.length
    ? await db
        .selectFrom('files')
        .select(['id', 'is_private', 'mime'])
        .where('id', 'in', wanted)
        .where('owner_id', 'in', owners)
        .execute()
    : [];
  const found = new Map(rows.map((f) => [Number(f.id), f]));
  for (const claim of claims) {
    for (const id of claim.ids) {
      const file = found.get(id);
      if (!file || !fits(claim.use, file)) {
        throw fieldError(claim.path, claim.message(id), claim.title ? { title: claim.title(id) } : {});
      }
    }
  }
}
