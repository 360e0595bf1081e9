import { MESSAGES } from '@app/domain';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import type { Mailer } from '../../mail/mailer.ts';
import { findSubscriptionsToRemind, markReminderSent } from './subscriptions.queries.ts';

const DAY = 24 * 60 * 60 * 1000;

/**
 * Seven days before an active subscription ends, its owner gets one reminder e-mail (unless a next
 * subscription is already bought). The mark is taken before sending, so two processes never both
 * send it; the job sends through the mail outbox, which retries a failed delivery. Answers how many were sent.
 */
export async function remindEndingSubscriptions(
  db: Kysely<DB>,
  mailer: Mailer,
  now = new Date(),
): Promise<number> {
  const due = await findSubscriptionsToRemind(
    db,
    now.toISOString(),
    new Date(now.getTime() + 7 * DAY).toISOString(),
  );
  let sent = 0;
  for (const s of due) {
    if (!(await markReminderSent(db, s.id))) continue;
    await mailer.send({
      to: s.email,
      subject: MESSAGES.review.reminderSubject,
      text: `${MESSAGES.review.reminder}\n\n${s.package_name}: ${s.end_date.slice(0, 10)}`,
    });
    sent++;
  }
  return sent;
}
