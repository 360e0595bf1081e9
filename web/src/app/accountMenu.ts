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

/** One account link; `exact` only on the links that have it. */
function menuItem(key: string, label: string, to: string, icon: string, exact?: true): AccountMenuItem {
  return exact ? { key, label, to, icon, exact } : { key, label, to, icon };
}

const PROFILE = menuItem('profile', MESSAGES.nav.myProfile, '/profile', 'bi-person');
const CHANGE_PASSWORD = menuItem(
  'changePassword',
  MESSAGES.nav.changePassword,
  '/profile/changepassword',
  'bi-key',
);
/**
 * A provider's links: their home, Provider Details (spec 001 §2 "Provider area"), then the sidebar
 * links the spec lists.
 */
const PROVIDER_ITEMS: readonly AccountMenuItem[] = [
  menuItem('providerHome', MESSAGES.providerHome.title, '/provider', 'bi-grid', true),
  menuItem('ads', MESSAGES.nav.myAds, '/ads/view', 'bi-megaphone'),
  menuItem('places', MESSAGES.nav.myPlaces, '/place/view', 'bi-geo-alt'),
  menuItem('wallet', MESSAGES.nav.myWallet, '/provider/wallet', 'bi-wallet2'),
  menuItem('subscription', MESSAGES.nav.mySubscription, '/provider/subscription', 'bi-card-checklist'),
  menuItem('screenHobbyists', MESSAGES.nav.screenHobbyists, '/provider/ratehobyist', 'bi-person-check'),
  menuItem('reviewMail', MESSAGES.nav.reviewMail, '/provider/reviewmail', 'bi-envelope-open'),
];
const ORDERS = menuItem('orders', MESSAGES.nav.myOrders, '/orders/view', 'bi-bag');
const PAYMENTS = menuItem('payments', MESSAGES.nav.myPayments, '/payments/view', 'bi-credit-card');
const PRODUCTS = menuItem('products', MESSAGES.nav.myProducts, '/products/view', 'bi-box-seam');
const SALES = menuItem('sales', MESSAGES.nav.mySales, '/sales/view', 'bi-receipt');
const WISHLIST = menuItem('wishlist', MESSAGES.nav.wishlist, '/wishlist', 'bi-heart');
const MESSAGES_ITEM = menuItem('messages', MESSAGES.conversations.title, '/messages', 'bi-chat-left-text');
const SAVED = menuItem('saved', MESSAGES.savedProviders.title, '/saved', 'bi-bookmark-heart');
/** The admin console: the staff's way in, last in the menu. */
const ADMIN_CONSOLE = menuItem('adminConsole', MESSAGES.adminConsole.menuItem, '/admin', 'bi-shield-lock');

/** Whether a user record's role is the staff's (`admin`); a display hint, the server decides. */
export function isAdminRole(role: unknown): boolean {
  return role === 'admin';
}

/**
 * The account links for a signed-in user of this type, in display order. My Orders is for hobbyists
 * and vendors (spec 000 §6), and for a provider who has bought something (`hasOrders`); a hobbyist
 * also has My Payments (their tips and paid orders); the admin also gets the Admin console (`isAdmin`).
 */
export function getAccountMenuItems(
  userType: UserType | null,
  { hasOrders = false, isAdmin = false }: { hasOrders?: boolean; isAdmin?: boolean } = {},
): AccountMenuItem[] {
  const items: AccountMenuItem[] = [PROFILE, CHANGE_PASSWORD];
  if (userType === 'Provider') items.push(...PROVIDER_ITEMS);
  if (userType === 'Hobbyist' || userType === 'Vender' || (userType === 'Provider' && hasOrders))
    items.push(ORDERS);
  if (userType === 'Hobbyist') items.push(PAYMENTS, MESSAGES_ITEM, SAVED, WISHLIST);
  if (userType === 'Vender') items.push(PRODUCTS, SALES);
  if (isAdmin) items.push(ADMIN_CONSOLE);
  return items;
}

/** Post Ad is shown to providers and to anonymous visitors (spec 000 §2). */
export function canSeePostAd(isLoggedIn: boolean, userType: UserType | null): boolean {
  return !isLoggedIn || userType === 'Provider';
}
