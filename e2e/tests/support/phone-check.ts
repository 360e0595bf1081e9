import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from '@playwright/test';
import { expect } from '@playwright/test';
import { collectPageErrors } from './page-errors.ts';

/**
 * How a page fits its window, and the one check of it the journeys make at any width: the page never
 * scrolls sideways, no table is wider than its box, no console error happened. With
 * `JOURNEY_SCREENSHOTS=1` (`npm run journeys`) each page checked is also kept as a full-page screenshot
 * to look at; `npm test` leaves them out, they take a good part of the journeys' time.
 */

export const JOURNEY_SCREENSHOTS = process.env.JOURNEY_SCREENSHOTS === '1';

export const PHONE = { width: 390, height: 844 };
export const DESKTOP = { width: 1280, height: 800 };

const resultsDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../test-results');

export interface Fit {
  scrollWidth: number;
  innerWidth: number;
  /** The outermost elements that reach past the window's right or left edge. */
  stickingOut: string[];
  /** Tables (or their scrolling boxes) wider than the element that holds them. */
  tooWide: string[];
}

/** How the page fits: the document's width against the window's, and each visible table against its box. */
export async function measureFit(page: Page): Promise<Fit> {
  return page.evaluate(() => {
    const describe = (el: Element) => {
      const id = el.id ? `#${el.id}` : '';
      const classes =
        typeof el.className === 'string' && el.className.trim()
          ? `.${el.className.trim().split(/\s+/).join('.')}`
          : '';
      const text = (el.textContent ?? '').trim().replace(/\s+/g, ' ').slice(0, 40);
      return `${el.tagName.toLowerCase()}${id}${classes}${text ? ` "${text}"` : ''}`;
    };
    const shown = (el: Element) => {
      if (el.closest('.visually-hidden')) return false;
      const rect = el.getBoundingClientRect();
      return rect.width > 0 && rect.height > 0 && getComputedStyle(el).visibility !== 'hidden';
    };
    const innerWidth = window.innerWidth;
    const scrollWidth = document.documentElement.scrollWidth;

    const stickingOut: string[] = [];
    if (scrollWidth > innerWidth) {
      for (const el of document.body.querySelectorAll('*')) {
        if (!shown(el) || getComputedStyle(el).position === 'fixed') continue;
        const rect = el.getBoundingClientRect();
        const out = (r: DOMRect) => r.right > innerWidth + 0.5 || r.left < -0.5;
        if (!out(rect)) continue;
        // Only the outermost: an element whose parent sticks out too is counted with its parent.
        const parent = el.parentElement;
        if (parent && parent !== document.body && out(parent.getBoundingClientRect())) continue;
        stickingOut.push(`${describe(el)} (${Math.round(rect.left)}..${Math.round(rect.right)} px)`);
        if (stickingOut.length >= 10) break;
      }
    }

    const tooWide: string[] = [];
    for (const table of document.querySelectorAll('table')) {
      if (!shown(table)) continue;
      const box = table.parentElement!;
      const name = describe(table).slice(0, 80);
      const width = table.getBoundingClientRect().width;
      if (width > box.clientWidth + 0.5)
        tooWide.push(`${name}: ${Math.round(width)} px in a box of ${box.clientWidth} px`);
      else if (box.scrollWidth > box.clientWidth + 0.5)
        tooWide.push(`${name}: its box scrolls (${box.scrollWidth} px in ${box.clientWidth} px)`);
    }
    for (const wrapper of document.querySelectorAll('.table-responsive')) {
      if (!shown(wrapper)) continue;
      const outer = wrapper.parentElement!;
      const width = wrapper.getBoundingClientRect().width;
      if (width > outer.clientWidth + 0.5)
        tooWide.push(`${describe(wrapper).slice(0, 80)}: ${Math.round(width)} px in ${outer.clientWidth} px`);
    }
    return { scrollWidth, innerWidth, stickingOut, tooWide };
  });
}

/**
 * Fails (or, `soft`, records a failure and goes on) when the page, its data loaded, scrolls sideways or
 * has a table wider than its box; `what` names the page in the message.
 */
export async function expectFits(page: Page, what: string, { soft = false } = {}): Promise<void> {
  await expect(page.locator('.spinner-border'), `${what}: still loading`).toHaveCount(0, {
    timeout: 15_000,
  });
  const fit = await measureFit(page);
  const check = soft ? expect.soft : expect;
  check(
    fit.scrollWidth,
    `${what} scrolls sideways; sticking out: ${fit.stickingOut.join('; ')}`,
  ).toBeLessThanOrEqual(fit.innerWidth);
  check(fit.tooWide, `${what}: a table wider than its container`).toEqual([]);
}

/** The checks of one journey's pages: the console errors of its page and where its screenshots go. */
export interface PageChecker {
  /** Waits for the page's data, then checks it (soft: the journey goes on and reports every page). */
  check(name: string): Promise<void>;
}

/**
 * Starts checking `page` for `role` (the screenshots' folder): `journeys/<role>` at a phone's width,
 * `journeys-desktop/<role>` at any other.
 */
export function pageChecker(page: Page, role: string): PageChecker {
  const errors = collectPageErrors(page);
  const phone = page.viewportSize()?.width === PHONE.width;
  const dir = path.join(resultsDir, phone ? 'journeys' : 'journeys-desktop', role);
  return {
    async check(name) {
      const what = `${role} ${name} at ${page.viewportSize()?.width} px`;

      await expect(page.locator('h1').first(), `${what}: its heading`).toBeVisible({ timeout: 15_000 });
      // Pictures take their height once loaded, and fonts their width.
      await page.waitForLoadState('networkidle');
      await page.evaluate(() => document.fonts.ready);
      await expectFits(page, what, { soft: true });
      expect.soft(errors, `${what}: console errors`).toEqual([]);
      errors.length = 0;
      if (!JOURNEY_SCREENSHOTS) return;
      // From the top: a page scrolled to a focused field would draw the sticky header mid-page.
      await page.evaluate(() => window.scrollTo(0, 0));
      await page.screenshot({ path: path.join(dir, `${name}.png`), fullPage: true });
    },
  };
}
