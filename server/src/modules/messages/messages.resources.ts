import { nothing } from '../../access/index.ts';
import { timestamps } from '../../http/strapi/resource.ts';
import { authoredPostResource } from '../comments/index.ts';
import { linkProviderRelation } from '../directory/index.ts';

/**
 * Messages from hobbyists to a provider; read only by their author, the provider's owner and the
 * admin. Never visible through a relation or a public filter (the routes pass the caller's scope);
 * the provider resource links them as `messages`, neither populatable nor filterable.
 */
export const messageResource = authoredPostResource({
  name: 'message',
  table: 'messages',
  fields: {
    text: { type: 'string' },
    createdAt: timestamps.createdAt,
  },
  publicScope: nothing,
});

linkProviderRelation('messages', messageResource);
