/**
 * The directory (providers' ads): what other modules may use of this area. Areas that build on an
 * ad (reactions, comments, messages, billing's tips) import it from here; the directory imports none
 * of them: they link their resources to the provider's relations (`linkProviderRelation`).
 */
export { linkProviderRelation, type LinkedRelation } from './directory.resources.ts';
export {
  actorOf,
  authorAndProviderRelations,
  bumpProviderCounter,
  engagementRouteOptions,
  requireAuthorOrAdmin,
  requireHobbyist,
  requireShownProvider,
  type ProviderCounter,
} from './provider-engagement.ts';
