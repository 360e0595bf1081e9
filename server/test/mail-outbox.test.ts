import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { MESSAGES } from '@app/domain';
import { AggregatorRegistry } from 'prom-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAppMailer } from '../src/app.ts';
import { JOBS, startJobs, type JobContext } from '../src/jobs/index.ts';
import { createMailer } from '../src/mail/mailer.ts';
import { insertMail } from '../src/mail/outbox.queries.ts';
import { MAIL_RETRY, queuedMailer, retryDelayMs } from '../src/mail/outbox.ts';
import { metricsRegistry } from '../src/metrics.ts';
import { privacyContext } from '../src/modules/privacy/index.ts';
import {
  apiCalls,
  buildAdmin,
  buildHobbyist,
  createTestApp,
  metricValue,
  type TestContext,
  type TestUser,
} from './helpers.ts';
import { startSmtpServer, type SmtpServer } from './smtp-server.ts';

/**
 * The mail outbox (server/src/mail/outbox.ts) against a real SMTP server (aiosmtpd, `smtp-server.ts`): a mail is
 * stored in the request and delivered right after it; with the server down or refusing for now it waits and the
 * job `deliver-mail` delivers it later; a permanent refusal is `failed` at once; the backlog shows in /metrics
 * and on the admin dashboard; two processes never send one message twice.
 */

let smtp: SmtpServer;
let ctx: TestContext;
let api: ReturnType<typeof apiCalls>;
let admin: TestUser;
const lines: { obj: object; msg: string }[] = [];
const log = {
  info: (obj: object, msg: string) => lines.push({ obj, msg }),
  error: (obj: object, msg: string) => lines.push({ obj, msg }),
};

beforeAll(async () => {
  smtp = await startSmtpServer();
  ctx = await createTestApp({ siteMailer: true, config: { smtpUrl: smtp.url } });
  api = apiCalls(ctx);
  admin = await buildAdmin(ctx);
});
afterAll(async () => {
  await ctx?.close();
  await smtp?.close();
});

const db = () => ctx.database.db;
const rowsTo = (address: string) =>
  db().selectFrom('mail_outbox').selectAll().where('recipient', '=', address).execute();
const receivedBy = async (address: string) =>
  (await smtp.received()).filter((m) => m.rcpt_tos.includes(address));
const forgotPassword = async (user: TestUser) =>
  api.ok('POST', '/api/auth/forgot-password', { body: { email: user.email } });

/** The jobs as a start runs them, on the site's mailer for this SMTP server. */
const jobContext = (): JobContext => ({
  ...privacyContext(db(), ctx.storage),
  dataDir: ctx.config.dataDir,
  mailer: createAppMailer(ctx.config),
  log,
});
async function runJob(name: string): Promise<number | undefined> {
  const runner = startJobs(db(), jobContext(), JOBS, log, { runAtStart: false });
  try {
    return await runner.runNow(name);
  } finally {
    await runner.stop();
  }
}
/** As if the wait before the next attempt were over. */
const makeDue = (address: string) =>
  db()
    .updateTable('mail_outbox')
    .set({ next_attempt_at: new Date(Date.now() - 1000).toISOString() })
    .where('recipient', '=', address)
    .execute();
const scrape = async () => {
  const res = await ctx.app.inject({ method: 'GET', url: '/metrics', remoteAddress: '127.0.0.1' });
  expect(res.statusCode).toBe(200);
  return res.body;
};
const dashboardMail = async () => (await api.ok('GET', '/api/admin/dashboard', { user: admin })).data.mail;

