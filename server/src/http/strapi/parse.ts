import { badRequest } from '../errors.ts';
import {
  columnOf,
  getResource,
  isFilterable,
  isSortable,
  type FieldDef,
  type ResourceDef,
} from './resource.ts';

/**
 * Parses Strapi v4 query parameters (`filters`, `populate`, `fields`, `pagination`, `sort`) against a
 * resource's whitelist. Whatever is not declared is a 400 naming the parameter; nothing reaches SQL
 * except through bound values and declared column names.
 */
export const OPERATORS = [
  '$eq',
  '$eqi',
  '$ne',
  '$nei',
  '$in',
  '$notIn',
  '$lt',
  '$lte',
  '$gt',
  '$gte',
  '$between',
  '$contains',
  '$notContains',
  '$containsi',
  '$notContainsi',
  '$startsWith',
  '$endsWith',
  '$null',
  '$notNull',
] as const;
export type Operator = (typeof OPERATORS)[number];
const TEXT_OPS = new Set<Operator>([
  '$eqi',
  '$nei',
  '$contains',
  '$notContains',
  '$containsi',
  '$notContainsi',
  '$startsWith',
  '$endsWith',
]);

export type Scalar = string | number;
export type FilterNode =
  | { kind: 'and' | 'or'; items: FilterNode[] }
  | { kind: 'not'; item: FilterNode }
  | { kind: 'cmp'; column: string; op: Operator; value: Scalar | Scalar[] | boolean }
  | { kind: 'rel'; relation: string; def: ResourceDef; sub: FilterNode };

export interface PopulateNode {
  fields?: string[];
  populate: PopulateTree;
}
export type PopulateTree = Record<string, PopulateNode>;

export interface SortItem {
  column: string;
  direction: 'asc' | 'desc';
}

export interface ParsedQuery {
  filters?: FilterNode;
  populate: PopulateTree;
  fields?: string[];
  sort: SortItem[];
  page: number;
  pageSize: number;
  offset: number;
  withCount: boolean;
}

export const LIMITS = {
  maxRelationDepth: 3,
  /** Relation levels one `populate` may nest: `populate[a][populate][b]` is 2 (`a.b` too). */
  maxPopulateDepth: 2,
  /**
   * Rows one populated to-many relation gives each parent (the first ones in the relation's order);
   * when it holds more, the relation says how many in its `meta` (find.ts).
   */
  maxRelationRows: 100,
  /**
   * The largest answer the REST layer builds, in characters of JSON (about bytes): a larger one is a
   * 400 that asks for less (fewer relations, a smaller page, `fields`).
   */
  maxResponseBytes: 1_000_000,
  maxLogicalItems: 25,
  maxInItems: 200,
  maxValueLength: 500,
  maxSortItems: 5,
  maxPage: 1_000_000,
  /** How deep $and/$or/$not and relations may nest in one filter. */
  maxFilterDepth: 10,
  /**
   * Largest magnitude of a numeric filter value (money in cents): PostgreSQL's INTEGER columns hold
   * 32 bits and reject a larger parameter with an error, where SQLite would just find no rows.
   */
  maxNumber: 2_147_483_647,
};

const KNOWN_PARAMS = new Set([
  'filters',
  'populate',
  'fields',
  'pagination',
  'sort',
  'publicationState',
  'locale',
]);

function fail(path: string, message: string): never {
  throw badRequest(`Invalid parameter ${path}: ${message}`, {
    errors: [{ path: path.split(/[[\]]+/).filter(Boolean), message, name: 'ValidationError' }],
  });
}

function isPlainObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** qs turns long arrays into objects with numeric keys; accept both. */
function asList(v: unknown): unknown[] | undefined {
  if (Array.isArray(v)) return v;
  if (isPlainObject(v) && Object.keys(v).every((k) => /^\d+$/.test(k))) {
    return Object.keys(v)
      .sort((a, b) => Number(a) - Number(b))
      .map((k) => v[k]);
  }
  return undefined;
}

