/**
 * Comments on a provider's card (spec 001 §2, §5). The limit lives in `comments/limits.ts` (COMMENT_LIMITS); the
 * texts that name it agree with it.
 */
export const COMMENT_MESSAGES = {
  comments: {
    title: 'Comments',
    placeholder: 'Write a comment…',
    post: 'Post',
    empty: 'No comments yet.',
    /** Before the date of a comment older than 240 hours (spec 001 §2). */
    commentedOn: 'Commented on',
    /**
     * How long ago a comment was written (spec 001 §2: hours, then days; under an hour, minutes, and "just
     * now" under a minute rather than "0 hours ago", decision 0035). `{count}`: the whole units.
     */
    ago: {
      justNow: 'just now',
      minute: '{count} minute ago',
      minutes: '{count} minutes ago',
      hour: '{count} hour ago',
      hours: '{count} hours ago',
      day: '{count} day ago',
      days: '{count} days ago',
    },
    required: 'Comment is required',
    tooLong: 'Comment is too long - should be 1000 chars maximum',
  },
} as const;
