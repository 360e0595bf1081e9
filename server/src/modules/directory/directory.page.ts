import type { FastifyReply } from 'fastify';
import type { Kysely } from 'kysely';
import { shownProviderText } from '../../access/index.ts';
import { hotReaderOf, type Engine } from '../../db/database.ts';
import type { DB } from '../../db/schema.ts';
import { othersMayWait } from '../../http/in-flight.ts';
import { fits } from '../../http/strapi/find.ts';
import type { PopulateTree } from '../../http/strapi/parse.ts';
import type { RelationDef, ResourceDef } from '../../http/strapi/resource.ts';
import { publicUserResource } from '../users/index.ts';
import { itemColumns } from './directory.page-json.ts';
import { withFormats } from './directory.page-formats.ts';
import { pgJson } from './directory.page-pg.ts';
import { sqliteJson } from './directory.page-sqlite.ts';

/**
 * The hot reads of the directory (the listing's page from the facet index, one provider by id) in one
 * statement per engine, run on the driver without Kysely's query building (db/database.ts
 * `hotReaderOf`): each item's JSON text written by the database with its populated relations
 * (directory.page-json.ts, decision 0012). The items are the generic REST layer's
 * (http/strapi/find.ts), byte for byte: the same values over the same columns, relations in the
 * populate's order, a to-many relation's first `LIMITS.maxRelationRows` and its `meta`, the same size
 * limit (test/listing-lean.test.ts compares both). Shapes it does not know (nested populate, to-many
 * relations other than join tables, relations to scoped resources without a rule here, values the
 * database does not render as JavaScript does) answer undefined, and the caller takes the generic path.
 */

const statements = new Map<string, LeanStatement>();

/** Who may be read: the shown providers (the public), or every row named (the owner and admin, checked before). */
export type LeanScope = 'shown' | 'all';

/** The SQL of a relation target's public scope, on the target's alias `t` (find.ts applies `publicScope`). */
const TARGET_SCOPES = new Map<ResourceDef, string>();
function targetScope(target: ResourceDef): string | undefined {
  if (!TARGET_SCOPES.size) TARGET_SCOPES.set(publicUserResource, 't.is_active = 1');
  if (!target.publicScope) return '';
  return TARGET_SCOPES.get(target);
}

/** The shown-provider rule on the alias `r` (access/scopes.ts), the time its two `?` parameters. */
const SHOWN = shownProviderText('r');

const q = (name: string) => `"${name}"`;

interface LeanRelation {
  name: string;
  rel: RelationDef;
  target: ResourceDef;
}

interface LeanStatement {
  text: string;
}

/** The relations of a populate tree the lean read can answer, or undefined. */
function leanRelations(def: ResourceDef, populate: PopulateTree): LeanRelation[] | undefined {
  const rels: LeanRelation[] = [];
  for (const [name, node] of Object.entries(populate)) {
    if (Object.keys(node.populate).length) return undefined;
    const rel = def.relations?.[name];
    if (!rel || rel.kind === 'hasMany') return undefined;
    const target = rel.target();
    if (targetScope(target) === undefined) return undefined;
    rels.push({ name, rel, target });
  }
  return rels;
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
  rels: LeanRelation[],
  one = false,
): LeanStatement | undefined {
  const key = `json|${engine}|${def.name}|${scope}|${one}|${JSON.stringify([query.fields, query.populate])}`;
  const cached = statements.get(key);
  if (cached) return cached;
  const columns = itemColumns(
    engine === 'sqlite' ? sqliteJson : pgJson,
    def,
    query.fields,
    query.populate,
    rels.map(({ name, rel, target }) => ({
      name,
      kind: rel.kind as 'belongsTo' | 'manyToMany',
      target,
      fields: query.populate[name]!.fields,
      ...(rel.kind === 'belongsTo'
        ? { column: rel.column }
        : rel.kind === 'manyToMany'
          ? {
              through: rel.through,
              sourceKey: rel.sourceKey,
              targetKey: rel.targetKey,
              orderKey: rel.orderKey,
            }
          : {}),
      scope: targetScope(target)!,
    })),
  );
  if (!columns) return undefined;
  return remember(key, () => ({
    text:
      `select ${columns.select} from ${q(def.table)} r ${columns.joins}` +
      ` where ${idsWhere(engine, scope, one)} order by r.id desc`,
  }));
}

/** Rows whose first column is the item's JSON and the rest its to-many relations' counts. */
function renderedTexts(rows: unknown[][], emptyAttributes: boolean): { texts: string[]; sizes: number[] } {
  const texts: string[] = [];
  const sizes: number[] = [];
  for (const values of rows) {
    const text = withFormats(values[0] as string);
    // find.ts counts an item one longer when its first attribute is a relation, and one shorter for
    // each empty to-many relation.
    let size = text.length + (emptyAttributes ? 1 : 0);
    for (let i = 1; i < values.length; i++) if (Number(values[i]) === 0) size--;
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
  const rels = leanRelations(def, query.populate);
  return !!rels && !!renderedStatement(engine, def, query, scope, rels);
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
  const rels = run && leanRelations(def, query.populate);
  if (!run || !rels) return undefined;
  const one = engine === 'postgres' && ids.length === 1;
  const idParam = engine === 'sqlite' ? JSON.stringify(ids) : one ? ids[0] : ids;
  const now = new Date().toISOString();
  const params = scope === 'shown' ? [idParam, now, now] : [idParam];
  const rendered = renderedStatement(engine, def, query, scope, rels, one);
  if (!rendered) return undefined;
  // When other requests may wait, SQLite runs the statement on its reader thread meanwhile.
  const pending = run(rendered.text, params, { offload: offload ?? othersMayWait() });
  if (!pending) return undefined;
  const emptyAttributes =
    rels.length > 0 && (query.fields ?? Object.keys(def.fields)).every((n) => n === 'id');
  const { texts, sizes } = renderedTexts(await pending, emptyAttributes);
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
