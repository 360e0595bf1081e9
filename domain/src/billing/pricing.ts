/** Package arithmetic (spec 000 §9), in cents so sums are exact. */
import { fromCents, toCents } from '../money.ts';

/** Package price = total_price + tax percent of it + processing fee (spec 000 §9), in dollars. */
export function packagePrice(totalPrice: number, taxPercent: number, processingFee: number): number {
  const cents = toCents(totalPrice);
  return fromCents(cents + Math.round((cents * taxPercent) / 100) + toCents(processingFee));
}
