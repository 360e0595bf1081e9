/**
 * The admin's settings writes: packages, processing costs, the lookups (cities,
 * languages, races, place types) and the operator settings (payment address, the retention of ID documents and messages,
 * tip limits), and the audit log's export filters. Amounts are dollars at the edges, as the
 * existing reads show them; the server stores cents.
 */
import { z } from 'zod';
import { countryField } from '../country-schema.ts';
import { ZIdText } from '../ids.ts';
import { CLIENT_AMOUNT_PATTERN, isWholeCents } from '../money.ts';
import { MESSAGES } from '../messages.ts';
import { ZSocialUrl } from '../content/social-links.ts';
import { trimmedText } from '../text-schema.ts';
import { ADMIN_SETTINGS_LIMITS as L } from './settings-limits.ts';

export { ADMIN_SETTINGS_LIMITS, AUDIT_CSV_MAX_ROWS, RETENTION_DEFAULT_DAYS } from './settings-limits.ts';

const M = MESSAGES.adminSettings;

/** A required text: trimmed, 1 to `max` characters. */
const text = (max: number, required: string = M.nameRequired, tooLong: string = M.tooLong) =>
  trimmedText(max, required, tooLong);

/**
 * Dollars from 0 to `max` with at most two decimals, given as a number or as text (a form's field):
 * the answer is the number of dollars.
 */
const dollars = (max: number, range: string, min = 0) =>
  z.union([z.number(), z.string()], { error: M.amountInvalid }).transform((v, ctx) => {
    const raw = typeof v === 'string' ? v.trim() : null;
    const n = raw === null ? v : CLIENT_AMOUNT_PATTERN.test(raw) ? Number(raw) : NaN;
    if (typeof n !== 'number' || !Number.isFinite(n) || !isWholeCents(n)) {
      ctx.addIssue({ code: 'custom', message: M.amountInvalid });
      return z.NEVER;
    }
    if (n < min || n > max) {
      ctx.addIssue({ code: 'custom', message: range });
      return z.NEVER;
    }
    return n;
  });

/** A whole number from `min` to `max`, given as a number or as digits. */
const wholeNumber = (min: number, max: number, range: string) =>
  z.union([z.number(), z.string()], { error: range }).transform((v, ctx) => {
    const n = typeof v === 'string' ? (/^\s*\d{1,9}\s*$/.test(v) ? Number(v) : NaN) : v;
    if (!Number.isInteger(n) || n < min || n > max) {
      ctx.addIssue({ code: 'custom', message: range });
      return z.NEVER;
    }
    return n;
  });

/** At least one field (a PUT that changes nothing is a mistake of the caller). */
const someField = <T extends Record<string, unknown>>(v: T) => Object.values(v).some((x) => x !== undefined);

// ---------------------------------------------------------------------------------------------
// Packages

const packageFields = {
  name: text(L.nameMax),
  total_price: dollars(L.packagePriceMax, M.packagePriceRange),
  /** Months. */
  validity: wholeNumber(1, L.validityMax, M.validityRange),
  number_of_ads_per_day: wholeNumber(1, L.adsPerDayMax, M.adsPerDayRange),
};

/** `POST /api/packages` `data` (admin): `price_per_day` is computed by the server. */
export const ZPackageCreate = z.object(packageFields);
export type TPackageCreate = z.infer<typeof ZPackageCreate>;

/** `PUT /api/packages/:id` `data` (admin): any of the fields, and `retired`. */
export const ZPackageUpdate = z
  .object({ ...packageFields, retired: z.boolean({ error: M.nothingToChange }) })
  .partial()
  .refine(someField, M.nothingToChange);
export type TPackageUpdate = z.infer<typeof ZPackageUpdate>;

/**
 * A package's price per day in cents, as the seeded packages have it: the total over the validity's
 * days (a month counted as 30 days), to the nearest cent.
 */
export function packagePricePerDayCents(totalPriceCents: number, validityMonths: number): number {
  return Math.round(totalPriceCents / (validityMonths * 30));
}

// ---------------------------------------------------------------------------------------------
// Processing costs

const processingCostFields = {
  /** Dollars. */
  processing_fee: dollars(L.feeMax, M.feeRange),
  /** Percent, at most four decimals (money.ts `percentOfCents` takes 1/10,000 of a percent). */
  tax: z.union([z.number(), z.string()], { error: M.taxRange }).transform((v, ctx) => {
    const n = typeof v === 'string' ? (/^\s*\d{1,3}(\.\d{1,4})?\s*$/.test(v) ? Number(v) : NaN) : v;
    const whole = Math.abs(n * 10_000 - Math.round(n * 10_000)) < 1e-6;
    if (!Number.isFinite(n) || n < 0 || n > L.taxMax || !whole) {
      ctx.addIssue({ code: 'custom', message: M.taxRange });
      return z.NEVER;
    }
    return n;
  }),
  /** Dollars; stored as the spec's text, `'0'` meaning free shipping. */
  shipping_cost: dollars(L.feeMax, M.feeRange).transform(String),
};

/** `POST /api/processing-costs` `data` (admin). */
export const ZProcessingCostCreate = z.object(processingCostFields);
export type TProcessingCostCreate = z.infer<typeof ZProcessingCostCreate>;
/** `PUT /api/processing-costs/:id` `data` (admin): any of the fields. */
export const ZProcessingCostUpdate = ZProcessingCostCreate.partial().refine(someField, M.nothingToChange);
export type TProcessingCostUpdate = z.infer<typeof ZProcessingCostUpdate>;

