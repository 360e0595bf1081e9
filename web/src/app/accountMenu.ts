import type { UserType } from '@app/domain';
import { MESSAGES } from '@app/domain';

/**
 * Which account links a signed-in user sees (spec 000 §2 "Account sidebar"), in one place for the
 * header's account dropdown and the account sidebar. These are display hints; the server decides
 * what each role may really do.
 */
export interface AccountMenuItem {
  /** Stable key for React lists and tests. */
  key: string;
  label: string;
  to: string;
  /** bootstrap-icons class, without the `bi` prefix class. */
  icon: string;
  /** Active on its own path only, not below it (Provider Details at /provider, not /provider/wallet). */
  exact?: boolean;
}

const PROFILE: AccountMenuItem = {
  key: 'profile',
  label: MESSAGES.nav.myProfile,
  to: '/profile',
  icon: 'bi-person',
};
const CHANGE_PASSWORD: AccountMenuItem = {
  key: 'changePassword',
  label: MESSAGES.nav.changePassword,
  to: '/profile/changepassword',
  icon: 'bi-key',
};
/**
 * A provider's links: their home, Provider Details (spec 001 §2 "Provider area"), then the sidebar
 * links the spec lists.
 */
const PROVIDER_ITEMS: readonly AccountMenuItem[] = [
  {
    key: 'providerHome',
    label: MESSAGES.providerHome.title,
    to: '/provider',
    icon: 'bi-grid',
    exact: true,
  },
  { key: 'ads', label: MESSAGES.nav.myAds, to: '/ads/view', icon: 'bi-megaphone' },
  { key: 'places', label: MESSAGES.nav.myPlaces, to: '/place/view', icon: 'bi-geo-alt' },
  { key: 'wallet', label: MESSAGES.nav.myWallet, to: '/provider/wallet', icon: 'bi-wallet2' },
  {
    key: 'subscription',
    label: MESSAGES.nav.mySubscription,
    to: '/provider/subscription',
    icon: 'bi-card-checklist',
  },
  {
    key: 'screenHobbyists',
    label: MESSAGES.nav.screenHobbyists,
    to: '/provider/ratehobyist',
    icon: 'bi-person-check',
  },
  { key: 'reviewMail', label: MESSAGES.nav.reviewMail, to: '/provider/reviewmail', icon: 'bi-envelope-open' },
];
const ORDERS: AccountMenuItem = {
  key: 'orders',
  label: MESSAGES.nav.myOrders,
  to: '/orders/view',
  icon: 'bi-bag',
};
const PRODUCTS: AccountMenuItem = {
  key: 'products',
  label: MESSAGES.nav.myProducts,
  to: '/products/view',
  icon: 'bi-box-seam',
};
const SALES: AccountMenuItem = {
  key: 'sales',
  label: MESSAGES.nav.mySales,
  to: '/sales/view',
  icon: 'bi-receipt',
};
const WISHLIST: AccountMenuItem = {
  key: 'wishlist',
  label: MESSAGES.nav.wishlist,
  to: '/wishlist',
  icon: 'bi-heart',
};

/** The admin console: the staff's way in, last in the menu. */
const ADMIN_CONSOLE: AccountMenuItem = {
  key: 'adminConsole',
  label: MESSAGES.adminConsole.menuItem,
  to: '/admin',
  icon: 'bi-shield-lock',
};

/** Whether a user record's role is the staff's (`admin`); a display hint, the server decides. */
export function isAdminRole(role: unknown): boolean {
  return role === 'admin';
}

/**
 * The account type of a user record. The data spells the types Hobbyist, Provider, Vender; the spec
 * also writes them in lower case and as "vendor", so those are accepted too. Anything else is null.
 */
export function toUserType(raw: unknown): UserType | null {
  if (typeof raw !== 'string') return null;
  switch (raw.trim().toLowerCase()) {
    case 'hobbyist':
      return 'Hobbyist';
    case 'provider':
      return 'Provider';
    case 'vender':
    case 'vendor':
      return 'Vender';
    default:
      return null;
  }
}

/**
 * The account links for a signed-in user of this type, in display order. My Orders is for hobbyists
 * and vendors (spec 000 §6), and for a provider who has bought something (`hasOrders`); the
 * admin also gets the Admin console (`isAdmin`).
 */
export function getAccountMenuItems(
  userType: UserType | null,
  { hasOrders = false, isAdmin = false }: { hasOrders?: boolean; isAdmin?: boolean } = {},
): AccountMenuItem[] {
  const items: AccountMenuItem[] = [PROFILE, CHANGE_PASSWORD];
  if (userType === 'Provider') items.push(...PROVIDER_ITEMS);
  if (userType === 'Hobbyist' || userType === 'Vender' || (userType === 'Provider' && hasOrders))
    items.push(ORDERS);
  if (userType === 'Hobbyist') items.push(WISHLIST);
  if (userType === 'Vender') items.push(PRODUCTS, SALES);
  if (isAdmin) items.push(ADMIN_CONSOLE);
  return items;
}

/** Post Ad is shown to providers and to anonymous visitors (spec 000 §2). */
export function canSeePostAd(isLoggedIn: boolean, userType: UserType | null): boolean {
  return !isLoggedIn || userType === 'Provider';
}
