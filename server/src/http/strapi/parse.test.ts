import { describe, expect, it } from 'vitest';
import { AppError } from '../errors.ts';
import { LIMITS, OPERATORS, parseQuery, type FilterNode, type ParsedQuery } from './parse.ts';
import { defineResource, timestamps, type ResourceDef } from './resource.ts';

/*
 * Resources made for these tests only:
 * author --hasMany--> book --belongsTo--> author, author --belongsTo--> file (avatar),
 * author --manyToMany--> tag, and a relation that is neither filterable nor populatable.
 */
const file = defineResource({
  name: 'parseTestFile',
  table: 'pt_files',
  fields: { name: { type: 'string' }, url: { type: 'string' } },
  maxPageSize: 50,
});
const tag = defineResource({
  name: 'parseTestTag',
  table: 'pt_tags',
  fields: { label: { type: 'string' } },
  maxPageSize: 50,
});
const author: ResourceDef = defineResource({
  name: 'parseTestAuthor',
  table: 'pt_authors',
  fields: {
    name: { type: 'string' },
    email: { type: 'string' },
    age: { type: 'integer' },
    score: { type: 'number' },
    balance: { type: 'money' },
    active: { type: 'boolean' },
    born: { type: 'datetime' },
    meta: { type: 'json' },
    nickname: { type: 'string', filterable: false, sortable: false },
    ...timestamps,
  },
  relations: {
    books: { kind: 'hasMany', target: () => book, foreignKey: 'author_id' },
    avatar: { kind: 'belongsTo', target: () => file, column: 'avatar_id' },
    tags: {
      kind: 'manyToMany',
      target: () => tag,
      through: 'pt_author_tags',
      sourceKey: 'author_id',
      targetKey: 'tag_id',
    },
    secret: {
      kind: 'belongsTo',
      target: () => file,
      column: 'secret_id',
      filterable: false,
      populatable: false,
    },
  },
  maxPageSize: 100,
  defaultSort: [{ field: 'name', direction: 'asc' }],
});
const book = defineResource({
  name: 'parseTestBook',
  table: 'pt_books',
  fields: { title: { type: 'string' }, price: { type: 'money' } },
  relations: { author: { kind: 'belongsTo', target: () => author, column: 'author_id' } },
  maxPageSize: 25,
  defaultPageSize: 5,
});

const parse = (query: unknown, def: ResourceDef = author) => parseQuery(def, query);
const filtersOf = (filters: unknown, def: ResourceDef = author): FilterNode | undefined =>
  parse({ filters }, def).filters;
const cmp = (column: string, op: string, value: unknown) => ({ kind: 'cmp', column, op, value });

/** Runs the parser and returns the 400 it must throw. */
function rejection(query: unknown, def: ResourceDef = author): AppError {
  try {
    parseQuery(def, query);
  } catch (err) {
    expect(err).toBeInstanceOf(AppError);
    return err as AppError;
  }
  throw new Error(`expected a 400 for ${JSON.stringify(query)}`);
}
function expectBad(query: unknown, param: string, def: ResourceDef = author) {
  const err = rejection(query, def);
  expect(err.status).toBe(400);
  expect(err.code).toBe('ValidationError');
  expect(err.message).toContain(`Invalid parameter ${param}`);
  expect(err.details.errors?.[0]?.path.length).toBeGreaterThan(0);
}

