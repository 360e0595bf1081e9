import type { FastifyReply } from 'fastify';
import {
  DummyDriver,
  Kysely,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  sql,
  SqliteAdapter,
  SqliteIntrospector,
  SqliteQueryCompiler,
} from 'kysely';
import { shownProviderText } from '../../access/index.ts';
import { hotReaderOf, type Engine } from '../../db/database.ts';
import type { DB } from '../../db/schema.ts';
import { othersMayWait } from '../../http/in-flight.ts';
import { fits } from '../../http/strapi/find.ts';
import type { PopulateTree } from '../../http/strapi/parse.ts';
import type { ResourceDef } from '../../http/strapi/resource.ts';
import { itemColumns } from './directory.page-json.ts';
import { withFormats } from './directory.page-formats.ts';
import { pgJson } from './directory.page-pg.ts';
import { sqliteJson } from './directory.page-sqlite.ts';

/**
 * The directory's reads of providers (the listing's page from the facet index, one provider by id) in one
 * statement per engine, run on the driver without Kysely's query building (db/database.ts `hotReaderOf`):
 * each item's JSON text written by the database with its populated relations, for every populate shape the
 * provider resources allow: belongs-to relations, join-table lists, lists of records (reactions, comments)
 * with their cap and `meta`, and relations nested in those (directory.page-json.ts, decision 0012). The items
 * are the generic REST layer's (http/strapi/find.ts), byte for byte, with the same size limit
 * (test/listing-lean.test.ts compares both on both engines).
 *
 * What it does not write, and leaves to find.ts (the caller's fallback when this answers undefined): a
 * relation to a resource whose visibility depends on the time of the request (a reaction's or a comment's
 * `provider`, whose owner's package must be running now: the statement's text is kept and reused, so the
 * time cannot be written into it), another resource's `present` done in JS, a `json` field, and a value
 * the engine would print differently from JavaScript (a floating-point number on PostgreSQL).
 */

const statements = new Map<string, LeanStatement>();

/** Who may be read: the shown providers (the public), or every row named (the owner and admin, checked before). */
export type LeanScope = 'shown' | 'all';

/** Kysely without a database, for each engine: it writes the SQL of a relation target's public scope. */
// Tables chosen at run time: the builder is untyped here.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
const COMPILERS: Record<Engine, Kysely<any>> = {
  sqlite: new Kysely({
    dialect: {
      createAdapter: () => new SqliteAdapter(),
      createDriver: () => new DummyDriver(),
      createIntrospector: (db) => new SqliteIntrospector(db),
      createQueryCompiler: () => new SqliteQueryCompiler(),
    },
  }),
  postgres: new Kysely({
    dialect: {
      createAdapter: () => new PostgresAdapter(),
      createDriver: () => new DummyDriver(),
      createIntrospector: (db) => new PostgresIntrospector(db),
      createQueryCompiler: () => new PostgresQueryCompiler(),
    },
  }),
};

/** A value of a scope written into the statement's text: a number, or a text that is not a time. */
function literal(v: unknown): string | undefined {
  if (typeof v === 'number' && Number.isSafeInteger(v)) return String(v);
  // A time (an ISO date) is the request's own (a provider shown now): not a constant of the statement.
  if (typeof v === 'string' && !/^\d{4}-\d\d-\d\d/.test(v)) return `'${v.replace(/'/g, "''")}'`;
  return undefined;
}

const SCOPES = new Map<string, string | undefined>();

/**
 * A relation target's public scope (`publicScope`, as find.ts applies it) as SQL on `alias`, its values
 * written in: '' when the target has none, undefined when it depends on the time of the request (the
 * statement's text is kept and reused, so such a relation is read by find.ts). Kept per engine, target
 * and alias.
 */
function scopeSql(engine: Engine, target: ResourceDef, alias: string): string | undefined {
  if (!target.publicScope) return '';
  const key = `${engine}|${target.name}|${target.table}|${alias}`;
  if (SCOPES.has(key)) return SCOPES.get(key);
  const compiled = COMPILERS[engine]
    .selectFrom(`${target.table} as ${alias}`)
    .select(sql`1`.as('one'))
    .where((eb) => target.publicScope!(eb, alias))
    .compile();
  const values = compiled.parameters.map(literal);
  let text: string | undefined = compiled.sql.slice(compiled.sql.indexOf(' where ') + 7);
  if (values.some((v) => v === undefined)) text = undefined;
  else {
    let i = 0;
    text = text.replace(/\?|\$\d+/g, () => values[i++]!);
  }
  SCOPES.set(key, text);
  return text;
}

/** The shown-provider rule on the alias `r` (access/scopes.ts), the time its two `?` parameters. */
const SHOWN = shownProviderText('r');

const q = (name: string) => `"${name}"`;

interface LeanStatement {
  text: string;
}

/** Kept statements (a text per view, populate and fields, so a bounded number are kept). */
function remember(key: string, build: () => LeanStatement): LeanStatement {
  let st = statements.get(key);
  if (st) return st;
  st = build();
  statements.set(key, st);
  if (statements.size > 200) statements.delete(statements.keys().next().value!);
  return st;
}

/**
 * The rows asked for: on SQLite a JSON list; on PostgreSQL an array, or one id as such (`one`). PostgreSQL
 * plans a prepared statement for its parameters' values until a plan for any value costs no more; for
 * `= any(array)` that never happens with one id (planning every read took 0.6 ms, four times the read).
 */
