import { authorAndProviderRelations } from '../../http/strapi/relations.ts';
import { defineResource, timestamps } from '../../http/strapi/resource.ts';
import { providerResource } from '../directory/index.ts';
import { authorUserResource } from '../users/index.ts';

/**
 * Public comments on a provider's card, as the REST layer sees them (the provider resource reaches
 * them as `comments`): newest first, pages of 25, at most 100. Messages (messages/) are their private
 * twin, declared the same way there.
 */
export const commentResource = defineResource({
  name: 'comment',
  table: 'comments',
  fields: {
    comment: { type: 'string' },
    ...timestamps,
  },
  relations: authorAndProviderRelations(
    () => authorUserResource,
    () => providerResource,
  ),
  maxPageSize: 100,
  defaultPageSize: 25,
  defaultSort: [{ field: 'createdAt', direction: 'desc' }],
});
