/** Messages and conversations: what other modules (the jobs, the demo) use. */
export { deleteExpiredMessages } from './messages.retention.ts';
export { createMissingConversations } from './messages.queries.ts';