const idsWhere = (engine: Engine, scope: LeanScope, one: boolean) => {
  const ids =
    engine === 'sqlite'
      ? 'r.id in (select value from json_each(?))'
      : one
        ? 'r.id = ?::int'
        : 'r.id = any(?::int[])';
  return scope === 'shown' ? `${ids} and ${SHOWN}` : ids;
};

/** The statement that renders the items' JSON itself (directory.page-json.ts), if it can. */
function renderedStatement(
  engine: Engine,
  def: ResourceDef,
  query: { fields?: string[] | undefined; populate: PopulateTree },
  scope: LeanScope,
  one = false,
): LeanStatement | undefined {
  const key = `json|${engine}|${def.name}|${scope}|${one}|${JSON.stringify([query.fields, query.populate])}`;
  const cached = statements.get(key);
  if (cached) return cached;
  const columns = itemColumns(
    {
      d: engine === 'sqlite' ? sqliteJson : pgJson,
      scopeOf: (target, alias) => scopeSql(engine, target, alias),
    },
    def,
    query.fields,
    query.populate,
  );
  if (!columns) return undefined;
  return remember(key, () => ({
    text:
      `select ${columns.select} from ${q(def.table)} r ${columns.joins}` +
      ` where ${idsWhere(engine, scope, one)} order by r.id desc`,
  }));
}

/** Whether some item of the shape, at any level, selects no field but populates a relation. */
function relationComesFirst(def: ResourceDef, fields: string[] | undefined, populate: PopulateTree): boolean {
  const entries = Object.entries(populate);
  if (entries.length && (fields ?? Object.keys(def.fields)).every((n) => n === 'id')) return true;
  return entries.some(([name, node]) =>
    relationComesFirst(def.relations![name]!.target(), node.fields, node.populate),
  );
}

const EMPTY_LIST = '"data":[]';
// An item whose first attribute is a relation: `"attributes":{"<name>":{"data":`.
const RELATION_FIRST = /"attributes":\{"[^"\\]+":\{"data":/g;

/**
 * The items' texts (each row's one column, formats' marks replaced) and their sizes as find.ts counts
 * them: one character longer for each item whose first attribute is a relation (it counts the comma
 * before every relation), one shorter for each empty to-many relation (it counts `[` and the items with
 * their commas). Both are found in the text: a JSON string holds no unescaped quote, so neither pattern
 * can come from a value (a file's stored `formats` aside, which the server writes).
 */
function renderedTexts(rows: unknown[][], relationFirst: boolean): { texts: string[]; sizes: number[] } {
  const texts: string[] = [];
  const sizes: number[] = [];
  for (const values of rows) {
    const text = withFormats(values[0] as string);
    let size = text.length;
    for (let at = text.indexOf(EMPTY_LIST); at >= 0; at = text.indexOf(EMPTY_LIST, at + 1)) size--;
    if (relationFirst) size += text.match(RELATION_FIRST)?.length ?? 0;
    texts.push(text);
    sizes.push(size);
  }
  return { texts, sizes };
}

/**
 * Whether the items of this shape are rendered as JSON text by the database, not presented in JS:
 * test/listing-lean.test.ts holds the shapes the clients use to it.
 */
export function rendersInDatabase(
  engine: Engine,
  def: ResourceDef,
  query: { fields?: string[] | undefined; populate: PopulateTree },
  scope: LeanScope,
): boolean {
  return !!renderedStatement(engine, def, query, scope);
}

/**
 * The items for `ids` (newest first) as JSON texts, with the populated relations; undefined when the
 * shape is not one the lean read knows or the engine cannot run it now. Throws the generic path's 400
 * when the items would not fit in one answer.
 */
export async function readLeanItems(
  db: Kysely<DB>,
  engine: Engine,
  def: ResourceDef,
  query: { fields?: string[] | undefined; populate: PopulateTree },
  ids: readonly number[],
  scope: LeanScope,
  /** SQLite: on the reader thread (true) or the main connection (false); by default by the load. */
  offload?: boolean,
): Promise<string[] | undefined> {
  const run = hotReaderOf(db);
  if (!run) return undefined;
  const one = engine === 'postgres' && ids.length === 1;
  const idParam = engine === 'sqlite' ? JSON.stringify(ids) : one ? ids[0] : ids;
  const now = new Date().toISOString();
  const params = scope === 'shown' ? [idParam, now, now] : [idParam];
  const rendered = renderedStatement(engine, def, query, scope, one);
  if (!rendered) return undefined;
  // When other requests may wait, SQLite runs the statement on its reader thread meanwhile.
  const pending = run(rendered.text, params, { offload: offload ?? othersMayWait() });
  if (!pending) return undefined;
  const { texts, sizes } = renderedTexts(
    await pending,
    relationComesFirst(def, query.fields, query.populate),
  );
  fits(sizes);
  return texts;
}

/**
 * An answer serialized already (the lean reads build their JSON text as they go): the route sends
 * `text` as is (`sendJson`). Serialized again only where something stringifies whole answers (the
 * response cache keeping a computed one), which `toJSON` makes give the same text.
 */
export class JsonText {
  constructor(readonly text: string) {}
  toJSON(): unknown {
    return JSON.parse(this.text);
  }
}

export const jsonText = (text: string) => new JsonText(text);

/** What a route returns for an answer that may be ready text: the text, typed as JSON, or the value. */
export function sendJson(reply: FastifyReply, answer: unknown): unknown {
  if (!(answer instanceof JsonText)) return answer;
  void reply.type('application/json; charset=utf-8');
  return answer.text;
}
