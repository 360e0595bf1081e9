import {
  ADMIN_SETTINGS_LIMITS,
  fromCents,
  isSocialUrl,
  RETENTION_DEFAULT_DAYS,
  SCREENING_LIMITS,
  SOCIAL_NETWORKS,
  type AdminSettings,
  type TAdminSettingsUpdate,
  type TPublicSettings,
  type TSocialNetwork,
} from '@app/domain';
import type { Kysely, Transaction } from 'kysely';
import { recordAudit } from '../../db/audit-log.ts';
import type { DB } from '../../db/schema.ts';
import type { Actor } from '../../http/auth.ts';
import {
  PAYMENT_ADDRESS_KEY,
  readWholeNumberSetting,
  readPaymentAddress,
  readSetting,
  readTipMaxCents,
  readTipsPerHour,
  TIP_MAX_AMOUNT_KEY,
  TIPS_PER_HOUR_KEY,
} from '../billing/index.ts';
import { DOCUMENT_RETENTION_DAYS_KEY, readDocumentRetentionDays } from '../users/index.ts';
import { writeSetting } from './reference.queries.ts';

/**
 * The daily cap of screening reads per provider account (the screening area counts them): the
 * operator's `screening_reads_per_day`; without one, or with one that is not a whole number of at least
 * 1, `SCREENING_LIMITS.readsPerDay`. Kept here, not in the screening area, so this area reads it
 * without importing screening (which imports areas that import this one).
 */
export const SCREENING_READS_PER_DAY_KEY = 'screening_reads_per_day';

/** The screening read cap in force, in rows a day. */
export async function readScreeningReadsPerDay(db: Kysely<DB> | Transaction<DB>): Promise<number> {
  return readWholeNumberSetting(
    db,
    SCREENING_READS_PER_DAY_KEY,
    SCREENING_LIMITS.readsPerDay,
    1,
    ADMIN_SETTINGS_LIMITS.screeningReadsPerDayMax,
  );
}

/**
 * How many days a card message (with its reply) is kept: the operator's `message_retention_days`; without
 * one, or with one outside 1 to 3,650, 90. The messages area's daily job deletes older ones. Kept here
 * for the same reason as the screening cap.
 */
export const MESSAGE_RETENTION_DAYS_KEY = 'message_retention_days';

/** The message retention in force, in days. */
export async function readMessageRetentionDays(db: Kysely<DB> | Transaction<DB>): Promise<number> {
  return readWholeNumberSetting(
    db,
    MESSAGE_RETENTION_DAYS_KEY,
    RETENTION_DEFAULT_DAYS.messages,
    ADMIN_SETTINGS_LIMITS.retentionDaysMin,
    ADMIN_SETTINGS_LIMITS.retentionDaysMax,
  );
}

/** The `settings` key of each network's address in the footer (none stored: no link). */
const SOCIAL_LINK_KEYS: Record<TSocialNetwork, string> = {
  twitter: 'social_twitter_url',
  facebook: 'social_facebook_url',
  instagram: 'social_instagram_url',
};

/** A network's address in force: the stored one when it is still a link the footer may show, else ''. */
async function readSocialUrl(db: Kysely<DB> | Transaction<DB>, network: TSocialNetwork): Promise<string> {
  const stored = (await readSetting(db, SOCIAL_LINK_KEYS[network]))?.trim() ?? '';
  return isSocialUrl(stored) ? stored : '';
}

/**
 * `GET /api/public-settings` (anyone): what every page shows of the operator's settings, the footer's
 * social links (only the networks whose address is set).
 */
export async function readPublicSettings(db: Kysely<DB>): Promise<TPublicSettings> {
  const urls = await Promise.all(SOCIAL_NETWORKS.map((network) => readSocialUrl(db, network)));
  return {
    social_links: SOCIAL_NETWORKS.flatMap((network, i) => (urls[i] ? [{ network, url: urls[i] }] : [])),
  };
}

/** Each setting of the console's Settings page and the `settings` key it is stored under. */
const KEYS = (): Record<keyof AdminSettings, string> => ({
  payment_address: PAYMENT_ADDRESS_KEY,
  document_retention_days: DOCUMENT_RETENTION_DAYS_KEY,
  message_retention_days: MESSAGE_RETENTION_DAYS_KEY,
  tip_max_amount: TIP_MAX_AMOUNT_KEY,
  tips_per_hour: TIPS_PER_HOUR_KEY,
  screening_reads_per_day: SCREENING_READS_PER_DAY_KEY,
  twitter_url: SOCIAL_LINK_KEYS.twitter,
  facebook_url: SOCIAL_LINK_KEYS.facebook,
  instagram_url: SOCIAL_LINK_KEYS.instagram,
});

/**
 * `GET /api/admin/settings`: the operator's settings in force, as the areas that use them read them
 * (a missing or unreadable value is the area's default).
 */
export async function readAdminSettings(db: Kysely<DB>): Promise<AdminSettings> {
  const read = READERS();
  const names = Object.keys(read) as (keyof AdminSettings)[];
  const values = await Promise.all(names.map((name) => read[name](db)));
  return Object.fromEntries(names.map((name, i) => [name, values[i]])) as unknown as AdminSettings;
}

/** How each setting in force is read, as the area that uses it reads it. */
const READERS = (): { [K in keyof AdminSettings]: (db: Kysely<DB>) => Promise<AdminSettings[K]> } => ({
  payment_address: readPaymentAddress,
  document_retention_days: readDocumentRetentionDays,
  message_retention_days: readMessageRetentionDays,
  tip_max_amount: (db) => readTipMaxCents(db).then(fromCents),
  tips_per_hour: readTipsPerHour,
  screening_reads_per_day: readScreeningReadsPerDay,
  twitter_url: (db) => readSocialUrl(db, 'twitter'),
  facebook_url: (db) => readSocialUrl(db, 'facebook'),
  instagram_url: (db) => readSocialUrl(db, 'instagram'),
});

/**
 * `PUT /api/admin/settings` (admin): stores the settings sent; each one that changes is recorded in the
 * audit log (`setting.update`, subject `setting:<key>`, the value before and after), in the same
 * transaction; one sent as it was is not. They apply from the next purchase, tip or retention run on;
 * the footer's social links at once (every rendered page is dropped on a write).
 */
export async function updateAdminSettings(
  db: Kysely<DB>,
  actor: Actor,
  input: TAdminSettingsUpdate,
): Promise<AdminSettings> {
  const keys = KEYS();
  await db.transaction().execute(async (trx) => {
    const before = await readAdminSettings(trx);
    for (const name of Object.keys(keys) as (keyof AdminSettings)[]) {
      const value = input[name];
      if (value === undefined || value === before[name]) continue;
      await writeSetting(trx, keys[name], String(value));
      await recordAudit(trx, actor, 'setting.update', `setting:${keys[name]}`, null, {
        before: before[name],
        after: value,
      });
    }
  });
  // Values sent as they already were change nothing: nothing to record (the admin-write fallback neither).
  actor.audited = true;
  return readAdminSettings(db);
}
