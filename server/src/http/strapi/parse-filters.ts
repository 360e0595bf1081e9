import { ID_MESSAGE, isId, parseClientAmount } from '@app/domain';
import { asList, fail, isNumericKeyed, isPlainObject } from './input.ts';
import { LIMITS } from './limits.ts';
import { columnOf, isFilterable, type FieldDef, type ResourceDef } from './resource.ts';

/*
 * Parses Strapi v4 `filters` (every operator, `$and`/`$or`/`$not`, relation paths) against a
 * resource's whitelist, coercing values by field type; anything undeclared is a 400 naming the parameter.
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

function inRange(n: number, path: string): number {
  if (Math.abs(n) > LIMITS.maxNumber)
    fail(path, `must be between -${LIMITS.maxNumber} and ${LIMITS.maxNumber}`);
  return n;
}

const ID_EQUALITY = new Set<Operator>(['$eq', '$ne', '$in', '$notIn']);

function coerceValue(field: FieldDef, raw: unknown, path: string, op: Operator): Scalar {
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
    case 'money': {
      // Stored in cents: a third decimal would be rounded away and change what `$lt`/`$gt` mean.
      const cents = parseClientAmount(s);
      if (cents === undefined) fail(path, 'expected an amount with at most two decimals');
      return inRange(cents, path);
    }
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
  // Ids compared for equality are ids by the one schema (domain/src/ids.ts); ranges may start at 0.
  const coerce = (f: FieldDef, raw: unknown, p: string, op: Operator): Scalar => {
    const value = coerceValue(f, raw, p, op);
    if (name === 'id' && ID_EQUALITY.has(op) && !isId(value)) fail(p, ID_MESSAGE);
    return value;
  };
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
export function parseFilterObject(
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
      const target = def.relations[key]!.target();
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
