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

/**
 * The one mail module. With SMTP_URL it sends through SMTP; without, each message is written
 * as an `.eml` file in DATA_DIR/outbox so reset links work with zero set-up.
 */
export function createMailer(opts: { smtpUrl?: string | undefined; dataDir: string; from: string }): Mailer {
  if (opts.smtpUrl) {
    const transport = nodemailer.createTransport(opts.smtpUrl);
    return {
      async send(m) {
        await transport.sendMail(envelope(opts.from, m));
      },
    };
  }
  const outbox = outboxDir(opts.dataDir);
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    async send(m) {
      const info = await transport.sendMail(envelope(opts.from, m));
      await mkdir(outbox, { recursive: true });
      const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomUUID().slice(0, 8)}.eml`;
      await writeFile(path.join(outbox, name), info.message as Buffer);
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
