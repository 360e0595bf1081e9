import { sql, type Expression, type ExpressionBuilder, type Kysely, type SqlBool } from 'kysely';
import type { Engine } from '../../db/database.ts';
import { engineOf, textMatch } from '../../db/dialect.ts';
import type { FilterNode } from './parse-filters.ts';
import type { ResourceDef } from './resource.ts';

/*
 * Parsed filters (parse-filters.ts) as Kysely WHERE expressions: comparisons that behave the same on
 * SQLite and PostgreSQL, and relation paths as `IN (subquery)` within the target's public scope.
 */

type AnyDb = Kysely<any>;
type EB = ExpressionBuilder<any, any>;

/**
 * Text (strings and ISO timestamps) compares byte by byte on SQLite; PostgreSQL uses the database's
 * collation, where `'b' < 'Z'` under en_US. `collate "C"` gives PostgreSQL SQLite's order.
 */
export function bytewise(engine: Engine, col: Expression<unknown>): Expression<unknown> {
  return engine === 'postgres' ? sql`${col} collate "C"` : col;
}

/**
 * PostgreSQL types an untyped parameter after its column, so `1.5` against an INTEGER column is an
 * error there (SQLite just compares). A fraction only comes from a `number` field; sent as `real`,
 * it compares with INTEGER and REAL columns alike.
 */
function numeric(engine: Engine, v: unknown): unknown {
  return engine === 'postgres' && typeof v === 'number' && !Number.isInteger(v) ? sql`cast(${v} as real)` : v;
}

function compileCmp(engine: Engine, eb: EB, alias: string, node: Extract<FilterNode, { kind: 'cmp' }>) {
  const col = eb.ref(`${alias}.${node.column}`);
  const v = (
    Array.isArray(node.value) ? node.value.map((x) => numeric(engine, x)) : numeric(engine, node.value)
  ) as never;
  const isText = typeof v === 'string' || (Array.isArray(v) && typeof v[0] === 'string');
  const ordered = isText ? bytewise(engine, col) : col;
  switch (node.op) {
    case '$eq':
      return eb(col, '=', v);
    case '$ne':
      return eb.or([eb(col, '<>', v), eb(col, 'is', null)]);
    // lower() on both sides, so each engine folds case the same way for the column and the value.
    case '$eqi':
      return eb(eb.fn('lower', [col]), '=', eb.fn('lower', [eb.val(String(v))]));
    case '$nei':
      return eb(eb.fn('lower', [col]), '<>', eb.fn('lower', [eb.val(String(v))]));
    case '$lt':
      return eb(ordered, '<', v);
    case '$lte':
      return eb(ordered, '<=', v);
    case '$gt':
      return eb(ordered, '>', v);
    case '$gte':
      return eb(ordered, '>=', v);
    case '$in':
      return (v as unknown[]).length ? eb(col, 'in', v as never) : sql<SqlBool>`1 = 0`;
    case '$notIn':
      return (v as unknown[]).length
        ? eb.or([eb(col, 'not in', v as never), eb(col, 'is', null)])
        : sql<SqlBool>`1 = 1`;
    case '$between': {
      const [lo, hi] = v as unknown[];
      return eb.and([eb(ordered, '>=', lo), eb(ordered, '<=', hi)]);
    }
    case '$null':
      return v ? eb(col, 'is', null) : eb(col, 'is not', null);
    case '$notNull':
      return v ? eb(col, 'is not', null) : eb(col, 'is', null);
    default:
      return textMatch(engine, col, node.op.slice(1) as never, String(v));
  }
}

/** Turns a parsed filter into a WHERE expression over `alias`; relation paths become IN subqueries. */
export function compileFilter(db: AnyDb, node: FilterNode, alias: string): (eb: EB) => Expression<SqlBool> {
  const engine = engineOf(db);
  // Relation subqueries nest inside one statement: each gets its own alias, numbered in build order.
  let subqueries = 0;
  const nextAlias = () => `${alias}f${++subqueries}`;
  const build = (eb: EB, n: FilterNode, a: string): Expression<SqlBool> => {
    switch (n.kind) {
      case 'and':
        return eb.and(n.items.map((i) => build(eb, i, a)));
      case 'or':
        return eb.or(n.items.map((i) => build(eb, i, a)));
      case 'not':
        return eb.not(build(eb, n.item, a));
      case 'cmp':
        return compileCmp(engine, eb, a, n);
      case 'rel': {
        const rel = n.def.relations![n.relation]!;
        const target = rel.target();
        const t = nextAlias();
        const targetIds = (select: string) =>
          db
            .selectFrom(`${target.table} as ${t}`)
            .select(`${t}.${select}` as never)
            .where((sub: EB) => scoped(sub, target, t, build(sub, n.sub, t)));
        if (rel.kind === 'belongsTo') return eb(eb.ref(`${a}.${rel.column}`), 'in', targetIds('id') as never);
        if (rel.kind === 'hasMany') return eb(eb.ref(`${a}.id`), 'in', targetIds(rel.foreignKey) as never);
        const j = nextAlias();
        return eb(
          eb.ref(`${a}.id`),
          'in',
          db
            .selectFrom(`${rel.through} as ${j}`)
            .select(`${j}.${rel.sourceKey}` as never)
            .where(`${j}.${rel.targetKey}` as never, 'in', targetIds('id') as never) as never,
        );
      }
    }
  };
  return (eb) => {
    subqueries = 0;
    return build(eb, node, alias);
  };
}

/** `cond` within the resource's public scope: what a relation (populated or filtered through) may reach. */
export function scoped(
  eb: EB,
  def: ResourceDef,
  alias: string,
  cond?: Expression<SqlBool>,
): Expression<SqlBool> {
  const parts = [def.publicScope?.(eb, alias), cond].filter(Boolean) as Expression<SqlBool>[];
  return parts.length ? eb.and(parts) : sql<SqlBool>`1 = 1`;
}
