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
  '/screening-review',
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
  '/messages',
  '/messages/:id',
  '/provider',
  '/provider/subscription',
  '/provider/wallet',
  '/ads/submit',
  '/ads/view',
  '/ads/edit/:id',
  '/ads/:id',
  '/ads/:id/:slug',
  '/place/view',
  '/place/add',
  '/place/edit/:id',
  '/provider/ratehobyist',
  '/orders/view',
  '/payments/view',
  '/wishlist',
  '/saved',
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
  '/screening-review',
] as const;

/**
 * The beginnings of the paths of private pages: account, admin, cart, checkout and the sign-in pages.
 * robots.txt keeps crawlers off them and the server marks them `noindex`. robots.txt matches letters'
 * case and the app's paths do not, so both spellings the site links to are named.
 */
export const PRIVATE_PAGES = [
  '/admin',
  '/profile',
  '/messages',
  '/provider',
  '/ads/submit',
  '/ads/view',
  '/ads/edit/',
  '/place/',
  '/orders/',
  '/payments/',
  '/wishlist',
  '/saved',
  '/products/view',
  '/products/add',
  '/products/edit/',
  '/sales/',
  '/Cart',
  '/cart',
  '/Checkout',
  '/checkout',
  '/login',
  '/register',
  '/forgotPassword',
  '/resetPassword',
] as const;

/** Whether a path is a private page's (see `PRIVATE_PAGES`), in any case. */
export function isPrivatePage(pathname: string): boolean {
  const path = pathname.toLowerCase();
  return PRIVATE_PAGES.some((prefix) => path.startsWith(prefix.toLowerCase()));
}

/** A path's segments: one leading slash and any trailing ones dropped; an empty inner segment stays. */
function segments(path: string): string[] {
  const inner = path.replace(/^\//, '').replace(/\/+$/, '');
  return inner === '' ? [] : inner.split('/');
}

/** The paths' segments, those with fewer `:param` segments first (the router prefers a fixed segment). */
const PATTERNS = APP_PATHS.map((path) => ({ path, parts: segments(path.toLowerCase()) })).sort(
  (a, b) => a.parts.filter((s) => s.startsWith(':')).length - b.parts.filter((s) => s.startsWith(':')).length,
);

/** The path as the router reads it: decoded, or as sent when it is not valid percent-encoding. */
export function decodedPath(pathname: string): string {
  try {
    return decodeURI(pathname);
  } catch {
    return pathname;
  }
}

/**
 * The app's path that `pathname` (no query string) is a page of, matched as the router matches: letters
 * in any case, trailing slashes or none, a `:name` segment standing for any one segment that is not
 * empty, a fixed segment before a `:name` one (`/ads/view` is My Ads, not an ad's page). Undefined when
 * the app has no page there.
 */
export function matchAppPath(pathname: string): (typeof APP_PATHS)[number] | undefined {
  const parts = segments(decodedPath(pathname).toLowerCase());
  return PATTERNS.find(
    ({ parts: pattern }) =>
      pattern.length === parts.length &&
      pattern.every((s, i) => (s.startsWith(':') ? parts[i] !== '' : s === parts[i])),
  )?.path;
}

/** Whether the app has a page at `pathname` (see `matchAppPath`). */
export function isAppPath(pathname: string): boolean {
  return matchAppPath(pathname) !== undefined;
}

/** Whether a path is the provider listing's: `/` or `/ad/{page}` (any case, a trailing slash allowed). */
export const isListingPath = (pathname: string): boolean =>
  pathname === '/' || /^\/ad\/[^/]*\/?$/i.test(pathname);
