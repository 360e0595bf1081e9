import { registerResources } from '../http/strapi/resource-registry.ts';
import { commentResource } from './comments/comments.resources.ts';
import { providerResource } from './directory/directory.resources.ts';
import { messageResource } from './messages/messages.resources.ts';
import { averageResource, dislikeResource, likeResource } from './reactions/reactions.resources.ts';
import { subscriptionResource } from './subscriptions/subscriptions.resources.ts';

/**
 * The resources a relation names instead of importing them (`resourceNamed`, http/strapi/resource-registry.ts):
 * those of areas that import the relation's own area. A provider's comments, likes, dislikes, averages and
 * messages (those areas import the directory); an account's subscriptions (subscriptions import the accounts);
 * a transaction's ad and subscription (both areas import billing). Registered when `areas.ts` loads.
 */
registerResources([
  commentResource,
  messageResource,
  likeResource,
  dislikeResource,
  averageResource,
  subscriptionResource,
  providerResource,
]);
