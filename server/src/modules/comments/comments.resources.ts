import { defineResource, timestamps, type ResourceDef } from '../../http/strapi/resource.ts';
import { authorAndProviderRelations, linkProviderRelation } from '../directory/index.ts';

/**
 * Author-owned text on a provider's ad as the REST layer sees it: a comment (public) and, built the
 * same way, a message (private, messages/). Newest first, pages of 25, at most 100.
 */
export function authoredPostResource(
  def: Pick<ResourceDef, 'name' | 'table' | 'fields' | 'publicScope'>,
): ResourceDef {
  return defineResource({
    ...def,
    relations: authorAndProviderRelations(),
    maxPageSize: 100,
    defaultPageSize: 25,
    defaultSort: [{ field: 'createdAt', direction: 'desc' }],
  });
}

/** Public comments on a provider's card; the provider resource reaches them as `comments`. */
export const commentResource = authoredPostResource({
  name: 'comment',
  table: 'comments',
  fields: {
    comment: { type: 'string' },
    ...timestamps,
  },
});

linkProviderRelation('comments', commentResource);
