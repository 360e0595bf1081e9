import { describe, expect, it } from 'vitest';
import { formatLocationLabel, getPickerLocation } from './locationLabel.ts';

describe('location label', () => {
  it('defaults to US > CA when the URL names no location', () => {
    expect(formatLocationLabel({})).toBe('US > CA');
    expect(getPickerLocation({})).toEqual({ country: 'US', state: 'CA', city: [] });
  });

  it('shows what the URL names, ending with the last chosen city', () => {
    expect(formatLocationLabel({ country: 'US' })).toBe('US');
    expect(formatLocationLabel({ country: 'US', state: 'TX', city: ['Austin', 'Dallas'] })).toBe(
      'US > TX > Dallas',
    );
    expect(getPickerLocation({ state: 'TX' })).toEqual({ country: 'US', state: 'TX', city: [] });
  });
});
