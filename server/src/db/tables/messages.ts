import type { Generated } from 'kysely';

/**
 * The table types of one area, named together in `db/schema.ts`.
 * Conversations between a hobbyist and an ad's owner, their messages, and blocks between accounts.
 */

/**
 * One message of a conversation: `user_id` is the conversation's hobbyist and `provider_id` its ad, whoever
 * wrote it; `from_provider` is 1 when the ad's owner wrote it.
 */
export interface MessagesTable {
  id: Generated<number>;
  user_id: number;
  provider_id: number;
  text: string;
  from_provider: Generated<number>;
  created_at: string;
  updated_at: string;
}

/** One hobbyist's thread with one ad; each side's last read message id gives its unread count. */
export interface ConversationsTable {
  id: Generated<number>;
  user_id: number;
  provider_id: number;
  last_message_at: string;
  hobbyist_read_id: Generated<number>;
  provider_read_id: Generated<number>;
  created_at: string;
}

/** An account that blocked another: no new message goes either way between them while it stands. */
export interface MessageBlocksTable {
  id: Generated<number>;
  blocker_id: number;
  blocked_id: number;
  created_at: string;
}