// ---------------------------------------------------------------------------------------------
// Lookups: the attribute names their reads answer.

const stateCode = z
  .string({ error: M.stateCodeInvalid })
  .trim()
  .regex(new RegExp(`^[A-Za-z0-9]{1,${L.cityCodeMax}}$`), M.stateCodeInvalid)
  .transform((s) => s.toUpperCase());
/** The city's country: its code or English name, kept as the code. */
const countryCode = countryField(M.countryCodeInvalid);

/** `POST /api/cities` `data` (admin): the state's name is taken from the states lookup. */
export const ZCityCreate = z.object({
  city_name: text(L.nameMax),
  state_code: stateCode,
  country_code: countryCode.optional().default('US'),
});
export type TCityCreate = z.infer<typeof ZCityCreate>;
/** `PUT /api/cities/:id` `data` (admin). */
export const ZCityUpdate = z
  .object({ city_name: text(L.nameMax), state_code: stateCode, country_code: countryCode })
  .partial()
  .refine(someField, M.nothingToChange);
export type TCityUpdate = z.infer<typeof ZCityUpdate>;

/** `POST` and `PUT /api/languages(/:id)` `data` (admin). */
export const ZLanguageWrite = z.object({ lang_name: text(L.nameMax) });
export type TLanguageWrite = z.infer<typeof ZLanguageWrite>;
/** `POST` and `PUT /api/races(/:id)` `data` (admin). */
export const ZRaceWrite = z.object({ race_name: text(L.nameMax) });
export type TRaceWrite = z.infer<typeof ZRaceWrite>;

const placeTypeFields = {
  /** The place type's key, also the venue directory's path segment (`eroticbody`). */
  type: z
    .string({ error: M.typeInvalid })
    .trim()
    .regex(new RegExp(`^[a-z0-9-]{1,${L.placeTypeMax}}$`), M.typeInvalid),
  name: text(L.nameMax),
};
/** `POST /api/vendor-types` `data` (admin). */
export const ZPlaceTypeCreate = z.object(placeTypeFields);
export type TPlaceTypeCreate = z.infer<typeof ZPlaceTypeCreate>;
/** `PUT /api/vendor-types/:id` `data` (admin). */
export const ZPlaceTypeUpdate = ZPlaceTypeCreate.partial().refine(someField, M.nothingToChange);
export type TPlaceTypeUpdate = z.infer<typeof ZPlaceTypeUpdate>;

// ---------------------------------------------------------------------------------------------
// Operator settings

/** `GET /api/admin/settings` `data`. Tip amounts in dollars. */
export interface AdminSettings {
  payment_address: string;
  document_retention_days: number;
  /** Days a card message (and its reply) is kept before the daily job deletes it. */
  message_retention_days: number;
  tip_max_amount: number;
  tips_per_hour: number;
  /** Screening rows (records, ratings, comments) one provider account may be answered a day. */
  screening_reads_per_day: number;
  /** The footer's social links: an `https://` address, or '' for none. */
  twitter_url: string;
  facebook_url: string;
  instagram_url: string;
}

/** `PUT /api/admin/settings` `data` (admin): any of the settings. */
export const ZAdminSettingsUpdate = z
  .object({
    payment_address: text(L.paymentAddressMax, M.paymentAddressRequired, M.paymentAddressTooLong),
    document_retention_days: wholeNumber(L.retentionDaysMin, L.retentionDaysMax, M.retentionRange),
    message_retention_days: wholeNumber(L.retentionDaysMin, L.retentionDaysMax, M.retentionRange),
    tip_max_amount: dollars(L.tipMaxMax, M.tipMaxRange, L.tipMaxMin),
    tips_per_hour: wholeNumber(1, L.tipsPerHourMax, M.tipsPerHourRange),
    screening_reads_per_day: wholeNumber(1, L.screeningReadsPerDayMax, M.screeningReadsRange),
    twitter_url: ZSocialUrl,
    facebook_url: ZSocialUrl,
    instagram_url: ZSocialUrl,
  })
  .partial()
  .refine(someField, M.nothingToChange);
export type TAdminSettingsUpdate = z.infer<typeof ZAdminSettingsUpdate>;

// ---------------------------------------------------------------------------------------------
// Audit log

/**
 * `GET /api/admin/audit-logs.csv` query: `action` (exact), `actor` (an account id), `subject` (exact,
 * `provider:12`; or a record type alone, `provider`, for every record of it). Empty values are no filter.
 */
export const ZAuditCsvQuery = z.object({
  action: z
    .string()
    .trim()
    .max(100)
    .optional()
    .transform((v) => v || undefined),
  actor: z
    .union([z.literal(''), ZIdText])
    .optional()
    .transform((v) => (v === '' ? undefined : v)),
  subject: z
    .string()
    .trim()
    .max(200)
    .optional()
    .transform((v) => v || undefined),
});
export type TAuditCsvQuery = z.infer<typeof ZAuditCsvQuery>;

/** One audit entry as `GET /api/audit-logs` answers it (`attributes`). */
export interface AuditLogAttributes {
  action: string;
  subject: string;
  details: unknown;
  ip: string | null;
  before_value: unknown;
  after_value: unknown;
  createdAt: string;
  actor?: { data: { id: number; attributes: { username: string; email: string } } | null };
}
