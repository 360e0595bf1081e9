import { REVIEW_REASON_MAX, REVIEW_STATES } from './ads.ts';
import { z } from 'zod';
import { countryField } from '../country-schema.ts';
import { ZId } from '../ids.ts';
import { isWholeCents } from '../money.ts';
import { MESSAGES } from '../messages.ts';
import { CALL_OPTIONS, CUM_TYPES, GROOMING, PERSONALITY, SUBTYPES, YES_NO } from './filters.ts';

/**
 * The ad (provider) a Provider posts and edits (spec 001 §3 "Ad (as posted)", §5 "Create ad"):
 * `POST /api/providers { data }` and `PUT /api/providers/:id { data }`.
 */
export const AD_LIMITS = {
  minAge: 18,
  maxAge: 100,
  /** Dollars. */
  maxDonation: 100_000,
  maxImages: 10,
  maxDocs: 10,
  text: 200,
  message: 2000,
  phone: 40,
  discountCode: 50,
} as const;

/** What the Cum select of the ad form stores (the filter's cum_type lists the sub-types). */
export const CUM_OPTIONS = ['no', 'CIM', 'Anywhere', 'N/A'] as const;
export const DURATION_UNITS = ['Days'] as const;

/** An empty select ('') means "no answer". */
const blankIsNull = <T extends z.ZodType>(schema: T) => z.preprocess((v) => (v === '' ? null : v), schema);

/** Yes/no answers, stored as lowercase words; null (or '') clears the answer. */
const yesNo = blankIsNull(z.enum(YES_NO, { error: 'Expected yes or no (lowercase)' }).nullable());

/** A list-valued field, sent as an array or as comma-joined text; kept as a list of known options. */
function optionList<T extends readonly [string, ...string[]]>(options: T) {
  return z
    .union([z.array(z.string().trim()), z.string(), z.null()])
    .transform((v) => (v === null ? [] : Array.isArray(v) ? v : v.split(',')))
    .pipe(
      z
        .array(z.string().trim())
        .max(20, 'Too many values')
        .transform((list) => list.filter((s) => s !== ''))
        .pipe(z.array(z.enum(options, { error: `Expected one of ${options.join(', ')}` }))),
    )
    .transform((list) => options.filter((o) => list.includes(o)));
}

const text = (max: number) => z.string().trim().min(1, 'Required').max(max, 'Too Long!');
const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, 'Too Long!')
    .nullable()
    .transform((s) => (s ? s : null));
const id = ZId;
const dollars = z
  .number()
  .min(0, 'Must be 0 or more')
  .max(AD_LIMITS.maxDonation, 'Too large')
  .refine(isWholeCents, 'At most two decimals')
  .nullable();

function docIds(min: number) {
  return z
    .array(id)
    .min(min, MESSAGES.adErrors.docsRequired)
    .max(AD_LIMITS.maxDocs, `At most ${AD_LIMITS.maxDocs} documents`)
    .transform((ids) => [...new Set(ids)]);
}

