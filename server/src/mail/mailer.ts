import { mkdir, readdir, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import { randomUUID } from 'node:crypto';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

/**
 * What reaches the transport: the site's own address as sender and nothing but the message's
 * recipient, subject and body. No other header (Reply-To, Cc) can be set, so a relayed mail cannot
 * carry one member's address to another.
 */
const envelope = (from: string, m: MailMessage) => ({
  from,
  to: m.to,
  subject: m.subject,
  text: m.text,
  ...(m.html !== undefined ? { html: m.html } : {}),
});

export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

/** What a delivery answers: the SMTP server's reply code (`250`), none for a file written to disk. */
export interface Delivery {
  code?: number;
}

/** Hands one message over (to the SMTP server, or to a file); throws when it could not. */
export interface MailTransport {
  deliver(message: MailMessage): Promise<Delivery>;
}

/**
 * The site's own mailer: `send` delivers through `transport` at once. The app and the jobs do not call it
 * directly: they queue each message in the database's outbox, which delivers it with `transport`
 * (`queuedMailer`, outbox.ts). A test's memory mailer has no transport and keeps each message at once.
 */
export interface SiteMailer extends Mailer {
  transport: MailTransport;
}

/**
 * Time limits of an SMTP delivery, unless SMTP_URL sets its own (`?connectionTimeout=…`): short enough that a
 * server that does not answer fails the attempt well within the outbox's lease of a message.
 */
const SMTP_TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 60_000 };

/** SMTP_URL with the time limits it does not set itself, as query parameters nodemailer reads. */
function withTimeouts(smtpUrl: string): string {
  const url = new URL(smtpUrl);
  for (const [key, ms] of Object.entries(SMTP_TIMEOUTS))
    if (!url.searchParams.has(key)) url.searchParams.set(key, String(ms));
  return url.toString();
}

/** The reply code at the start of an SMTP server's answer (`250 OK`), if any. */
const replyCode = (response: unknown): number | undefined => {
  const m = typeof response === 'string' ? /^(\d{3})/.exec(response) : null;
  return m ? Number(m[1]) : undefined;
};

/**
 * The one mail module. With SMTP_URL it sends through SMTP; without, each message is written
 * as an `.eml` file in DATA_DIR/outbox so reset links work with zero set-up.
 */
export function createMailer(opts: {
  smtpUrl?: string | undefined;
  dataDir: string;
  from: string;
}): SiteMailer {
  const transport = opts.smtpUrl
    ? smtpTransport(opts.smtpUrl, opts.from)
    : fileTransport(opts.dataDir, opts.from);
  return {
    transport,
    async send(m) {
      await transport.deliver(m);
    },
  };
}

function smtpTransport(smtpUrl: string, from: string): MailTransport {
  const smtp = nodemailer.createTransport(withTimeouts(smtpUrl));
  return {
    async deliver(m) {
      const info = await smtp.sendMail(envelope(from, m));
      const code = replyCode(info.response);
      return code === undefined ? {} : { code };
    },
  };
}

function fileTransport(dataDir: string, from: string): MailTransport {
  const outbox = outboxDir(dataDir);
  const stream = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    async deliver(m) {
      const info = await stream.sendMail(envelope(from, m));
      await mkdir(outbox, { recursive: true });
      const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomUUID().slice(0, 8)}.eml`;
      await writeFile(path.join(outbox, name), info.message as Buffer);
      return {};
    },
  };
}

/** `DATA_DIR/outbox`: the mail written to disk when no SMTP_URL is set. */
export const outboxDir = (dataDir: string) => path.join(dataDir, 'outbox');

/** How long mail written to the outbox is kept: it holds addresses and reset links. */
export const OUTBOX_RETENTION_DAYS = 30;

/**
 * The daily job `delete-old-outbox-mail`: the `.eml` files of the outbox written more than
 * `OUTBOX_RETENTION_DAYS` days ago (their modification time). Answers how many.
 */
export async function deleteOldOutboxMail(dataDir: string, now = new Date()): Promise<number> {
  const dir = outboxDir(dataDir);
  const cutoff = now.getTime() - OUTBOX_RETENTION_DAYS * 24 * 60 * 60 * 1000;
  const names = await readdir(dir).catch(() => [] as string[]);
  let deleted = 0;
  for (const name of names.filter((n) => n.endsWith('.eml'))) {
    const file = path.join(dir, name);
    const info = await stat(file).catch(() => null);
    if (info && info.mtimeMs < cutoff) {
      await rm(file, { force: true });
      deleted++;
    }
  }
  return deleted;
}