/** qs keeps lists longer than its arrayLimit as objects with numeric keys; this tells them from other objects. */
function isNumericKeyed(v: unknown): boolean {
  return isPlainObject(v) && Object.keys(v).length > 0 && Object.keys(v).every((k) => /^\d+$/.test(k));
}

function inRange(n: number, path: string): number {
  if (Math.abs(n) > LIMITS.maxNumber)
    fail(path, `must be between -${LIMITS.maxNumber} and ${LIMITS.maxNumber}`);
  return n;
}

function coerce(field: FieldDef, raw: unknown, path: string, op: Operator): Scalar {
  if (typeof raw !== 'string' && typeof raw !== 'number') fail(path, 'expected a single value');
  const s = String(raw);
  if (s.length > LIMITS.maxValueLength) fail(path, `value longer than ${LIMITS.maxValueLength} characters`);
  // PostgreSQL text cannot hold NUL (it would be a 500 there and a plain miss on SQLite).
  if (s.includes('\u0000')) fail(path, 'value contains a NUL character');
  if (TEXT_OPS.has(op)) {
    if (field.type !== 'string') fail(path, `${op} applies to text fields only`);
    return s;
  }
  switch (field.type) {
    case 'integer':
      if (!/^-?\d{1,15}$/.test(s)) fail(path, 'expected a whole number');
      return inRange(Number(s), path);
    case 'number':
      if (!/^-?\d{1,12}(\.\d{1,6})?$/.test(s)) fail(path, 'expected a number');
      return inRange(Number(s), path);
    case 'money':
      // Stored in cents: a third decimal would be rounded away and change what `$lt`/`$gt` mean.
      if (!/^-?\d{1,12}(\.\d{1,2})?$/.test(s)) fail(path, 'expected an amount with at most two decimals');
      return inRange(Math.round(Number(s) * 100), path);
    case 'boolean':
      if (s === 'true' || s === '1') return 1;
      if (s === 'false' || s === '0') return 0;
      return fail(path, 'expected true or false');
    case 'datetime':
      if (!/^\d{4}-\d{2}-\d{2}([T ][\d:.]+(Z|[+-]\d{2}:?\d{2})?)?$/.test(s) || Number.isNaN(Date.parse(s)))
        fail(path, 'expected an ISO date');
      return s.length === 10 ? s : new Date(s).toISOString();
    default:
      return s;
  }
}

function parseOperators(
  def: ResourceDef,
  name: string,
  field: FieldDef,
  spec: unknown,
  path: string,
  level: number,
): FilterNode {
  const column = columnOf(def, name);
  if (level > LIMITS.maxFilterDepth) fail(path, 'filter nested too deep');
  if (Array.isArray(spec) || isNumericKeyed(spec)) {
    // `filters[name][0]=a&filters[name][1]=b` is an implicit $in (numeric keys: see asList).
    return parseOperators(def, name, field, { $in: asList(spec) }, path, level);
  }
  if (!isPlainObject(spec)) {
    // `filters[name]=x` is an implicit $eq.
    return { kind: 'cmp', column, op: '$eq', value: coerce(field, spec, path, '$eq') };
  }
  const items: FilterNode[] = [];
  for (const [key, value] of Object.entries(spec)) {
    const p = `${path}[${key}]`;
    if (key === '$not') {
      items.push({ kind: 'not', item: parseOperators(def, name, field, value, p, level + 1) });
      continue;
    }
    if (!(OPERATORS as readonly string[]).includes(key)) fail(p, 'unknown operator');
    const op = key as Operator;
    if (op === '$null' || op === '$notNull') {
      const v = String(value);
      if (!['true', 'false', '1', '0'].includes(v)) fail(p, 'expected true or false');
      items.push({ kind: 'cmp', column, op, value: v === 'true' || v === '1' });
    } else if (op === '$in' || op === '$notIn' || op === '$between') {
      const list = asList(value) ?? (typeof value === 'string' ? [value] : undefined);
      if (!list) fail(p, 'expected a list of values');
      if (list.length > LIMITS.maxInItems) fail(p, `at most ${LIMITS.maxInItems} values`);
      if (op === '$between' && list.length !== 2) fail(p, 'expected two values');
      items.push({ kind: 'cmp', column, op, value: list.map((v, i) => coerce(field, v, `${p}[${i}]`, op)) });
    } else {
      items.push({ kind: 'cmp', column, op, value: coerce(field, value, p, op) });
    }
  }
  if (items.length === 0) fail(path, 'no operator given');
  return items.length === 1 ? items[0]! : { kind: 'and', items };
}

