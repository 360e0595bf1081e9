/** Package arithmetic (spec 000 §9), in cents so sums are exact. */
import { fromCents, percentOfCents, toCents } from '../money.ts';

/**
 * Package price in cents = total_price + tax percent of it (to the nearest cent, a half cent up, as
 * checkout rounds its tax) + processing fee (spec 000 §9); every argument in cents but the percent.
 */
export function packagePriceCents(
  totalCents: number,
  taxPercent: number,
  processingFeeCents: number,
): number {
  return totalCents + percentOfCents(totalCents, taxPercent) + processingFeeCents;
}

/** Package price = total_price + tax percent of it + processing fee (spec 000 §9), in dollars. */
export function packagePrice(totalPrice: number, taxPercent: number, processingFee: number): number {
  return fromCents(packagePriceCents(toCents(totalPrice), taxPercent, toCents(processingFee)));
}
