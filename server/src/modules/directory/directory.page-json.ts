import { columnsFor } from '../../http/strapi/find.ts';
import { LIMITS, type PopulateTree } from '../../http/strapi/parse.ts';
import { columnOf, type FieldType, type ResourceDef } from '../../http/strapi/resource.ts';
import { fileResource } from '../media/index.ts';

/**
 * The lean page writes the items' JSON in the database, on either engine: each item as find.ts
 * `presentRow` and `loadItems` present it (the same keys in the same order, money in dollars, booleans,
 * files' urls), so a page costs one string per item in JS instead of a value per column. The text is
 * concatenated from each value's JSON text (about twice as fast as nesting JSON objects, and the engine's
 * JSON text of a stored string or integer is JavaScript's, which the lean listing's tests check byte for
 * byte). What differs by engine (how a value is quoted, money, a file's `formats`) is a `JsonDialect`
 * (directory.page-sqlite.ts, directory.page-pg.ts). Anything not rendered (another resource's `present`,
 * `json` fields, a type the engine would print differently) answers undefined, and directory.page.ts
 * presents in JS.
 */

/** Texts a `concat` call takes at most before it nests (PostgreSQL refuses a call of more than 100 arguments). */
const CONCAT_ARGUMENTS = 50;

/**
 * Texts (never NULL) concatenated by `concat(…)` calls, both engines' (SQLite since 3.44): one call copies
 * each text once, where a chain of `||` copies the growing text at every step (on SQLite a quarter of
 * the listing statement's time). More than `CONCAT_ARGUMENTS` texts are concatenated in groups, nested.
 */
export function concatCall(parts: string[]): string {
  if (parts.length <= CONCAT_ARGUMENTS) return `concat(${parts.join(', ')})`;
  const groups: string[] = [];
  for (let i = 0; i < parts.length; i += CONCAT_ARGUMENTS)
    groups.push(concatCall(parts.slice(i, i + CONCAT_ARGUMENTS)));
  return concatCall(groups);
}

/** One engine's SQL for the parts of an item's JSON text. */
export interface JsonDialect {
  /** find.ts `presentValue` as JSON text for the column `ref`, or undefined for a type rendered only in JS. */
  value(type: FieldType, ref: string): string | undefined;
  /** A text expression as a JSON string (never SQL NULL: `null`). */
  quote(text: string): string;
  /** A column (or expression) as SQL text, NULL as `null` (JavaScript's `String(null)`). */
  text(ref: string): string;
  /** The condition that the file on alias `t` is private (media.resources.ts `fileUrl`). */
  isPrivate: string;
  /** A file's `formats` with each format's url, for the file on alias `t`. */
  formatsWithUrls: string;
  /** A file's `formats` as find.ts shows a json column (no urls: a `fields` selection without their columns). */
  formats(ref: string): string;
  /** The aggregate joining the texts `x.j` of an ordered subquery with commas. */
  joinRows: string;
  /** Texts (never NULL) concatenated. */
  concat(parts: string[]): string;
  /**
   * Whether a to-many relation's rows are read once per item in a lateral join (their text and count
   * together), rather than by a subquery for the text and another for the count (SQLite has no LATERAL).
   */
  lateral: boolean;
}

