import {
  DummyDriver,
  Kysely,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  SqliteAdapter,
  SqliteIntrospector,
  SqliteQueryCompiler,
  type CompiledQuery,
} from 'kysely';
import { describe, expect, it } from 'vitest';
import { findMany, findOne } from './find.ts';
import { parseQuery } from './parse.ts';
import { defineResource } from './resource.ts';

/*
 * The SQL the query layer writes, compiled for each engine without a database (DummyDriver answers
 * every query with no rows). The integration tests in test/rest-layer.test.ts run it for real.
 */
const note = defineResource({
  name: 'findTestNote',
  table: 'ft_notes',
  fields: {
    title: { type: 'string' },
    rank: { type: 'integer' },
    weight: { type: 'number' },
    createdAt: { type: 'datetime', column: 'created_at' },
  },
  maxPageSize: 20,
});

function recorder(engine: 'postgres' | 'sqlite') {
  const queries: CompiledQuery[] = [];
  const db = new Kysely<Record<string, never>>({
    dialect:
      engine === 'postgres'
        ? {
            createAdapter: () => new PostgresAdapter(),
            createDriver: () => new DummyDriver(),
            createIntrospector: (k) => new PostgresIntrospector(k),
            createQueryCompiler: () => new PostgresQueryCompiler(),
          }
        : {
            createAdapter: () => new SqliteAdapter(),
            createDriver: () => new DummyDriver(),
            createIntrospector: (k) => new SqliteIntrospector(k),
            createQueryCompiler: () => new SqliteQueryCompiler(),
          },
    log: (event) => {
      if (event.level === 'query') queries.push(event.query);
    },
  });
  return { db, queries };
}

async function sqlOf(engine: 'postgres' | 'sqlite', query: unknown) {
  const { db, queries } = recorder(engine);
  await findMany(db, note, parseQuery(note, query));
  return { select: queries[0]!, count: queries[1] };
}

describe('findMany SQL', () => {
  it.each(['postgres', 'sqlite'] as const)('binds every filter value as a parameter (%s)', async (engine) => {
    const evil = "' OR '1'='1";
    const { select, count } = await sqlOf(engine, {
      filters: {
        $or: [{ title: { $eq: evil } }, { title: { $containsi: evil } }, { title: { $in: [evil] } }],
      },
    });
    expect(select.sql).not.toContain("OR '1'");
    expect(select.parameters).toContain(evil);
    expect(count!.parameters).toContain(evil);
  });

  it('sorts NULLs first ascending, last descending, and text with the C collation on PostgreSQL', async () => {
    const { select } = await sqlOf('postgres', { sort: ['title:asc', 'rank:desc', 'createdAt:asc'] });
    expect(select.sql).toContain(
      'order by "r"."title" collate "C" asc nulls first, "r"."rank" desc nulls last, "r"."created_at" collate "C" asc nulls first, "r"."id" asc nulls first',
    );
  });

  it('sorts NULLs the same way on SQLite, whose text order is already bytewise', async () => {
    const { select } = await sqlOf('sqlite', { sort: 'title:desc' });
    expect(select.sql).toContain('order by "r"."title" desc nulls last, "r"."id" asc nulls first');
    expect(select.sql).not.toContain('collate');
  });

  it('compares text ranges bytewise on PostgreSQL and numbers as they are', async () => {
    const pg = await sqlOf('postgres', { filters: { title: { $lt: 'b' }, rank: { $between: ['1', '3'] } } });
    expect(pg.select.sql).toContain('"r"."title" collate "C" < $1');
    expect(pg.select.sql).toContain('"r"."rank" >= $2');
    expect(pg.select.parameters).toEqual(['b', 1, 3, 10, 0]);
  });

  it('sends fractions as real on PostgreSQL, so INTEGER columns compare instead of failing', async () => {
    const pg = await sqlOf('postgres', { filters: { weight: { $gt: '1.5' }, rank: { $in: ['2'] } } });
    expect(pg.select.sql).toContain('"r"."weight" > cast($1 as real)');
    expect(pg.select.sql).toContain('"r"."rank" in ($2)');
    const between = await sqlOf('postgres', { filters: { weight: { $between: ['1', '2.5'] } } });
    expect(between.select.sql).toContain('"r"."weight" >= $1 and "r"."weight" <= cast($2 as real)');
    const lite = await sqlOf('sqlite', { filters: { weight: { $gt: '1.5' } } });
    expect(lite.select.sql).toContain('"r"."weight" > ?');
  });

  it('folds case of both sides with lower() for $eqi', async () => {
    for (const engine of ['postgres', 'sqlite'] as const) {
      const { select } = await sqlOf(engine, { filters: { title: { $eqi: 'ÉCOLE' } } });
      expect(select.sql).toMatch(/lower\("r"\."title"\) = lower\((\$1|\?)\)/);
      expect(select.parameters[0]).toBe('ÉCOLE');
    }
  });

  it('asks for the count only when withCount is on', async () => {
    expect((await sqlOf('sqlite', {})).count?.sql).toContain('count(*)');
    expect((await sqlOf('sqlite', { pagination: { withCount: 'false' } })).count).toBeUndefined();
  });
});

describe('findOne', () => {
  it('answers an id beyond 32 bits with nothing, without asking the database', async () => {
    const { db, queries } = recorder('postgres');
    expect(await findOne(db, note, 99_999_999_999, { populate: {} })).toBeUndefined();
    expect(queries).toEqual([]);
    await findOne(db, note, 5, { populate: {} });
    expect(queries[0]!.parameters).toEqual([5]);
  });
});
