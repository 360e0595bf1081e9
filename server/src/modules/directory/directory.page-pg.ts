import type { FieldType } from '../../http/strapi/resource.ts';
import { concatCall, type JsonDialect } from './directory.page-json.ts';

/**
 * The lean page's item JSON on PostgreSQL (directory.page-json.ts). `to_json` quotes text as
 * `JSON.stringify` does (the same escapes: `\"`, `\\`, `\b\f\n\r\t`, other control characters as
 * lowercase `\u00XX`, everything else as is; PostgreSQL text holds no lone surrogates); integers print as
 * JavaScript prints them; money is `trim_scale` of the exact decimal. Floating-point numbers are not
 * rendered here (PostgreSQL prints `1e+20` where JavaScript prints `100000000000000000000`).
 *
 * A file's `formats` with urls come as a mark that JS replaces (directory.page-formats.ts).
 */

/**
 * directory.page-formats.ts's mark for the file's `values` (SQL) and its stored formats `ref`: raw unless
 * they hold the mark's character.
 */
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

/** Texts an item may have to be joined by `||` rather than `concat` (see `pgJson.concat`). */
const CHAIN_PARTS = 16;

/** The item JSON's parts in PostgreSQL's SQL. */
export const pgJson: JsonDialect = {
  value,
  quote: (text) => `to_json(${text})::text`,
  text: (ref) => `coalesce(${ref}::text, 'null')`,
  isPrivate: (a) => `${a}.is_private = 1`,
  formatsWithUrls: (a) =>
    mark([`${a}.id`, `${a}.is_private`, `${a}.storage_key`, `${a}.ext`], `${a}.formats`),
  formats: (ref) => mark([], ref),
  joinRows: "string_agg(x.j, ',')",
  // PostgreSQL's `concat` looks up each argument's output function on every row: for a small item (a
  // reaction's id and two times, a language) that costs more than the copies a chain of `||` makes. Large
  // items (the provider, a file) keep one `concat`, which copies each text once.
  concat: (parts) => (parts.length <= CHAIN_PARTS ? `(${parts.join(' || ')})` : concatCall(parts)),
  lateral: true,
};
