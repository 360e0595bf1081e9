import type { FieldType } from '../../http/strapi/resource.ts';
import { concatCall, type JsonDialect } from './directory.page-json.ts';
import { fileFormatsJson } from './directory.page-sqlite.ts';

/**
 * The lean page's item JSON on PostgreSQL (directory.page-json.ts). `to_json` quotes text as
 * `JSON.stringify` does (the same escapes: `\"`, `\\`, `\b\f\n\r\t`, other control characters as
 * lowercase `\u00XX`, everything else as is; PostgreSQL text holds no lone surrogates); integers print as
 * JavaScript prints them; money is `trim_scale` of the exact decimal. Floating-point numbers are not
 * rendered here (PostgreSQL prints `1e+20` where JavaScript prints `100000000000000000000`).
 *
 * A file's `formats` are shown with each format's url by `fileResource.present`'s own function, in JS:
 * PostgreSQL cannot call it, and parsing the stored JSON in SQL (json_each over every format) costs the
 * database more than the rest of the page. The statement leaves a mark instead, between two U+0001
 * characters (no JSON text outside a mark holds a raw control character): the file's values the url is
 * made of as a JSON array, then U+0002 and the stored formats as they are (quoting them cost the database
 * a fifth of the statement). Stored formats holding a U+0001 themselves come quoted, as the array's last
 * value, without the U+0002. `withFormats` replaces each mark by the formats' JSON.
 */

const MARK = '\u0001';
const RAW = '\u0002';

/** A mark for `values` (SQL) and the stored formats `ref`: raw unless they hold the mark's character. */
const mark = (values: string[], ref: string) =>
  `chr(1) || CASE WHEN strpos(coalesce(${ref}, ''), chr(1)) = 0 ` +
  `THEN json_build_array(${values.join(', ')})::text || chr(2) || coalesce(${ref}, 'null') ` +
  `ELSE json_build_array(${[...values, ref].join(', ')})::text END || chr(1)`;

function value(type: FieldType, ref: string): string | undefined {
  switch (type) {
    case 'string':
    case 'datetime':
      return `coalesce(to_json(${ref})::text, 'null')`;
    case 'integer':
      return `coalesce(${ref}::text, 'null')`;
    case 'boolean':
      return `CASE WHEN ${ref} IS NULL THEN 'null' WHEN ${ref} = 1 THEN 'true' ELSE 'false' END`;
    case 'money':
      // find.ts `fromCents`: `12345` cents → `123.45`, `5` → `0.05`, `100` → `1`.
      return `CASE WHEN ${ref} IS NULL THEN 'null' ELSE trim_scale(${ref}::numeric / 100)::text END`;
    default:
      return undefined;
  }
}

/** The item JSON's parts in PostgreSQL's SQL. */
export const pgJson: JsonDialect = {
  value,
  quote: (text) => `to_json(${text})::text`,
  text: (ref) => `coalesce(${ref}::text, 'null')`,
  isPrivate: 't.is_private = 1',
  formatsWithUrls: mark(['t.id', 't.is_private', 't.storage_key', 't.ext'], 't.formats'),
  formats: (ref) => mark([], ref),
  joinRows: "string_agg(x.j, ',')",
  concat: concatCall,
  lateral: true,
};

/**
 * A mark's formats as JSON: with urls when the mark has the file's values (`[id, is_private, storage_key,
 * ext]`), else as find.ts shows a json column (parsed; unreadable as null). A stored NULL comes as `null`,
 * which both show as the NULL.
 */
function formatsOfMark(text: string): string {
  const at = text.indexOf(RAW);
  const values = JSON.parse(at < 0 ? text : text.slice(0, at)) as unknown[];
  const stored = at < 0 ? values.pop() : text.slice(at + 1);
  if (values.length) {
    const [id, isPrivate, storageKey, ext] = values;
    return fileFormatsJson(id as number, isPrivate, storageKey, ext, stored);
  }
  try {
    return JSON.stringify(typeof stored === 'string' ? JSON.parse(stored) : null);
  } catch {
    return 'null';
  }
}

/** An item's text from the statement with each file's formats mark replaced by the formats' JSON. */
export function withFormats(text: string): string {
  if (!text.includes(MARK)) return text;
  const parts = text.split(MARK);
  for (let i = 1; i < parts.length; i += 2) parts[i] = formatsOfMark(parts[i]!);
  return parts.join('');
}
