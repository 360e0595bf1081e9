/**
 * Money (spec 000 §9; decision 0002). The database keeps integer cents; the API and the screens speak
 * dollars with at most two decimals. Every conversion between the two goes through here, so a sum is
 * exact and a rounding rule is written once.
 */

/** Dollars → integer cents, rounded to the nearest cent (`12.345` → `1235`). */
export function toCents(dollars: number): number {
  return Math.round(dollars * 100);
}

/** Integer cents → dollars (`1235` → `12.35`); a stray fraction of a cent is rounded away first. */
export function fromCents(cents: number): number {
  return Math.round(cents) / 100;
}

/** Dollars rounded to the nearest whole cent, still in dollars (`29.999` → `30`). */
export function roundCents(dollars: number): number {
  return fromCents(toCents(dollars));
}

/**
 * Dollars rounded down to whole cents, still in dollars (`12.345` → `12.34`), for caps an amount
 * must never exceed. A binary-float shortfall under a millionth of a cent (`0.29 * 100`) is not rounded down.
 */
export function floorCents(dollars: number): number {
  return Math.floor(dollars * 100 + 1e-6) / 100;
}

/**
 * `percent` % of `cents`, to the nearest cent, a half cent up (a tax, spec 000 §9). The percent is
 * taken to 1/10,000 of a percent and the product is computed in whole numbers: `1500 * 2.3 / 100` is
 * 34.4999… in binary floats, which `Math.round` would take down to 34 instead of 35.
 */
export function percentOfCents(cents: number, percent: number): number {
  const basis = Math.round(percent * 10_000);
  return Math.floor((cents * basis + 500_000) / 1_000_000);
}

/**
 * The cents of an inclusive dollar range `[min, max]`: the smallest whole cent at or above `min` and the
 * largest at or below `max`, so a range filter over stored cents finds exactly the amounts in the range.
 */
export function centsRange(min: number, max: number): [number, number] {
  return [Math.ceil(min * 100), Math.floor(max * 100)];
}

/** True when a dollar amount has at most two decimals (whole cents). */
export function isWholeCents(dollars: number): boolean {
  return Math.abs(dollars * 100 - Math.round(dollars * 100)) < 1e-6;
}

/** A client's amount as text: an optional minus, up to 12 digits, at most two decimals. */
export const CLIENT_AMOUNT_PATTERN = /^-?\d{1,12}(\.\d{1,2})?$/;

/**
 * A client's dollar amount given as text (a query-string value) in cents, or `undefined` when it is
 * not a plain decimal with at most two decimals: a third decimal would be rounded away and change what
 * a comparison means, so it is refused rather than rounded.
 */
export function parseClientAmount(text: string): number | undefined {
  return CLIENT_AMOUNT_PATTERN.test(text) ? toCents(Number(text)) : undefined;
}

/** Dollars as `$1,234.56`: two decimals, thousands commas, a dollar sign (spec 000 §9). */
export function formatMoney(dollars: number): string {
  return `$${TWO_DECIMALS.format(roundCents(dollars))}`;
}

// One formatter for every amount: `toLocaleString` with options builds a new one on each call, which the
// server's render of a listing (a donation on every card) paid for twenty times a page.
const TWO_DECIMALS = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
