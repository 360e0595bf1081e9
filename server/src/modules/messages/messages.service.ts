import {
  MESSAGES,
  fillTemplate,
  type ConversationSide,
  type ConversationSummary,
  type TMessageReport,
  type ThreadMessage,
} from '@app/domain';
import type { Kysely } from 'kysely';
import { requireAccess } from '../../access/index.ts';
import type { DB } from '../../db/schema.ts';
import { isAdmin, type Actor } from '../../http/auth.ts';
import { AppError, notFound } from '../../http/errors.ts';
import { getWrittenItem } from '../../http/items.ts';
import { pagedList } from '../../http/paging.ts';
import type { Item } from '../../http/strapi/find.ts';
import type { Mailer } from '../../mail/mailer.ts';
import type { PostKind } from '../comments/index.ts';
import { filedReportAnswer, fileReportOnce, type FiledReportAnswer } from '../content/index.ts';
import {
  countUnreadFor,
  countUnreadIn,
  deleteBlock,
  findAdOwner,
  findConversationEnds,
  findMessageThread,
  findUserContact,
  insertBlock,
  insertConversationMessage,
  isBlockedBetween,
  listConversations,
  listThreadMessages,
  markConversationRead,
  type ConversationEnds,
  type ConversationRow,
} from './messages.queries.ts';
import { messageResource } from './messages.resources.ts';

/**
 * Messages: comments' private twin, each one of a conversation between a hobbyist and an ad's owner. Read
 * by the two sides and the admin (a seller owns no ad and writes none, so sees none); counted nowhere.
 */
export const messagePosts = (): PostKind<'messages'> => ({
  table: 'messages',
  resource: messageResource,
  read: 'message.read',
  update: 'message.update',
  guard: refuseWhileBlocked,
});

/**
 * While either side of a conversation blocked the other, neither edits nor deletes its messages (a 403):
 * what was written stays as it was, for a report. The admin's moderation is not held.
 */
async function refuseWhileBlocked(db: Kysely<DB>, actor: Actor, messageId: number): Promise<void> {
  if (isAdmin(actor)) return;
  const message = await findMessageThread(db, messageId);
  if (!message) throw notFound();
  const ownerId = await findAdOwner(db, Number(message.provider_id));
  if (ownerId !== undefined && (await isBlockedBetween(db, Number(message.user_id), ownerId)))
    throw blockedRefused();
}

/** What conversations need: the database, the mailer and the site's public address. */
export interface MessagesContext {
  db: Kysely<DB>;
  mailer: Mailer;
  publicUrl: string;
}

/** The page size of a conversation's messages. */
const THREAD_PAGE_SIZE = 30;

const C = MESSAGES.conversations;
const blockedRefused = () => new AppError('ForbiddenError', C.blockedRefused);

/**
 * Writes a message from one side of the conversation of a hobbyist and an ad (made with its first
 * message), unless either account blocked the other (a 403), then tells the other side by mail.
 */
async function writeMessage(
  m: MessagesContext,
  hobbyistId: number,
  providerId: number,
  side: ConversationSide,
  text: string,
): Promise<{ messageId: number; conversationId: number }> {
  const ownerId = await findAdOwner(m.db, providerId);
  if (ownerId === undefined) throw notFound(MESSAGES.providerRefErrors.providerNotFound);
  if (await isBlockedBetween(m.db, hobbyistId, ownerId)) throw blockedRefused();
  const written = await m.db
    .transaction()
    .execute((trx) => insertConversationMessage(trx, hobbyistId, providerId, side, text));
  const recipient = side === 'hobbyist' ? ownerId : hobbyistId;
  await announce(m, { id: written.conversationId, hobbyistId, providerId, ownerId }, recipient, written);
  return written;
}

/**
 * The mail that tells the other side a message waits: once per run of unread messages (none when the
 * recipient had unread ones already, or turned these mails off). It holds no address, phone, name or
 * text: only a link to the conversation. A failure to send is not the writer's: the message stands.
 */
async function announce(
  m: MessagesContext,
  ends: ConversationEnds,
  recipientId: number,
  written: { messageId: number },
): Promise<void> {
  const recipient = await findUserContact(m.db, recipientId);
  if (!recipient?.is_active || !recipient.message_mail) return;
  const recipientSide: ConversationSide = recipientId === ends.hobbyistId ? 'hobbyist' : 'provider';
  if ((await countUnreadIn(m.db, ends.id, recipientSide, written.messageId)) > 0) return;
  const M = MESSAGES.newMessageMail;
  await m.mailer
    .send({
      to: recipient.email,
      subject: M.subject,
      text: fillTemplate(M.body, {
        link: `${m.publicUrl}/messages/${ends.id}`,
        profile: `${m.publicUrl}/profile`,
      }),
    })
    .catch(() => undefined);
}