describe('the mail outbox with a real SMTP server', () => {
  it('delivers a reset-password mail right after the request, to that member only, and keeps no row', async () => {
    const [member, other] = [await buildHobbyist(ctx), await buildHobbyist(ctx)];
    const sentBefore = metricValue(await scrape(), 'ltf_mail_sent_total{result="sent"}');
    await forgotPassword(member);
    await expect.poll(() => receivedBy(member.email).then((m) => m.length), { timeout: 5000 }).toBe(1);
    const [mail] = await receivedBy(member.email);
    expect(mail!.rcpt_tos).toEqual([member.email]);
    expect(mail!.to).toBe(member.email);
    expect(mail!.subject).toBe(MESSAGES.resetPassword.emailSubject);
    expect(mail!.text).toContain('/resetPassword?code=');
    expect(mail!.raw).not.toContain(other.email);
    expect(mail!.raw).not.toMatch(/^(Reply-To|Cc|Bcc):/im);
    await expect.poll(() => rowsTo(member.email).then((r) => r.length)).toBe(0);
    expect(metricValue(await scrape(), 'ltf_mail_sent_total{result="sent"}')).toBe(sentBefore + 1);
  });

  it('with the server down the request still succeeds; the mail waits, then the job delivers it', async () => {
    const member = await buildHobbyist(ctx);
    await smtp.stop();
    try {
      const started = Date.now();
      await forgotPassword(member);
      await expect.poll(() => rowsTo(member.email).then((r) => r[0]?.attempts)).toBe(1);
      const [row] = await rowsTo(member.email);
      expect(row).toMatchObject({ status: 'waiting', attempts: 1, locked_by: null });
      expect(row!.last_error).toMatch(/^E[A-Z]+$/);
      expect(Date.parse(row!.next_attempt_at)).toBeGreaterThanOrEqual(started + MAIL_RETRY.firstDelayMs);
      // Not due yet: the job leaves it.
      expect(await runJob('deliver-mail')).toBe(0);
      expect((await rowsTo(member.email))[0]!.attempts).toBe(1);
      // The backlog is seen, once however many processes report it (the primary takes the largest).
      const waiting = metricValue(await scrape(), 'ltf_mail_outbox_messages{state="waiting"}');
      expect(waiting).toBeGreaterThanOrEqual(1);
      const own = await metricsRegistry.getMetricsAsJSON();
      const summed = await AggregatorRegistry.aggregate([own, own]).metrics();
      expect(metricValue(summed, 'ltf_mail_outbox_messages{state="waiting"}')).toBe(waiting);
      expect((await dashboardMail()).waiting).toBeGreaterThanOrEqual(1);
      // Due, the server still down: the second attempt fails, a longer wait.
      await makeDue(member.email);
      expect(await runJob('deliver-mail')).toBe(0);
      const [again] = await rowsTo(member.email);
      expect(again).toMatchObject({ status: 'waiting', attempts: 2 });
      expect(Date.parse(again!.next_attempt_at)).toBeGreaterThanOrEqual(Date.now() + retryDelayMs(2) - 5000);
    } finally {
      await smtp.start();
    }
    await makeDue(member.email);
    expect(await runJob('deliver-mail')).toBeGreaterThanOrEqual(1);
    const mails = await receivedBy(member.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe(MESSAGES.resetPassword.emailSubject);
    expect(await rowsTo(member.email)).toEqual([]);
    expect((await dashboardMail()).waiting).toBe(0);
    expect(metricValue(await scrape(), 'ltf_mail_outbox_messages{state="waiting"}')).toBe(0);
  });

  it('a temporary refusal (4xx) is retried; a permanent one (5xx) is failed at once, shown, kept 30 days', async () => {
    const [later, never] = [await buildHobbyist(ctx), await buildHobbyist(ctx)];
    await smtp.refuse(later.email, '451 4.3.0 Try again later');
    await smtp.refuse(never.email, '550 5.1.1 No such user here');
    const failedBefore = metricValue(await scrape(), 'ltf_mail_sent_total{result="failed"}');
    await forgotPassword(later);
    await forgotPassword(never);
    await expect.poll(() => rowsTo(later.email).then((r) => r[0]?.attempts)).toBe(1);
    await expect.poll(() => rowsTo(never.email).then((r) => r[0]?.status)).toBe('failed');
    expect(await rowsTo(later.email)).toMatchObject([{ status: 'waiting', attempts: 1, last_error: '451' }]);
    expect(await rowsTo(never.email)).toMatchObject([{ status: 'failed', attempts: 1, last_error: '550' }]);
    const text = await scrape();
    expect(metricValue(text, 'ltf_mail_outbox_messages{state="failed"}')).toBe(1);
    expect(metricValue(text, 'ltf_mail_sent_total{result="failed"}')).toBe(failedBefore + 1);
    expect(await dashboardMail()).toMatchObject({ failed: 1 });

    // The failed one is not tried again; the other is, once accepted.
    await smtp.refuse(later.email, null);
    await smtp.refuse(never.email, null);
    await makeDue(later.email);
    await makeDue(never.email);
    expect(await runJob('deliver-mail')).toBe(1);
    expect(await receivedBy(later.email)).toHaveLength(1);
    expect(await receivedBy(never.email)).toHaveLength(0);
    expect(await rowsTo(later.email)).toEqual([]);

    // Kept 30 days after its last attempt, then the daily job deletes it.
    const at = (days: number) => new Date(Date.now() - days * 24 * 3600_000).toISOString();
    await db()
      .updateTable('mail_outbox')
      .set({ last_attempt_at: at(29) })
      .where('recipient', '=', never.email)
      .execute();
    await runJob('delete-old-outbox-mail');
    expect(await rowsTo(never.email)).toHaveLength(1);
    await db()
      .updateTable('mail_outbox')
      .set({ last_attempt_at: at(31) })
      .where('recipient', '=', never.email)
      .execute();
    expect(await runJob('delete-old-outbox-mail')).toBeGreaterThanOrEqual(1);
    expect(await rowsTo(never.email)).toEqual([]);
    expect(await dashboardMail()).toEqual({ waiting: 0, failed: 0 });
  });

  it('gives a mail up two days after it was written', async () => {
    const address = 'two-days@example.test';
    await smtp.refuse(address, '421 4.7.0 Busy, come back later');
    const written = new Date(Date.now() - MAIL_RETRY.giveUpAfterMs + 30_000).toISOString();
    const id = await insertMail(db(), {
      recipient: address,
      subject: 'Old',
      body: 'old',
      html: null,
      now: written,
    });
    const outbox = queuedMailer(db(), createAppMailer(ctx.config).transport, log);
    expect(await outbox.deliverDue()).toBe(0);
    const row = await db()
      .selectFrom('mail_outbox')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: 'failed', attempts: 1, last_error: '421' });
    await smtp.refuse(address, null);
    await db().deleteFrom('mail_outbox').where('id', '=', id).execute();
  });

  it('two processes delivering at once send each message once', async () => {
    const addresses = Array.from({ length: 12 }, (_, i) => `both-${i}@example.test`);
    const now = new Date(Date.now() - 1000).toISOString();
    for (const recipient of addresses)
      await insertMail(db(), { recipient, subject: 'Once', body: 'once', html: null, now });
    const transport = createAppMailer(ctx.config).transport;
    const [a, b] = [queuedMailer(db(), transport, log), queuedMailer(db(), transport, log)];
    const [sentA, sentB] = await Promise.all([a.deliverDue(), b.deliverDue()]);
    expect(sentA + sentB).toBe(addresses.length);
    const received = (await smtp.received()).flatMap((m) => m.rcpt_tos).filter((r) => r.startsWith('both-'));
    expect(received.sort()).toEqual([...addresses].sort());
    expect(
      await db().selectFrom('mail_outbox').select('id').where('recipient', 'like', 'both-%').execute(),
    ).toEqual([]);
  });

  it('logs a message by its id and reply code only: no address, subject or text', () => {
    expect(lines.length).toBeGreaterThan(0);
    const logged = JSON.stringify(lines);
    expect(logged).not.toContain('@');
    expect(logged).not.toContain(MESSAGES.resetPassword.emailSubject);
    expect(
      lines.some((l) => l.msg === 'mail sent' && typeof (l.obj as { code?: number }).code === 'number'),
    ).toBe(true);
  });

  it('retries after 1 minute, 2, 4, … at most an hour apart', () => {
    const minutes = [1, 2, 3, 4, 5, 6, 7, 8, 20].map((n) => retryDelayMs(n) / 60_000);
    expect(minutes).toEqual([1, 2, 4, 8, 16, 32, 60, 60, 60]);
  });
});

