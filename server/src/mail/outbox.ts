import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema.ts';
import { mailSent } from '../metrics.ts';
import type { Mailer, MailMessage, MailTransport, SiteMailer } from './mailer.ts';
import { OUTBOX_RETENTION_DAYS } from './mailer.ts';
import {
  claimMail,
  countOutbox,
  deleteDeliveredMail,
  deleteFailedMailBefore,
  findDueMail,
  insertMail,
  recordFailedAttempt,
} from './outbox.queries.ts';

export { countOutbox };

const MINUTE = 60 * 1000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/**
 * The outbox's rules: a failed attempt is tried again after 1 minute, then 2, 4, … at most an hour apart; a
 * message not delivered 2 days after it was written is given up (`failed`). A process holds a message it sends
 * for `leaseMs` (longer than an SMTP delivery may take, mailer.ts), so no other sends it meanwhile; `batch` is
 * how many due messages one run of the job `deliver-mail` takes.
 */
export const MAIL_RETRY = {
  firstDelayMs: MINUTE,
  maxDelayMs: HOUR,
  giveUpAfterMs: 2 * DAY,
  leaseMs: 5 * MINUTE,
  batch: 100,
} as const;

/** The wait before the next attempt, after `attempts` failed ones: 1 min, 2, 4, … capped at an hour. */
export const retryDelayMs = (attempts: number): number =>
  Math.min(MAIL_RETRY.firstDelayMs * 2 ** Math.max(0, attempts - 1), MAIL_RETRY.maxDelayMs);

