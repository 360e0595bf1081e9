import { phoneDigits } from '@app/domain';

/**
 * A stored phone number (digits) as people write it: `555-123-4567` for ten digits, `1-555-123-4567`
 * for eleven starting with 1; other lengths stay as their digits.
 */
export function formatPhone(stored: string): string {
  const digits = phoneDigits(stored);
  const us = /^(1)?(\d{3})(\d{3})(\d{4})$/.exec(digits);
  if (!us) return digits || stored;
  return [us[1], us[2], us[3], us[4]].filter(Boolean).join('-');
}

/** A date as "Jan 5, 2027" (UTC, the server's dates), or '' when it is not a date. */
export function formatDay(value: string | null | undefined): string {
  const time = value ? Date.parse(value) : NaN;
  if (Number.isNaN(time)) return '';
  return new Intl.DateTimeFormat('en-US', {
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    timeZone: 'UTC',
  }).format(time);
}

/** A date and time as "Jan 5, 2027, 3:04 PM" in the reader's time zone, or ''. */
export function formatMoment(value: string | null | undefined): string {
  const time = value ? Date.parse(value) : NaN;
  if (Number.isNaN(time)) return '';
  return new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' }).format(time);
}
