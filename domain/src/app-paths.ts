/**
 * Every path the web app has a page at, as its router writes them (web/src/app/router.tsx; a web test
 * holds the two to one list). The server answers any other path with the app's Not Found page and a real
 * 404 status, so search engines and link checkers see a missing page as missing.
 */
export const APP_PATHS = [
  '/',
  '/ad/:page',
  '/termsofservice',
  '/privacypolicy',
  '/reporttrafficking',
  '/faq',
  '/contactus',
  '/resetPassword',
  '/package',
  '/ads/packages',
  '/eroticbody',
  '/eroticbody/:id',
  '/sextoy',
  '/sextoy/:id',
  '/stripclub',
  '/stripclub/:id',
  '/products',
  '/productsList',
  '/productdetails/:id',
  '/Cart',
  '/Checkout',
  '/login',
  '/register',
  '/forgotPassword',
  '/profile',
  '/profile/view',
  '/profile/edit',
  '/profile/changepassword',
  '/provider/reviewmail',
  '/provider',
  '/provider/subscription',
  '/provider/wallet',
  '/ads/submit',
  '/ads/view',
  '/ads/edit/:id',
  '/place/view',
  '/place/add',
  '/place/edit/:id',
  '/provider/ratehobyist',
  '/orders/view',
  '/wishlist',
  '/products/view',
  '/products/add',
  '/products/edit/:id',
  '/sales/view',
  '/admin/two-factor',
  '/admin',
  '/admin/dashboard',
  '/admin/moderation',
  '/admin/verifications',
  '/admin/payments',
  '/admin/reports',
  '/admin/users',
  '/admin/users/:id',
  '/admin/screening',
  '/admin/settings',
  '/admin/audit-log',
] as const;

/**
 * The pages about the site itself that search engines should list (the sitemap's first part): the home
 * listing, the venue directories, the shop, the packages and the static pages. Records' pages (places,
 * products) are listed from the database.
 */
export const INDEXED_PAGES = [
  '/',
  '/eroticbody',
  '/sextoy',
  '/stripclub',
  '/products',
  '/package',
  '/faq',
  '/contactus',
  '/termsofservice',
  '/privacypolicy',
  '/reporttrafficking',
] as const;

/** A path's segments: one leading slash and any trailing ones dropped; an empty inner segment stays. */
function segments(path: string): string[] {
  const inner = path.replace(/^\//, '').replace(/\/+$/, '');
  return inner === '' ? [] : inner.split('/');
}

const PATTERNS = APP_PATHS.map((p) => segments(p.toLowerCase()));

/** The path as the router reads it: decoded, or as sent when it is not valid percent-encoding. */
function decoded(pathname: string): string {
  try {
    return decodeURI(pathname);
  } catch {
    return pathname;
  }
}

/**
 * Whether the app has a page at `pathname` (no query string), matched as the router matches: letters in
 * any case, trailing slashes or none, a `:name` segment standing for any one segment that is not empty.
 */
export function isAppPath(pathname: string): boolean {
  const parts = segments(decoded(pathname).toLowerCase());
  return PATTERNS.some(
    (pattern) =>
      pattern.length === parts.length &&
      pattern.every((s, i) => (s.startsWith(':') ? parts[i] !== '' : s === parts[i])),
  );
}
