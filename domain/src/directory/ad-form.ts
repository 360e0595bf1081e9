/**
 * The ad form (spec 001 §2 "Create ad form", "Edit ad"; §4 "Service option linkage"; §5 "Create ad"):
 * what the form holds (text, as inputs give it), how it becomes the ad the server takes (validated by
 * ZProviderWrite / ZProviderUpdate), the linkage of the service options, and an ad read back for
 * editing (list fields split on commas).
 */
import { SERVER_SET_AD_FIELDS } from './ads.ts';
import { z } from 'zod';
import type { ApiItem } from '../api.ts';
import { AD_MESSAGES } from '../catalogue/ads.ts';
import {
  CALL_OPTIONS,
  CUM_MOUTH,
  CUM_PLACES,
  CUM_TYPES,
  GROOMING,
  PERSONALITY,
  SUBTYPES,
} from './filters.ts';
import type { ParentKey } from './filters.ts';
import type { ProviderAttributes } from './responses.ts';
import { CUM_OPTIONS, ZProviderUpdate, ZProviderWrite } from './schemas.ts';

const F = AD_MESSAGES.adForm;

export type YesNoAnswer = '' | 'yes' | 'no';
export type CumChoice = '' | (typeof CUM_OPTIONS)[number];
export type CumTypeOption = (typeof CUM_TYPES)[number];

/** The tri-state services: each a yes/no answer with a list of sub-types (spec 001 §3). */
export const AD_SERVICE_PARENTS = Object.keys(SUBTYPES) as ParentKey[];
/** The plain yes/no answers of the form, in the spec's order. */
export const AD_YES_NO_FIELDS = ['massage', 'threesome', 'cunnilingus'] as const;

/**
 * The form's values, as the inputs hold them: selects and number inputs as text ('' = no answer),
 * checkbox groups as lists. The files are kept apart (they are uploaded before the ad is sent).
 */
export interface AdFormValues {
  name: string;
  title: string;
  language: string;
  race: string;
  country: string;
  state: string;
  city: string;
  age: string;
  call: string;
  phone: string;
  donation_half_hour: string;
  donation_hour: string;
  massage: YesNoAnswer;
  threesome: YesNoAnswer;
  kissing: YesNoAnswer;
  kissing_types: string[];
  fellatio: YesNoAnswer;
  fellatio_type: string[];
  cunnilingus: YesNoAnswer;
  anilingus: YesNoAnswer;
  anilingus_act: string[];
  vaginal: YesNoAnswer;
  vaginal_type: string[];
  anal: YesNoAnswer;
  anal_activity: string[];
  cum: CumChoice;
  cum_type: string[];
  personality: string[];
  grooming: string[];
  services_provided_approval: boolean;
  message: string;
}

export const EMPTY_AD_FORM: AdFormValues = {
  name: '',
  title: '',
  language: '',
  race: '',
  country: 'US',
  state: '',
  city: '',
  age: '',
  call: '',
  phone: '',
  donation_half_hour: '',
  donation_hour: '',
  massage: '',
  threesome: '',
  kissing: '',
  kissing_types: [],
  fellatio: '',
  fellatio_type: [],
  cunnilingus: '',
  anilingus: '',
  anilingus_act: [],
  vaginal: '',
  vaginal_type: [],
  anal: '',
  anal_activity: [],
  cum: '',
  cum_type: [],
  personality: [],
  grooming: [],
  services_provided_approval: false,
  message: '',
};

// ---- form values → the ad ------------------------------------------------------------------------

/** '' (nothing typed) is left out, so the schema names the field as missing. */
const textOrUndefined = (value: string) => (value.trim() === '' ? undefined : value);
/** A number input's text: '' is no answer (null), anything else its number (NaN is refused). */
const numberOrNull = (value: string) => (value.trim() === '' ? null : Number(value));
const idOrNull = (value: string) => (value === '' ? null : Number(value));

