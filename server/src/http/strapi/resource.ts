import type { Expression, ExpressionBuilder, SqlBool } from 'kysely';

/**
 * A resource as the Strapi-style REST layer sees it: the whitelist of what a caller may select,
 * filter, sort and populate. Anything not declared here does not exist for the API: private
 * columns (passwords, storage keys, reset tokens) are simply never declared.
 */
export type FieldType = 'string' | 'integer' | 'number' | 'money' | 'boolean' | 'datetime' | 'json';

export interface FieldDef {
  type: FieldType;
  /** Column name when it differs from the attribute name (`createdAt` -> `created_at`). */
  column?: string;
  /**
   * Declared so that a client's query naming it still parses, but always answered null (another
   * account's real name): never read, filtered or sorted on.
   */
  withheld?: true;
  /** Default: true for everything but json and withheld fields. */
  filterable?: boolean;
  /** Default: true for everything but json and withheld fields. */
  sortable?: boolean;
}

interface RelationBase {
  /**
   * The target resource. A thunk, called only while a query is parsed or run: resources that point
   * at each other (a provider's comments, a comment's provider) import each other's modules, and
   * neither is read while those modules load.
   */
  target: () => ResourceDef;
  /** May callers filter through it (`filters[user][id][$eq]`)? Default true. */
  filterable?: boolean;
  /** May callers populate it? Default true. */
  populatable?: boolean;
}
export type RelationDef =
  | (RelationBase & { kind: 'belongsTo'; column: string })
  | (RelationBase & { kind: 'hasMany'; foreignKey: string })
  | (RelationBase & {
      kind: 'manyToMany';
      through: string;
      sourceKey: string;
      targetKey: string;
      /** A column of the join table that orders the targets (the owner's order); else by id. */
      orderKey?: string;
    });

export type ScopeFn = (eb: ExpressionBuilder<any, any>, alias: string) => Expression<SqlBool>;

export interface ResourceDef {
  /** A name for people reading logs and tests; nothing looks a resource up by it. */
  name: string;
  table: string;
  fields: Record<string, FieldDef>;
  relations?: Record<string, RelationDef>;
  /** Largest page size: a larger one asked for is clamped to it (parse.ts). */
  maxPageSize: number;
  defaultPageSize?: number;
  /** Default order; `id` is always added last so pages are stable. */
  defaultSort?: { field: string; direction: 'asc' | 'desc' }[];
  /** Rows anyone may see when the resource is reached through a relation or a public filter. */
  publicScope?: ScopeFn;
  /** Final touch on an item's attributes (computed urls, ...). `row` holds the selected columns. */
  present?: (attributes: Record<string, unknown>, row: Record<string, unknown>) => Record<string, unknown>;
}

/** Declares a resource (an identity function: it types the literal, so relations and scopes check). */
export function defineResource(def: ResourceDef): ResourceDef {
  return def;
}

export function columnOf(def: ResourceDef, field: string): string {
  return field === 'id' ? 'id' : (def.fields[field]?.column ?? field);
}

export function isFilterable(f: FieldDef): boolean {
  return f.filterable ?? (f.type !== 'json' && !f.withheld);
}
export function isSortable(f: FieldDef): boolean {
  return f.sortable ?? (f.type !== 'json' && !f.withheld);
}

/** The usual Strapi timestamps. */
export const timestamps = {
  createdAt: { type: 'datetime', column: 'created_at' },
  updatedAt: { type: 'datetime', column: 'updated_at' },
} satisfies Record<string, FieldDef>;