/**
 * A hobbyist writes to a shown ad (the card's Mail panel, `POST /api/providers/:id/mail`, and the seed's
 * `POST /api/messages`): the message starts their conversation with the ad or adds to it.
 */
export async function sendToAd(
  m: MessagesContext,
  actor: Actor,
  providerId: number,
  text: string,
): Promise<{ messageId: number; conversationId: number }> {
  await requireAccess(m.db, actor, 'provider.engage', [providerId]);
  return writeMessage(m, actor.id, providerId, 'hobbyist', text);
}

/** `POST /api/messages` (the seed's call): as the Mail panel, answered as the written message. */
export async function createMessage(
  m: MessagesContext,
  actor: Actor,
  providerId: number,
  text: string,
): Promise<Item> {
  const { messageId } = await sendToAd(m, actor, providerId, text);
  return getWrittenItem(m.db, messageResource, messageId);
}

/** A conversation the caller is a side of (any other is a 404), and which side. */
async function ownConversation(
  db: Kysely<DB>,
  actor: Actor,
  id: number,
): Promise<{ ends: ConversationEnds; side: ConversationSide }> {
  await requireAccess(db, actor, 'conversation.read', [id]);
  const ends = await findConversationEnds(db, id);
  if (!ends) throw notFound(C.notFound);
  return { ends, side: ends.hobbyistId === actor.id ? 'hobbyist' : 'provider' };
}

/** The side an account's type writes from, or none (a seller, the admin: they have no conversations). */
function sideOf(actor: Actor): ConversationSide | null {
  return actor.userType === 'Hobbyist' ? 'hobbyist' : actor.userType === 'Provider' ? 'provider' : null;
}

function summary(row: ConversationRow, side: ConversationSide): ConversationSummary {
  const mineFlag = side === 'provider' ? 1 : 0;
  return {
    id: Number(row.id),
    side,
    ad: { id: Number(row.provider_id), title: row.title },
    with: side === 'hobbyist' ? row.title : row.hobbyist,
    lastMessageAt: row.last_message_at,
    last:
      row.last_text === null
        ? null
        : { text: row.last_text, mine: Number(row.last_from_provider) === mineFlag },
    unread: Number(row.unread),
    blockedByMe: Number(row.blocked_by_me) > 0,
    blockedByThem: Number(row.blocked_by_them) > 0,
  };
}

/** `GET /api/conversations`: the caller's conversations, newest first, a page at a time. */
export async function listOwnConversations(
  db: Kysely<DB>,
  actor: Actor,
  paging: { page: number; pageSize: number },
) {
  const side = sideOf(actor);
  if (!side) return pagedList<ConversationSummary>([], paging, 0);
  const { rows, total } = await listConversations(db, actor.id, side, {
    limit: paging.pageSize,
    offset: (paging.page - 1) * paging.pageSize,
  });
  return pagedList(
    rows.map((r) => summary(r, side)),
    paging,
    total,
  );
}

/** `GET /api/conversations/:id`: one conversation as its list shows it. */
export async function getConversation(
  db: Kysely<DB>,
  actor: Actor,
  id: number,
): Promise<ConversationSummary> {
  const { side } = await ownConversation(db, actor, id);
  const { rows } = await listConversations(db, actor.id, side, { limit: 1, offset: 0 }, id);
  if (!rows[0]) throw notFound(C.notFound);
  return summary(rows[0], side);
}

/** `GET /api/conversations/unread`: how many messages wait unread in all the caller's conversations. */
export async function countOwnUnread(db: Kysely<DB>, actor: Actor): Promise<number> {
  const side = sideOf(actor);
  return side ? countUnreadFor(db, actor.id, side) : 0;
}

/** `GET /api/conversations/:id/messages`: a page of messages, newest first, older than `before`. */
export async function readThread(
  db: Kysely<DB>,
  actor: Actor,
  id: number,
  before?: number,
): Promise<{ data: ThreadMessage[]; meta: { hasMore: boolean } }> {
  const { ends, side } = await ownConversation(db, actor, id);
  const rows = await listThreadMessages(db, ends, THREAD_PAGE_SIZE + 1, { beforeId: before });
  const mineFlag = side === 'provider' ? 1 : 0;
  return {
    data: rows.slice(0, THREAD_PAGE_SIZE).map((r) => ({
      id: Number(r.id),
      text: r.text,
      mine: Number(r.from_provider) === mineFlag,
      createdAt: r.created_at,
    })),
    meta: { hasMore: rows.length > THREAD_PAGE_SIZE },
  };
}

