import { MESSAGES, type TMailRequest, type TMessageReport } from '@app/domain';
import { fillTemplate } from '@app/domain';
import type { Kysely } from 'kysely';
import { requireAccess } from '../../access/index.ts';
import type { DB } from '../../db/schema.ts';
import type { Actor } from '../../http/auth.ts';
import { AppError, notFound } from '../../http/errors.ts';
import { getWrittenItem } from '../../http/items.ts';
import type { Item } from '../../http/strapi/find.ts';
import type { Mailer } from '../../mail/mailer.ts';
import { authoredPosts, type PostKind } from '../comments/index.ts';
import { filedReportAnswer, fileReportOnce, type FiledReportAnswer } from '../content/index.ts';
import { findAdTitle, findUserContact, saveReply } from './messages.queries.ts';
import { messageResource } from './messages.resources.ts';

/**
 * Messages: comments' private twin. Read by their author, the owner of the provider they went to
 * and the admin (a seller owns no provider and writes none, so sees none); counted nowhere.
 */
export const messagePosts = (): PostKind<'messages'> => ({
  table: 'messages',
  resource: messageResource,
  read: 'message.read',
  update: 'message.update',
});

/** What the relay and the answer need: the database, the mailer and the site's public address. */
export interface MessagesContext {
  db: Kysely<DB>;
  mailer: Mailer;
  publicUrl: string;
}

/** One line of a header: no line breaks, trimmed. */
const headerSafe = (s: string) => s.replace(/[\r\n]+/g, ' ').trim();

/**
 * Relays a hobbyist's message by e-mail to the account that owns a shown provider (the route lets
 * hobbyists only through). The message is also stored as one of the hobbyist's messages to that ad,
 * so the provider finds it on Review Mail and answers it there. The mail names the sender by
 * username only and carries neither side's address: it comes from the site's address with no
 * Reply-To, and the provider's address is looked up here and never answered.
 */
export async function sendProviderMail(
  m: MessagesContext,
  actor: Actor,
  providerId: number,
  input: TMailRequest,
): Promise<{ sent: true }> {
  const [provider] = await requireAccess(m.db, actor, 'provider.engage', [providerId], ['user_id']);
  const recipient = await findUserContact(m.db, Number(provider!.user_id));
  if (!recipient || !recipient.is_active) throw notFound(MESSAGES.providerRefErrors.providerNotFound);
  const sender = await findUserContact(m.db, actor.id);
  if (!sender) throw notFound();
  await authoredPosts(messagePosts()).create(m.db, actor, providerId, input.message);
  const username = headerSafe(sender.username);
  const M = MESSAGES.mailRelay;
  await m.mailer.send({
    to: recipient.email,
    subject: `${M.subjectPrefix} ${username} ${M.subjectSuffix}`,
    text: fillTemplate(M.body, {
      username,
      ad: providerId,
      message: input.message,
      link: `${m.publicUrl}/provider/reviewmail`,
    }),
  });
  return { sent: true };
}

/**
 * `POST /api/messages/:id/reply`: the owner of the ad a message went to answers it, once (a second
 * answer is a 409). The answer is stored on the message and relayed by mail to its author from the
 * site's address, with no Reply-To and nothing of the provider's account but the ad's title, so the
 * hobbyist learns no address either. Anyone who may not read the message gets a 404; its author, a
 * hobbyist, gets a 403.
 */
export async function replyToMessage(
  m: MessagesContext,
  actor: Actor,
  messageId: number,
  reply: string,
): Promise<Item> {
  const [message] = await requireAccess(
    m.db,
    actor,
    'message.reply',
    [messageId],
    ['user_id', 'provider_id', 'text', 'reply'],
  );
  const alreadyReplied = () => new AppError('ConflictError', MESSAGES.reviewMail.alreadyReplied);
  if (message!.reply !== null) throw alreadyReplied();
  if (!(await saveReply(m.db, messageId, reply))) throw alreadyReplied();
  const author = await findUserContact(m.db, Number(message!.user_id));
  if (author?.is_active) {
    const ad = headerSafe((await findAdTitle(m.db, Number(message!.provider_id))) ?? '');
    const M = MESSAGES.replyMail;
    // Sent after the answer is stored: a failure to send is not the request's (the answer stands,
    // and its author reads it with the message on the site).
    await m.mailer
      .send({
        to: author.email,
        subject: fillTemplate(M.subject, { ad }),
        text: fillTemplate(M.body, { ad, reply, message: String(message!.text), link: `${m.publicUrl}/` }),
      })
      .catch(() => undefined);
  }
  return getWrittenItem(m.db, messageResource, messageId);
}

/**
 * `POST /api/messages/:id/report`: the message goes to the staff's reports queue (`GET /api/reports`),
 * about `message:<id>`, with its text, its reply and its sender's username, so the staff read it in
 * context. One report per account and message: a repeat answers the report already filed.
 */
export async function reportMessage(
  db: Kysely<DB>,
  actor: Actor,
  messageId: number,
  input: TMessageReport,
): Promise<FiledReportAnswer> {
  const [message] = await requireAccess(
    db,
    actor,
    'message.report',
    [messageId],
    ['user_id', 'text', 'reply'],
  );
  const sender = await findUserContact(db, Number(message!.user_id));
  const M = MESSAGES.cardMessages;
  const report = await fileReportOnce(db, actor, {
    reason: input.reason,
    details: [
      M.reportedMessage,
      input.details,
      `${sender?.username ?? ''}: "${String(message!.text)}"`,
      message!.reply === null ? undefined : `${M.reply} "${String(message!.reply)}"`,
    ]
      .filter(Boolean)
      .join('\n'),
    listing: `message:${messageId}`,
    subject: `message:${messageId}`,
  });
  return filedReportAnswer(report);
}