const fields = {
  title: text(AD_LIMITS.text),
  name: text(AD_LIMITS.text),
  language: id.nullable(),
  race: id.nullable(),
  /** A country's code or English name ("US", "United States"); stored and answered as the code. */
  country: countryField('Required'),
  state: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9]{1,3}$/, 'Expected a state code')
    .transform((s) => s.toUpperCase()),
  city: text(AD_LIMITS.text),
  age: z
    .number()
    .int('Expected a whole number')
    .min(AD_LIMITS.minAge, `Must be at least ${AD_LIMITS.minAge}`)
    .max(AD_LIMITS.maxAge, `Must be at most ${AD_LIMITS.maxAge}`),
  call: blankIsNull(z.enum(CALL_OPTIONS).nullable()),
  phone: optionalText(AD_LIMITS.phone),
  massage: yesNo,
  threesome: yesNo,
  kissing: yesNo,
  kissing_types: optionList(SUBTYPES.kissing.options),
  fellatio: yesNo,
  fellatio_type: optionList(SUBTYPES.fellatio.options),
  cunnilingus: yesNo,
  anilingus: yesNo,
  anilingus_act: optionList(SUBTYPES.anilingus.options),
  vaginal: yesNo,
  vaginal_type: optionList(SUBTYPES.vaginal.options),
  anal: yesNo,
  anal_activity: optionList(SUBTYPES.anal.options),
  cum: blankIsNull(z.enum(CUM_OPTIONS).nullable()),
  cum_type: optionList(CUM_TYPES),
  personality: optionList(PERSONALITY),
  grooming: optionList(GROOMING),
  donation_half_hour: dollars,
  donation_hour: dollars,
  message: optionalText(AD_LIMITS.message),
  services_provided_approval: z.boolean(),
  duration_ad: z.number().int().min(1).max(365),
  duration_ad_unit: z.enum(DURATION_UNITS),
  ad_bonus_side_panel_ad: z.boolean(),
  discount_code: optionalText(AD_LIMITS.discountCode),
  isShowed: z.boolean(),
  /** The admin's review: approved makes the ad public, rejected needs a reason. */
  review: z.enum(REVIEW_STATES),
  review_reason: optionalText(REVIEW_REASON_MAX),
  /** Public images the caller owns, in display order. */
  images: z
    .array(id)
    .min(1, 'Please select a image')
    .max(AD_LIMITS.maxImages, `At most ${AD_LIMITS.maxImages} images`)
    .transform((ids) => [...new Set(ids)]),
  /** A public video the caller owns; null removes it. */
  video: id.nullable(),
  /** Private ID documents the caller owns: at least one, also when an edit replaces them. */
  docs: docIds(1),
};

const PARENTS = Object.keys(SUBTYPES) as (keyof typeof SUBTYPES)[];

/**
 * The linkage rules of the ad form (spec 001 §4 "Service option linkage"): a parent answered No (or
 * cleared) has no sub-types; sub-types with the parent left out make the parent yes.
 */
function linkOptions<T extends Record<string, unknown>>(data: T): T {
  const out: Record<string, unknown> = { ...data };
  for (const parent of PARENTS) {
    const key = SUBTYPES[parent].key;
    const subtypes = out[key] as string[] | undefined;
    if (out[parent] === 'no' || out[parent] === null) {
      out[key] = [];
    } else if (out[parent] === undefined && subtypes && subtypes.length) {
      out[parent] = 'yes';
    }
  }
  return out as T;
}

/** `POST /api/providers` `data`: a new ad. The owner comes from the token. */
export const ZProviderWrite = z
  .object({
    ...fields,
    language: fields.language.optional(),
    race: fields.race.optional(),
    country: fields.country.default('US'),
    call: fields.call.optional(),
    phone: fields.phone.optional(),
    massage: yesNo.optional(),
    threesome: yesNo.optional(),
    kissing: yesNo.optional(),
    kissing_types: fields.kissing_types.optional(),
    fellatio: yesNo.optional(),
    fellatio_type: fields.fellatio_type.optional(),
    cunnilingus: yesNo.optional(),
    anilingus: yesNo.optional(),
    anilingus_act: fields.anilingus_act.optional(),
    vaginal: yesNo.optional(),
    vaginal_type: fields.vaginal_type.optional(),
    anal: yesNo.optional(),
    anal_activity: fields.anal_activity.optional(),
    cum: fields.cum.optional(),
    cum_type: fields.cum_type.optional(),
    personality: fields.personality.optional(),
    grooming: fields.grooming.optional(),
    donation_half_hour: dollars.optional(),
    donation_hour: dollars.optional(),
    message: fields.message.optional(),
    services_provided_approval: fields.services_provided_approval.default(false),
    duration_ad: fields.duration_ad.default(2),
    duration_ad_unit: fields.duration_ad_unit.default('Days'),
    ad_bonus_side_panel_ad: fields.ad_bonus_side_panel_ad.default(false),
    discount_code: fields.discount_code.optional(),
    isShowed: fields.isShowed.optional(),
    review: fields.review.optional(),
    review_reason: fields.review_reason.optional(),
    video: fields.video.optional(),
    // Required of a provider whose ID is not verified: the server decides (decision 0034).
    docs: docIds(0).default([]),
  })
  .transform(linkOptions);
export type TProviderWrite = z.infer<typeof ZProviderWrite>;

/** `PUT /api/providers/:id` `data`: any of the ad's fields; what is left out stays as it is. */
export const ZProviderUpdate = z.object(fields).partial().transform(linkOptions);
export type TProviderUpdate = z.infer<typeof ZProviderUpdate>;