/** `depth` counts relation hops, `level` every nesting ($and, $or, $not, relations). */
function parseFilterObject(
  def: ResourceDef,
  input: unknown,
  path: string,
  depth: number,
  level = 0,
): FilterNode {
  if (!isPlainObject(input)) fail(path, 'expected an object of fields and operators');
  if (level > LIMITS.maxFilterDepth) fail(path, 'filter nested too deep');
  const items: FilterNode[] = [];
  for (const [key, value] of Object.entries(input)) {
    const p = `${path}[${key}]`;
    if (key === '$and' || key === '$or') {
      const list = asList(value);
      if (!list) fail(p, 'expected a list of filters');
      if (list.length > LIMITS.maxLogicalItems) fail(p, `at most ${LIMITS.maxLogicalItems} filters`);
      items.push({
        kind: key === '$and' ? 'and' : 'or',
        items: list.map((v, i) => parseFilterObject(def, v, `${p}[${i}]`, depth, level + 1)),
      });
    } else if (key === '$not') {
      items.push({ kind: 'not', item: parseFilterObject(def, value, p, depth, level + 1) });
    } else if (key === 'id') {
      items.push(parseOperators(def, 'id', { type: 'integer' }, value, p, level + 1));
    } else if (Object.hasOwn(def.fields, key) && isFilterable(def.fields[key]!)) {
      items.push(parseOperators(def, key, def.fields[key]!, value, p, level + 1));
    } else if (
      def.relations &&
      Object.hasOwn(def.relations, key) &&
      def.relations[key]!.filterable !== false
    ) {
      if (depth >= LIMITS.maxRelationDepth) fail(p, 'relations nested too deep');
      const target = getResource(def.relations[key]!.target);
      items.push({
        kind: 'rel',
        relation: key,
        def,
        sub: parseFilterObject(target, value, p, depth + 1, level + 1),
      });
    } else {
      fail(p, 'not a filterable field');
    }
  }
  if (items.length === 0) fail(path, 'empty filter');
  return items.length === 1 ? items[0]! : { kind: 'and', items };
}

function parseFields(def: ResourceDef, input: unknown, path: string): string[] {
  const list = typeof input === 'string' ? input.split(',') : asList(input);
  if (!list) fail(path, 'expected a list of field names');
  return list.map((f, i) => {
    const name = String(f).trim();
    if (name !== 'id' && !Object.hasOwn(def.fields, name)) fail(`${path}[${i}]`, `unknown field ${name}`);
    return name;
  });
}

function populatable(def: ResourceDef): string[] {
  return Object.entries(def.relations ?? {})
    .filter(([, r]) => r.populatable !== false)
    .map(([k]) => k);
}

const tooDeep = () => `populate nested too deep: at most ${LIMITS.maxPopulateDepth} levels of relations`;

function addPath(def: ResourceDef, tree: PopulateTree, dotted: string, path: string, depth: number): void {
  const [head, ...rest] = dotted.split('.');
  if (!head) fail(path, 'empty relation name');
  if (!populatable(def).includes(head)) fail(path, `cannot populate ${head}`);
  if (depth >= LIMITS.maxPopulateDepth) fail(path, tooDeep());
  const node = (tree[head] ??= { populate: {} });
  if (rest.length)
    addPath(getResource(def.relations![head]!.target), node.populate, rest.join('.'), path, depth + 1);
}

