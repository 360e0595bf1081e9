// The comment limit without its schema: the card's form needs it, and importing it from here keeps the schema
// library off the first load.

/** Comments on a provider's card (spec 001 §5). */
export const COMMENT_LIMITS = {
  comment: 1000,
} as const;