describe('parseQuery: defaults', () => {
  it('gives page 1, the default page size, the default sort with an id tie-breaker and no filters', () => {
    const q = parse({});
    expect(q).toEqual<ParsedQuery>({
      populate: {},
      sort: [
        { column: 'name', direction: 'asc' },
        { column: 'id', direction: 'asc' },
      ],
      page: 1,
      pageSize: 10,
      offset: 0,
      withCount: true,
    });
  });

  it('sorts by id descending when the resource has no default, and uses its default page size', () => {
    const q = parse({}, book);
    expect(q.sort).toEqual([{ column: 'id', direction: 'desc' }]);
    expect(q.pageSize).toBe(5);
  });

  it('treats a missing or non-object query as empty', () => {
    expect(parse(undefined).page).toBe(1);
    expect(parse(null).filters).toBeUndefined();
  });

  it('accepts Strapi parameters it has nothing to do with (publicationState, locale)', () => {
    expect(parse({ publicationState: 'live', locale: 'en' }).page).toBe(1);
  });

  it('accepts route-specific parameters only when the route names them', () => {
    expect(parseQuery(author, { format: 'small' }, ['format']).page).toBe(1);
    expectBad({ format: 'small' }, 'format');
  });
});

describe('parseQuery: filters', () => {
  const valueFor: Partial<Record<(typeof OPERATORS)[number], [unknown, unknown]>> = {
    $in: [
      ['a', 'b'],
      ['a', 'b'],
    ],
    $notIn: [
      ['a', 'b'],
      ['a', 'b'],
    ],
    $between: [
      ['a', 'm'],
      ['a', 'm'],
    ],
    $null: ['true', true],
    $notNull: ['false', false],
  };
  it.each([...OPERATORS])('parses %s on a text field', (op) => {
    const [input, parsed] = valueFor[op] ?? ['Ann', 'Ann'];
    expect(filtersOf({ name: { [op]: input } })).toEqual(cmp('name', op, parsed));
  });

  it('reads filters[field]=x as $eq and a list as $in', () => {
    expect(filtersOf({ name: 'Ann' })).toEqual(cmp('name', '$eq', 'Ann'));
    expect(filtersOf({ name: ['Ann', 'Bob'] })).toEqual(cmp('name', '$in', ['Ann', 'Bob']));
    // qs turns lists longer than its arrayLimit into objects with numeric keys.
    expect(filtersOf({ name: { 0: 'Ann', 1: 'Bob' } })).toEqual(cmp('name', '$in', ['Ann', 'Bob']));
  });

  it('accepts a single value for $in and numeric-keyed objects for lists', () => {
    expect(filtersOf({ age: { $in: '3' } })).toEqual(cmp('age', '$in', [3]));
    expect(filtersOf({ age: { $notIn: { 1: '5', 0: '4' } } })).toEqual(cmp('age', '$notIn', [4, 5]));
    expect(filtersOf({ age: { $in: [] } })).toEqual(cmp('age', '$in', []));
  });

  it('coerces integers', () => {
    expect(filtersOf({ age: { $gte: '42' } })).toEqual(cmp('age', '$gte', 42));
    expect(filtersOf({ age: { $lt: '-3' } })).toEqual(cmp('age', '$lt', -3));
    expect(filtersOf({ age: { $eq: 7 } })).toEqual(cmp('age', '$eq', 7));
    expect(filtersOf({ id: { $in: ['1', '2'] } })).toEqual(cmp('id', '$in', [1, 2]));
    expect(filtersOf({ id: '5' })).toEqual(cmp('id', '$eq', 5));
    expect(filtersOf({ age: { $between: ['18', '65'] } })).toEqual(cmp('age', '$between', [18, 65]));
  });

  it('coerces numbers', () => {
    expect(filtersOf({ score: { $gt: '1.5' } })).toEqual(cmp('score', '$gt', 1.5));
    expect(filtersOf({ score: { $lte: '-20' } })).toEqual(cmp('score', '$lte', -20));
  });

  it('coerces money from dollars to cents', () => {
    expect(filtersOf({ balance: { $eq: '29.99' } })).toEqual(cmp('balance', '$eq', 2999));
    expect(filtersOf({ balance: { $gt: '0.1' } })).toEqual(cmp('balance', '$gt', 10));
    expect(filtersOf({ balance: { $between: ['20', '80.5'] } })).toEqual(
      cmp('balance', '$between', [2000, 8050]),
    );
  });

  it('coerces booleans to 1 and 0', () => {
    expect(filtersOf({ active: { $eq: 'true' } })).toEqual(cmp('active', '$eq', 1));
    expect(filtersOf({ active: 'false' })).toEqual(cmp('active', '$eq', 0));
    expect(filtersOf({ active: { $ne: '1' } })).toEqual(cmp('active', '$ne', 1));
    expect(filtersOf({ active: { $eq: '0' } })).toEqual(cmp('active', '$eq', 0));
  });

  it('coerces datetimes to ISO text and keeps plain dates', () => {
    expect(filtersOf({ born: { $gte: '2024-01-02' } })).toEqual(cmp('born', '$gte', '2024-01-02'));
    expect(filtersOf({ born: { $lt: '2024-01-02T03:04:05+02:00' } })).toEqual(
      cmp('born', '$lt', '2024-01-02T01:04:05.000Z'),
    );
    expect(filtersOf({ createdAt: { $gt: '2024-05-06T07:08:09.123Z' } })).toEqual(
      cmp('created_at', '$gt', '2024-05-06T07:08:09.123Z'),
    );
  });

  it('keeps strings as given, SQL and LIKE wildcards included (they are bound, never spliced)', () => {
    for (const v of ["' OR '1'='1", '%', '_', 'a\\b', '*?[x]', 'x; drop table users; --']) {
      expect(filtersOf({ name: { $contains: v } })).toEqual(cmp('name', '$contains', v));
    }
  });

  it('combines several operators and several fields with and', () => {
    expect(filtersOf({ age: { $gt: '1', $lt: '9' }, name: 'Ann' })).toEqual({
      kind: 'and',
      items: [
        { kind: 'and', items: [cmp('age', '$gt', 1), cmp('age', '$lt', 9)] },
        cmp('name', '$eq', 'Ann'),
      ],
    });
  });

  it('parses $or and $and as arrays and as numeric-keyed objects', () => {
    const expected = { kind: 'or', items: [cmp('name', '$eq', 'Ann'), cmp('age', '$gt', 3)] };
    expect(filtersOf({ $or: [{ name: 'Ann' }, { age: { $gt: '3' } }] })).toEqual(expected);
    expect(filtersOf({ $or: { 0: { name: 'Ann' }, 1: { age: { $gt: '3' } } } })).toEqual(expected);
    expect(filtersOf({ $and: { 0: { name: 'Ann' }, 1: { age: { $gt: '3' } } } })).toEqual({
      ...expected,
      kind: 'and',
    });
    expect(filtersOf({ $and: [{ $or: [{ name: 'A' }, { name: 'B' }] }, { active: 'true' }] })).toEqual({
      kind: 'and',
      items: [
        { kind: 'or', items: [cmp('name', '$eq', 'A'), cmp('name', '$eq', 'B')] },
        cmp('active', '$eq', 1),
      ],
    });
  });

  it('parses $not around a filter and around an operator', () => {
    expect(filtersOf({ $not: { name: 'Ann' } })).toEqual({ kind: 'not', item: cmp('name', '$eq', 'Ann') });
    expect(filtersOf({ name: { $not: { $startsWith: 'A' } } })).toEqual({
      kind: 'not',
      item: cmp('name', '$startsWith', 'A'),
    });
    expect(filtersOf({ name: { $not: 'Ann' } })).toEqual({ kind: 'not', item: cmp('name', '$eq', 'Ann') });
  });

  it('follows belongsTo, hasMany and manyToMany relations', () => {
    expect(filtersOf({ avatar: { name: { $eq: 'a.png' } } })).toEqual({
      kind: 'rel',
      relation: 'avatar',
      def: author,
      sub: cmp('name', '$eq', 'a.png'),
    });
    expect(filtersOf({ books: { price: { $lt: '10' } } })).toEqual({
      kind: 'rel',
      relation: 'books',
      def: author,
      sub: cmp('price', '$lt', 1000),
    });
    expect(filtersOf({ tags: { label: 'x' } })).toMatchObject({
      kind: 'rel',
      relation: 'tags',
      sub: cmp('label', '$eq', 'x'),
    });
    expect(filtersOf({ author: { id: { $eq: '3' } } }, book)).toEqual({
      kind: 'rel',
      relation: 'author',
      def: book,
      sub: cmp('id', '$eq', 3),
    });
  });

  it(`allows ${LIMITS.maxRelationDepth} relation hops and no more`, () => {
    const ok = { books: { author: { books: { title: 'x' } } } };
    expect(filtersOf(ok)).toMatchObject({ kind: 'rel', sub: { kind: 'rel', sub: { kind: 'rel' } } });
    expectBad(
      { filters: { books: { author: { books: { author: { name: 'x' } } } } } },
      'filters[books][author][books][author]',
    );
  });
});

