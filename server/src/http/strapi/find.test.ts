import {
  DummyDriver,
  Kysely,
  type DatabaseConnection,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  SqliteAdapter,
  SqliteIntrospector,
  SqliteQueryCompiler,
  type CompiledQuery,
} from 'kysely';
import { describe, expect, it } from 'vitest';
import { AppError } from '../errors.ts';
import { findMany, findOne, flatten } from './find.ts';
import { LIMITS, parseQuery } from './parse.ts';
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
  relations: {
    comments: { kind: 'hasMany', target: () => comment, foreignKey: 'note_id' },
    tags: {
      kind: 'manyToMany',
      target: () => tag,
      through: 'ft_note_tags',
      sourceKey: 'note_id',
      targetKey: 'tag_id',
      orderKey: 'position',
    },
    author: { kind: 'belongsTo', target: () => tag, column: 'author_id' },
  },
  maxPageSize: 20,
});
const comment = defineResource({
  name: 'findTestComment',
  table: 'ft_comments',
  fields: { body: { type: 'string' } },
  relations: { note: { kind: 'belongsTo', target: () => note, column: 'note_id' } },
  maxPageSize: 20,
});
const tag = defineResource({
  name: 'findTestTag',
  table: 'ft_tags',
  fields: { label: { type: 'string' } },
  maxPageSize: 20,
});

type Rows = Record<string, unknown>[];

/** DummyDriver, but each query is answered by `answer` (the n-th query gets answer(query, n)). */
class StubDriver extends DummyDriver {
  constructor(private readonly answer: (query: CompiledQuery, n: number) => Rows) {
    super();
  }
  private n = 0;
  override async acquireConnection(): Promise<DatabaseConnection> {
    return {
      executeQuery: async (query: CompiledQuery) => ({ rows: this.answer(query, this.n++) as never[] }),
      // eslint-disable-next-line require-yield
      streamQuery: async function* () {
        throw new Error('not used');
      },
    };
  }
}

