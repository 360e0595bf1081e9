/** Reactions (like, dislike, average): what other modules may use of this area. */
export { reactionsRoutes } from './reactions.routes.ts';
export {
  averageResource,
  dislikeResource,
  likeResource,
  REACTION_KINDS,
  type ReactionKind,
} from './reactions.resources.ts';
