import { expect, test as base } from '@playwright/test';

/** The localStorage key and value the first-visit disclaimer box stores once accepted (spec 000 §1). */
export const DISCLAIMER_KEY = 'disclaimerbox';
export const DISCLAIMER_ACCEPTED = 'true';

export interface Options {
  /**
   * Pre-accept the first-visit disclaimer in every page of the test's browser context (default),
   * so it does not cover the page. Opt out with `test.use({ acceptDisclaimer: false })`.
   */
  acceptDisclaimer: boolean;
}

/**
 * Playwright's `test` for every journey: import `test` and `expect` from here, not from
 * '@playwright/test', so fresh browser contexts start with the disclaimer already accepted.
 */
export const test = base.extend<Options>({
  acceptDisclaimer: [true, { option: true }],
  // A page the server rendered shows before its script runs: a click then would reach no handler. Going
  // to a page (or reloading it) waits for the app's mark that it is running (web/src/app/providers.tsx).
  page: async ({ page, javaScriptEnabled }, use) => {
    if (javaScriptEnabled !== false) {
      const ready = () => page.locator('html[data-app="ready"]').waitFor({ state: 'attached' });
      const goto = page.goto.bind(page);
      const reload = page.reload.bind(page);
      page.goto = async (url, options) => {
        const response = await goto(url, options);
        await ready();
        return response;
      };
      page.reload = async (options) => {
        const response = await reload(options);
        await ready();
        return response;
      };
    }
    await use(page);
  },
  context: async ({ context, acceptDisclaimer }, use) => {
    if (acceptDisclaimer) {
      await context.addInitScript(
        ([key, value]) => {
          // Only when absent: a test that stores its own value (or clears storage) keeps it.
          try {
            if (window.localStorage.getItem(key) === null) window.localStorage.setItem(key, value);
          } catch {
            // about:blank and other opaque origins have no localStorage.
          }
        },
        [DISCLAIMER_KEY, DISCLAIMER_ACCEPTED] as const,
      );
    }
    await use(context);
  },
});

export { expect };
