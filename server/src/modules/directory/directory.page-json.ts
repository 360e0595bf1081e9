import { columnsFor } from '../../http/strapi/find.ts';
import { LIMITS, type PopulateTree } from '../../http/strapi/parse.ts';
import { columnOf, type FieldType, type RelationDef, type ResourceDef } from '../../http/strapi/resource.ts';
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
  /** The condition that the file on `alias` is private (media.resources.ts `fileUrl`). */
  isPrivate(alias: string): string;
  /** A file's `formats` with each format's url, for the file on `alias`. */
  formatsWithUrls(alias: string): string;
  /** A file's `formats` as find.ts shows a json column (no urls: a `fields` selection without their columns). */
  formats(ref: string): string;
  /** The aggregate joining the texts `x.j` of an ordered subquery with commas. */
  joinRows: string;
  /** Texts (never NULL) concatenated. */
  concat(parts: string[]): string;
  /**
   * Whether the page item's to-many relations are read once per item in a lateral join (their text and
   * count together), rather than by a subquery for the text and another for the count (SQLite has no
   * LATERAL). Relations of related items are subqueries on both engines.
   */
  lateral: boolean;
}

/**
 * What a statement needs besides the dialect: the SQL of a relation target's public scope on an alias
 * (find.ts applies `publicScope` to every relation), or undefined when it cannot be written into the
 * statement's text (it depends on the time of the request).
 */
export interface RenderContext {
  d: JsonDialect;
  scopeOf(target: ResourceDef, alias: string): string | undefined;
}

const q = (name: string) => `"${name}"`;
const str = (s: string) => `'${s.replace(/'/g, "''")}'`;
/** An SQL text literal holding `"name":` (JSON-escaped key). */
const key = (name: string, comma: boolean) => str(`${comma ? ',' : ''}${JSON.stringify(name)}:`);

/** media.resources.ts `fileUrl` for the file on `alias` (an SQL text expression). */
function fileUrl(d: JsonDialect, alias: string): string {
  return (
    `CASE WHEN ${d.isPrivate(alias)} THEN '/api/upload/files/' || ${alias}.id || '/content' ` +
    `ELSE '/uploads/' || ${d.text(`${alias}.storage_key`)} || ${d.text(`${alias}.ext`)} END`
  );
}

/** One statement's aliases, numbered as the relations are met (`t1`, `t2`, … and their join tables). */
interface Aliases {
  n: number;
  /** PostgreSQL's lateral joins of the top-level item's to-many relations. */
  joins: string[];
}

/**
 * A row's `{"id":…,"attributes":{…}}` on `alias` with its populated relations, as find.ts `presentRow` and
 * `loadItems` write it; undefined when something in it is not rendered here. `top`: the page's own item,
 * whose to-many relations may be read by lateral joins and whose counts the statement answers.
 */
function itemText(
  ctx: RenderContext,
  def: ResourceDef,
  alias: string,
  fields: string[] | undefined,
  populate: PopulateTree,
  at: Aliases,
  top: boolean,
): string | undefined {
  const { d } = ctx;
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
          ? d.formatsWithUrls(alias)
          : d.formats(ref)
        : def.fields[name]!.withheld
          ? `'null'`
          : d.value(def.fields[name]!.type, ref);
    if (v === undefined) return undefined;
    add(name, v);
  }
  if (withUrl) add('url', d.quote(fileUrl(d, alias)));
  for (const [name, node] of Object.entries(populate)) {
    const rel = def.relations?.[name];
    if (!rel) return undefined;
    const text = relationText(ctx, rel, alias, node.fields, node.populate, at, top);
    if (text === undefined) return undefined;
    add(name, text);
  }
  return d.concat([`'{"id":'`, `${alias}.id`, `',"attributes":{'`, ...parts, `'}}'`]);
}

