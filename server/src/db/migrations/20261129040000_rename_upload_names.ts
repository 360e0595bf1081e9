import type { Kysely } from 'kysely';

/**
 * Every stored file's `name` was the uploader's file name, which often holds a person's name or place
 * (`jane-realname-home.jpg`) and was shown to anyone who could see the file. New uploads are named by
 * their kind, the start of their random storage key and their extension (`neutralName` in
 * `modules/media/media.storage.ts`; written out here, as a migration must not change with the code);
 * this renames the existing rows the same way, and the names kept in their formats
 * (`thumbnail_<name>`). The demo's placeholders keep the names the server gave them (`demo-ad-01.png`,
 * `demo-clip.webm`: the demo finds its pictures again by them). Read and written in pages by id, so a
 * large table is not held in memory.
 */
const PAGE = 500;
const SERVER_MADE = /^demo-(?:[a-z]+-\d+\.png|clip\.webm)$/;

function neutralName(mime: string, key: string, ext: string): string {
  return `${mime.startsWith('video/') ? 'video' : 'image'}-${key.slice(0, 8)}${ext}`;
}

function renamedFormats(formats: string | null, name: string): string | null {
  if (formats === null) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(formats);
  } catch {
    return formats;
  }
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) return formats;
  const out: Record<string, unknown> = {};
  for (const [format, value] of Object.entries(parsed as Record<string, unknown>)) {
    out[format] =
      value && typeof value === 'object' && !Array.isArray(value)
        ? { ...(value as Record<string, unknown>), name: `${format}_${name}` }
        : value;
  }
  return JSON.stringify(out);
}

export async function up(db: Kysely<any>): Promise<void> {
  let after = 0;
  for (;;) {
    const rows: {
      id: number;
      name: string;
      storage_key: string;
      ext: string;
      mime: string;
      formats: string | null;
    }[] = await db
      .selectFrom('files')
      .select(['id', 'name', 'storage_key', 'ext', 'mime', 'formats'])
      .where('id', '>', after)
      .orderBy('id')
      .limit(PAGE)
      .execute();
    if (rows.length === 0) return;
    for (const row of rows) {
      if (SERVER_MADE.test(row.name)) continue;
      const name = neutralName(row.mime, row.storage_key, row.ext);
      await db
        .updateTable('files')
        .set({ name, formats: renamedFormats(row.formats, name) })
        .where('id', '=', row.id)
        .execute();
    }
    after = Number(rows[rows.length - 1]!.id);
  }
}

/** The uploaders' names are gone: nothing to restore. */
export async function down(): Promise<void> {}
