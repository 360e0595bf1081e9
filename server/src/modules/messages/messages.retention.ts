import type { Kysely } from 'kysely';
import { recordAudit } from '../../db/audit-log.ts';
import type { DB } from '../../db/schema.ts';
import { readMessageRetentionDays } from '../reference/index.ts';
import { deleteMessagesBefore } from './messages.queries.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The daily retention job `delete-old-messages`: the messages hobbyists wrote to providers, with the
 * providers' answers, once they are older than `message_retention_days` (a setting, default 90), and the
 * conversations left with none. Answers how many messages went.
 */
export async function deleteExpiredMessages(db: Kysely<DB>, now = new Date()): Promise<number> {
  const days = await readMessageRetentionDays(db);
  const before = new Date(now.getTime() - days * DAY_MS).toISOString();
  return db.transaction().execute(async (trx) => {
    const deleted = await deleteMessagesBefore(trx, before);
    // The audit log says when messages went and how many (a report may ask where a message is).
    if (deleted > 0)
      await recordAudit(trx, null, 'messages.retention-deleted', 'message', { deleted, before });
    return deleted;
  });
}
