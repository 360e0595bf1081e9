import { describe, expect, it } from 'vitest';
import { USER_TYPES } from '../constants.ts';
import { MESSAGES } from '../messages.ts';
import { toUserType, userTypeLabel } from './user-types.ts';

describe('account types', () => {
  it('reads the account type however the data spells it', () => {
    expect(toUserType('Vender')).toBe('Vender');
    expect(toUserType('vendor')).toBe('Vender');
    expect(toUserType('provider')).toBe('Provider');
    expect(toUserType(' Hobbyist ')).toBe('Hobbyist');
    expect(toUserType('admin')).toBeNull();
    expect(toUserType(undefined)).toBeNull();
  });

  it('shows Vender, the stored value, as "Vendor" to people; the others as they are', () => {
    expect(userTypeLabel('Vender')).toBe('Vendor');
    expect(userTypeLabel('vendor')).toBe('Vendor');
    expect(userTypeLabel('Provider')).toBe('Provider');
    expect(userTypeLabel('Hobbyist')).toBe('Hobbyist');
    expect(userTypeLabel(null)).toBe('');
    expect(userTypeLabel('admin')).toBe('admin');
    // Every type has its catalogue label, and none reads "Vender".
    for (const type of USER_TYPES) expect(userTypeLabel(type)).toBe(MESSAGES.accountTypes[type]);
    expect(Object.values(MESSAGES.accountTypes)).not.toContain('Vender');
  });
});
