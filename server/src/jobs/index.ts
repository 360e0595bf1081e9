import type { Kysely } from 'kysely';
import type { DB } from '../db/schema.ts';
import { deleteExpiredRevocations } from '../modules/auth/index.ts';
import { deleteExpiredAnonymousUploads, deleteOrphanFiles } from '../modules/media/index.ts';
import { deleteExpiredMessages } from '../modules/messages/index.ts';
import {
  deleteExpiredExports,
  finishAccountDeletions,
  prepareExports,
  retireDiskExports,
} from '../modules/privacy/index.ts';
import { deleteOldScreeningReviews } from '../modules/screening/index.ts';
import { remindEndingSubscriptions } from '../modules/subscriptions/index.ts';
import { deleteDecidedIdDocuments } from '../modules/users/index.ts';
import { deleteOldOutboxMail, type Mailer } from '../mail/mailer.ts';
import type { Storage } from '../storage/index.ts';
import { deleteOldFailedMail, queuedMailer, transportOf } from '../mail/outbox.ts';
import type { Job, JobLog } from './runner.ts';

export { startJobs, type Job, type JobRunner } from './runner.ts';

/** What the jobs work on. */
export interface JobContext {
  db: Kysely<DB>;
  /** Where uploaded files and the accounts' data exports are kept (server/src/storage/). */
  storage: Storage;
  /** `DATA_DIR`: its `outbox` holds the mail written to disk. */
  dataDir: string;
  /** The site's mailer: the jobs send through the outbox with its transport (mail/outbox.ts). */
  mailer: Mailer;
  /** The jobs' log (the outbox's lines: a message's id and reply code). */
  log: JobLog;
}

/** The outbox on the jobs' database and mailer. */
const outboxOf = (ctx: JobContext) => queuedMailer(ctx.db, transportOf(ctx.mailer), ctx.log);

const HOUR = 60 * 60 * 1000;

/**
 * Every scheduled job of the server, in one place. Each runs when the server starts and then at its
 * interval (server/src/jobs/runner.ts). Retention rules are added here (docs/trust-and-safety.md lists
 * what is kept and for how long).
 */
export const JOBS: readonly Job<JobContext>[] = [
  {
    // Registration documents nobody claimed within 24 hours: records and bytes.
    name: 'delete-unclaimed-uploads',
    everyMs: HOUR,
    run: async (ctx) => (await deleteExpiredAnonymousUploads(ctx.db, ctx.storage)).length,
  },
  {
    // Stored files no record names, a day old: what a crash between storing an upload and recording it
    // left, or a removal that failed after its record went (disk or bucket).
    name: 'delete-orphan-files',
    everyMs: 24 * HOUR,
    run: (ctx) => deleteOrphanFiles(ctx.db, ctx.storage),
  },
  {
    // Logout revocations of tokens that have expired anyway.
    name: 'delete-expired-revocations',
    everyMs: HOUR,
    run: (ctx) => deleteExpiredRevocations(ctx.db),
  },
  {
    // Seven days before a subscription ends, one reminder e-mail to its owner.
    name: 'remind-ending-subscriptions',
    everyMs: HOUR,
    run: async (ctx) => {
      const outbox = outboxOf(ctx);
      const sent = await remindEndingSubscriptions(ctx.db, outbox);
      await outbox.idle();
      return sent;
    },
  },
  {
    // The mail outbox: messages whose first attempt failed, again after 1 minute, 2, 4, … at most an hour
    // apart, given up after 2 days (mail/outbox.ts). A message is first tried as soon as it is written.
    name: 'deliver-mail',
    everyMs: 60 * 1000,
    run: (ctx) => outboxOf(ctx).deliverDue(),
  },
  {
    // ID documents a set number of days (a setting, default 30) after the admin's decision: records and
    // bytes; the decision's record stays.
    name: 'delete-decided-id-documents',
    everyMs: 24 * HOUR,
    run: (ctx) => deleteDecidedIdDocuments(ctx.db, ctx.storage),
  },
  {
    // Messages of conversations a set number of days (a setting, default 90) after they were written, and
    // conversations left with none.
    name: 'delete-old-messages',
    everyMs: 24 * HOUR,
    run: (ctx) => deleteExpiredMessages(ctx.db),
  },
  {
    // Deleted accounts: what the deletion's own request could not finish (files after a crash, say).
    name: 'finish-account-deletions',
    everyMs: 10 * 60 * 1000,
    run: (ctx) => finishAccountDeletions(ctx),
  },
  {
    // Accounts' data exports still waiting (a request starts its own at once; this takes those a restart
    // interrupted).
    name: 'prepare-data-exports',
    everyMs: 10 * 60 * 1000,
    run: (ctx) => prepareExports(ctx),
  },
  {
    // Data exports 7 days after they were ready (failed ones after a day): the zip and its row.
    name: 'delete-expired-exports',
    everyMs: HOUR,
    run: async (ctx) => (await retireDiskExports(ctx.db, ctx.dataDir)) + (await deleteExpiredExports(ctx)),
  },
  {
    // Mail written to DATA_DIR/outbox (no SMTP_URL) 30 days after it was written, and mail the outbox gave up
    // 30 days after its last attempt: they hold addresses and reset links.
    name: 'delete-old-outbox-mail',
    everyMs: 24 * HOUR,
    run: async (ctx) => (await deleteOldOutboxMail(ctx.dataDir)) + (await deleteOldFailedMail(ctx.db)),
  },
  {
    // Screening review requests a year after their outcome was sent: they hold a phone number and an address.
    name: 'delete-old-screening-reviews',
    everyMs: 24 * HOUR,
    run: (ctx) => deleteOldScreeningReviews(ctx.db),
  },
];
