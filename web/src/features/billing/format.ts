/** Dates on the billing screens: readable, in the viewer's time zone. */

/** An ISO instant as `Nov 24, 2026`; an empty string for a missing or bad date. */
export function formatDate(iso: string | null | undefined): string {
  if (!iso) return '';
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '' : date.toLocaleDateString('en-US', { dateStyle: 'medium' });
}

/** A `YYYY-MM` month as `Nov 2026` (the month itself, whatever the viewer's time zone). */
export function formatMonth(month: string): string {
  const match = /^(\d{4})-(\d{2})$/.exec(month);
  if (!match) return month;
  const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, 1));
  return date.toLocaleDateString('en-US', { month: 'short', year: 'numeric', timeZone: 'UTC' });
}