describe('parseQuery: populate', () => {
  const leaf = { populate: {} };
  it('populates every populatable relation for * and true', () => {
    const all = { books: leaf, avatar: leaf, tags: leaf };
    expect(parse({ populate: '*' }).populate).toEqual(all);
    expect(parse({ populate: 'true' }).populate).toEqual(all);
    expect(parse({ populate: true }).populate).toEqual(all);
  });

  it('reads comma lists, arrays and numeric-keyed objects', () => {
    expect(parse({ populate: 'books,avatar' }).populate).toEqual({ books: leaf, avatar: leaf });
    expect(parse({ populate: ['books', 'tags'] }).populate).toEqual({ books: leaf, tags: leaf });
    expect(parse({ populate: { 0: 'avatar' } }).populate).toEqual({ avatar: leaf });
  });

  it('reads dot paths and merges them', () => {
    expect(parse({ populate: 'books,books.author,tags' }).populate).toEqual({
      books: { populate: { author: leaf } },
      tags: leaf,
    });
  });

  it('reads nested objects with populate and fields', () => {
    expect(parse({ populate: { books: { populate: { author: true } } } }).populate).toEqual({
      books: { populate: { author: leaf } },
    });
    expect(parse({ populate: { avatar: { fields: ['name'] } } }).populate).toEqual({
      avatar: { populate: {}, fields: ['name'] },
    });
    expect(
      parse({ populate: { avatar: { fields: 'name,url' }, books: '*', tags: 'false' } }).populate,
    ).toEqual({
      avatar: { populate: {}, fields: ['name', 'url'] },
      books: leaf,
    });
    expect(parse({ populate: { books: { populate: '*' } } }).populate).toEqual({
      books: { populate: { author: leaf } },
    });
  });

  it('ignores an empty or false populate', () => {
    expect(parse({ populate: '' }).populate).toEqual({});
    expect(parse({ populate: 'false' }).populate).toEqual({});
  });

  it(`allows ${LIMITS.maxPopulateDepth} levels of relations and no more, however they are written`, () => {
    expect(LIMITS.maxPopulateDepth).toBe(2);
    expect(parse({ populate: 'books.author' }).populate).toEqual({ books: { populate: { author: leaf } } });
    expect(parse({ populate: { books: { populate: { author: true } } } }).populate).toBeTruthy();
    expect(parse({ populate: { books: { populate: '*' } } }).populate).toBeTruthy();
    // A resource without relations may say * even at the last level: it populates nothing.
    expect(
      parse({ populate: { author: { populate: { avatar: { populate: '*' } } } } }, book).populate,
    ).toEqual({ author: { populate: { avatar: leaf } } });
    expectBad({ populate: 'books.author.books' }, 'populate[0]');
    expect(rejection({ populate: 'books.author.books' }).message).toContain('at most 2 levels of relations');
    expectBad({ populate: ['books', 'books.author.avatar'] }, 'populate[1]');
    expectBad(
      { populate: { books: { populate: { author: { populate: { books: true } } } } } },
      'populate[books][populate][author][populate][books]',
    );
    expectBad(
      { populate: { books: { populate: { author: { populate: '*' } } } } },
      'populate[books][populate][author][populate]',
    );
    expectBad(
      { populate: { books: { populate: { author: { populate: ['avatar'] } } } } },
      'populate[books][populate][author][populate][0]',
    );
  });
});

