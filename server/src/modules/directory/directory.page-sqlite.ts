import type { FieldType } from '../../http/strapi/resource.ts';
import { formatsWithUrls } from '../media/index.ts';
import { concatCall, type JsonDialect } from './directory.page-json.ts';

/**
 * The lean page's item JSON on SQLite (directory.page-json.ts): values by `json_quote` (SQLite's JSON
 * text is JavaScript's for the values stored: integers, text, the server's own JSON), money by
 * `printf`, a file's `formats` by a JavaScript function called from SQL.
 */

/** find.ts `fromCents` as JSON text: `12345` cents → `123.45`, `5` → `0.05`, `100` → `1`. */
function money(ref: string): string {
  const c = `abs(${ref})`;
  return (
    `CASE WHEN ${ref} IS NULL THEN 'null' ELSE printf('%s%d%s', CASE WHEN ${ref} < 0 THEN '-' ELSE '' END, ` +
    `${c} / 100, CASE WHEN ${c} % 100 = 0 THEN '' WHEN ${c} % 10 = 0 THEN printf('.%d', ${c} % 100 / 10) ` +
    `ELSE printf('.%02d', ${c} % 100) END) END`
  );
}

/** find.ts `presentValue` as JSON text in SQL, or undefined for a type rendered only in JS. */
function value(type: FieldType, ref: string): string | undefined {
  switch (type) {
    case 'string':
    case 'datetime':
    case 'integer':
    case 'number':
      return `json_quote(${ref})`;
    case 'boolean':
      return `CASE WHEN ${ref} IS NULL THEN 'null' WHEN ${ref} IN (1, '1') THEN 'true' ELSE 'false' END`;
    case 'money':
      return money(ref);
    default:
      return undefined;
  }
}

/** The SQL function the listing's statement renders a file's `formats` with (`fileFormatsJson`). */
export const FILE_FORMATS_FUNCTION = 'lean_file_formats';

/** A file's `formats` as `fileResource.present` gives them: each format with its own url. */
const FORMATS = `${FILE_FORMATS_FUNCTION}(t.id, t.is_private, t.storage_key, t.ext, t.formats)`;

/** The last answers of `fileFormatsJson` by file id, with the values they were made from. */
const formatsMemo = new Map<
  number,
  { isPrivate: unknown; storageKey: unknown; ext: unknown; formats: unknown; json: string }
>();
// A page's files (about two each): 16,384 hold the pages of some thousands of filter states (about 25 MB).
const FORMATS_MEMO_SIZE = 16_384;

/**
 * A file's `formats` as JSON text with each format's url, by `fileResource.present`'s own function: called
 * from SQL, once per file of a page (on PostgreSQL, for each file's mark: directory.page-pg.ts). In SQL alone (json_each, json_set and json_group_object over every
 * format) this took about half of the listing statement's time; a page's files are the same from one
 * request to the next, so their answers are kept by file id (checked against every value they came from).
 */
export function fileFormatsJson(
  id: number,
  isPrivate: unknown,
  storageKey: unknown,
  ext: unknown,
  formats: unknown,
): string {
  const kept = formatsMemo.get(id);
  if (
    kept &&
    kept.formats === formats &&
    kept.isPrivate === isPrivate &&
    kept.storageKey === storageKey &&
    kept.ext === ext
  )
    return kept.json;
  let parsed: unknown = null;
  try {
    parsed = typeof formats === 'string' ? JSON.parse(formats) : null;
  } catch {
    // find.ts shows an unreadable json column as null.
  }
  const row = { id, is_private: isPrivate, storage_key: storageKey, ext };
  const json = JSON.stringify(formatsWithUrls(row, parsed));
  // The longest-kept answer goes (a Map keeps insertion order), not every answer at once.
  if (formatsMemo.size >= FORMATS_MEMO_SIZE) formatsMemo.delete(formatsMemo.keys().next().value!);
  formatsMemo.set(id, { isPrivate, storageKey, ext, formats, json });
  return json;
}

/** The item JSON's parts in SQLite's SQL. */
export const sqliteJson: JsonDialect = {
  value,
  quote: (text) => `json_quote(${text})`,
  text: (ref) => `ifnull(${ref}, 'null')`,
  isPrivate: "t.is_private IN (1, '1')",
  formatsWithUrls: FORMATS,
  formats: (ref) => `CASE WHEN json_valid(${ref}) THEN json(${ref}) ELSE 'null' END`,
  joinRows: "group_concat(x.j, ',')",
  concat: concatCall,
  lateral: false,
};
