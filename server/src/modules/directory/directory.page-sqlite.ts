import { columnsFor } from '../../http/strapi/find.ts';
import { LIMITS, type PopulateTree } from '../../http/strapi/parse.ts';
import { columnOf, type FieldType, type ResourceDef } from '../../http/strapi/resource.ts';
import { fileResource, formatsWithUrls } from '../media/index.ts';

/**
 * The lean page on SQLite writes the items' JSON in the database: each item as find.ts `presentRow`
 * and `loadItems` present it (the same keys in the same order, money in dollars, booleans, files'
 * urls), so a page costs one string per item in JS instead of a value per column. The text is one
 * `concat(…)` of literals and `json_quote`d values per item (about twice as fast as nesting
 * `json_object`s, and a quarter faster than chaining `||`, which copies the text at each step);
 * SQLite's JSON text is JavaScript's for the values stored (integers, text, the server's own JSON),
 * which the lean listing's tests check byte for byte. Anything this does not render (another
 * resource's `present`, `json` fields) answers undefined, and directory.page.ts presents in JS.
 */

export interface SqliteRelation {
  name: string;
  kind: 'belongsTo' | 'manyToMany';
  target: ResourceDef;
  fields: string[] | undefined;
  /** belongsTo: the foreign key on the provider; manyToMany: the join table and its keys. */
  column?: string;
  through?: string;
  sourceKey?: string;
  targetKey?: string;
  orderKey?: string | undefined;
  /** The target's public scope on alias `t` ('' when none). */
  scope: string;
}

const q = (name: string) => `"${name}"`;
const str = (s: string) => `'${s.replace(/'/g, "''")}'`;

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

/** media.resources.ts `fileUrl` for the file on alias `t` (an SQL expression). */
function fileUrl(): string {
  return (
    "CASE WHEN t.is_private IN (1, '1') THEN '/api/upload/files/' || t.id || '/content' " +
    "ELSE '/uploads/' || ifnull(t.storage_key, 'null') || ifnull(t.ext, 'null') END"
  );
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
const FORMATS_MEMO_SIZE = 4096;

/**
 * A file's `formats` as JSON text with each format's url, by `fileResource.present`'s own function: called
 * from SQL, once per file of a page. In SQL alone (json_each, json_set and json_group_object over every
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

/**
 * The SQL expressions whose texts, one after the other, make a JSON value. They are joined by one
 * `concat(…)` per item rather than `||`: each `||` copies everything before it again, which made
 * the provider's 44 attributes cost more than the rest of the statement.
 */
type Pieces = string[];

const concat = (pieces: Pieces) => `concat(${pieces.join(', ')})`;

/** A row's `{"id":…,"attributes":{…}}` on `alias`, `rels` appended to the attributes; undefined when not renderable. */
function itemPieces(
  def: ResourceDef,
  alias: string,
  fields: string[] | undefined,
  rels: { name: string; pieces: Pieces }[] = [],
): Pieces | undefined {
  const names = (fields ?? Object.keys(def.fields)).filter((n) => n !== 'id');
  const isFile = def === fileResource;
  if (def.present && !isFile) return undefined;
  // fileResource.present: a url only when the columns it is built from are selected.
  const cols = columnsFor(def, fields);
  const withUrl = isFile && ['is_private', 'storage_key', 'ext'].every((c) => cols.includes(c));
  const pieces: Pieces = [`'{"id":'`, `${alias}.id`];
  let first = true;
  const add = (name: string, value: Pieces) => {
    pieces.push(str(`${first ? ',"attributes":{' : ','}${JSON.stringify(name)}:`), ...value);
    first = false;
  };
  for (const name of new Set(names)) {
    if (isFile && name === 'storageKey') continue;
    const ref = `${alias}.${q(columnOf(def, name))}`;
    const v =
      isFile && name === 'formats'
        ? withUrl
          ? FORMATS
          : `CASE WHEN json_valid(${ref}) THEN json(${ref}) ELSE 'null' END`
        : value(def.fields[name]!.type, ref);
    if (v === undefined) return undefined;
    add(name, [v]);
  }
  if (withUrl) add('url', [`json_quote(${fileUrl()})`]);
  for (const rel of rels) add(rel.name, rel.pieces);
  pieces.push(first ? `',"attributes":{}}'` : `'}}'`);
  return pieces;
}

/** A relation's `{"data":…}` (with the to-many `meta` when truncated) for the provider on alias `r`. */
function relationPieces(rel: SqliteRelation): Pieces | undefined {
  const item = itemPieces(rel.target, 't', rel.fields);
  if (!item) return undefined;
  const and = rel.scope ? ` and ${rel.scope}` : '';
  if (rel.kind === 'belongsTo') {
    const found = `(select ${concat(item)} from ${q(rel.target.table)} t where t.id = r.${q(rel.column!)}${and})`;
    return [`'{"data":'`, `ifnull(${found}, 'null')`, `'}'`];
  }
  const from =
    `from ${q(rel.through!)} pj join ${q(rel.target.table)} t on t.id = pj.${q(rel.targetKey!)}` +
    ` where pj.${q(rel.sourceKey!)} = r.id${and}`;
  const order = rel.orderKey ? `pj.${q(rel.orderKey)}, t.id` : 't.id';
  const max = LIMITS.maxRelationRows;
  // group_concat keeps the order of the ordered subquery it reads.
  const list =
    `ifnull((select group_concat(x.j, ',') from (select ${concat(item)} as j ${from}` +
    ` order by ${order} limit ${max}) x), '')`;
  const total = `(select count(*) ${from})`;
  return [
    `'{"data":['`,
    list,
    `CASE WHEN ${total} > ${max} THEN ']' || ',"meta":{"truncated":true,"pagination":` +
      `{"start":0,"limit":${max},"total":' || ${total} || '}}}' ELSE ']}' END`,
  ];
}

/**
 * The select list for a page of `def`'s rows on alias `r`: the item's JSON, then for each to-many
 * relation its row count (find.ts counts an empty list one character short); undefined when some
 * field or relation is not rendered here.
 */
export function sqliteItemColumns(
  def: ResourceDef,
  fields: string[] | undefined,
  populate: PopulateTree,
  rels: SqliteRelation[],
): string | undefined {
  const texts: { name: string; pieces: Pieces }[] = [];
  const counts: string[] = [];
  for (const rel of rels) {
    const pieces = relationPieces(rel);
    if (pieces === undefined || !populate[rel.name]) return undefined;
    texts.push({ name: rel.name, pieces });
    if (rel.kind === 'manyToMany') {
      const and = rel.scope ? ` and ${rel.scope}` : '';
      counts.push(
        `(select count(*) from ${q(rel.through!)} pj join ${q(rel.target.table)} t on t.id = pj.${q(rel.targetKey!)}` +
          ` where pj.${q(rel.sourceKey!)} = r.id${and})`,
      );
    }
  }
  const item = itemPieces(def, 'r', fields, texts);
  return item && [concat(item), ...counts].join(', ');
}
