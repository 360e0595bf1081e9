/**
 * Risk signals: what the server notices when an ad or a place is submitted, each with a
 * weight (1-5) and a short explanation from the catalogue (`MESSAGES.riskSignals`). They sort the moderation
 * queue (the sum of the weights first) and point the moderator at what to check; they never decide alone.
 *
 * This file holds the pure parts: the checks on a record's own text (`checkAdText`, `checkPlaceText`) and
 * the decisions of the cross-record checks once the server has read the other records (`sharedPhoneSignal`,
 * `sharedPhotoSignal`, `manyCitiesSignal`, `priceBelowMedianSignal`). Sources: `youth-terms.ts` and
 * `docs/trust-and-safety.md`.
 */
import { formatMoney, fromCents } from '../money.ts';
import { MESSAGES } from '../messages.ts';
import { hammingDistance, isPerceptualHash, SAME_PHOTO_MAX_DISTANCE } from './phash.ts';
import { findYouthTerms } from './youth-terms.ts';

export const RISK_SIGNAL_KINDS = [
  'youth_wording',
  'age_near_18_with_youth_wording',
  'shared_phone',
  'shared_photo',
  'many_cities',
  'price_below_median',
  'hidden_contact',
] as const;
export type RiskSignalKind = (typeof RISK_SIGNAL_KINDS)[number];

/**
 * How much each kind weighs (1-5) in a record's risk score. Youth wording with an age of 18 or 19 weighs most:
 * it is the combination that points at a minor. An obscured contact and youth wording were the predictive
 * language indicators of [JRSA 2021]; the cross-record kinds point at one person managing several advertisers.
 */
export const RISK_SIGNAL_WEIGHTS: Record<RiskSignalKind, number> = {
  youth_wording: 3,
  age_near_18_with_youth_wording: 5,
  shared_phone: 3,
  shared_photo: 4,
  many_cities: 3,
  price_below_median: 2,
  hidden_contact: 2,
};

/** The thresholds of the checks, in one place (the docs quote them). */
export const RISK_THRESHOLDS = {
  /** Ages that count as "near 18" next to youth wording. */
  nearAdultAges: [18, 19],
  /** Fewest digits of a phone number compared across accounts. */
  phoneMinDigits: 7,
  /** Hashes at most this many bits apart are the same photo. */
  samePhotoMaxDistance: SAME_PHOTO_MAX_DISTANCE,
  /** Fewest cities far apart, and how far, within how many hours. */
  manyCitiesMin: 3,
  manyCitiesKm: 150,
  manyCitiesHours: 24,
  /** A rate below this fraction of the city's median, with at least this many public ads to compare. */
  priceMedianFraction: 0.5,
  priceMedianMinAds: 5,
} as const;

/** One signal as stored and answered. */
export interface RiskSignal {
  kind: RiskSignalKind;
  weight: number;
  explanation: string;
}

/** Fills `{name}` placeholders of a catalogue text; unknown ones stay as they are. */
export function fillTemplate(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{(\w+)\}/g, (whole, key: string) =>
    values[key] === undefined ? whole : String(values[key]),
  );
}

/** A signal of `kind` with its weight and its catalogue explanation filled with `values`. */
export function riskSignal(kind: RiskSignalKind, values: Record<string, string | number> = {}): RiskSignal {
  return {
    kind,
    weight: RISK_SIGNAL_WEIGHTS[kind],
    explanation: fillTemplate(MESSAGES.riskSignals[kind], values),
  };
}

/** A record's risk score: the sum of its signals' weights (0 without signals). */
export const riskScore = (signals: readonly Pick<RiskSignal, 'weight'>[]): number =>
  signals.reduce((sum, s) => sum + s.weight, 0);

// ---------------------------------------------------------------------------------------------
// Text checks

/** A free-text field of a record: its name (shown in the explanation) and its text. */
export interface TextField {
  field: string;
  text: string | null | undefined;
}

/** What `hidden_contact` finds in a text. */
export type HiddenContactKind = 'phoneWords' | 'phoneSpaced' | 'email' | 'emailWords' | 'handle' | 'url';

export interface HiddenContact {
  kind: HiddenContactKind;
  /** The text found (at most 40 characters). */
  match: string;
}

