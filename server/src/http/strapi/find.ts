import {
  sql,
  type Expression,
  type ExpressionBuilder,
  type Kysely,
  type OrderByItemBuilder,
  type SqlBool,
} from 'kysely';
import { fromCents } from '@app/domain';
import type { Engine } from '../../db/database.ts';
import { engineOf } from '../../db/dialect.ts';
import { badRequest, type AppError } from '../errors.ts';
import { bytewise, compileFilter, scoped } from './filter-sql.ts';
import { LIMITS, type ParsedQuery, type PopulateTree, type SortItem } from './parse.ts';
import { columnOf, type RelationDef, type ResourceDef, type ScopeFn } from './resource.ts';
import { paginationMeta } from '../paging.ts';

/** Strapi v4 item: `{ id, attributes }`. */
export interface Item {
  id: number;
  attributes: Record<string, unknown>;
}
type Row = Record<string, unknown>;
type AnyDb = Kysely<any>;
type EB = ExpressionBuilder<any, any>;

// Aliases are the same for the same query shape, so the SQL text repeats and its prepared statement
// is reused (db/database.ts). Populate runs one statement per relation and level: fixed aliases serve.
const POP = 'p';
const POP_JOIN = 'pj';

/** The columns to select for a resource: declared fields plus the keys that relations need. */
export function columnsFor(def: ResourceDef, fields?: string[]): string[] {
  const names = fields ?? Object.keys(def.fields);
  const read = names.filter((f) => f !== 'id' && !def.fields[f]?.withheld);
  const cols = new Set(['id', ...read.map((f) => columnOf(def, f))]);
  for (const rel of Object.values(def.relations ?? {})) if (rel.kind === 'belongsTo') cols.add(rel.column);
  return [...cols];
}

function presentValue(type: string, v: unknown): unknown {
  if (v === null || v === undefined) return null;
  switch (type) {
    case 'boolean':
      return v === 1 || v === true || v === '1';
    case 'money':
      return fromCents(Number(v));
    case 'integer':
    case 'number':
      return Number(v);
    case 'json':
      try {
        return typeof v === 'string' ? JSON.parse(v) : v;
      } catch {
        return null;
      }
    default:
      return v;
  }
}

/** Turns a row into `{ id, attributes }` with the selected fields (relations are added by loadItems). */
export function presentRow(def: ResourceDef, row: Row, fields?: string[]): Item {
  const attributes: Record<string, unknown> = {};
  for (const name of fields ?? Object.keys(def.fields)) {
    if (name === 'id') continue;
    const f = def.fields[name]!;
    attributes[name] = f.withheld ? null : presentValue(f.type, row[columnOf(def, name)]);
  }
  return { id: Number(row.id), attributes: def.present ? def.present(attributes, row) : attributes };
}

/**
 * A populated relation as Strapi nests it. A to-many relation holds at most `LIMITS.maxRelationRows`
 * items; when it has more, `meta` says so and gives the real count.
 */
export interface Relation {
  data: Item | Item[] | null;
  meta?: { truncated: true; pagination: { start: 0; limit: number; total: number } };
}

/** The 400 for an answer over `LIMITS.maxResponseBytes`: it says how to ask for less. */
export function tooLarge(): AppError {
  const max = LIMITS.maxResponseBytes;
  return badRequest(
    `The answer would be larger than ${max} bytes. Ask for less: fewer relations in populate ` +
      '(or only some of their fields, populate[<relation>][fields]), a smaller pagination[pageSize], ' +
      'or only the fields you need (fields).',
    { maxBytes: max },
  );
}

/** `{"id":1,"attributes":{}}`: no item is shorter, which bounds how many rows an answer can hold. */
const MIN_ITEM_CHARS = 24;

/**
 * What an answer has loaded so far, in characters of JSON: a lower bound of its size (an item shared by
 * several parents counts once here), checked after every query so an answer that is certainly too large
 * stops early. The exact size is checked once it is built (fits).
 */
class Budget {
  private loaded = 0;
  add(chars: number): void {
    this.loaded += chars;
    if (this.loaded > LIMITS.maxResponseBytes) throw tooLarge();
  }
  /** A LIMIT for the next query: this many rows would certainly not fit. */
  rowsLeft(): number {
    return Math.floor((LIMITS.maxResponseBytes - this.loaded) / MIN_ITEM_CHARS) + 1;
  }
}

/** Refuses a list whose items (sizes in characters of JSON) do not fit in one answer. */
export function fits(sizes: number[]): void {
  let total = 200; // the envelope: `{"data":[…],"meta":{"pagination":{…}}}`
  for (const n of sizes) total += n + 1;
  if (total > LIMITS.maxResponseBytes) throw tooLarge();
}

const sum = (list: number[]) => list.reduce((a, b) => a + b, 0);

