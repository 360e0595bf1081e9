/**
 * The cross-record checks' decisions (pure): the server reads the other records (ads with the same phone,
 * pictures' hashes, an account's day of cities, a city's rates) and these decide whether a signal stands.
 */
import { formatMoney, fromCents } from '../money.ts';
import { MESSAGES } from '../messages.ts';
import { hammingDistance, isPerceptualHash } from './phash.ts';
import { fillTemplate } from '../text.ts';
import { RISK_THRESHOLDS, riskSignal, type RiskSignal } from './signals.ts';

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
