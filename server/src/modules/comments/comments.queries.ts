import type { Kysely } from 'kysely';
import { insertRow, updateById } from '../../db/rows.ts';
import type { DB } from '../../db/schema.ts';

/**
 * SQL for author-owned text on a provider: comments, and messages, which share it (one table each,
 * the same columns but the text's name).
 */

export type PostTable = 'comments' | 'messages';

/** The column that holds a post's text, which is also its field in request bodies. */
export const TEXT_COLUMN = { comments: 'comment', messages: 'text' } as const satisfies Record<
  PostTable,
  string
>;
export type TextColumn<T extends PostTable> = (typeof TEXT_COLUMN)[T];

export function insertPost(
  db: Kysely<DB>,
  table: PostTable,
  values: { user_id: number; provider_id: number; text: string },
): Promise<number> {
  const { text, ...owner } = values;
  return insertRow(db, table, { ...owner, [TEXT_COLUMN[table]]: text } as never);
}

/** Replaces a post's text (stamping `updated_at`); false when the post is gone. */
export function updatePostText(db: Kysely<DB>, table: PostTable, id: number, text: string): Promise<boolean> {
  return updateById(db, table, id, { [TEXT_COLUMN[table]]: text } as never);
}