/** Where the outbox writes one line per attempt: the message's id and the reply code, never an address or text. */
export interface MailLog {
  info(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

/** A mailer whose messages go through the outbox. */
export interface QueuedMailer extends Mailer {
  /** Delivers the messages due now (the job `deliver-mail`); answers how many were delivered. */
  deliverDue(now?: Date): Promise<number>;
  /** Waits for the deliveries `send` started. */
  idle(): Promise<void>;
}

/** What one failed attempt says: the code to keep, whether it is final, whether the server was reachable. */
function readFailure(err: unknown): { code: string; permanent: boolean; reachable: boolean } {
  const e = (typeof err === 'object' && err !== null ? err : {}) as {
    code?: unknown;
    responseCode?: unknown;
  };
  const reply = typeof e.responseCode === 'number' ? e.responseCode : undefined;
  const code = typeof e.code === 'string' && /^[A-Z0-9_]{1,40}$/.test(e.code) ? e.code : 'ERROR';
  return {
    code: reply !== undefined ? String(reply) : code,
    // The server refused this recipient or this message for good (5xx). A 5xx elsewhere (a refused sign-in,
    // 535) is the site's setting, which the operator fixes: tried again as any other failure.
    permanent: reply !== undefined && reply >= 500 && (e.code === 'EENVELOPE' || e.code === 'EMESSAGE'),
    reachable: reply !== undefined,
  };
}

/**
 * The outbox: `send` stores the message in `mail_outbox` (the caller's request waits for that only) and starts
 * its delivery in the background; `deliverDue` delivers what is due (the job `deliver-mail`, every minute,
 * takes the messages whose attempt failed). Each delivery first takes the message's lease, so of several
 * processes on one database one sends it. Delivered, its row is deleted; refused for good (5xx for the
 * recipient or the message), or still not delivered 2 days after it was written, it is `failed`; any other
 * failure (server down, 4xx) is tried again later (`retryDelayMs`).
 */
export function queuedMailer(db: Kysely<DB>, transport: MailTransport, log: MailLog): QueuedMailer {
  const holder = randomUUID();
  const running = new Set<Promise<unknown>>();

  /** Delivers one message if this process can take it; `undefined` when another has it or it is not due. */
  async function deliverOne(id: number, now = new Date()): Promise<'sent' | 'retry' | 'failed' | undefined> {
    const until = new Date(now.getTime() + MAIL_RETRY.leaseMs).toISOString();
    const mail = await claimMail(db, id, holder, now.toISOString(), until);
    if (!mail) return undefined;
    const message: MailMessage = {
      to: mail.recipient,
      subject: mail.subject,
      text: mail.body,
      ...(mail.html !== null ? { html: mail.html } : {}),
    };
    let code: number | undefined;
    try {
      ({ code } = await transport.deliver(message));
    } catch (err) {
      return failedAttempt(mail, err);
    }
    await deleteDeliveredMail(db, id, holder);
    mailSent.inc({ result: 'sent' });
    log.info({ mail: id, code }, 'mail sent');
    return 'sent';
  }

  /** Writes a failed attempt: tried again later, or given up. Throws `Unreachable` when no server answered. */
  async function failedAttempt(
    mail: { id: number; attempts: number; created_at: string },
    err: unknown,
  ): Promise<'retry' | 'failed'> {
    const failure = readFailure(err);
    const at = new Date();
    const attempts = Number(mail.attempts) + 1;
    const next = new Date(at.getTime() + retryDelayMs(attempts));
    const givenUp =
      failure.permanent || next.getTime() > Date.parse(mail.created_at) + MAIL_RETRY.giveUpAfterMs;
    await recordFailedAttempt(db, mail.id, holder, {
      status: givenUp ? 'failed' : 'waiting',
      attempts,
      next_attempt_at: givenUp ? at.toISOString() : next.toISOString(),
      last_attempt_at: at.toISOString(),
      last_error: failure.code,
    });
    mailSent.inc({ result: givenUp ? 'failed' : 'retry' });
    const line = { mail: mail.id, code: failure.code, attempts };
    if (givenUp) log.error(line, 'mail given up');
    else log.info({ ...line, next: next.toISOString() }, 'mail will be retried');
    if (!failure.reachable) throw new Unreachable();
    return givenUp ? 'failed' : 'retry';
  }

  return {
    async send(m) {
      const id = await insertMail(db, {
        recipient: m.to,
        subject: m.subject,
        body: m.text,
        html: m.html ?? null,
        now: new Date().toISOString(),
      });
      // Delivered at once in the background: the caller waits for the row only, and a failure is the outbox's
      // to retry, never the request's.
      const p = deliverOne(id)
        .catch((err: unknown) => {
          if (!(err instanceof Unreachable))
            log.error({ mail: id, code: readFailure(err).code }, 'mail not sent');
        })
        .finally(() => running.delete(p));
      running.add(p);
    },
    async deliverDue(now = new Date()) {
      let sent = 0;
      for (const id of await findDueMail(db, now.toISOString(), MAIL_RETRY.batch)) {
        try {
          if ((await deliverOne(id, now)) === 'sent') sent++;
        } catch (err) {
          // The server did not answer: the other messages wait for the next run rather than each for a timeout.
          if (err instanceof Unreachable) break;
          throw err;
        }
      }
      return sent;
    },
    async idle() {
      while (running.size) await Promise.all([...running]);
    },
  };
}

/** A delivery that failed before any SMTP reply: the server (or the disk) is not there. */
class Unreachable extends Error {}

/** Whether a mailer is the site's own, with a transport (mailer.ts), rather than a test's memory mailer. */
export const isSiteMailer = (mailer: Mailer): mailer is SiteMailer => 'transport' in mailer;

/** A mailer's transport: the site mailer's own, or any mailer's `send`. */
export const transportOf = (mailer: Mailer): MailTransport =>
  isSiteMailer(mailer) ? mailer.transport : { deliver: async (m) => (await mailer.send(m), {}) };

/**
 * What the app's areas send with: the site's mailer queued in the database's outbox; a test's memory mailer as
 * it is (its messages are read as soon as the request answers).
 */
export function mailerOn(db: Kysely<DB>, mailer: Mailer, log: MailLog): Mailer & { idle(): Promise<void> } {
  if (isSiteMailer(mailer)) return queuedMailer(db, mailer.transport, log);
  // Looked up at each call: a test may replace its mailer's `send` (a mail server that fails).
  return { send: (m) => mailer.send(m), idle: async () => {} };
}

/** The daily job's part for the database: messages given up more than `OUTBOX_RETENTION_DAYS` days ago. */
export function deleteOldFailedMail(db: Kysely<DB>, now = new Date()): Promise<number> {
  return deleteFailedMailBefore(db, new Date(now.getTime() - OUTBOX_RETENTION_DAYS * DAY).toISOString());
}