/**
 * A relation's `{"data":…}` (with the to-many `meta` when truncated) for the row on `owner`. A to-many
 * relation holds its first `LIMITS.maxRelationRows` rows in find.ts's order (the order key, then the
 * target's id) and says how many there are when it holds more.
 */
function relationText(
  ctx: RenderContext,
  rel: RelationDef,
  owner: string,
  fields: string[] | undefined,
  populate: PopulateTree,
  at: Aliases,
  top: boolean,
): string | undefined {
  const { d } = ctx;
  const target = rel.target();
  const t = `t${++at.n}`;
  const scope = ctx.scopeOf(target, t);
  if (scope === undefined) return undefined;
  const and = scope ? ` and ${scope}` : '';
  const text = itemText(ctx, target, t, fields, populate, at, false);
  if (!text) return undefined;
  if (rel.kind === 'belongsTo') {
    const found = `(select ${text} from ${q(target.table)} ${t} where ${t}.id = ${owner}.${q(rel.column)}${and})`;
    return `'{"data":' || coalesce(${found}, 'null') || '}'`;
  }
  let from: string;
  let order: string;
  let countFrom: string;
  if (rel.kind === 'manyToMany') {
    const j = `j${at.n}`;
    const onOwner = `${j}.${q(rel.sourceKey)} = ${owner}.id`;
    from = `from ${q(rel.through)} ${j} join ${q(target.table)} ${t} on ${t}.id = ${j}.${q(rel.targetKey)} where ${onOwner}${and}`;
    // By the order key, then the target's id as the join table holds it (equal to `t.id`): so the rows
    // come in an index's order (provider_images_order_index), with no sort per owner.
    const byId = `${j}.${q(rel.targetKey)}`;
    order = rel.orderKey ? `${j}.${q(rel.orderKey)}, ${byId}` : byId;
    // Without a scope on the target the join table alone counts: its key to the target is a foreign key
    // that cascades on delete (both engines enforce it), so each of its rows has its target.
    countFrom = scope ? from : `from ${q(rel.through)} ${j} where ${onOwner}`;
  } else {
    from = `from ${q(target.table)} ${t} where ${t}.${q(rel.foreignKey)} = ${owner}.id${and}`;
    order = `${t}.id`;
    countFrom = from;
  }
  const max = LIMITS.maxRelationRows;
  const meta = (total: string) =>
    `',"meta":{"truncated":true,"pagination":{"start":0,"limit":${max},"total":' || ${total} || '}}'`;
  // The aggregate keeps the order of the ordered subquery it reads.
  const rows = `(select ${text} as j ${from} order by ${order} limit ${max}) x`;
  if (d.lateral && top) {
    // The rows' text and how many they are, read once; the whole count only when the list is full.
    const l = `l${at.joins.length}`;
    at.joins.push(`cross join lateral (select ${d.joinRows} as list, count(*) as n from ${rows}) ${l}`);
    return (
      `'{"data":[' || coalesce(${l}.list, '') || ']' || CASE WHEN ${l}.n < ${max} THEN '' ELSE ` +
      `coalesce((select ${meta('c.n')} from (select count(*) as n ${countFrom}) c where c.n > ${max}), '') END || '}'`
    );
  }
  const total = `(select count(*) ${countFrom})`;
  return (
    `'{"data":[' || coalesce((select ${d.joinRows} from ${rows}), '') || ']' || ` +
    `CASE WHEN ${total} > ${max} THEN ${meta(total)} ELSE '' END || '}'`
  );
}

/**
 * The select list for a page of `def`'s rows on alias `r` (the item's JSON) and the joins it reads;
 * undefined when some field or relation is not rendered here.
 */
export function itemColumns(
  ctx: RenderContext,
  def: ResourceDef,
  fields: string[] | undefined,
  populate: PopulateTree,
): { select: string; joins: string } | undefined {
  const at: Aliases = { n: 0, joins: [] };
  const item = itemText(ctx, def, 'r', fields, populate, at, true);
  return item ? { select: item, joins: at.joins.join(' ') } : undefined;
}
