// The message limits without their schemas: the card's forms need them, and importing them from here keeps the
// schema library off the first load.

/** Messages from a provider's card, the mail relay and Review Mail's replies (spec 001 §5). */
export const MESSAGE_LIMITS = {
  message: 2000,
  mail: 2000,
  /** Mail relay: messages per hobbyist account per hour. */
  mailPerHour: 10,
} as const;
