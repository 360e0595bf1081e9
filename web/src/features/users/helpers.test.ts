import { describe, expect, it } from 'vitest';
import { isMenuItemActive } from './AccountLayout.tsx';
import { getAvatarUrl } from './Avatar.tsx';
import { formatDateOfBirth, formatFullName, toDateInputValue } from './format.ts';
import { getAccountMenuItems } from '../../app/accountMenu.ts';
import { latestAdultBirthDate } from '../auth/index.ts';

describe('account helpers', () => {
  it('formats dates of birth without a time-zone shift', () => {
    expect(toDateInputValue('1990-04-12T00:00:00.000Z')).toBe('1990-04-12');
    expect(toDateInputValue(null)).toBe('');
    expect(formatDateOfBirth('1990-01-01')).toBe('January 1, 1990');
    expect(formatDateOfBirth('not a date')).toBeNull();
    expect(formatFullName(' Ava ', null)).toBe('Ava');
    expect(latestAdultBirthDate(new Date('2026-03-05T12:00:00Z'))).toBe('2008-03-05');
  });

  it('prefers the avatar thumbnail and ignores an unpopulated avatar', () => {
    expect(
      getAvatarUrl({ id: 1, url: '/uploads/a.webp', formats: { thumbnail: { url: '/uploads/t.webp' } } }),
    ).toBe('/uploads/t.webp');
    expect(getAvatarUrl({ id: 1, url: '/uploads/a.webp', formats: {} })).toBe('/uploads/a.webp');
    expect(getAvatarUrl(4)).toBeNull();
    expect(getAvatarUrl(null)).toBeNull();
  });

  it('marks My Profile active on the profile pages only', () => {
    const [profile, changePassword] = getAccountMenuItems('Hobbyist');
    expect(isMenuItemActive(profile!, '/profile/edit')).toBe(true);
    expect(isMenuItemActive(profile!, '/profile/changepassword')).toBe(false);
    expect(isMenuItemActive(changePassword!, '/profile/changepassword/')).toBe(true);
  });
});
