import type { Page } from '@playwright/test';
import { INDEXED_PAGES, MESSAGES } from '@app/domain';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, demoProviderEmail } from '../../server/src/demo/demo-accounts.ts';
import { expect, test } from './fixtures.ts';
import { signInAs } from './support/accounts.ts';
import { ADMIN, apiAs } from './support/business.ts';
import { DESKTOP, JOURNEY_SCREENSHOTS, PHONE, pageChecker, type PageChecker } from './support/phone-check.ts';

/**
 * Each role's pages on a phone (390 × 844): none scrolls sideways, no table is wider than its box, no
 * console error. `npm run journeys` walks them at 1280 × 800 too and keeps each page as a screenshot
 * (e2e/test-results/journeys and journeys-desktop) to look at. The accounts are the demo ones the e2e server seeds (`--demo`), which
 * have something on every page. The account's pages are the ones its menu links (read from the page,
 * web/src/app/accountMenu.ts), and the console's the ones its sidebar links, each opened by its link.
 */

const demo = (email: string) => ({ email, password: DEMO_PASSWORD });
const HOBBYIST = demo(DEMO_ACCOUNTS.find((a) => a.user_type === 'Hobbyist')!.email);
const VENDOR = demo(DEMO_ACCOUNTS.find((a) => a.user_type === 'Vender')!.email);
/** The first demo provider: ads, a package, places and screening entries (the Provider above has none). */
const PROVIDER = demo(demoProviderEmail(1));

