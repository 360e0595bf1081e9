/** Messages to providers: what other modules (the jobs) use. */
export { deleteExpiredMessages } from './messages.retention.ts';
