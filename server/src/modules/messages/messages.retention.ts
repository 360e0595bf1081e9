import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { readMessageRetentionDays } from '../reference/index.ts';
import { deleteMessagesBefore } from './messages.queries.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The daily retention job `delete-old-messages`: the messages hobbyists wrote to providers, with the
 * providers' replies, once they are older than `message_retention_days` (a setting, default 90). Answers
 * how many went.
 */
export async function deleteExpiredMessages(db: Kysely<DB>, now = new Date()): Promise<number> {
  const days = await readMessageRetentionDays(db);
  return deleteMessagesBefore(db, new Date(now.getTime() - days * DAY_MS).toISOString());
}
