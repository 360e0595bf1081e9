import { formatDay } from '../../lib/dates.ts';

/** `YYYY-MM-DD` (or an ISO date-time) as the date part, or '' when it is not a date. */
export function toDateInputValue(value: string | null | undefined): string {
  if (typeof value !== 'string') return '';
  const match = /^(\d{4}-\d{2}-\d{2})/.exec(value.trim());
  return match?.[1] ?? '';
}

/** A date of birth for display, e.g. "March 5, 1990"; the calendar date is kept (no time zone shift). */
export function formatDateOfBirth(value: string | null | undefined): string | null {
  return formatDay(toDateInputValue(value), 'long') || null;
}

/** First and last name joined, skipping blanks. */
export function formatFullName(first: string | null | undefined, last: string | null | undefined): string {
  return [first, last]
    .filter((part): part is string => typeof part === 'string' && part.trim() !== '')
    .map((part) => part.trim())
    .join(' ');
}
