import { formatMoney, fromCents, MESSAGES } from '@app/domain';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import type { Mailer } from '../../mail/mailer.ts';
import { findBuyerOfOrder } from './orders.queries.ts';

const M = MESSAGES.orderMail;

/** Fills `{name}`-style placeholders. */
const fill = (template: string, values: Record<string, string>) =>
  template.replace(/\{(\w+)\}/g, (whole, key: string) => values[key] ?? whole);

/**
 * Tells the buyer (at their account's e-mail) that an order was paid, or that lines of it shipped
 * (`shipped`: the lines' names and quantities). Sent after the change is committed; a failure to send
 * is not the request's (the change stands).
 */
export async function mailBuyer(
  db: Kysely<DB>,
  mailer: Mailer,
  publicUrl: string,
  orderId: number,
  what: { kind: 'paid' } | { kind: 'shipped'; lines: { product_name: string; quantity: number }[] },
): Promise<void> {
  const buyer = await findBuyerOfOrder(db, orderId);
  if (!buyer) return;
  const values = {
    order: String(orderId),
    name: buyer.first_name?.trim() || buyer.username,
    total: formatMoney(fromCents(Number(buyer.amount))),
    items:
      what.kind === 'shipped' ? what.lines.map((l) => `- ${l.product_name} × ${l.quantity}`).join('\n') : '',
    link: `${publicUrl}/orders/view`,
  };
  const [subject, body] =
    what.kind === 'paid' ? [M.paidSubject, M.paidBody] : [M.shippedSubject, M.shippedBody];
  await mailer
    .send({ to: buyer.email, subject: fill(subject, values), text: fill(body, values) })
    .catch(() => undefined);
}
