import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, Locator, Page } from '@playwright/test';
import { expect } from '@playwright/test';
import { MESSAGES, PAGE_SIZES } from '@app/domain';
import { DISCLAIMER_ACCEPTED, DISCLAIMER_KEY } from '../fixtures.ts';

/**
 * The admin console's journeys: an admin made by the operator's CLI, a visitor's browser of
 * its own, the console's sidebar, toasts and paged lists.
 */

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

/**
 * `create-admin EMAIL PASSWORD` (server/src/cli.ts) against the run's DATA_DIR: an admin without
 * two-factor sign-in, as an operator makes one. The CLI the run's build made is called directly
 * (`scripts/cli.mjs` is the same program behind a "build when sources changed" step, which would
 * rebuild the dist folders under the running server if a source file changed since the run began).
 */
export function createAdminByCli(email: string, password: string): string {
  const dataDir = process.env.E2E_DATA_DIR;
  if (!dataDir) throw new Error('E2E_DATA_DIR is not set (see playwright.config.ts)');
  return execFileSync(
    process.execPath,
    [path.join(root, 'server/dist/cli.js'), 'create-admin', email, password],
    {
      cwd: path.join(root, 'e2e'),
      env: { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
      encoding: 'utf8',
    },
  );
}

/**
 * A page in a browser context of its own (a visitor, or a second account next to the admin), with the
 * first-visit disclaimer accepted like the fixtures' pages.
 */
export async function newVisitorPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext();
  await context.addInitScript(
    ([key, value]) => {
      try {
        if (window.localStorage.getItem(key) === null) window.localStorage.setItem(key, value);
      } catch {
        // about:blank has no storage.
      }
    },
    [DISCLAIMER_KEY, DISCLAIMER_ACCEPTED] as const,
  );
  return context.newPage();
}

/** The header's account menu of an admin the CLI made (first and last name "Site Admin"). */
export function adminAccountMenu(page: Page, name = 'Site Admin'): Locator {
  return page.getByRole('banner').getByRole('button', { name });
}

/** A toast with exactly this text. */
export function toast(page: Page, text: string): Locator {
  return page.locator('.Toastify').getByText(text, { exact: true });
}

/** The console's sidebar (or, on a phone, the offcanvas it opens into). */
export function consoleNav(page: Page): Locator {
  return page.getByRole('navigation', { name: MESSAGES.adminConsole.nav.label });
}

/** Opens a console section from the sidebar and waits for its heading. */
export async function openSection(page: Page, label: string, title: string = label): Promise<void> {
  await consoleNav(page).getByRole('link', { name: label, exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: title, exact: true })).toBeVisible();
}

/**
 * Brings `target` on screen in a paged console list that other journeys fill at the same time: the
 * current page first, then the largest page size, then page after page with Next.
 */
export async function findOnPages(
  page: Page,
  target: Locator,
  pagesLabel: string = MESSAGES.adminConsole.table.pages,
): Promise<Locator> {
  const next = page
    .getByRole('navigation', { name: pagesLabel, exact: true })
    .getByRole('button', { name: MESSAGES.pagination.next, exact: true });
  const perPage = page.getByLabel(MESSAGES.adminConsole.table.perPage, { exact: true });
  let widened = false;
  for (let turn = 0; turn < 40; turn++) {
    try {
      await expect(target).toBeVisible({ timeout: turn === 0 ? 7_000 : 2_500 });
      return target;
    } catch {
      // Not on this page: look further.
    }
    if (!widened && (await perPage.isVisible())) {
      await perPage.selectOption(String(PAGE_SIZES[PAGE_SIZES.length - 1]));
      widened = true;
    } else if ((await next.isVisible()) && (await next.isEnabled())) {
      await next.click();
    } else {
      break;
    }
  }
  await expect(target).toBeVisible();
  return target;
}
