import { readdir, readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { expect } from '@playwright/test';

/** Where the server writes e-mails when no SMTP_URL is set (one `.eml` file per message). */
export function outboxDir(): string {
  const dataDir = process.env.E2E_DATA_DIR;
  if (!dataDir) throw new Error('E2E_DATA_DIR is not set (see playwright.config.ts)');
  return path.join(dataDir, 'outbox');
}

/** Undoes quoted-printable: soft line breaks (`=` at a line end) and `=XX` escapes such as `=3D`. */
export function decodeQuotedPrintable(text: string): string {
  return text
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

async function readMessagesTo(address: string): Promise<{ mtime: number; text: string }[]> {
  let names: string[];
  try {
    names = (await readdir(outboxDir())).filter((name) => name.endsWith('.eml'));
  } catch {
    return [];
  }
  const messages = await Promise.all(
    names.map(async (name) => {
      const file = path.join(outboxDir(), name);
      const [raw, info] = await Promise.all([readFile(file, 'utf8'), stat(file)]);
      return { mtime: info.mtimeMs, text: decodeQuotedPrintable(raw) };
    }),
  );
  // Parallel tests share the outbox: keep only the messages addressed to this account.
  const to = new RegExp(`^To:.*${address.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`, 'im');
  return messages.filter((m) => to.test(m.text)).sort((a, b) => b.mtime - a.mtime);
}

/**
 * The `/resetPassword?code=…` path of the newest reset e-mail sent to `address`, waiting for the
 * server to write it (it sends in the background).
 */
export async function readResetLink(address: string, timeoutMs = 10_000): Promise<string> {
  let link: string | undefined;
  await expect
    .poll(
      async () => {
        for (const message of await readMessagesTo(address)) {
          const match = /\/resetPassword\?code=([A-Za-z0-9_-]+)/.exec(message.text);
          if (match) {
            link = `/resetPassword?code=${match[1]}`;
            return true;
          }
        }
        return false;
      },
      { timeout: timeoutMs, message: `a reset e-mail to ${address} in ${outboxDir()}` },
    )
    .toBe(true);
  return link!;
}

/** The newest e-mail to `address` whose text matches `pattern` (headers and body), waiting for the server to write it. */
export async function readMailTo(address: string, pattern: RegExp, timeoutMs = 10_000): Promise<string> {
  let found: string | undefined;
  await expect
    .poll(
      async () => {
        found = (await readMessagesTo(address)).find((m) => pattern.test(m.text))?.text;
        return found !== undefined;
      },
      { timeout: timeoutMs, message: `an e-mail to ${address} matching ${pattern} in ${outboxDir()}` },
    )
    .toBe(true);
  return found!;
}