function recorder(
  engine: 'postgres' | 'sqlite',
  answer: (query: CompiledQuery, n: number) => Rows = () => [],
) {
  const queries: CompiledQuery[] = [];
  const db = new Kysely<Record<string, never>>({
    dialect:
      engine === 'postgres'
        ? {
            createAdapter: () => new PostgresAdapter(),
            createDriver: () => new StubDriver(answer),
            createIntrospector: (k) => new PostgresIntrospector(k),
            createQueryCompiler: () => new PostgresQueryCompiler(),
          }
        : {
            createAdapter: () => new SqliteAdapter(),
            createDriver: () => new StubDriver(answer),
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

describe('populate: to-many caps and the answer size', () => {
  /** `count` related rows for `owner`, as the windowed query gives them (its real count in `$total`). */
  const related = (owner: number, count: number, total: number, from = 1): Rows =>
    Array.from({ length: count }, (_, i) => ({
      id: owner * 1000 + from + i,
      body: `c${i}`,
      label: `t${i}`,
      note_id: owner,
      $owner: owner,
      $rank: i + 1,
      $total: total,
    }));
  const notes = (n: number, extra: Record<string, unknown> = {}): Rows =>
    Array.from({ length: n }, (_, i) => ({ id: i + 1, title: `n${i + 1}`, author_id: null, ...extra }));

  it.each(['postgres', 'sqlite'] as const)(
    'caps each parent in SQL with row_number() and gives the real count (%s)',
    async (engine) => {
      const { db, queries } = recorder(engine, (q, n) =>
        n === 0
          ? notes(2)
          : q.sql.includes('ft_comments')
            ? [...related(1, 100, 250), ...related(2, 3, 3)]
            : [],
      );
      const list = await findMany(
        db,
        note,
        parseQuery(note, { populate: 'comments', pagination: { withCount: 'false' } }),
      );
      const pop = queries.find((q) => q.sql.includes('ft_comments'))!;
      const p = engine === 'postgres' ? (k: number) => `$${k}` : () => '?';
      expect(pop.sql).toContain(
        'row_number() over (partition by "p"."note_id" order by "p"."id") as "$rank", count(*) over (partition by "p"."note_id") as "$total"',
      );
      expect(pop.sql).toContain(`"p"."note_id" in (${p(1)}, ${p(2)})`);
      expect(pop.sql).toContain(
        `where "w"."$rank" <= ${p(3)} order by "w"."$owner", "w"."$rank" limit ${p(4)}`,
      );
      expect(pop.parameters.slice(0, 3)).toEqual([1, 2, LIMITS.maxRelationRows]);
      const [first, second] = list.data;
      const comments = first!.attributes.comments as { data: unknown[]; meta?: unknown };
      expect(comments.data).toHaveLength(100);
      expect(comments.meta).toEqual({ truncated: true, pagination: { start: 0, limit: 100, total: 250 } });
      expect(second!.attributes.comments).toEqual({
        data: related(2, 3, 3).map((r) => ({ id: r.id, attributes: { body: r.body } })),
      });
      // The flat form (users, files) keeps the items.
      expect(flatten(first!)!.comments).toHaveLength(100);
    },
  );

  it('orders a many-to-many relation by its order key, then id, before capping', async () => {
    const { db, queries } = recorder('postgres', (q, n) => (n === 0 ? notes(1) : []));
    await findMany(db, note, parseQuery(note, { populate: 'tags' }));
    const pop = queries.find((q) => q.sql.includes('ft_tags'))!;
    expect(pop.sql).toContain('inner join "ft_note_tags" as "pj" on "pj"."tag_id" = "p"."id"');
    expect(pop.sql).toContain(
      'row_number() over (partition by "pj"."note_id" order by "pj"."position", "p"."id") as "$rank"',
    );
  });

  /** The 400 a call must throw. */
  async function refusal(call: () => Promise<unknown>): Promise<AppError> {
    const err = await call().then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(AppError);
    expect((err as AppError).status).toBe(400);
    return err as AppError;
  }

  it('refuses an answer over the size limit with a 400 that says how to ask for less', async () => {
    const big = 'x'.repeat(60_000);
    const ok = recorder('sqlite', () => notes(16, { title: big }));
    expect(
      (await findMany(ok.db, note, parseQuery(note, { pagination: { pageSize: '16' } }))).data,
    ).toHaveLength(16);
    const tooBig = recorder('sqlite', () => notes(17, { title: big }));
    const err = await refusal(() =>
      findMany(tooBig.db, note, parseQuery(note, { pagination: { pageSize: '17' } })),
    );
    expect(err.message).toContain(`larger than ${LIMITS.maxResponseBytes} bytes`);
    for (const hint of ['populate', 'pagination[pageSize]', 'fields']) expect(err.message).toContain(hint);
    expect(err.details).toEqual({ maxBytes: LIMITS.maxResponseBytes });
  });

  it('counts an item shared by several parents once per parent', async () => {
    // 20 notes by one author with a long label: one row loaded, twenty copies answered.
    const { db, queries } = recorder('sqlite', (_q, n) =>
      n === 0 ? notes(20, { author_id: 7 }) : [{ id: 7, label: 'y'.repeat(60_000) }],
    );
    await refusal(() =>
      findMany(db, note, parseQuery(note, { populate: 'author', pagination: { withCount: 'false' } })),
    );
    expect(queries).toHaveLength(2);
  });

  it('limits the rows a relation query may bring to what could still fit, and stops when they come', async () => {
    let limit = 0;
    const { db, queries } = recorder('postgres', (q, n) => {
      if (n === 0) return notes(20);
      limit = q.parameters.at(-1) as number;
      return related(1, limit, limit);
    });
    await refusal(() =>
      findMany(
        db,
        note,
        parseQuery(note, {
          populate: { comments: { populate: 'note' } },
          pagination: { withCount: 'false' },
        }),
      ),
    );
    expect(limit).toBeGreaterThan(0);
    expect(limit).toBeLessThanOrEqual(Math.floor(LIMITS.maxResponseBytes / 24) + 1);
    // The nested relation (comments -> note) was never asked for.
    expect(queries).toHaveLength(2);
  });
});