describe('parseQuery: fields, sort, pagination', () => {
  it('reads fields as a comma list or a list', () => {
    expect(parse({ fields: 'name,age' }).fields).toEqual(['name', 'age']);
    expect(parse({ fields: ['name', 'id'] }).fields).toEqual(['name', 'id']);
    expect(parse({ fields: { 0: 'email' } }).fields).toEqual(['email']);
  });

  it('reads one or several sort fields and adds id last', () => {
    expect(parse({ sort: 'age:desc' }).sort).toEqual([
      { column: 'age', direction: 'desc' },
      { column: 'id', direction: 'asc' },
    ]);
    expect(parse({ sort: 'age:desc,name' }).sort).toEqual([
      { column: 'age', direction: 'desc' },
      { column: 'name', direction: 'asc' },
      { column: 'id', direction: 'asc' },
    ]);
    expect(parse({ sort: ['createdAt:DESC', 'id:desc'] }).sort).toEqual([
      { column: 'created_at', direction: 'desc' },
      { column: 'id', direction: 'desc' },
    ]);
    expect(parse({ sort: { 0: 'name:asc', 1: 'age:asc' } }).sort.map((s) => s.column)).toEqual([
      'name',
      'age',
      'id',
    ]);
  });

  it('reads page and pageSize', () => {
    const q = parse({ pagination: { page: '3', pageSize: '20' } });
    expect([q.page, q.pageSize, q.offset, q.withCount]).toEqual([3, 20, 40, true]);
    expect(parse({ pagination: { pageSize: '100' } }).pageSize).toBe(100);
    expect(parse({ pagination: { page: String(LIMITS.maxPage) } }).page).toBe(LIMITS.maxPage);
  });

  it('clamps a page size above the maximum to the maximum, as Strapi clamps to maxLimit', () => {
    expect(parse({ pagination: { pageSize: '101' } }).pageSize).toBe(100);
    expect(parse({ pagination: { pageSize: '100000' } }).pageSize).toBe(100);
    expect(parse({ pagination: { pageSize: '99999999999999999999' } }).pageSize).toBe(100);
    expect(parse({ pagination: { page: '3', pageSize: '500' } })).toMatchObject({
      page: 3,
      pageSize: 100,
      offset: 200,
    });
    expect(parse({ pagination: { pageSize: '26' } }, book).pageSize).toBe(25);
    expect(parse({ pagination: { start: '40', limit: '1000' } })).toMatchObject({
      page: 1,
      pageSize: 100,
      offset: 40,
    });
  });

  it('reads start and limit', () => {
    const q = parse({ pagination: { start: '30', limit: '15' } });
    expect([q.page, q.pageSize, q.offset]).toEqual([3, 15, 30]);
    expect(parse({ pagination: { start: '5' } }).offset).toBe(5);
    expect(parse({ pagination: { limit: '7' } })).toMatchObject({ offset: 0, pageSize: 7, page: 1 });
  });

  it('reads withCount', () => {
    expect(parse({ pagination: { withCount: 'false' } }).withCount).toBe(false);
    expect(parse({ pagination: { withCount: 'true' } }).withCount).toBe(true);
    expect(parse({ pagination: { withCount: false } }).withCount).toBe(false);
  });
});