/** The ad's fields (files aside) from the form's values, as ZProviderWrite reads them. */
export function toAdInput(values: AdFormValues): z.input<typeof ZAdDetails> {
  const age = values.age.trim();
  // A blank state or age is left out (typed as given): the schema then names it as missing.
  return {
    name: values.name,
    title: values.title,
    language: idOrNull(values.language),
    race: idOrNull(values.race),
    country: values.country || 'US',
    state: textOrUndefined(values.state) as string,
    city: values.city,
    age: (age === '' ? undefined : Number(age)) as number,
    call: values.call,
    phone: values.phone,
    donation_half_hour: numberOrNull(values.donation_half_hour),
    donation_hour: numberOrNull(values.donation_hour),
    massage: values.massage,
    threesome: values.threesome,
    kissing: values.kissing,
    kissing_types: values.kissing_types,
    fellatio: values.fellatio,
    fellatio_type: values.fellatio_type,
    cunnilingus: values.cunnilingus,
    anilingus: values.anilingus,
    anilingus_act: values.anilingus_act,
    vaginal: values.vaginal,
    vaginal_type: values.vaginal_type,
    anal: values.anal,
    anal_activity: values.anal_activity,
    cum: values.cum,
    cum_type: values.cum_type,
    personality: values.personality,
    grooming: values.grooming,
    services_provided_approval: values.services_provided_approval,
    message: values.message,
  };
}

/** ZProviderWrite's fields without the files, which the form uploads before sending the ad. */
const ZAdDetails = ZProviderWrite.in.omit({ images: true, docs: true, video: true });

/**
 * The form's schema (react-hook-form through zodResolver): the values become the ad's fields and are
 * checked by the domain's ad schema, so the form and the server refuse the same things. Pass
 * AD_FORM_PARSE_OPTIONS with it, for the messages of missing answers.
 */
export const ZAdForm = z
  .custom<AdFormValues>((v) => typeof v === 'object' && v !== null)
  .transform(toAdInput)
  .pipe(ZAdDetails);
export type TAdForm = z.output<typeof ZAdForm>;

/** A missing answer is "Required"; a number input holding no number says so. */
export const AD_FORM_PARSE_OPTIONS = {
  error: (issue: { code: string; input?: unknown }) => {
    if (issue.code !== 'invalid_type') return undefined;
    return typeof issue.input === 'number' ? F.notANumber : F.required;
  },
};

/** Fields the server sets itself on an ad: the form does not send them. */
const SERVER_SET = SERVER_SET_AD_FIELDS;

function withoutServerSet<T extends Record<string, unknown>>(ad: T) {
  const out: Record<string, unknown> = { ...ad };
  for (const key of SERVER_SET) delete out[key];
  return out as Omit<T, (typeof SERVER_SET)[number]>;
}

export interface AdFiles {
  images: number[];
  docs: number[];
  video?: number | null;
}

/** `POST /api/providers` `data`: the checked form and the uploaded files' ids (spec 001 §3 "Ad (as posted)"). */
export function buildAdCreate(form: TAdForm, files: AdFiles) {
  const ad = ZProviderWrite.parse({
    ...form,
    images: files.images,
    docs: files.docs,
    ...(files.video ? { video: files.video } : {}),
  });
  return withoutServerSet(ad);
}

/** `PUT /api/providers/:id` `data` of the details form (Edit ad): every field, files untouched. */
export function buildAdUpdate(form: TAdForm) {
  const { duration_ad: _d, duration_ad_unit: _u, ...details } = form;
  return withoutServerSet(ZProviderUpdate.parse(details));
}

// ---- linkage (spec 001 §4 "Service option linkage (create)") ------------------------------------

type Patch = Partial<AdFormValues>;

/** Setting a parent to No, or to anything but yes, clears its sub-options. */
export function setServiceAnswer(parent: ParentKey, answer: YesNoAnswer): Patch {
  const key = SUBTYPES[parent].key;
  return answer === 'yes' ? { [parent]: answer } : { [parent]: answer, [key]: [] };
}

/** Ticking a sub-option sets its parent to yes; the list keeps the options' order. */
export function toggleServiceSubtype(
  values: Pick<AdFormValues, SubtypeListKey>,
  parent: ParentKey,
  option: string,
  on: boolean,
): Patch {
  const { key, options } = SUBTYPES[parent];
  const current = values[key];
  const list = (options as readonly string[]).filter((o) => (o === option ? on : current.includes(o)));
  return on ? { [parent]: 'yes', [key]: list } : { [key]: list };
}
type SubtypeListKey = (typeof SUBTYPES)[ParentKey]['key'];

