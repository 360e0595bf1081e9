import { describe, expect, it } from 'vitest';
import { MESSAGES } from '@app/domain';
import { canSeePostAd, getAccountMenuItems, isAdminRole } from './accountMenu.ts';

const paths = (type: Parameters<typeof getAccountMenuItems>[0]) => getAccountMenuItems(type).map((i) => i.to);

describe('account menu', () => {
  it('gives every signed-in user My Profile and Change Password first', () => {
    for (const type of ['Hobbyist', 'Provider', 'Vender', null] as const) {
      expect(paths(type).slice(0, 2)).toEqual(['/profile', '/profile/changepassword']);
    }
    expect(getAccountMenuItems(null).map((i) => i.label)).toEqual(['My Profile', 'Change Password']);
  });

  it('gives providers their home, then ads, places, wallet, subscription, screening and mail', () => {
    expect(paths('Provider')).toEqual([
      '/profile',
      '/profile/changepassword',
      '/provider',
      '/ads/view',
      '/place/view',
      '/provider/wallet',
      '/provider/subscription',
      '/provider/ratehobyist',
      '/provider/reviewmail',
    ]);
    expect(getAccountMenuItems('Provider').map((i) => i.label)).toEqual([
      'My Profile',
      'Change Password',
      'Provider Details',
      'My Ads',
      'My Places',
      'My Wallet',
      'My Subscription',
      'Screen Hobbyists',
      'Review Mail',
    ]);
  });

  it('marks Provider Details active on /provider only, not on the pages below it', () => {
    const items = getAccountMenuItems('Provider');
    expect(items.filter((item) => item.exact).map((item) => item.to)).toEqual(['/provider']);
  });

  it('gives hobbyists My Orders, My Payments, Messages, Saved providers and the Wishlist, and vendors My Orders, My Products and My Sales', () => {
    expect(paths('Hobbyist')).toEqual([
      '/profile',
      '/profile/changepassword',
      '/orders/view',
      '/payments/view',
      '/messages',
      '/saved',
      '/wishlist',
    ]);
    expect(paths('Vender')).toEqual([
      '/profile',
      '/profile/changepassword',
      '/orders/view',
      '/products/view',
      '/sales/view',
    ]);
  });

  it('adds My Orders for a provider who has bought something, after their own links', () => {
    const withOrders = getAccountMenuItems('Provider', { hasOrders: true }).map((i) => i.to);
    expect(withOrders).toEqual([...paths('Provider'), '/orders/view']);
    expect(getAccountMenuItems('Provider', { hasOrders: false }).map((i) => i.to)).toEqual(paths('Provider'));
    expect(paths('Provider')).not.toContain('/orders/view');
    // Hobbyists and vendors have it anyway; an unknown account type never does.
    expect(getAccountMenuItems('Hobbyist', { hasOrders: false }).map((i) => i.to)).toContain('/orders/view');
    expect(getAccountMenuItems(null, { hasOrders: true }).map((i) => i.to)).not.toContain('/orders/view');
  });

  it('gives the admin the Admin console last, and nobody else', () => {
    const items = getAccountMenuItems(null, { isAdmin: true });
    expect(items.map((i) => i.to)).toEqual(['/profile', '/profile/changepassword', '/admin']);
    expect(items.at(-1)?.label).toBe(MESSAGES.adminConsole.menuItem);
    for (const type of ['Hobbyist', 'Provider', 'Vender', null] as const) {
      expect(paths(type)).not.toContain('/admin');
    }
    expect(isAdminRole('admin')).toBe(true);
    expect(isAdminRole('authenticated')).toBe(false);
    expect(isAdminRole(undefined)).toBe(false);
  });

  it('shows Post Ad to providers and anonymous visitors only', () => {
    expect(canSeePostAd(false, null)).toBe(true);
    expect(canSeePostAd(true, 'Provider')).toBe(true);
    expect(canSeePostAd(true, 'Hobbyist')).toBe(false);
    expect(canSeePostAd(true, 'Vender')).toBe(false);
    expect(canSeePostAd(true, null)).toBe(false);
  });
});
