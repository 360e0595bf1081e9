import type { ConversationSide } from '@app/domain';
import { sql, type Kysely, type Transaction } from 'kysely';
import { nowIso } from '../../db/dialect.ts';
import type { DB } from '../../db/schema.ts';

type Db = Kysely<DB> | Transaction<DB>;

/**
 * The address, username, activity and mail choice of an account (server-side only; never answered). The
 * address is only ever a mail's `to`.
 */
export async function findUserContact(
  db: Db,
  userId: number,
): Promise<{ email: string; username: string; is_active: number; message_mail: number } | undefined> {
  return db
    .selectFrom('users')
    .select(['email', 'username', 'is_active', 'message_mail'])
    .where('id', '=', userId)
    .executeTakeFirst();
}

/** The account that owns an ad. */
export async function findAdOwner(db: Db, providerId: number): Promise<number | undefined> {
  const row = await db
    .selectFrom('providers')
    .select('user_id')
    .where('id', '=', providerId)
    .executeTakeFirst();
  return row ? Number(row.user_id) : undefined;
}

/** A conversation's two ends: its hobbyist, its ad and the ad's owner. */
export interface ConversationEnds {
  id: number;
  hobbyistId: number;
  providerId: number;
  ownerId: number;
}

/** A conversation's ends by its id. */
export async function findConversationEnds(db: Db, id: number): Promise<ConversationEnds | undefined> {
  const row = await db
    .selectFrom('conversations as c')
    .innerJoin('providers as p', 'p.id', 'c.provider_id')
    .select(['c.id', 'c.user_id', 'c.provider_id', 'p.user_id as owner_id'])
    .where('c.id', '=', id)
    .executeTakeFirst();
  return row && ends(row);
}

const ends = (row: { id: number; user_id: number; provider_id: number; owner_id: number }) => ({
  id: Number(row.id),
  hobbyistId: Number(row.user_id),
  providerId: Number(row.provider_id),
  ownerId: Number(row.owner_id),
});

/** Whether either account blocked the other. */
export async function isBlockedBetween(db: Db, a: number, b: number): Promise<boolean> {
  const row = await db
    .selectFrom('message_blocks')
    .select('id')
    .where((eb) =>
      eb.or([
        eb.and([eb('blocker_id', '=', a), eb('blocked_id', '=', b)]),
        eb.and([eb('blocker_id', '=', b), eb('blocked_id', '=', a)]),
      ]),
    )
    .executeTakeFirst();
  return row !== undefined;
}

/** `blocker` blocks `blocked` (a second block is nothing). */
export async function insertBlock(db: Db, blocker: number, blocked: number): Promise<void> {
  await db
    .insertInto('message_blocks')
    .values({ blocker_id: blocker, blocked_id: blocked, created_at: nowIso() })
    .onConflict((oc) => oc.columns(['blocker_id', 'blocked_id']).doNothing())
    .execute();
}

/** `blocker` lifts their block of `blocked`. */
export async function deleteBlock(db: Db, blocker: number, blocked: number): Promise<void> {
  await db
    .deleteFrom('message_blocks')
    .where('blocker_id', '=', blocker)
    .where('blocked_id', '=', blocked)
    .execute();
}

/**
 * Adds a message to the conversation of a hobbyist and an ad, making the conversation when it is the
 * first, in one transaction: the writer's side has read everything up to their own message. Answers the
 * message's and the conversation's ids.
 */
