/**
 * Dates as the site shows them, in US English. A calendar day stored as `YYYY-MM-DD` (a date of birth) is
 * that day wherever the reader is; an instant (`2026-11-24T15:04:05.000Z`: when something was written,
 * paid, decided or ends) is shown in the reader's time zone. A missing or unreadable value shows as ''; a
 * chart's period label that is not one shows as given.
 */

const CALENDAR_DAY = /^\d{4}-\d{2}-\d{2}$/;

/** The time of `value` and the zone to show it in, or undefined when it is not a date. */
function read(value: string | null | undefined): { time: number; timeZone: string | undefined } | undefined {
  if (!value) return undefined;
  const day = CALENDAR_DAY.test(value);
  const time = Date.parse(day ? `${value}T00:00:00Z` : value);
  if (Number.isNaN(time)) return undefined;
  return { time, timeZone: day ? 'UTC' : undefined };
}

/** A day as "Nov 24, 2026" (`month: 'long'`: "November 24, 2026"), or ''. */
export function formatDay(value: string | null | undefined, month: 'short' | 'long' = 'short'): string {
  const date = read(value);
  if (!date) return '';
  return new Intl.DateTimeFormat('en-US', {
    year: 'numeric',
    month,
    day: 'numeric',
    timeZone: date.timeZone,
  }).format(date.time);
}

/** A day and time as "Nov 24, 2026, 3:04 PM", or ''. */
export function formatMoment(value: string | null | undefined): string {
  const date = read(value);
  if (!date) return '';
  return new Intl.DateTimeFormat('en-US', {
    dateStyle: 'medium',
    timeStyle: 'short',
    timeZone: date.timeZone,
  }).format(date.time);
}

/** A calendar period (`YYYY-MM-DD`) in the parts asked for, read in UTC so it stays that day. */
function calendarLabel(day: string, parts: Intl.DateTimeFormatOptions): string {
  const time = Date.parse(`${day}T00:00:00Z`);
  return Number.isNaN(time)
    ? day
    : new Intl.DateTimeFormat('en-US', { ...parts, timeZone: 'UTC' }).format(time);
}

/** A chart's month, `YYYY-MM`, as "Nov 2026"; anything else as given. */
export function formatMonth(month: string): string {
  return /^\d{4}-\d{2}$/.test(month)
    ? calendarLabel(`${month}-01`, { month: 'short', year: 'numeric' })
    : month;
}

/** A chart's week, by its first day `YYYY-MM-DD`, as "Nov 24"; anything else as given. */
export function formatWeek(week: string): string {
  return CALENDAR_DAY.test(week) ? calendarLabel(week, { month: 'short', day: 'numeric' }) : week;
}