/** `POST /api/conversations/:id/messages`: either side writes in the conversation. */
export async function postInConversation(
  m: MessagesContext,
  actor: Actor,
  id: number,
  text: string,
): Promise<ThreadMessage> {
  const { ends, side } = await ownConversation(m.db, actor, id);
  const { messageId } = await writeMessage(m, ends.hobbyistId, ends.providerId, side, text);
  return { id: messageId, text, mine: true, createdAt: await createdAtOf(m.db, messageId) };
}

async function createdAtOf(db: Kysely<DB>, messageId: number): Promise<string> {
  const item = await getWrittenItem(db, messageResource, messageId);
  return String(item.attributes.createdAt);
}

/**
 * `POST /api/conversations/:id/read`: the caller has read the conversation up to the message `upTo` (the
 * newest the page shows; left out, its newest).
 */
export async function readConversation(
  db: Kysely<DB>,
  actor: Actor,
  id: number,
  upTo?: number,
): Promise<{ unread: number }> {
  const { side } = await ownConversation(db, actor, id);
  await markConversationRead(db, id, side, upTo);
  return { unread: await countOwnUnread(db, actor) };
}

/**
 * `POST` / `DELETE /api/conversations/:id/block`: the caller blocks the other side of the conversation
 * (no new messages either way in any conversation between them) or lifts their block.
 */
export async function setBlock(
  db: Kysely<DB>,
  actor: Actor,
  id: number,
  blocked: boolean,
): Promise<ConversationSummary> {
  const { ends, side } = await ownConversation(db, actor, id);
  const other = side === 'hobbyist' ? ends.ownerId : ends.hobbyistId;
  if (blocked) await insertBlock(db, actor.id, other);
  else await deleteBlock(db, actor.id, other);
  return getConversation(db, actor, id);
}

/**
 * `POST /api/messages/:id/reply` (Review Mail's Reply, kept for clients that call it): the owner of the ad
 * answers in that message's conversation. Anyone who may not read the message gets a 404; its hobbyist a 403.
 */
export async function replyToMessage(
  m: MessagesContext,
  actor: Actor,
  messageId: number,
  text: string,
): Promise<Item> {
  await requireAccess(m.db, actor, 'message.reply', [messageId]);
  const message = await findMessageThread(m.db, messageId);
  if (!message) throw notFound();
  const written = await writeMessage(
    m,
    Number(message.user_id),
    Number(message.provider_id),
    'provider',
    text,
  );
  return getWrittenItem(m.db, messageResource, written.messageId);
}

/**
 * `POST /api/messages/:id/report`: the message goes to the staff's reports queue (`GET /api/reports`),
 * about `message:<id>`, with its text, the messages around it and who wrote each (the hobbyist's
 * username or the ad), so the staff read it in context. One report per account and message: a repeat
 * answers the report already filed.
 */
export async function reportMessage(
  db: Kysely<DB>,
  actor: Actor,
  messageId: number,
  input: TMessageReport,
): Promise<FiledReportAnswer> {
  await requireAccess(db, actor, 'message.report', [messageId]);
  const message = await findMessageThread(db, messageId);
  if (!message) throw notFound();
  const hobbyist = await findUserContact(db, Number(message.user_id));
  const ends = { hobbyistId: Number(message.user_id), providerId: Number(message.provider_id) };
  // The reported message with up to four before it and two after it, oldest first.
  const context = [
    ...(await listThreadMessages(db, ends, 4, { beforeId: messageId })).reverse(),
    message,
    ...(await listThreadMessages(db, ends, 2, { afterId: messageId })),
  ];
  const who = (fromProvider: number) =>
    Number(fromProvider) === 1
      ? `${MESSAGES.conversations.about} #${ends.providerId}`
      : (hobbyist?.username ?? '');
  const M = MESSAGES.cardMessages;
  const report = await fileReportOnce(db, actor, {
    reason: input.reason,
    details: [
      M.reportedMessage,
      input.details,
      ...context.map((c) => `${c.id === messageId ? '> ' : ''}${who(c.from_provider)}: "${c.text}"`),
    ]
      .filter(Boolean)
      .join('\n'),
    listing: `message:${messageId}`,
    subject: `message:${messageId}`,
  });
  return filedReportAnswer(report);
}