/** The page's name in the screenshots' folder: its path without slashes. */
function nameOf(path: string): string {
  return (
    path
      .replace(/^\//, '')
      .replace(/[/?=&]+/g, '-')
      .toLowerCase() || 'home'
  );
}

/** One role's walk: the pages checked so far, each checked once. */
class Journey {
  private readonly seen = new Set<string>();
  private readonly pages: PageChecker;

  constructor(
    private readonly page: Page,
    role: string,
  ) {
    this.pages = pageChecker(page, role);
  }

  /** Goes to `path` (a full load, as a visitor's link from elsewhere) and checks the page there. */
  async visit(path: string, name = nameOf(path)): Promise<void> {
    this.seen.add(path);
    await this.page.goto(path);
    await this.pages.check(name);
  }

  /**
   * Opens every page a navigation (by its label) links, by its link, and checks each; the console's
   * sidebar is folded into a menu on a phone. Answers the addresses linked.
   */
  async followNav(label: string): Promise<string[]> {
    const nav = this.page.locator(`nav[aria-label="${label}"]`);
    const links = nav.locator('a[href]');
    await expect(links.first()).toBeAttached();
    const paths = await links.evaluateAll((as) => as.map((a) => a.getAttribute('href')!));
    for (const path of paths) {
      if (this.seen.has(path)) continue;
      this.seen.add(path);
      if (!(await nav.isVisible())) {
        await this.page.getByRole('button', { name: MESSAGES.adminConsole.nav.openMenu }).click();
      }
      // On a phone the folded sidebar is drawn a second time while its menu is open.
      await nav.locator(`a[href="${path}"]`).filter({ visible: true }).click();
      // The link is marked current once the page it opens is drawn.
      await expect(nav.locator(`a[href="${path}"][aria-current="page"]`).first()).toBeAttached();
      await this.pages.check(path === '/admin' ? 'admin-dashboard' : nameOf(path));
    }
    return paths;
  }

  /** My Profile, then every page of the account's menu (its sidebar there). */
  async accountMenu(): Promise<string[]> {
    await this.visit('/profile');
    return this.followNav(MESSAGES.nav.account);
  }
}

/** The first link on the page whose address matches `pattern` (a record's own page), once its list has loaded. */
async function firstLink(page: Page, pattern: RegExp): Promise<string> {
  let href: string | undefined;
  await expect
    .poll(
      async () => {
        const hrefs = await page
          .locator('a[href]')
          .evaluateAll((links) => links.map((a) => a.getAttribute('href')!));
        href = hrefs.find((h) => pattern.test(h));
        return href;
      },
      { message: `a link to ${pattern} on ${page.url()}`, timeout: 15_000 },
    )
    .toBeDefined();
  return href!;
}

const AD = /^\/ads\/\d+\//;
const PRODUCT = /^\/productdetails\/\d+$/;
/** The screenshots' names of the visitor's pages whose path says little. */
const VISITOR_PAGE_NAMES: Partial<Record<string, string>> = { '/': 'directory', '/products': 'shop' };
/** The listings the visitor opens a record from: the record's link and its screenshot's name. */
const RECORD_LINKS: Partial<Record<string, { link: RegExp; name: string }>> = {
  '/': { link: AD, name: 'ad' },
  '/eroticbody': { link: /^\/eroticbody\/\d+$/, name: 'place' },
  '/products': { link: PRODUCT, name: 'product' },
};

for (const viewport of JOURNEY_SCREENSHOTS ? [PHONE, DESKTOP] : [PHONE]) {
  const at = viewport === PHONE ? 'PHONE' : 'DESKTOP';

  test.describe(`[JOURNEYS][${at}]`, () => {
    test.use({ viewport });

    test(`[JOURNEYS][${at}] a visitor's pages fit, without console errors`, async ({ page }) => {
      test.setTimeout(150_000);
      const journey = new Journey(page, 'visitor');
      // Every page search engines list, a record's page from the listings that have them, then the
      // cart and the sign-in pages.
      for (const path of INDEXED_PAGES) {
        await journey.visit(path, VISITOR_PAGE_NAMES[path]);
        const record = RECORD_LINKS[path];
        if (record) await journey.visit(await firstLink(page, record.link), record.name);
      }
      for (const path of ['/Cart', '/login', '/register', '/forgotPassword']) await journey.visit(path);
    });

    test(`[JOURNEYS][${at}] a hobbyist's pages fit, without console errors`, async ({ page, request }) => {
      test.setTimeout(150_000);
      await signInAs(page, HOBBYIST);
      const journey = new Journey(page, 'hobbyist');
      await journey.visit('/', 'directory');
      const ad = await firstLink(page, AD);
      // A conversation of the hobbyist's own: the demo has none.
      await apiAs(request, HOBBYIST, 'POST', `/api/providers/${/\d+/.exec(ad)![0]}/mail`, {
        data: { message: 'Hello, a question about your ad.' },
      });
      await journey.visit(ad, 'ad');
      await page.goto('/products');
      await journey.visit(await firstLink(page, PRODUCT), 'product');
      await page.getByRole('button', { name: MESSAGES.productDetails.addToCart }).click();
      await expect(page.getByText(MESSAGES.productDetails.added)).toBeVisible();
      await journey.visit('/Cart', 'cart');
      await journey.visit('/Checkout', 'checkout');
      const menu = await journey.accountMenu();
      expect(menu).toEqual(expect.arrayContaining(['/orders/view', '/payments/view', '/messages']));
      await page.goto('/messages');
      await journey.visit(await firstLink(page, /^\/messages\/\d+$/), 'conversation');
      await journey.visit('/profile/edit');
    });

    test(`[JOURNEYS][${at}] a provider's pages fit, without console errors`, async ({ page }) => {
      test.setTimeout(150_000);
      await signInAs(page, PROVIDER);
      const journey = new Journey(page, 'provider');
      const menu = await journey.accountMenu();
      expect(menu).toEqual(
        expect.arrayContaining(['/provider', '/ads/view', '/place/view', '/provider/wallet']),
      );
      await page.goto('/ads/view');
      await journey.visit(await firstLink(page, /^\/ads\/edit\/\d+$/), 'ad-edit');
      await journey.visit('/ads/submit');
      await journey.visit('/place/add');
      await journey.visit('/package');
    });

    test(`[JOURNEYS][${at}] a vendor's pages fit, without console errors`, async ({ page }) => {
      test.setTimeout(150_000);
      await signInAs(page, VENDOR);
      const journey = new Journey(page, 'vendor');
      const menu = await journey.accountMenu();
      expect(menu).toEqual(expect.arrayContaining(['/products/view', '/sales/view']));
      await page.goto('/products/view');
      await journey.visit(await firstLink(page, /^\/products\/edit\/\d+$/), 'product-edit');
      await journey.visit('/products/add');
    });

    test(`[JOURNEYS][${at}] the admin console's sections fit, without console errors`, async ({ page }) => {
      test.setTimeout(150_000);
      await signInAs(page, ADMIN);
      const journey = new Journey(page, 'admin');
      await journey.visit('/admin', 'admin-dashboard');
      const sections = await journey.followNav(MESSAGES.adminConsole.nav.label);
      expect(sections).toEqual(expect.arrayContaining(['/admin/moderation', '/admin/audit-log']));
      await page.goto('/admin/users');
      await journey.visit(await firstLink(page, /^\/admin\/users\/\d+$/), 'admin-user');
      await journey.accountMenu();
    });
  });
}