/** The mouth options (Swallow, Drool, Spit) are open while the cum choice is CIM or Anywhere. */
export function isCumMouthEnabled(cum: CumChoice): boolean {
  return cum === 'CIM' || cum === 'Anywhere';
}

/**
 * The cum choice: No or N/A (or none) clears the types; CIM keeps the mouth ones only; Anywhere
 * keeps them all.
 */
export function setCumChoice(values: Pick<AdFormValues, 'cum_type'>, cum: CumChoice): Patch {
  if (cum === 'CIM')
    return { cum, cum_type: values.cum_type.filter((t) => (CUM_MOUTH as readonly string[]).includes(t)) };
  if (cum === 'Anywhere') return { cum };
  return { cum, cum_type: [] };
}

/**
 * Ticking a cum type: a mouth one needs CIM or Anywhere (else nothing changes); a finishing place
 * makes the choice Anywhere (a sub-option sets its parent). The list keeps the options' order.
 */
export function toggleCumType(
  values: Pick<AdFormValues, 'cum' | 'cum_type'>,
  option: CumTypeOption,
  on: boolean,
): Patch {
  const isMouth = (CUM_MOUTH as readonly string[]).includes(option);
  if (on && isMouth && !isCumMouthEnabled(values.cum)) return {};
  const cum_type = CUM_TYPES.filter((t) => (t === option ? on : values.cum_type.includes(t)));
  if (on && (CUM_PLACES as readonly string[]).includes(option) && values.cum !== 'Anywhere')
    return { cum: 'Anywhere', cum_type };
  return { cum_type };
}

// ---- an ad read back for editing ----------------------------------------------------------------

/** Comma-joined text (or a list) as a list of the known options, blanks dropped (spec 001 §3). */
export function splitAdList(
  value: string | readonly string[] | null | undefined,
  options?: readonly string[],
) {
  const list = (Array.isArray(value) ? value : String(value ?? '').split(','))
    .map((part) => String(part).trim())
    .filter(Boolean);
  return options ? options.filter((o) => list.includes(o)) : list;
}

const yesNoOf = (value: string | null | undefined): YesNoAnswer => {
  const v = (value ?? '').trim().toLowerCase();
  return v === 'yes' || v === 'no' ? v : '';
};
const textOf = (value: number | string | null | undefined) =>
  value === null || value === undefined ? '' : String(value);

/** The form's values for an ad as `GET /api/providers/:id?populate=*` answers it. */
export function toAdFormValues(ad: ApiItem<ProviderAttributes>): AdFormValues {
  const a = ad.attributes;
  const cum = (CUM_OPTIONS as readonly string[]).includes(a.cum ?? '') ? (a.cum as CumChoice) : '';
  const call = (CALL_OPTIONS as readonly string[]).includes(a.call ?? '') ? (a.call as string) : '';
  const values: AdFormValues = {
    ...EMPTY_AD_FORM,
    name: a.name ?? '',
    title: a.title ?? '',
    language: textOf(a.language?.data?.id),
    race: textOf(a.race?.data?.id),
    country: a.country || 'US',
    state: a.state ?? '',
    city: a.city ?? '',
    age: textOf(a.age),
    call,
    phone: a.phone ?? '',
    donation_half_hour: textOf(a.donation_half_hour),
    donation_hour: textOf(a.donation_hour),
    massage: yesNoOf(a.massage),
    threesome: yesNoOf(a.threesome),
    cunnilingus: yesNoOf(a.cunnilingus),
    cum,
    cum_type: splitAdList(a.cum_type, CUM_TYPES),
    personality: splitAdList(a.personality, PERSONALITY),
    grooming: splitAdList(a.grooming, GROOMING),
    services_provided_approval: a.services_provided_approval === true,
    message: a.message ?? '',
  };
  for (const parent of AD_SERVICE_PARENTS) {
    const { key, options } = SUBTYPES[parent];
    const subtypes = splitAdList(a[key], options);
    values[key] = subtypes;
    // Sub-types without a parent answer still mean yes (spec 001 §3).
    values[parent] = subtypes.length ? 'yes' : yesNoOf(a[parent]);
  }
  return values;
}
