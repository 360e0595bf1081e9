import { readBoundedNumber, readPageSize } from '@app/domain';
import { orPagingFailure } from '../paging.ts';
import { asList, fail, isPlainObject } from './input.ts';
import { LIMITS } from './limits.ts';
import { parseFilterObject, type FilterNode } from './parse-filters.ts';
import { columnOf, isSortable, type ResourceDef } from './resource.ts';

export { LIMITS } from './limits.ts';
export { OPERATORS, type FilterNode, type Operator, type Scalar } from './parse-filters.ts';

/*
 * Parses Strapi v4 query parameters (`filters`, `populate`, `fields`, `pagination`, `sort`) against a
 * resource's whitelist. Whatever is not declared is a 400 naming the parameter; nothing reaches SQL
 * except through bound values and declared column names. Filters are parsed in parse-filters.ts.
 */
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

const KNOWN_PARAMS = new Set([
  'filters',
  'populate',
  'fields',
  'pagination',
  'sort',
  'publicationState',
  'locale',
]);

function parseFields(def: ResourceDef, input: unknown, path: string): string[] {
  const list = typeof input === 'string' ? input.split(',') : asList(input);
  if (!list) fail(path, 'expected a list of field names');
  return list.map((f, i) => {
    if (typeof f !== 'string') fail(`${path}[${i}]`, 'expected a field name');
    const name = f.trim();
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
  if (rest.length) addPath(def.relations![head]!.target(), node.populate, rest.join('.'), path, depth + 1);
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
    const target = def.relations![rel]!.target();
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

/** A page size (from 1, clamped to the resource's largest) by the domain's paging rule. */
function parsePageSize(v: unknown, path: string, max: number): number {
  return orPagingFailure(() => readPageSize(v, path, max));
}

function parseInteger(v: unknown, path: string, min: number, max: number): number {
  return orPagingFailure(() => readBoundedNumber(v, path, min, max));
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
