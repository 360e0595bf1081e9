/** Reactions (like, dislike, average): what other modules may use of this area (the kinds, for the demo seed). */
export { REACTION_KINDS, type ReactionKind } from './reactions.resources.ts';
