/** Likes and dislikes of a card. */
export { useReactions } from './useReactions.ts';