function parsePopulate(def: ResourceDef, input: unknown, path: string, depth: number): PopulateTree {
  const tree: PopulateTree = {};
  if (input === undefined || input === '' || input === 'false') return tree;
  if (input === '*' || input === 'true' || input === true) {
    const all = populatable(def);
    if (all.length && depth >= LIMITS.maxPopulateDepth) fail(path, tooDeep());
    for (const rel of all) tree[rel] = { populate: {} };
    return tree;
  }
  const list = typeof input === 'string' ? input.split(',') : asList(input);
  if (list) {
    list.forEach((item, i) => {
      if (typeof item !== 'string') fail(`${path}[${i}]`, 'expected a relation name');
      addPath(def, tree, item.trim(), `${path}[${i}]`, depth);
    });
    return tree;
  }
  if (!isPlainObject(input)) fail(path, 'expected *, a list or an object of relations');
  for (const [rel, spec] of Object.entries(input)) {
    const p = `${path}[${rel}]`;
    if (!populatable(def).includes(rel)) fail(p, `cannot populate ${rel}`);
    if (depth >= LIMITS.maxPopulateDepth) fail(p, tooDeep());
    const target = getResource(def.relations![rel]!.target);
    if (spec === true || spec === 'true' || spec === '*') {
      tree[rel] = { populate: {} };
    } else if (spec === 'false' || spec === false) {
      continue;
    } else if (isPlainObject(spec)) {
      for (const k of Object.keys(spec)) {
        if (!['populate', 'fields'].includes(k))
          fail(`${p}[${k}]`, 'only populate and fields are allowed here');
      }
      tree[rel] = {
        populate: parsePopulate(target, spec.populate, `${p}[populate]`, depth + 1),
        ...(spec.fields !== undefined ? { fields: parseFields(target, spec.fields, `${p}[fields]`) } : {}),
      };
    } else {
      fail(p, 'expected true, * or an object');
    }
  }
  return tree;
}

function parseSort(def: ResourceDef, input: unknown): SortItem[] {
  const raw =
    input === undefined
      ? []
      : typeof input === 'string'
        ? input.split(',')
        : (asList(input)?.flatMap((v) => (typeof v === 'string' ? v.split(',') : [v])) ??
          fail('sort', 'expected field:asc or field:desc'));
  if (raw.length > LIMITS.maxSortItems) fail('sort', `at most ${LIMITS.maxSortItems} sort fields`);
  const items = raw.map((entry, i) => {
    if (typeof entry !== 'string') fail(`sort[${i}]`, 'expected field:asc or field:desc');
    const [name = '', dir = 'asc', extra] = entry.trim().split(':');
    const direction = dir.toLowerCase();
    if (extra !== undefined || (direction !== 'asc' && direction !== 'desc'))
      fail('sort', `bad sort ${entry}`);
    if (name !== 'id' && !(Object.hasOwn(def.fields, name) && isSortable(def.fields[name]!)))
      fail('sort', `cannot sort by ${name}`);
    return { column: columnOf(def, name), direction: direction as 'asc' | 'desc' };
  });
  const base = items.length
    ? items
    : (def.defaultSort ?? [{ field: 'id', direction: 'desc' as const }]).map((s) => ({
        column: columnOf(def, s.field),
        direction: s.direction,
      }));
  return base.some((s) => s.column === 'id') ? base : [...base, { column: 'id', direction: 'asc' }];
}

function parseBoolean(v: unknown, path: string, fallback: boolean): boolean {
  if (v === undefined) return fallback;
  if (v === true || v === 'true' || v === '1') return true;
  if (v === false || v === 'false' || v === '0') return false;
  return fail(path, 'expected true or false');
}