export interface JsonRelation {
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
/** An SQL text literal holding `"name":` (JSON-escaped key). */
const key = (name: string, comma: boolean) => str(`${comma ? ',' : ''}${JSON.stringify(name)}:`);

/** media.resources.ts `fileUrl` for the file on alias `t` (an SQL text expression). */
function fileUrl(d: JsonDialect): string {
  return (
    `CASE WHEN ${d.isPrivate} THEN '/api/upload/files/' || t.id || '/content' ` +
    `ELSE '/uploads/' || ${d.text('t.storage_key')} || ${d.text('t.ext')} END`
  );
}

/** A row's `{"id":…,"attributes":{…}}` on `alias`, `rels` appended to the attributes; undefined when not renderable. */
function itemText(
  d: JsonDialect,
  def: ResourceDef,
  alias: string,
  fields: string[] | undefined,
  rels: { name: string; text: string }[] = [],
): string | undefined {
  const names = (fields ?? Object.keys(def.fields)).filter((n) => n !== 'id');
  const isFile = def === fileResource;
  if (def.present && !isFile) return undefined;
  // fileResource.present: a url only when the columns it is built from are selected.
  const cols = columnsFor(def, fields);
  const withUrl = isFile && ['is_private', 'storage_key', 'ext'].every((c) => cols.includes(c));
  const parts: string[] = [];
  const add = (name: string, text: string) => parts.push(key(name, parts.length > 0), text);
  for (const name of new Set(names)) {
    if (isFile && name === 'storageKey') continue;
    const ref = `${alias}.${q(columnOf(def, name))}`;
    const v =
      isFile && name === 'formats'
        ? withUrl
          ? d.formatsWithUrls
          : d.formats(ref)
        : d.value(def.fields[name]!.type, ref);
    if (v === undefined) return undefined;
    add(name, v);
  }
  if (withUrl) add('url', d.quote(fileUrl(d)));
  for (const rel of rels) add(rel.name, rel.text);
  return d.concat([`'{"id":'`, `${alias}.id`, `',"attributes":{'`, ...parts, `'}}'`]);
}

/** The FROM and WHERE of a to-many relation's rows for the provider on alias `r`. */
function toManyFrom(rel: JsonRelation): string {
  const and = rel.scope ? ` and ${rel.scope}` : '';
  return (
    `from ${q(rel.through!)} pj join ${q(rel.target.table)} t on t.id = pj.${q(rel.targetKey!)}` +
    ` where pj.${q(rel.sourceKey!)} = r.id${and}`
  );
}

/**
 * The FROM and WHERE that count a to-many relation's rows for the provider on alias `r`. Without a scope
 * on the target it is the join table alone: its key to the target is a foreign key that cascades on
 * delete (both engines enforce it), so each of its rows has its target, as the join would find.
 */
function toManyCountFrom(rel: JsonRelation): string {
  return rel.scope ? toManyFrom(rel) : `from ${q(rel.through!)} pj where pj.${q(rel.sourceKey!)} = r.id`;
}

/** What a relation adds to the statement: its text in the item, a lateral join, the count of its rows. */
interface RelationParts {
  text: string;
  join?: string;
  count?: string;
}

/**
 * A relation's `{"data":…}` (with the to-many `meta` when truncated) for the provider on alias `r`; `n`
 * numbers its lateral join.
 */
function relationParts(d: JsonDialect, rel: JsonRelation, n: number): RelationParts | undefined {
  const text = itemText(d, rel.target, 't', rel.fields);
  if (!text) return undefined;
  if (rel.kind === 'belongsTo') {
    const and = rel.scope ? ` and ${rel.scope}` : '';
    const found = `(select ${text} from ${q(rel.target.table)} t where t.id = r.${q(rel.column!)}${and})`;
    return { text: `'{"data":' || coalesce(${found}, 'null') || '}'` };
  }
  const from = toManyFrom(rel);
  // By the order key, then the target's id as the join table holds it (`t.id` = the target key): so the
  // rows come in an index's order (provider_images_order_index), with no sort per provider.
  const order = rel.orderKey ? `pj.${q(rel.orderKey)}, pj.${q(rel.targetKey!)}` : `pj.${q(rel.targetKey!)}`;
  const max = LIMITS.maxRelationRows;
  const meta = (total: string) =>
    `',"meta":{"truncated":true,"pagination":{"start":0,"limit":${max},"total":' || ${total} || '}}'`;
  // The aggregate keeps the order of the ordered subquery it reads.
  const rows = `(select ${text} as j ${from} order by ${order} limit ${max}) x`;
  if (d.lateral) {
    // The rows' text and how many they are, read once; the whole count only when the list is full.
    const l = `l${n}`;
    return {
      text:
        `'{"data":[' || coalesce(${l}.list, '') || ']' || CASE WHEN ${l}.n < ${max} THEN '' ELSE ` +
        `coalesce((select ${meta('c.n')} from (select count(*) as n ${toManyCountFrom(rel)}) c where c.n > ${max}), '') END || '}'`,
      join: `cross join lateral (select ${d.joinRows} as list, count(*) as n from ${rows}) ${l}`,
      count: `${l}.n`,
    };
  }
  const total = `(select count(*) ${toManyCountFrom(rel)})`;
  return {
    text:
      `'{"data":[' || coalesce((select ${d.joinRows} from ${rows}), '') || ']' || ` +
      `CASE WHEN ${total} > ${max} THEN ${meta(total)} ELSE '' END || '}'`,
    count: total,
  };
}

/**
 * The select list for a page of `def`'s rows on alias `r` and the joins it reads: the item's JSON,
 * then for each to-many relation its row count (find.ts counts an empty list one character short);
 * undefined when some field or relation is not rendered here.
 */
export function itemColumns(
  d: JsonDialect,
  def: ResourceDef,
  fields: string[] | undefined,
  populate: PopulateTree,
  rels: JsonRelation[],
): { select: string; joins: string } | undefined {
  const texts: { name: string; text: string }[] = [];
  const counts: string[] = [];
  const joins: string[] = [];
  for (const rel of rels) {
    const parts = relationParts(d, rel, joins.length);
    if (parts === undefined || !populate[rel.name]) return undefined;
    texts.push({ name: rel.name, text: parts.text });
    if (parts.join) joins.push(parts.join);
    if (parts.count) counts.push(parts.count);
  }
  const item = itemText(d, def, 'r', fields, texts);
  return item ? { select: [item, ...counts].join(', '), joins: joins.join(' ') } : undefined;
}
