/**
 * The text checks of a record (pure): youth wording, an age near 18 beside it, and contact details in
 * fields where they do not belong (found by `hidden-contacts.ts`).
 */
import { MESSAGES } from '../messages.ts';
import { findHiddenContacts } from './hidden-contacts.ts';
import { RISK_THRESHOLDS, riskSignal, type RiskSignal } from './signals.ts';
import { findYouthTerms } from './youth-terms.ts';

/** A free-text field of a record: its name (shown in the explanation) and its text. */
export interface TextField {
  field: string;
  text: string | null | undefined;
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
