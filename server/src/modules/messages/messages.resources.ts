import { nothing } from '../../access/index.ts';
import { authorAndProviderRelations } from '../../http/strapi/relations.ts';
import { defineResource, timestamps } from '../../http/strapi/resource.ts';
import { providerResource } from '../directory/index.ts';
import { authorUserResource } from '../users/index.ts';

/**
 * Messages from hobbyists to a provider, comments' private twin: read only by their author, the
 * provider's owner and the admin, so never visible through a relation or a public filter (the routes
 * pass the caller's scope; the provider resource's `messages` are neither populatable nor
 * filterable). Each message is one of a conversation between a hobbyist (`user`, whoever wrote it) and an
 * ad (`provider`); `fromProvider` is true when the ad's owner wrote it. Newest
 * first, pages of 25, at most 100, as comments.
 */
export const messageResource = defineResource({
  name: 'message',
  table: 'messages',
  fields: {
    text: { type: 'string' },
    fromProvider: { type: 'boolean', column: 'from_provider' },
    createdAt: timestamps.createdAt,
  },
  relations: authorAndProviderRelations(
    () => authorUserResource,
    () => providerResource,
  ),
  publicScope: nothing,
  maxPageSize: 100,
  defaultPageSize: 25,
  defaultSort: [{ field: 'createdAt', direction: 'desc' }],
});
