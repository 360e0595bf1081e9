import type { Kysely } from 'kysely';
import type { DB } from '../db/schema.ts';
import { notFound } from './errors.ts';
import type { Actor } from './auth.ts';
import { findMany, findOne, type Item } from './strapi/find.ts';
import type { ParsedQuery } from './strapi/parse.ts';
import type { ResourceDef, ScopeFn } from './strapi/resource.ts';

/** What a single item's read may ask for: `populate` and `fields`. */
export type ItemQuery = Pick<ParsedQuery, 'populate' | 'fields'>;
/** An item with its fields and no relations. */
export const plainItem: ItemQuery = { populate: {}, fields: undefined };

/** One item within the caller's scope, or a 404 (with `missing` as its message when given). */
export async function getScopedItem(
  db: Kysely<DB>,
  def: ResourceDef,
  id: number,
  scope: ScopeFn,
  q: ItemQuery = plainItem,
  missing?: string,
): Promise<Item> {
  const item = await findOne(db, def, id, q, { scope });
  if (!item) throw notFound(missing);
  return item;
}

/**
 * A row read without a caller scope: one just written (the writer has just been checked), or one of a
 * resource only admins reach (the route has checked): its fields, or what `q` asks (a populated relation).
 */
export async function getWrittenItem(
  db: Kysely<DB>,
  def: ResourceDef,
  id: number,
  q: ItemQuery = plainItem,
): Promise<Item> {
  const item = await findOne(db, def, id, q, { scope: null });
  if (!item) throw notFound();
  return item;
}

/** List and get of a resource within the caller's scope (a row out of scope is a 404). */
export interface ScopedReads {
  resource: ResourceDef;
  list(db: Kysely<DB>, actor: Actor | null, q: ParsedQuery): ReturnType<typeof findMany>;
  get(db: Kysely<DB>, actor: Actor | null, id: number, q: ItemQuery): Promise<Item>;
}

/** How `scopedReads` answers: the 404's message, and a last touch to each item. */
export interface ScopedReadOptions {
  /** The message of the 404 for a row out of scope (the read rule's `missing`). */
  missing?: string;
  /** Finishes each item, listed or got (an attribute answered in another shape). */
  present?: (item: Item) => Item;
}

/** The reads of `resource` for a caller who may see the rows `see(actor)` keeps. */
export function scopedReads(
  resource: ResourceDef,
  see: (actor: Actor | null) => ScopeFn,
  { missing, present }: ScopedReadOptions = {},
): ScopedReads {
  return {
    resource,
    list: async (db, actor, q) => {
      const page = await findMany(db, resource, q, { scope: see(actor) });
      return present ? { ...page, data: page.data.map(present) } : page;
    },
    get: async (db, actor, id, q) => {
      const item = await getScopedItem(db, resource, id, see(actor), q, missing);
      return present ? present(item) : item;
    },
  };
}
