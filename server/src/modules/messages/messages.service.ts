import { MESSAGES, type TMailRequest } from '@app/domain';
import type { Kysely } from 'kysely';
import { requireAccess } from '../../access/index.ts';
import type { DB } from '../../db/schema.ts';
import type { Actor } from '../../http/auth.ts';
import { notFound } from '../../http/errors.ts';
import type { Mailer } from '../../mail/mailer.ts';
import type { PostKind } from '../comments/index.ts';
import { findUserContact } from './messages.queries.ts';
import { messageResource } from './messages.resources.ts';

/**
 * Messages: comments' private twin. Read by their author, the owner of the provider they went to
 * and the admin (a vendor owns no provider and writes none, so sees none); counted nowhere.
 */
export const messagePosts = (): PostKind<'messages'> => ({
  table: 'messages',
  resource: messageResource,
  read: 'message.read',
  update: 'message.update',
});

/** One line of a header: no line breaks, trimmed. */
const headerSafe = (s: string) => s.replace(/[\r\n]+/g, ' ').trim();

/**
 * Relays a hobbyist's message by e-mail to the account that owns a shown provider (the route lets
 * hobbyists only through). The provider's address is looked up here and never answered; a reply
 * goes straight to the hobbyist.
 */
export async function sendProviderMail(
  db: Kysely<DB>,
  mailer: Mailer,
  actor: Actor,
  providerId: number,
  input: TMailRequest,
): Promise<{ sent: true }> {
  const [provider] = await requireAccess(db, actor, 'provider.engage', [providerId], ['user_id']);
  const recipient = await findUserContact(db, Number(provider!.user_id));
  if (!recipient || !recipient.is_active) throw notFound(MESSAGES.engagementErrors.providerNotFound);
  const sender = await findUserContact(db, actor.id);
  if (!sender) throw notFound();
  const name = headerSafe(sender.first_name ?? '') || 'a member';
  const M = MESSAGES.mailRelay;
  await mailer.send({
    to: recipient.email,
    replyTo: sender.email,
    subject: `${M.subjectPrefix} ${name} ${M.subjectSuffix}`,
    text: [
      `${name} sent you a message about your ad #${providerId} on ${MESSAGES.site.name}:`,
      '',
      input.message,
      '',
      `Reply to this e-mail to answer ${name} directly.`,
    ].join('\n'),
  });
  return { sent: true };
}
