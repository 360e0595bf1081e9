import type { Generated } from 'kysely';

/**
 * The table types of one area, named together in `db/schema.ts`.
 * Hobbyists' messages to providers, with the providers' replies.
 */

export interface MessagesTable {
  id: Generated<number>;
  user_id: number;
  provider_id: number;
  text: string;
  /** The provider's answer, written on the site and relayed by mail; null until answered. */
  reply: string | null;
  replied_at: string | null;
  created_at: string;
  updated_at: string;
}