describe('the outbox without SMTP_URL', () => {
  let disk: TestContext;
  beforeAll(async () => {
    disk = await createTestApp({ siteMailer: true });
  });
  afterAll(() => disk?.close());

  it('writes the .eml file right after the request, as before, and keeps no row', async () => {
    const member = await buildHobbyist(disk);
    await apiCalls(disk).ok('POST', '/api/auth/forgot-password', { body: { email: member.email } });
    const outbox = path.join(disk.config.dataDir, 'outbox');
    const files = async () =>
      (await readdir(outbox).catch(() => [] as string[])).filter((n) => n.endsWith('.eml'));
    await expect.poll(files, { timeout: 1000 }).toHaveLength(1);
    const eml = await readFile(path.join(outbox, (await files())[0]!), 'utf8');
    expect(eml).toMatch(new RegExp(`^To: ${member.email.replace(/[.]/g, '\\.')}$`, 'm'));
    expect(eml).toContain(`Subject: ${MESSAGES.resetPassword.emailSubject}`);
    await expect.poll(() => disk.database.db.selectFrom('mail_outbox').select('id').execute()).toEqual([]);
  });

  it('the site mailer alone still writes at once (createMailer)', async () => {
    const mailer = createMailer({
      dataDir: disk.config.dataDir,
      from: 'Live the Fantasy <no-reply@example.test>',
    });
    await mailer.send({ to: 'direct@example.test', subject: 'Direct', text: 'direct' });
    expect((await readdir(path.join(disk.config.dataDir, 'outbox'))).length).toBeGreaterThanOrEqual(2);
  });
});
