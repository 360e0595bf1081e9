import { defineResource } from '../../http/strapi/resource.ts';

/** A stored JSON text as its value; a plain text (an older free-form detail) as it is. */
function parseStored(value: unknown): unknown {
  if (typeof value !== 'string') return value ?? null;
  try {
    return JSON.parse(value);
  } catch {
    return value;
  }
}

/** Who acted, as the audit log shows it: the account's id, username and e-mail (blocked accounts too). */
export const auditActorResource = defineResource({
  name: 'auditActor',
  table: 'users',
  fields: { username: { type: 'string' }, email: { type: 'string' } },
  maxPageSize: 100,
});

/**
 * The audit log, read by the admin only (the routes say so): what was done
 * (`action`), to which record (`subject`, `provider:12`), by whom (`actor`, null for a job), from which
 * address, the record before and after, and free details. Newest first. Append-only: the REST layer
 * has no writes for it, and the table's triggers refuse UPDATE and DELETE.
 */
export const auditLogResource = defineResource({
  name: 'auditLog',
  table: 'audit_log',
  fields: {
    action: { type: 'string' },
    subject: { type: 'string' },
    details: { type: 'string', sortable: false },
    ip: { type: 'string' },
    before_value: { type: 'json' },
    after_value: { type: 'json' },
    createdAt: { type: 'datetime', column: 'created_at' },
  },
  relations: {
    actor: { kind: 'belongsTo', target: () => auditActorResource, column: 'actor_id' },
  },
  maxPageSize: 100,
  defaultPageSize: 25,
  defaultSort: [{ field: 'id', direction: 'desc' }],
  present: (attributes) =>
    'details' in attributes ? { ...attributes, details: parseStored(attributes.details) } : attributes,
});