const NUMBER_WORDS = ['zero', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine'];
const NUMBER_WORD_RUN = new RegExp(`^(?:${NUMBER_WORDS.join('|')})+$`);
/** Between the digits of a phone number: spaces and punctuation, at most three characters. */
const PHONE_SEPARATOR = /^[\s\-\u2013\u2014.,/()*_+|:#~]{1,3}$/;

/** The digits of a run of letters made only of number words ("fivefive" → "55"), else null. */
function wordDigits(letters: string): string | null {
  if (!NUMBER_WORD_RUN.test(letters)) return null;
  let digits = '';
  let rest = letters;
  while (rest) {
    const i = NUMBER_WORDS.findIndex((w) => rest.startsWith(w));
    digits += String(i);
    rest = rest.slice(NUMBER_WORDS[i]!.length);
  }
  return digits;
}

const clip = (s: string) => {
  const t = s.trim().replace(/\s+/g, ' ');
  return t.length > 40 ? `${t.slice(0, 39)}…` : t;
};

/**
 * Phone numbers hidden from a plain search: three or more digits written as words among seven or more
 * ("five five five 0 1 0 0"), or five or more digits standing alone between spaces or signs
 * ("5 5 5 - 0 1 0 0"). An ordinary "555-010-0100" or "(555) 010 0100" is neither.
 */
function findHiddenPhones(text: string): HiddenContact[] {
  const found: HiddenContact[] = [];
  type Unit = { digits: string; word: boolean };
  let run: Unit[] = [];
  let runText = '';
  let pendingSep = '';
  const close = () => {
    const digits = run.map((u) => u.digits).join('');
    const wordDigitCount = run.filter((u) => u.word).reduce((n, u) => n + u.digits.length, 0);
    const singles = run.filter((u) => !u.word && u.digits.length === 1).length;
    if (digits.length >= 7 && digits.length <= 15) {
      if (wordDigitCount >= 3) found.push({ kind: 'phoneWords', match: clip(runText) });
      else if (singles >= 5) found.push({ kind: 'phoneSpaced', match: clip(runText) });
    }
    run = [];
    runText = '';
    pendingSep = '';
  };
  for (const [token] of text.toLowerCase().matchAll(/\d+|\p{L}+|[^\p{L}\d]+/gu)) {
    if (/^\d+$/.test(token)) {
      run.push({ digits: token, word: false });
      runText += pendingSep + token;
      pendingSep = '';
      continue;
    }
    const asWords = /^\p{L}+$/u.test(token) ? wordDigits(token) : null;
    if (asWords !== null) {
      run.push({ digits: asWords, word: true });
      runText += pendingSep + token;
      pendingSep = '';
      continue;
    }
    if (run.length && PHONE_SEPARATOR.test(token) && !pendingSep) {
      pendingSep = token;
      continue;
    }
    close();
  }
  close();
  return found;
}

/** Endings of web addresses and e-mail domains the checks know. */
const TLD = '(?:com|net|org|edu|gov|io|co|us|me|info|biz|xyz|site|app|link|ly|tv|cc|club|online)';
/** Endings common enough as English words ("me", "us", "to") are not taken after a spelled-out "dot". */
const WORD_TLD = '(?:com|net|org|edu|io|info|biz|xyz|site|app|online|club)';
const EMAIL = /[a-z0-9._%+-]+@[a-z0-9-]+(?:\.[a-z0-9-]+)*\.[a-z]{2,}/g;
const OPEN = '[\\s(\\[{<]*';
const CLOSE = '[\\s)\\]}>]*';
/** "at" or "dot" as a word, alone or in brackets: "jane (at) example [dot] com". */
const AT = `(?:${OPEN}\\bat\\b${CLOSE}|@)`;
const DOT = `(?:${OPEN}\\bdot\\b${CLOSE}|\\.)`;
/** "jane at example dot com", "jane@example dot com", "jane at example.com". */
const EMAIL_WORDS = new RegExp(`[a-z0-9._%+-]+${AT}[a-z0-9-]+${DOT}${TLD}\\b`, 'g');
/** "jane at gmail": a mail provider named after "at" is an address without its ending. */
const EMAIL_PROVIDER =
  /(?:\bat\b|@)\s*(?:gmail|yahoo|hotmail|outlook|icloud|protonmail|proton|aol|msn)\b(?:\s*(?:dot|\.)\s*\w+)?/g;
const URL_PATTERNS = [
  /\bhttps?:\/\/\S+/g,
  /\bwww\.\S+/g,
  new RegExp(`(?<![\\w.@-])[a-z0-9-]{2,}(?:\\.[a-z0-9-]{2,})*\\.${TLD}\\b(?:/\\S*)?`, 'g'),
  new RegExp(`\\b[a-z0-9-]{2,}${OPEN}\\bdot\\b${CLOSE}${WORD_TLD}\\b`, 'g'),
];
/** Messaging apps named outright. */
const APPS =
  /\b(?:whats\s?app|telegram|snapchat|kik|wickr|wechat|viber|skype|onlyfans|only\s?fans|instagram|discord)\b/g;
/** Short app names, only with a handle after a colon or an at sign ("sc: jane", "ig @jane"). */
const APP_HANDLES = /\b(?:snap|sc|ig|insta|tg|wa|twitter)\s*[:@]\s*@?[a-z0-9._]{3,30}/g;
/**
 * A bare "@handle" with a letter in it (e-mail addresses were taken out before); "@7pm" is a time, not a
 * handle.
 */
const AT_HANDLE =
  /(?<![\w.@])@(?!\d{1,2}(?::\d\d)?\s*(?:am|pm)\b)(?=[a-z0-9_.]*[a-z])[a-z0-9_.]{3,30}(?![\w@])/g;

/**
 * Contact details in a free-text field: phone numbers hidden in words or spaced digits, e-mail addresses
 * (plain or written with "at"/"dot"), messaging apps and handles, and links. Each find once, in this order;
 * what one find covers is not found again by a later one. Pure.
 */
export function findHiddenContacts(text: string | null | undefined): HiddenContact[] {
  if (!text) return [];
  const found: HiddenContact[] = [...findHiddenPhones(text)];
  let rest = text.normalize('NFKC').toLowerCase();
  const take = (pattern: RegExp, kind: HiddenContactKind) => {
    rest = rest.replace(pattern, (m) => {
      found.push({ kind, match: clip(m) });
      return ' ';
    });
  };
  take(EMAIL, 'email');
  take(EMAIL_WORDS, 'emailWords');
  take(EMAIL_PROVIDER, 'emailWords');
  for (const pattern of URL_PATTERNS) take(pattern, 'url');
  take(APP_HANDLES, 'handle');
  take(APPS, 'handle');
  take(AT_HANDLE, 'handle');
  return found;
}

/**
 * Ages a text states: "19 yo", "19 y/o", "19 years old", "19yrs", "age: 19", "aged 19", "I'm 19". Pure.
 */
export function findStatedAges(text: string | null | undefined): number[] {
  if (!text) return [];
  const t = text.toLowerCase().replace(/[\u2018\u2019]/g, "'");
  const ages = new Set<number>();
  const patterns = [
    /(?<!\d)(\d{2})\s*-?\s*(?:yo|y\/o|y\.o\.?|yrs?[\s-]*old|years?[\s-]*(?:old|young)|yrs?(?!\s*(?:of\s+)?exp))(?![a-z])/g,
    /\bage[d]?\s*[:\-=]?\s*(\d{2})(?!\d)/g,
    /\bi\s*'?\s*a?m\s+(\d{2})(?![\d:.])/g,
  ];
  for (const p of patterns) for (const m of t.matchAll(p)) ages.add(Number(m[1]));
  return [...ages];
}

const list = (items: readonly string[]) => [...new Set(items)].join(', ');

/**
 * The text checks of one record: `youth_wording` (terms of `youth-terms.ts` in the text fields),
 * `age_near_18_with_youth_wording` (that, with an age of 18 or 19 given in the age field or the text) and
 * `hidden_contact` (contact details in the text fields; the contact fields themselves are not given here).
 */
export function checkTexts(input: {
  /** Where youth wording is looked for. */
  wording: readonly TextField[];
  /** Where contact details do not belong. */
  free: readonly TextField[];
  /** The record's own age field, when it has one. */
  age?: number | null | undefined;
}): RiskSignal[] {
  const signals: RiskSignal[] = [];
  const terms = input.wording.flatMap((f) => findYouthTerms(f.text).map((t) => t.term));
  if (terms.length) {
    const termText = list(terms);
    signals.push(riskSignal('youth_wording', { terms: termText }));
    const near: readonly number[] = RISK_THRESHOLDS.nearAdultAges;
    const stated = [
      ...(input.age === null || input.age === undefined ? [] : [input.age]),
      ...input.wording.flatMap((f) => findStatedAges(f.text)),
    ].filter((a) => near.includes(a));
    if (stated.length) {
      signals.push(
        riskSignal('age_near_18_with_youth_wording', { age: list(stated.map(String)), terms: termText }),
      );
    }
  }
  const F = MESSAGES.riskSignals.found;
  const contacts = input.free.flatMap((f) =>
    findHiddenContacts(f.text).map((c) => `${F[c.kind]} ${F.inField} ${f.field} ("${c.match}")`),
  );
  if (contacts.length) signals.push(riskSignal('hidden_contact', { found: list(contacts) }));
  return signals;
}

/** The text of an ad the checks read (the ad's `phone` field is its contact field, not checked). */
export interface AdTexts {
  title?: string | null | undefined;
  name?: string | null | undefined;
  message?: string | null | undefined;
  discount_code?: string | null | undefined;
  age?: number | null | undefined;
}

/** The text checks of an ad. Pure; an ordinary ad gives none. */
export function checkAdText(ad: AdTexts): RiskSignal[] {
  const fields: TextField[] = [
    { field: 'title', text: ad.title },
    { field: 'name', text: ad.name },
    { field: 'message', text: ad.message },
  ];
  return checkTexts({
    wording: fields,
    free: [...fields, { field: 'discount_code', text: ad.discount_code }],
    age: ad.age,
  });
}

/** The text of a place the checks read (its phone, e-mail and website are its contact fields). */
export interface PlaceTexts {
  name?: string | null | undefined;
}

/** The text checks of a place. Pure; an ordinary place gives none. */
export function checkPlaceText(place: PlaceTexts): RiskSignal[] {
  const fields: TextField[] = [{ field: 'name', text: place.name }];
  return checkTexts({ wording: fields, free: fields });
}

// ---------------------------------------------------------------------------------------------
// Cross-record decisions (the server reads the other records; these decide)

/**
 * A phone number as compared across accounts: its digits, without a leading US country code 1 on 11 digits;
 * null when fewer than `phoneMinDigits` digits remain (nothing to compare).
 */
export function comparablePhone(phone: string | null | undefined): string | null {
  let digits = (phone ?? '').replace(/\D/g, '');
  if (digits.length === 11 && digits.startsWith('1')) digits = digits.slice(1);
  return digits.length >= RISK_THRESHOLDS.phoneMinDigits ? digits : null;
}

/** `shared_phone`: the ad's phone number is on ads of `otherAccounts` other accounts (none: null). */
export function sharedPhoneSignal(digits: string, otherAccounts: number): RiskSignal | null {
  return otherAccounts > 0 ? riskSignal('shared_phone', { phone: digits, count: otherAccounts }) : null;
}

/**
 * `shared_photo`: how many of the other accounts' picture hashes are within `samePhotoMaxDistance` bits of
 * one of this record's, and the smallest distance; null when none is. Hashes that are not hashes are skipped.
 */
export function sharedPhotoSignal(own: readonly string[], others: readonly string[]): RiskSignal | null {
  const mine = own.filter(isPerceptualHash);
  let count = 0;
  let best = Infinity;
  for (const other of others) {
    if (!isPerceptualHash(other)) continue;
    const d = Math.min(...mine.map((h) => hammingDistance(h, other)));
    if (d <= RISK_THRESHOLDS.samePhotoMaxDistance) {
      count++;
      best = Math.min(best, d);
    }
  }
  return count ? riskSignal('shared_photo', { count, distance: best }) : null;
}

/** A city an ad was posted in, with its coordinates when the lookups know them. */
export interface CityPoint {
  city: string;
  state: string;
  latitude: number | null;
  longitude: number | null;
}

/** The great-circle distance of two points in kilometres (haversine, Earth radius 6371 km). */
export function distanceKm(
  a: { latitude: number; longitude: number },
  b: { latitude: number; longitude: number },
): number {
  const rad = (d: number) => (d * Math.PI) / 180;
  const dLat = rad(b.latitude - a.latitude);
  const dLon = rad(b.longitude - a.longitude);
  const h =
    Math.sin(dLat / 2) ** 2 + Math.cos(rad(a.latitude)) * Math.cos(rad(b.latitude)) * Math.sin(dLon / 2) ** 2;
  return 2 * 6371 * Math.asin(Math.min(1, Math.sqrt(h)));
}

const hasCoordinates = (c: CityPoint): c is CityPoint & { latitude: number; longitude: number } =>
  c.latitude !== null && c.longitude !== null;

/**
 * Whether two cities are far apart: more than `manyCitiesKm` when both have coordinates; otherwise (a city
 * the lookups hold no coordinates for) when they are in different states, the stand-in.
 */
function apart(a: CityPoint, b: CityPoint): boolean {
  if (hasCoordinates(a) && hasCoordinates(b)) return distanceKm(a, b) > RISK_THRESHOLDS.manyCitiesKm;
  return a.state !== b.state;
}

/**
 * `many_cities`: among the cities an account posted ads in within a day, a set of at least `manyCitiesMin`
 * cities each far from every other (`apart`); null when there is none. The set is grown greedily from the
 * first far-apart triple found (the inputs are a day's ads: a few cities). At most 30 distinct cities are read.
 */
export function manyCitiesSignal(points: readonly CityPoint[]): RiskSignal | null {
  const seen = new Set<string>();
  const cities = points
    .filter((p) => {
      const key = `${p.state}|${p.city.toLowerCase()}`;
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    })
    .slice(0, 30);
  const n = cities.length;
  for (let i = 0; i < n; i++) {
    for (let j = i + 1; j < n; j++) {
      if (!apart(cities[i]!, cities[j]!)) continue;
      for (let k = j + 1; k < n; k++) {
        if (!apart(cities[i]!, cities[k]!) || !apart(cities[j]!, cities[k]!)) continue;
        const set = [cities[i]!, cities[j]!, cities[k]!];
        for (const c of cities) if (!set.includes(c) && set.every((s) => apart(s, c))) set.push(c);
        if (set.length < RISK_THRESHOLDS.manyCitiesMin) continue;
        const allKnown = set.every(hasCoordinates);
        const R = MESSAGES.riskSignals;
        return riskSignal('many_cities', {
          count: set.length,
          cities: set.map((c) => `${c.city}, ${c.state}`).join('; '),
          distance: allKnown
            ? fillTemplate(R.distanceKm, { km: RISK_THRESHOLDS.manyCitiesKm })
            : R.distanceStates,
        });
      }
    }
  }
  return null;
}

/** The median of some numbers (the mean of the middle two for an even count); null for none. */
export function median(values: readonly number[]): number | null {
  if (!values.length) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/**
 * `price_below_median`: the ad's hourly rate (cents) is below `priceMedianFraction` of the median of the
 * public ads' hourly rates in its city (cents, the ad itself not among them), given at least
 * `priceMedianMinAds` of them; null otherwise (no rate, a rate of 0 is "not given", too few to compare).
 */
export function priceBelowMedianSignal(
  rateCents: number | null | undefined,
  cityRatesCents: readonly number[],
): RiskSignal | null {
  if (!rateCents || rateCents <= 0) return null;
  const rates = cityRatesCents.filter((r) => r > 0);
  if (rates.length < RISK_THRESHOLDS.priceMedianMinAds) return null;
  const mid = median(rates)!;
  if (rateCents >= mid * RISK_THRESHOLDS.priceMedianFraction) return null;
  return riskSignal('price_below_median', {
    price: formatMoney(fromCents(rateCents)),
    median: formatMoney(fromCents(mid)),
    count: rates.length,
  });
}