/**
 * The related rows of a to-many relation for the parents `ids`, at most `LIMITS.maxRelationRows` per
 * parent (the first in the relation's order: `orderKey`, then id), each with its parent (`$owner`) and
 * the parent's real count (`$total`). One statement; the window functions work on both engines.
 */
async function loadToMany(
  db: AnyDb,
  rel: Extract<RelationDef, { kind: 'hasMany' | 'manyToMany' }>,
  target: ResourceDef,
  cols: string[],
  ids: number[],
  budget: Budget,
): Promise<Row[]> {
  const t = POP;
  const j = POP_JOIN;
  const owner = rel.kind === 'hasMany' ? `${t}.${rel.foreignKey}` : `${j}.${rel.sourceKey}`;
  const order =
    rel.kind === 'manyToMany' && rel.orderKey
      ? [sql.ref(`${j}.${rel.orderKey}`), sql.ref(`${t}.id`)]
      : [sql.ref(`${t}.id`)];
  const partition = sql`partition by ${sql.ref(owner)}`;
  let from = db.selectFrom(`${target.table} as ${t}`);
  if (rel.kind === 'manyToMany')
    from = from.innerJoin(`${rel.through} as ${j}`, `${j}.${rel.targetKey}` as never, `${t}.id` as never);
  const ranked = from
    .select([
      ...cols.map((c) => `${t}.${c}`),
      `${owner} as $owner`,
      sql`row_number() over (${partition} order by ${sql.join(order)})`.as('$rank'),
      sql`count(*) over (${partition})`.as('$total'),
    ] as never)
    .where((eb: EB) => scoped(eb, target, t, eb(eb.ref(owner), 'in', ids as never)));
  const limit = budget.rowsLeft();
  const rows = (await db
    .selectFrom(ranked.as('w'))
    .selectAll()
    .where('w.$rank' as never, '<=', LIMITS.maxRelationRows as never)
    .orderBy('w.$owner' as never)
    .orderBy('w.$rank' as never)
    .limit(limit)
    .execute()) as Row[];
  if (rows.length >= limit) throw tooLarge();
  return rows;
}

/**
 * Presents rows as items and loads their requested relations, one query per relation and level.
 * Returns each item's size in characters of JSON, relations included (a shared item counts each time).
 */
async function loadItems(
  db: AnyDb,
  def: ResourceDef,
  rows: Row[],
  fields: string[] | undefined,
  tree: PopulateTree,
  budget: Budget,
): Promise<{ items: Item[]; sizes: number[] }> {
  const items = rows.map((r) => presentRow(def, r, fields));
  const sizes = items.map((i) => JSON.stringify(i).length);
  budget.add(sum(sizes));
  if (!rows.length) return { items, sizes };
  for (const [name, node] of Object.entries(tree)) {
    const rel = def.relations![name]!;
    const target = rel.target();
    const cols = columnsFor(target, node.fields);
    // `,"<name>":{"data":…}`
    const wrapper = name.length + 13;
    if (rel.kind === 'belongsTo') {
      const t = POP;
      const ids = [...new Set(rows.map((r) => r[rel.column]).filter((v) => v !== null && v !== undefined))];
      const found = ids.length
        ? ((await db
            .selectFrom(`${target.table} as ${t}`)
            .select(cols.map((c) => `${t}.${c}`) as never)
            .where((eb: EB) => scoped(eb, target, t, eb(eb.ref(`${t}.id`), 'in', ids as never)))
            .execute()) as Row[])
        : [];
      const sub = await loadItems(db, target, found, node.fields, node.populate, budget);
      const byId = new Map(sub.items.map((item, k) => [item.id, k]));
      rows.forEach((r, i) => {
        const k = byId.get(Number(r[rel.column]));
        items[i]!.attributes[name] = { data: k === undefined ? null : sub.items[k]! } satisfies Relation;
        sizes[i]! += wrapper + (k === undefined ? 4 : sub.sizes[k]!);
      });
      continue;
    }
    const found = await loadToMany(
      db,
      rel,
      target,
      cols,
      rows.map((r) => Number(r.id)),
      budget,
    );
    const sub = await loadItems(db, target, found, node.fields, node.populate, budget);
    const groups = new Map<number, { at: number[]; total: number }>();
    found.forEach((r, k) => {
      const key = Number(r.$owner);
      const group = groups.get(key) ?? { at: [], total: Number(r.$total) };
      group.at.push(k);
      groups.set(key, group);
    });
    rows.forEach((r, i) => {
      const group = groups.get(Number(r.id));
      const at = group?.at ?? [];
      const value: Relation = { data: at.map((k) => sub.items[k]!) };
      let size = wrapper + 1 + sum(at.map((k) => sub.sizes[k]! + 1));
      if (group && group.total > at.length) {
        value.meta = {
          truncated: true,
          pagination: { start: 0, limit: LIMITS.maxRelationRows, total: group.total },
        };
        size += JSON.stringify(value.meta).length + 8;
      }
      items[i]!.attributes[name] = value;
      sizes[i]! += size;
    });
  }
  return { items, sizes };
}

