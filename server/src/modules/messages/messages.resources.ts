import { nothing } from '../../access/index.ts';
import { authorAndProviderRelations } from '../../http/strapi/relations.ts';
import { defineResource, timestamps } from '../../http/strapi/resource.ts';
import { providerResource } from '../directory/index.ts';

/**
 * A message's author as the other side sees it: the username, nothing else of the account (no
 * e-mail, phone, names or picture). `first_name` and `last_name` stay declared so the seed client's
 * populate (`populate[user][fields]=first_name,last_name`) still parses, but they are answered null
 * and cannot be filtered or sorted on: a hobbyist's real name is not the provider's to know.
 */
export const messageAuthorResource = defineResource({
  name: 'messageAuthor',
  table: 'users',
  fields: {
    username: { type: 'string' },
    first_name: { type: 'string', filterable: false, sortable: false },
    last_name: { type: 'string', filterable: false, sortable: false },
  },
  maxPageSize: 100,
  publicScope: (eb, a) => eb(eb.ref(`${a}.is_active`), '=', 1),
  present: (attributes) => {
    const out = { ...attributes };
    for (const hidden of ['first_name', 'last_name']) if (hidden in out) out[hidden] = null;
    return out;
  },
});

/**
 * Messages from hobbyists to a provider, comments' private twin: read only by their author, the
 * provider's owner and the admin, so never visible through a relation or a public filter (the routes
 * pass the caller's scope; the provider resource's `messages` are neither populatable nor
 * filterable). `reply` is the provider's answer from Review Mail (null until answered). Newest
 * first, pages of 25, at most 100, as comments.
 */
export const messageResource = defineResource({
  name: 'message',
  table: 'messages',
  fields: {
    text: { type: 'string' },
    reply: { type: 'string' },
    repliedAt: { type: 'datetime', column: 'replied_at' },
    createdAt: timestamps.createdAt,
  },
  relations: authorAndProviderRelations(
    () => messageAuthorResource,
    () => providerResource,
  ),
  publicScope: nothing,
  maxPageSize: 100,
  defaultPageSize: 25,
  defaultSort: [{ field: 'createdAt', direction: 'desc' }],
});
