import type { FieldType } from '../../http/strapi/resource.ts';
import { concatCall, type JsonDialect } from './directory.page-json.ts';

/**
 * The lean page's item JSON on SQLite (directory.page-json.ts): values by `json_quote` (SQLite's JSON
 * text is JavaScript's for the values stored: integers, text, the server's own JSON), money by
 * `printf`, a file's `formats` with urls as a mark that JS replaces (directory.page-formats.ts: the
 * statement runs on the reader thread, which has none of the server's functions).
 */

/** directory.page-formats.ts's mark for the file's `values` and its stored formats `ref`, in SQLite's SQL. */
const formatsMark = (values: string[], ref: string) =>
  `char(1) || CASE WHEN instr(coalesce(${ref}, ''), char(1)) = 0 ` +
  `THEN json_array(${values.join(', ')}) || char(2) || coalesce(${ref}, 'null') ` +
  `ELSE json_array(${[...values, ref].join(', ')}) END || char(1)`;

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

/** The item JSON's parts in SQLite's SQL. */
export const sqliteJson: JsonDialect = {
  value,
  quote: (text) => `json_quote(${text})`,
  text: (ref) => `ifnull(${ref}, 'null')`,
  isPrivate: (a) => `${a}.is_private IN (1, '1')`,
  formatsWithUrls: (a) =>
    formatsMark([`${a}.id`, `${a}.is_private`, `${a}.storage_key`, `${a}.ext`], `${a}.formats`),
  formats: (ref) => `CASE WHEN json_valid(${ref}) THEN json(${ref}) ELSE 'null' END`,
  joinRows: "group_concat(x.j, ',')",
  concat: concatCall,
  lateral: false,
};
