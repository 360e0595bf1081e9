/** Money and package arithmetic (spec 000 §9), in cents so sums are exact. */

export function toCents(dollars: number): number {
  return Math.round(dollars * 100);
}

/** `$1,234.56`: two decimals, thousands commas, a dollar sign (spec 000 §9). */
export function formatMoney(dollars: number): string {
  return `$${(Math.round(dollars * 100) / 100).toLocaleString('en-US', {
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  })}`;
}

/** Package price = total_price + tax percent of it + processing fee (spec 000 §9), in dollars. */
export function packagePrice(totalPrice: number, taxPercent: number, processingFee: number): number {
  const cents = toCents(totalPrice);
  return (cents + Math.round((cents * taxPercent) / 100) + toCents(processingFee)) / 100;
}
