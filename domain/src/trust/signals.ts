/**
 * Risk signals: what the server notices when an ad or a place is submitted, each with a
 * weight (1-5) and a short explanation from the catalogue (`MESSAGES.riskSignals`). They sort the moderation
 * queue (the sum of the weights first) and point the moderator at what to check; they never decide alone.
 *
 * This file holds the kinds, their weights and thresholds and how a signal is made; the families of checks
 * are beside it, all pure: the checks on a record's own text (`text-signals.ts`, with the contact details
 * finder of `hidden-contacts.ts`) and the decisions of the cross-record checks once the server has read the
 * other records (`cross-record-signals.ts`). Sources: `youth-terms.ts` and `docs/trust-and-safety.md`.
 */
import { MESSAGES } from '../messages.ts';
import { SAME_PHOTO_MAX_DISTANCE } from './phash.ts';
import { fillTemplate } from '../text.ts';

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