export async function insertConversationMessage(
  trx: Transaction<DB>,
  hobbyistId: number,
  providerId: number,
  side: ConversationSide,
  text: string,
): Promise<{ messageId: number; conversationId: number }> {
  const now = nowIso();
  const message = await trx
    .insertInto('messages')
    .values({
      user_id: hobbyistId,
      provider_id: providerId,
      text,
      from_provider: side === 'provider' ? 1 : 0,
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const messageId = Number(message.id);
  const readColumn = side === 'hobbyist' ? 'hobbyist_read_id' : 'provider_read_id';
  // One statement, so a retention run between two cannot leave the message without its conversation.
  const updated = await trx
    .insertInto('conversations')
    .values({
      user_id: hobbyistId,
      provider_id: providerId,
      last_message_at: now,
      created_at: now,
      [readColumn]: messageId,
    })
    .onConflict((oc) =>
      oc.columns(['user_id', 'provider_id']).doUpdateSet({ last_message_at: now, [readColumn]: messageId }),
    )
    .returning('id')
    .executeTakeFirstOrThrow();
  return { messageId, conversationId: Number(updated.id) };
}

/** Messages written by the other side that one side has not read (before `beforeId`, when given). */
export async function countUnreadIn(
  db: Db,
  conversationId: number,
  side: ConversationSide,
  beforeId?: number,
): Promise<number> {
  const readColumn = side === 'hobbyist' ? 'c.hobbyist_read_id' : 'c.provider_read_id';
  let query = db
    .selectFrom('conversations as c')
    .innerJoin('messages as m', (j) =>
      j.onRef('m.user_id', '=', 'c.user_id').onRef('m.provider_id', '=', 'c.provider_id'),
    )
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('c.id', '=', conversationId)
    .where('m.from_provider', '=', side === 'hobbyist' ? 1 : 0)
    .whereRef('m.id', '>', readColumn);
  if (beforeId !== undefined) query = query.where('m.id', '<', beforeId);
  const row = await query.executeTakeFirst();
  return Number(row?.n ?? 0);
}

/**
 * One side has read the conversation up to the message `upTo` (a message id; left out: its newest). The mark
 * only moves forward: a page read late never makes read messages unread again.
 */
export async function markConversationRead(
  db: Db,
  conversationId: number,
  side: ConversationSide,
  upTo?: number,
) {
  const readColumn = side === 'hobbyist' ? 'hobbyist_read_id' : 'provider_read_id';
  const newest = sql<number>`coalesce((select max(m.id) from messages m
    where m.user_id = conversations.user_id and m.provider_id = conversations.provider_id
    ${upTo === undefined ? sql`` : sql`and m.id <= ${upTo}`}), 0)`;
  const current = sql.ref(readColumn);
  await db
    .updateTable('conversations')
    .set({ [readColumn]: sql<number>`case when ${newest} > ${current} then ${newest} else ${current} end` })
    .where('id', '=', conversationId)
    .execute();
}

/** A conversation as its list shows it to one side. */
export interface ConversationRow {
  id: number;
  provider_id: number;
  title: string;
  hobbyist: string;
  other_id: number;
  last_message_at: string;
  last_text: string | null;
  last_from_provider: number | null;
  unread: number;
  blocked_by_me: number;
  blocked_by_them: number;
}

/**
 * The conversations of an account on one side (a hobbyist's own; a provider's on their ads), newest
 * first, one page of them with the total; or the one conversation `onlyId`.
 */
export async function listConversations(
  db: Db,
  accountId: number,
  side: ConversationSide,
  page: { limit: number; offset: number },
  onlyId?: number,
): Promise<{ rows: ConversationRow[]; total: number }> {
  const hobbyist = side === 'hobbyist';
  const base = db
    .selectFrom('conversations as c')
    .innerJoin('providers as p', 'p.id', 'c.provider_id')
    .innerJoin('users as u', 'u.id', 'c.user_id')
    .where(hobbyist ? 'c.user_id' : 'p.user_id', '=', accountId)
    .$if(onlyId !== undefined, (q) => q.where('c.id', '=', onlyId!));
  const other = hobbyist ? sql<number>`p.user_id` : sql<number>`c.user_id`;
  const thread = sql`m.user_id = c.user_id and m.provider_id = c.provider_id`;
  const [rows, count] = await Promise.all([
    base
      .select([
        'c.id',
        'c.provider_id',
        'p.title',
        'u.username as hobbyist',
        'c.last_message_at',
        other.as('other_id'),
        sql<
          string | null
        >`(select m.text from messages m where ${thread} order by m.created_at desc, m.id desc limit 1)`.as(
          'last_text',
        ),
        sql<
          number | null
        >`(select m.from_provider from messages m where ${thread} order by m.created_at desc, m.id desc limit 1)`.as(
          'last_from_provider',
        ),
        sql<number>`(select count(*) from messages m where ${thread} and m.from_provider = ${hobbyist ? 1 : 0}
          and m.id > ${hobbyist ? sql`c.hobbyist_read_id` : sql`c.provider_read_id`})`.as('unread'),
        sql<number>`(select count(*) from message_blocks b where b.blocker_id = ${accountId} and b.blocked_id = ${other})`.as(
          'blocked_by_me',
        ),
        sql<number>`(select count(*) from message_blocks b where b.blocker_id = ${other} and b.blocked_id = ${accountId})`.as(
          'blocked_by_them',
        ),
      ])
      .orderBy('c.last_message_at', 'desc')
      .orderBy('c.id', 'desc')
      .limit(page.limit)
      .offset(page.offset)
      .execute(),
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst(),
  ]);
  return { rows: rows as ConversationRow[], total: Number(count?.n ?? 0) };
}

/** The unread messages of all an account's conversations on one side. */
export async function countUnreadFor(db: Db, accountId: number, side: ConversationSide): Promise<number> {
  const hobbyist = side === 'hobbyist';
  const row = await db
    .selectFrom('conversations as c')
    .innerJoin('providers as p', 'p.id', 'c.provider_id')
    .innerJoin('messages as m', (j) =>
      j.onRef('m.user_id', '=', 'c.user_id').onRef('m.provider_id', '=', 'c.provider_id'),
    )
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where(hobbyist ? 'c.user_id' : 'p.user_id', '=', accountId)
    .where('m.from_provider', '=', hobbyist ? 1 : 0)
    .whereRef('m.id', '>', hobbyist ? 'c.hobbyist_read_id' : 'c.provider_read_id')
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/**
 * One page of a conversation's messages in the order they were written (time, then id: answers carried over
 * from before conversations have later ids than the messages after them): newest first, older than the
 * message `beforeId` when given; or oldest first, newer than `afterId`.
 */
export async function listThreadMessages(
  db: Db,
  ends: Pick<ConversationEnds, 'hobbyistId' | 'providerId'>,
  limit: number,
  { beforeId, afterId }: { beforeId?: number | undefined; afterId?: number } = {},
): Promise<{ id: number; text: string; from_provider: number; created_at: string }[]> {
  const cursor = beforeId ?? afterId;
  const direction = afterId === undefined ? 'desc' : 'asc';
  const op = afterId === undefined ? '<' : '>';
  return db
    .selectFrom('messages as m')
    .select(['m.id', 'm.text', 'm.from_provider', 'm.created_at'])
    .where('m.user_id', '=', ends.hobbyistId)
    .where('m.provider_id', '=', ends.providerId)
    .$if(cursor !== undefined, (q) =>
      q.where((eb) => {
        const at = eb.selectFrom('messages as c').select('c.created_at').where('c.id', '=', cursor!);
        return eb.or([
          eb('m.created_at', op, at),
          eb.and([eb('m.created_at', '=', at), eb('m.id', op, cursor!)]),
        ]);
      }),
    )
    .orderBy('m.created_at', direction)
    .orderBy('m.id', direction)
    .limit(limit)
    .execute();
}

/** A message's conversation ends (its hobbyist and ad) and who wrote it. */
export async function findMessageThread(
  db: Db,
  messageId: number,
): Promise<
  { id: number; user_id: number; provider_id: number; from_provider: number; text: string } | undefined
> {
  return db
    .selectFrom('messages')
    .select(['id', 'user_id', 'provider_id', 'from_provider', 'text'])
    .where('id', '=', messageId)
    .executeTakeFirst();
}

/**
 * Makes the conversation of every hobbyist and ad that has messages but no conversation (messages written
 * in bulk, as the demo writes them), read on both sides.
 */
export async function createMissingConversations(db: Db): Promise<void> {
  await sql`insert into conversations
      (user_id, provider_id, last_message_at, hobbyist_read_id, provider_read_id, created_at)
    select m.user_id, m.provider_id, max(m.created_at), max(m.id), max(m.id), min(m.created_at)
    from messages m
    where not exists (select 1 from conversations c where c.user_id = m.user_id and c.provider_id = m.provider_id)
    group by m.user_id, m.provider_id`.execute(db);
}

/** Deletes the messages written before `cutoff` (an ISO time), and conversations left with none; answers how many messages. */
export async function deleteMessagesBefore(db: Db, cutoff: string): Promise<number> {
  const result = await db.deleteFrom('messages').where('created_at', '<', cutoff).executeTakeFirst();
  await db.deleteFrom('conversations').where('last_message_at', '<', cutoff).execute();
  return Number(result.numDeletedRows);
}
