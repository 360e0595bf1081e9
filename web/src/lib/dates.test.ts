import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { formatDay, formatMoment, formatMonth, formatWeek } from './dates.ts';

describe('dates', () => {
  const zone = process.env.TZ;
  // A reader west of UTC: an instant early on the 25th (UTC) is still the 24th there.
  beforeEach(() => {
    process.env.TZ = 'America/Los_Angeles';
  });
  afterEach(() => {
    if (zone === undefined) delete process.env.TZ;
    else process.env.TZ = zone;
  });

  it('shows an instant in the reader’s time zone', () => {
    expect(formatDay('2026-11-25T03:00:00.000Z')).toBe('Nov 24, 2026');
    expect(formatMoment('2026-11-25T03:00:00.000Z')).toBe('Nov 24, 2026, 7:00 PM');
  });

  it('keeps a calendar day whatever the reader’s time zone', () => {
    expect(formatDay('1990-01-01')).toBe('Jan 1, 1990');
    expect(formatDay('1990-01-01', 'long')).toBe('January 1, 1990');
    expect(formatMoment('1990-01-01')).toBe('Jan 1, 1990, 12:00 AM');
  });

  it('shows nothing for a missing or unreadable value', () => {
    expect(formatDay(null)).toBe('');
    expect(formatDay(undefined)).toBe('');
    expect(formatDay('')).toBe('');
    expect(formatDay('not a date')).toBe('');
    expect(formatMoment('not a date')).toBe('');
  });

  it('labels a chart’s months and weeks by the calendar, and leaves other text as it is', () => {
    expect(formatMonth('2026-11')).toBe('Nov 2026');
    expect(formatWeek('2026-11-01')).toBe('Nov 1');
    expect(formatMonth('bad')).toBe('bad');
    expect(formatWeek('2026-11')).toBe('2026-11');
  });
});