/**
 * An ORDER BY term that sorts the same on both engines: NULLs first when ascending (SQLite's
 * default, PostgreSQL's is the opposite) and text byte by byte (see bytewise).
 */
function orderTerm(engine: Engine, def: ResourceDef, alias: string, s: SortItem) {
  const field = Object.keys(def.fields).find((name) => columnOf(def, name) === s.column);
  const type = field === undefined ? undefined : def.fields[field]!.type;
  const ref = sql.ref(`${alias}.${s.column}`);
  return {
    expr: type === 'string' || type === 'datetime' ? bytewise(engine, ref) : ref,
    modifiers: (ob: OrderByItemBuilder) =>
      s.direction === 'asc' ? ob.asc().nullsFirst() : ob.desc().nullsLast(),
  };
}

export interface FindOptions {
  /** Which rows this caller may see at the top level (defaults to the resource's public scope). */
  scope?: ScopeFn | null;
}

/** A Strapi list: `{ data: Item[], meta: { pagination } }`. */
export async function findMany(db: AnyDb, def: ResourceDef, q: ParsedQuery, opts: FindOptions = {}) {
  const alias = 'r';
  const scope = opts.scope === undefined ? def.publicScope : (opts.scope ?? undefined);
  const where = (eb: EB) => {
    const parts: Expression<SqlBool>[] = [];
    if (scope) parts.push(scope(eb, alias));
    if (q.filters) parts.push(compileFilter(db, q.filters, alias)(eb));
    return parts.length ? eb.and(parts) : sql<SqlBool>`1 = 1`;
  };
  const base = db.selectFrom(`${def.table} as ${alias}`).where(where as never);
  let query = base.select(columnsFor(def, q.fields).map((c) => `${alias}.${c}`) as never);
  const engine = engineOf(db);
  for (const s of q.sort) {
    const { expr, modifiers } = orderTerm(engine, def, alias, s);
    query = query.orderBy(expr as never, modifiers);
  }
  const [rows, count] = await Promise.all([
    query.limit(q.pageSize).offset(q.offset).execute() as Promise<Row[]>,
    q.withCount
      ? (base.select((eb: EB) => eb.fn.countAll().as('total')).executeTakeFirst() as Promise<{
          total: number;
        }>)
      : Promise.resolve(undefined),
  ]);
  const { items, sizes } = await loadItems(db, def, rows, q.fields, q.populate, new Budget());
  fits(sizes);
  const total = count ? Number(count.total) : rows.length;
  return {
    data: items,
    meta: { pagination: paginationMeta(q, total) },
  };
}

/** One item by id, or undefined when it does not exist or is outside the scope. */
export async function findOne(
  db: AnyDb,
  def: ResourceDef,
  id: number,
  q: Pick<ParsedQuery, 'populate' | 'fields'>,
  opts: FindOptions = {},
): Promise<Item | undefined> {
  const alias = 'r';
  const scope = opts.scope === undefined ? def.publicScope : (opts.scope ?? undefined);
  // Ids are 32-bit INTEGERs: PostgreSQL would answer a larger one with an error, SQLite with no row.
  if (!Number.isSafeInteger(id) || Math.abs(id) > LIMITS.maxNumber) return undefined;
  const row = (await db
    .selectFrom(`${def.table} as ${alias}`)
    .select(columnsFor(def, q.fields).map((c) => `${alias}.${c}`) as never)
    .where((eb: EB) => eb.and([eb(eb.ref(`${alias}.id`), '=', id), ...(scope ? [scope(eb, alias)] : [])]))
    .executeTakeFirst()) as Row | undefined;
  if (!row) return undefined;
  const { items, sizes } = await loadItems(db, def, [row], q.fields, q.populate, new Budget());
  fits(sizes);
  return items[0];
}

function isRelation(v: unknown): v is Relation {
  return (
    !!v && typeof v === 'object' && 'data' in v && Object.keys(v).every((k) => k === 'data' || k === 'meta')
  );
}

/**
 * Strapi's users-permissions and upload plugins answer with flat objects (`{ id, ...fields }`,
 * relations flat too); content types answer with `{ id, attributes }`. This turns the latter into the former.
 */
export function flatten(item: Item | null): Record<string, unknown> | null {
  if (!item) return null;
  const out: Record<string, unknown> = { id: item.id };
  for (const [k, v] of Object.entries(item.attributes)) {
    if (isRelation(v)) {
      // A truncated to-many relation keeps its first items; the flat form has no place for its meta.
      const data = v.data;
      out[k] = Array.isArray(data) ? data.map(flatten) : flatten(data);
    } else {
      out[k] = v;
    }
  }
  return out;
}
