import type { Kysely } from 'kysely';

/**
 * The files a pending revision stages (docs/decisions/0015-pending-revisions.md): an ad's new photos or
 * video, a place's new picture or video, waiting for review while the approved ones stay public. One row per
 * file the revision names, deleted with the revision; the media area counts a file named here as in use, so
 * neither the cleanup jobs nor the file delete route remove it before the moderator decides. The order and
 * the role (`images`, `video`, `image`) are the revision's `fields` JSON; this table holds the claim.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('pending_revision_files')
    .addColumn('revision_id', 'integer', (c) =>
      c.notNull().references('pending_revisions.id').onDelete('cascade'),
    )
    .addColumn('file_id', 'integer', (c) => c.notNull().references('files.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('pending_revision_files_pk', ['revision_id', 'file_id'])
    .execute();
  await db.schema
    .createIndex('pending_revision_files_file_index')
    .on('pending_revision_files')
    .column('file_id')
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('pending_revision_files').execute();
}