describe('parseQuery: malformed, injection-like and absurd parameters are 400s naming the parameter', () => {
  const long = 'x'.repeat(LIMITS.maxValueLength + 1);
  const many = Array.from({ length: 10_000 }, (_, i) => String(i));
  const cases: [string, unknown, string][] = [
    // pagination
    ['pageSize 1e9', { pagination: { pageSize: '1e9' } }, 'pagination[pageSize]'],
    ['pageSize 0', { pagination: { pageSize: '0' } }, 'pagination[pageSize]'],
    ['pageSize -1', { pagination: { pageSize: '-1' } }, 'pagination[pageSize]'],
    ['pageSize abc', { pagination: { pageSize: 'abc' } }, 'pagination[pageSize]'],
    ['pageSize as a float', { pagination: { pageSize: '2.5' } }, 'pagination[pageSize]'],
    ['pageSize as an object', { pagination: { pageSize: { $gt: '1' } } }, 'pagination[pageSize]'],
    ['page beyond the limit', { pagination: { page: String(LIMITS.maxPage + 1) } }, 'pagination[page]'],
    ['page 0', { pagination: { page: '0' } }, 'pagination[page]'],
    ['huge page', { pagination: { page: '99999999999999999999' } }, 'pagination[page]'],
    ['limit 0', { pagination: { limit: '0' } }, 'pagination[limit]'],
    ['limit -1', { pagination: { limit: '-1' } }, 'pagination[limit]'],
    ['limit abc', { pagination: { limit: 'abc' } }, 'pagination[limit]'],
    ['negative start', { pagination: { start: '-1' } }, 'pagination[start]'],
    ['unknown pagination key', { pagination: { offset: '1' } }, 'pagination[offset]'],
    ['pagination as a string', { pagination: '5' }, 'pagination'],
    ['page mixed with start', { pagination: { page: '2', start: '5' } }, 'pagination'],
    ['withCount not a boolean', { pagination: { withCount: 'maybe' } }, 'pagination[withCount]'],
    // filters
    ['filters[$where]', { filters: { $where: '1=1' } }, 'filters[$where]'],
    ['filters[$raw]', { filters: { $raw: { x: '1' } } }, 'filters[$raw]'],
    ['undeclared password', { filters: { password: { $eq: 'x' } } }, 'filters[password]'],
    ['password implicit $eq', { filters: { password: 'x' } }, 'filters[password]'],
    ['unknown operator', { filters: { name: { $fooBar: 'x' } } }, 'filters[name][$fooBar]'],
    ['operator without $', { filters: { name: { eq: 'x' } } }, 'filters[name][eq]'],
    ['SQL in an integer', { filters: { id: { $eq: '1 OR 1=1' } } }, 'filters[id][$eq]'],
    ['SQL in a list item', { filters: { id: { $in: ['1', '2) OR (1=1'] } } }, 'filters[id][$in][1]'],
    ['10,000 $in values', { filters: { id: { $in: many } } }, 'filters[id][$in]'],
    ['10,000 implicit $in values', { filters: { id: many } }, 'filters[id][$in]'],
    ['value too long', { filters: { name: { $eq: long } } }, 'filters[name][$eq]'],
    ['value too long in a list', { filters: { name: { $in: ['a', long] } } }, 'filters[name][$in][1]'],
    ['object for $eq', { filters: { name: { $eq: { $gt: 'a' } } } }, 'filters[name][$eq]'],
    ['list for $eq', { filters: { name: { $eq: ['a', 'b'] } } }, 'filters[name][$eq]'],
    ['object in $in', { filters: { age: { $in: [{ x: '1' }] } } }, 'filters[age][$in][0]'],
    ['boolean for a text value', { filters: { name: { $eq: true } } }, 'filters[name][$eq]'],
    ['$null not a boolean', { filters: { name: { $null: 'maybe' } } }, 'filters[name][$null]'],
    ['$null as an object', { filters: { name: { $null: { a: '1' } } } }, 'filters[name][$null]'],
    ['$between with one value', { filters: { age: { $between: '3' } } }, 'filters[age][$between]'],
    [
      '$between with three values',
      { filters: { age: { $between: ['1', '2', '3'] } } },
      'filters[age][$between]',
    ],
    ['$in as an object of operators', { filters: { age: { $in: { $gt: '1' } } } }, 'filters[age][$in]'],
    ['text operator on a number', { filters: { age: { $contains: '1' } } }, 'filters[age][$contains]'],
    [
      'text operator on a boolean',
      { filters: { active: { $startsWith: 't' } } },
      'filters[active][$startsWith]',
    ],
    ['not a whole number', { filters: { age: { $eq: '4.2' } } }, 'filters[age][$eq]'],
    ['integer beyond 32 bits', { filters: { id: { $eq: '99999999999' } } }, 'filters[id][$eq]'],
    ['exponent in a number', { filters: { score: { $gt: '1e9' } } }, 'filters[score][$gt]'],
    ['NaN number', { filters: { score: { $gt: 'NaN' } } }, 'filters[score][$gt]'],
    ['money beyond the column', { filters: { balance: { $gt: '99999999999' } } }, 'filters[balance][$gt]'],
    ['money with letters', { filters: { balance: { $eq: '$5' } } }, 'filters[balance][$eq]'],
    ['boolean word', { filters: { active: { $eq: 'yes' } } }, 'filters[active][$eq]'],
    ['bad date', { filters: { born: { $gt: 'yesterday' } } }, 'filters[born][$gt]'],
    ['impossible date', { filters: { born: { $gt: '2024-13-45' } } }, 'filters[born][$gt]'],
    ['NUL byte in text', { filters: { name: { $eq: 'a\u0000b' } } }, 'filters[name][$eq]'],
    ['json field', { filters: { meta: { $eq: 'x' } } }, 'filters[meta]'],
    ['non-filterable field', { filters: { nickname: { $eq: 'x' } } }, 'filters[nickname]'],
    ['non-filterable relation', { filters: { secret: { name: 'x' } } }, 'filters[secret]'],
    ['field of another resource', { filters: { title: 'x' } }, 'filters[title]'],
    [
      'undeclared field behind a relation',
      { filters: { avatar: { storage_key: 'x' } } },
      'filters[avatar][storage_key]',
    ],
    ['filters as a string', { filters: 'name=1' }, 'filters'],
    ['empty filters', { filters: {} }, 'filters'],
    ['operator-less field', { filters: { name: {} } }, 'filters[name]'],
    ['$or as a string', { filters: { $or: 'x' } }, 'filters[$or]'],
    ['$or item not an object', { filters: { $or: ['x'] } }, 'filters[$or][0]'],
    [
      '$or with too many items',
      { filters: { $or: Array.from({ length: 26 }, () => ({ name: 'x' })) } },
      'filters[$or]',
    ],
    ['$not of a string', { filters: { $not: 'x' } }, 'filters[$not]'],
    ['logical nesting too deep', { filters: nest(40) }, 'filters'],
    // sort
    ['sort by password', { sort: 'password:asc' }, 'sort'],
    ['sort sideways', { sort: 'id:sideways' }, 'sort'],
    ['sort with SQL', { sort: 'id; drop table users' }, 'sort'],
    ['sort with SQL after the direction', { sort: 'id:asc; drop table users' }, 'sort'],
    ['sort with an extra colon', { sort: 'name:asc:x' }, 'sort'],
    ['sort on a json field', { sort: 'meta:asc' }, 'sort'],
    ['sort on a non-sortable field', { sort: 'nickname' }, 'sort'],
    ['sort through a relation', { sort: 'avatar.name:asc' }, 'sort'],
    ['sort as an object', { sort: { name: { $gt: 'a' } } }, 'sort'],
    ['sort item an object', { sort: [{ name: 'asc' }] }, 'sort[0]'],
    ['too many sort fields', { sort: 'name,age,score,balance,born,createdAt' }, 'sort'],
    // fields
    ['fields[0]=password', { fields: ['password'] }, 'fields[0]'],
    ['fields=password', { fields: 'name,password' }, 'fields[1]'],
    ['fields as an object', { fields: { a: { b: '1' } } }, 'fields'],
    ['fields item an object', { fields: [{ $ne: 'x' }] }, 'fields[0]'],
    // populate
    ['populate of an undeclared relation', { populate: 'password' }, 'populate[0]'],
    ['populate of a field', { populate: ['name'] }, 'populate[0]'],
    ['populate of a non-populatable relation', { populate: { secret: true } }, 'populate[secret]'],
    [
      'populate with filters',
      { populate: { books: { filters: { title: 'x' } } } },
      'populate[books][filters]',
    ],
    [
      'populate with an undeclared field',
      { populate: { avatar: { fields: ['storage_key'] } } },
      'populate[avatar][fields][0]',
    ],
    ['populate with a number', { populate: { books: '5' } }, 'populate[books]'],
    ['populate item an object', { populate: [{ books: true }] }, 'populate[0]'],
    ['populate with an empty path segment', { populate: 'books..author' }, 'populate[0]'],
    // everything else
    ['unknown top-level parameter', { foo: 'bar' }, 'foo'],
    ['Strapi v3 _where', { _where: { id: '1' } }, '_where'],
    ['publicationState not a word', { publicationState: { $ne: 'x' } }, 'publicationState'],
    ['locale too long', { locale: long }, 'locale'],
  ];

  it.each(cases)('%s', (_name, query, param) => expectBad(query, param));

  it('refuses prototype-pollution keys and leaves Object.prototype alone', () => {
    // qs is told not to make these (allowPrototypes: false); a JSON body or another parser could.
    const polluting: [unknown, string][] = [
      [JSON.parse('{"filters":{"__proto__":{"x":"1"}}}'), 'filters[__proto__]'],
      [JSON.parse('{"filters":{"constructor":{"prototype":{"x":"1"}}}}'), 'filters[constructor]'],
      [JSON.parse('{"filters":{"name":{"__proto__":{"x":"1"}}}}'), 'filters[name][__proto__]'],
      [JSON.parse('{"filters":{"$or":[{"__proto__":{"x":"1"}}]}}'), 'filters[$or][0][__proto__]'],
      [JSON.parse('{"populate":{"__proto__":{"x":"1"}}}'), 'populate[__proto__]'],
      [JSON.parse('{"pagination":{"__proto__":{"x":"1"}}}'), 'pagination[__proto__]'],
      [JSON.parse('{"__proto__":{"x":"1"}}'), '__proto__'],
      [{ filters: { constructor: { prototype: { x: '1' } } } }, 'filters[constructor]'],
      [{ filters: { toString: 'x' } }, 'filters[toString]'],
      [{ sort: 'constructor' }, 'sort'],
      [{ fields: ['__proto__'] }, 'fields[0]'],
      [{ populate: 'constructor' }, 'populate[0]'],
    ];
    for (const [query, param] of polluting) expectBad(query, param);
    expect(({} as Record<string, unknown>).x).toBeUndefined();
  });

  it('names the parameter in the details too', () => {
    const err = rejection({ filters: { name: { $fooBar: 'x' } } });
    expect(err.message).toBe('Invalid parameter filters[name][$fooBar]: unknown operator');
    expect(err.details).toEqual({
      errors: [
        { path: ['filters', 'name', '$fooBar'], message: 'unknown operator', name: 'ValidationError' },
      ],
    });
  });
});

/** `{ $not: { $not: ... { name: 'x' } } }`, n levels deep. */
function nest(n: number): Record<string, unknown> {
  let f: Record<string, unknown> = { name: 'x' };
  for (let i = 0; i < n; i++) f = i % 2 ? { $not: f } : { $and: [f] };
  return f;
}