/**
 * A page size: a whole number from 1; above the resource's largest it is that largest (Strapi clamps to
 * its `maxLimit` too), and `meta.pagination.pageSize` says what was used.
 */
function parsePageSize(v: unknown, path: string, max: number): number {
  if (typeof v !== 'string' && typeof v !== 'number') fail(path, 'expected a whole number');
  const s = String(v);
  if (!/^\d+$/.test(s)) fail(path, 'expected a whole number');
  const n = Number(s);
  if (n < 1) fail(path, 'must be at least 1');
  return Math.min(n, max);
}

function parseInteger(v: unknown, path: string, min: number, max: number): number {
  if (typeof v !== 'string' && typeof v !== 'number') fail(path, 'expected a whole number');
  const s = String(v);
  if (!/^\d{1,9}$/.test(s)) fail(path, 'expected a whole number');
  const n = Number(s);
  if (n < min || n > max) fail(path, `must be between ${min} and ${max}`);
  return n;
}

/**
 * Parses a request's query object (as `qs` decoded it). `extra` names route-specific parameters that
 * the route itself validates; any other unknown top-level key is a 400.
 */
export function parseQuery(def: ResourceDef, query: unknown, extra: string[] = []): ParsedQuery {
  const q = isPlainObject(query) ? query : {};
  for (const key of Object.keys(q)) {
    if (!KNOWN_PARAMS.has(key) && !extra.includes(key)) fail(key, 'unknown parameter');
  }
  const pagination = q.pagination === undefined ? {} : q.pagination;
  if (!isPlainObject(pagination)) fail('pagination', 'expected pagination[page] and pagination[pageSize]');
  for (const key of Object.keys(pagination)) {
    if (!['page', 'pageSize', 'start', 'limit', 'withCount'].includes(key))
      fail(`pagination[${key}]`, 'unknown key');
  }
  const defaultSize = def.defaultPageSize ?? Math.min(10, def.maxPageSize);
  let page: number;
  let pageSize: number;
  let offset: number;
  const byOffset = pagination.start !== undefined || pagination.limit !== undefined;
  if (byOffset && (pagination.page !== undefined || pagination.pageSize !== undefined)) {
    fail('pagination', 'use either page and pageSize or start and limit');
  }
  if (byOffset) {
    const start =
      pagination.start === undefined ? 0 : parseInteger(pagination.start, 'pagination[start]', 0, 1e9);
    pageSize =
      pagination.limit === undefined
        ? defaultSize
        : parsePageSize(pagination.limit, 'pagination[limit]', def.maxPageSize);
    offset = start;
    page = Math.floor(start / pageSize) + 1;
  } else {
    page =
      pagination.page === undefined
        ? 1
        : parseInteger(pagination.page, 'pagination[page]', 1, LIMITS.maxPage);
    pageSize =
      pagination.pageSize === undefined
        ? defaultSize
        : parsePageSize(pagination.pageSize, 'pagination[pageSize]', def.maxPageSize);
    offset = (page - 1) * pageSize;
  }
  const withCount = parseBoolean(pagination.withCount, 'pagination[withCount]', true);
  for (const key of ['publicationState', 'locale'] as const) {
    // Accepted for Strapi clients and otherwise ignored, but only in their documented shape.
    if (q[key] !== undefined && (typeof q[key] !== 'string' || !/^[\w-]{1,35}$/.test(q[key])))
      fail(key, 'expected a word');
  }
  return {
    ...(q.filters !== undefined ? { filters: parseFilterObject(def, q.filters, 'filters', 0) } : {}),
    populate: parsePopulate(def, q.populate, 'populate', 0),
    ...(q.fields !== undefined ? { fields: parseFields(def, q.fields, 'fields') } : {}),
    sort: parseSort(def, q.sort),
    page,
    pageSize,
    offset,
    withCount,
  };
}
