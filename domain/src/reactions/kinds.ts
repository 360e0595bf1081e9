// The reaction kinds without their schemas: the card needs these, and importing them from here keeps the
// schema library off the first load.

/** The three mutually exclusive reactions and the paths they are served under. */
export const REACTION_TYPES = ['like', 'dislike', 'average'] as const;
export type TReactionType = (typeof REACTION_TYPES)[number];
export const REACTION_PATHS = { like: 'likes', dislike: 'dislikes', average: 'averages' } as const;
