import { DEMO_AD_PLACES } from '../../server/src/demo/demo-ad-places.ts';
import { fillTemplate, MESSAGES } from '@app/domain';
import type { Locator, Page, Response } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { collectPageErrors } from './support/page-errors.ts';

/**
 * The provider listing with a few hundred demo providers (`start.mjs --demo`): filters with counts,
 * the header location picker, pagination and Back.
 */

const F = MESSAGES.filters;
const P = MESSAGES.pagination;

const total = (page: Page) => page.getByTestId('listing-total');
const section = (page: Page, name: string) => page.getByRole('group', { name, exact: true });

/** "Incall (12)" → 12. */
async function countIn(label: Locator): Promise<number> {
  const text = (await label.textContent()) ?? '';
  const match = /\((\d+)\)\s*$/.exec(text);
  if (!match) throw new Error(`no count in "${text}"`);
  return Number(match[1]);
}

/** The option's label in a section, once it carries a count. */
async function optionLabel(page: Page, sectionName: string, option: string): Promise<Locator> {
  const label = section(page, sectionName).locator('label', {
    hasText: new RegExp(`^${option.replace(/[()]/g, '\\$&')} \\(\\d+\\)$`),
  });
  await expect(label).toBeVisible();
  return label;
}

function totalText(n: number): string {
  return `${n.toLocaleString('en-US')} ${n === 1 ? MESSAGES.directory.providerOne : MESSAGES.directory.providerMany}`;
}

/** The next filter counts the page asks for, once they have been drawn. */
function nextFilterData(page: Page): Promise<Response> {
  return page.waitForResponse((r) => r.url().includes('/api/filterdata') && r.ok());
}

/**
 * The demo's California cities but San Jose and El Sobrante, where other journeys post ads while this
 * file runs: counts and totals here change only when this test changes the filters.
 */
const DEMO_ONLY_LISTING = `/?country=US&state=CA&${DEMO_AD_PLACES.CA!.cities.filter(
  (city) => city !== 'San Jose',
)
  .map((city, i) => `city%5B${i}%5D=${encodeURIComponent(city)}`)
  .join('&')}`;

/** Opens a listing: the server's page holds the cards and counts, nothing is asked again. */
async function openListing(page: Page, path = '/') {
  await page.goto(path);
  await expect(total(page)).toHaveText(/\d+ providers?$/);
  await countsSettled(page);
}

/** Waits until every count of the Categories panel belongs to the current filters. */
async function countsSettled(page: Page) {
  await expect(page.locator('#filter-panel')).toHaveAttribute('aria-busy', 'false');
}

/** Clicks an option and checks that the listing's total is the count the option showed. */
async function choose(page: Page, label: Locator, expected: number) {
  const counts = nextFilterData(page);
  await label.click();
  await counts;
  await expect(total(page)).toHaveText(totalText(expected));
  await countsSettled(page);
}

test.describe('[DIRECTORY]', () => {
  test('[DIRECTORY][LISTING] the home page lists providers with the disclaimer, a total and pages', async ({
    page,
  }) => {
    await openListing(page);
    await expect(page.getByText(MESSAGES.directory.rolePlay)).toBeVisible();
    const list = page.getByRole('list', { name: MESSAGES.directory.listLabel });
    await expect(list.locator(':scope > li')).toHaveCount(10);
    const totalCount = Number(((await total(page).textContent()) ?? '').replace(/\D/g, ''));
    expect(totalCount).toBeGreaterThan(10);
    const nav = page.getByRole('navigation', { name: P.label });
    await expect(nav.locator('[aria-current="page"]')).toHaveText(/1/);
    for (const name of [F.language, F.race, F.call, F.age, F.donation, F.cum, F.personality, F.grooming]) {
      await expect(page.getByRole('button', { name, exact: true })).toHaveAttribute('aria-expanded', 'true');
    }
    // A page that is not a number is page 1.
    await openListing(page, '/ad/abc');
    await expect(nav.locator('[aria-current="page"]')).toHaveText(/1/);
  });

  test('[DIRECTORY][FILTERS] the count beside each chosen option is the number of results', async ({
    page,
  }) => {
    test.slow(); // about twenty filter choices, each waiting for the listing and its counts
    await openListing(page, DEMO_ONLY_LISTING);

    const incall = await optionLabel(page, F.call, F.incall);
    await choose(page, incall, await countIn(incall));
    await expect(page).toHaveURL(/filter\[call\]\[0\]=Incall/);

    const yes = await optionLabel(page, F.massage, F.yes);
    await choose(page, yes, await countIn(yes));

    // A sub-type sets its parent to Yes.
    const light = await optionLabel(page, F.kissing, 'Light');
    await choose(page, light, await countIn(light));
    await expect(section(page, F.kissing).getByRole('radio', { name: /^Yes/ })).toBeChecked();

    const personality = await optionLabel(page, F.personality, 'Confident');
    const expected = await countIn(personality);
    await choose(page, personality, expected);

    // The filtered page survives a reload.
    await page.reload();
    await expect(total(page)).toHaveText(totalText(expected));
    await countsSettled(page);
    await expect(section(page, F.call).getByRole('checkbox', { name: /^Incall/ })).toBeChecked();
    await expect(section(page, F.personality).getByRole('checkbox', { name: /^Confident/ })).toBeChecked();

    // No clears the sub-types.
    const no = await optionLabel(page, F.kissing, F.no);
    await choose(page, no, await countIn(no));
    await expect(section(page, F.kissing).getByRole('checkbox', { name: /^Light/ })).not.toBeChecked();
    await expect(page).not.toHaveURL(/kissing_types/);

    // CIM chooses the three mouth options at once; its count is the total that gives.
    const cim = await optionLabel(page, F.cum, F.cim);
    await choose(page, cim, await countIn(cim));
    // N/A clears a section: its count is the total without that section. (Those states were seen
    // before, so their counts may come from the page's cache rather than a new request.)
    for (const [name, key] of [
      [F.cum, /cum_type/],
      [F.kissing, /kissing/],
      [F.personality, /personality/],
    ] as const) {
      const na = await optionLabel(page, name, F.na);
      const expectedTotal = await countIn(na);
      await na.click();
      await expect(page).not.toHaveURL(key);
      await expect(total(page)).toHaveText(totalText(expectedTotal));
      await countsSettled(page);
    }
  });

  test('[DIRECTORY][LOCATION] choosing a state and a city shows only that city', async ({ page }) => {
    await openListing(page);
    const picker = page.getByTestId('location-picker');
    await expect(picker).toContainText('US > CA');
    await picker.click();
    const dialog = page.getByRole('dialog', { name: MESSAGES.location.title });
    await expect(dialog.getByLabel(/^United States \(\d+\)$/)).toBeChecked();

    // The first state with providers, then its first city.
    const states = dialog.getByRole('group', { name: MESSAGES.location.state }).locator('label');
    await expect(states.first()).toBeVisible();
    const withProviders = states.filter({ hasNotText: /\(0\)$/ }).first();
    await withProviders.click();
    const city = dialog.getByRole('group', { name: MESSAGES.location.city }).locator('label').first();
    await expect(city).toHaveText(/\(\d+\)$/);
    const cityName = ((await city.textContent()) ?? '').replace(/\s*\(\d+\)$/, '');
    const cityCount = await countIn(city);
    expect(cityCount).toBeGreaterThan(0);
    await city.click();

    const listing = page.waitForResponse((r) => r.url().includes('/api/providers?') && r.ok());
    await dialog.getByRole('button', { name: MESSAGES.location.find }).click();
    await expect(dialog).toBeHidden();
    const body = (await (await listing).json()) as { data: { attributes: { city: string } }[] };
    expect(body.data.length).toBeGreaterThan(0);
    for (const item of body.data) expect(item.attributes.city).toBe(cityName);
    await expect(total(page)).toHaveText(totalText(cityCount));
    await expect(page).toHaveURL(/country=US/);
    await expect(picker).toContainText(`> ${cityName}`);
  });

  test('[DIRECTORY][PAGINATION] Next goes to page 2 and Back returns to page 1 with the same filters', async ({
    page,
  }) => {
    await openListing(page);
    const yes = await optionLabel(page, F.massage, F.yes);
    const no = await optionLabel(page, F.massage, F.no);
    const [yesCount, noCount] = [await countIn(yes), await countIn(no)];
    const bigger = yesCount >= noCount ? yes : no;
    const expected = Math.max(yesCount, noCount);
    expect(expected).toBeGreaterThan(10);
    await choose(page, bigger, expected);
    const filtered = page.url();
    const list = page.getByRole('list', { name: MESSAGES.directory.listLabel });
    const firstOnPage1 = (await list.locator(':scope > li').first().textContent()) ?? '';

    const nav = page.getByRole('navigation', { name: P.label });
    await expect(nav.getByText(P.prev, { exact: true })).toHaveAttribute('aria-disabled', 'true');
    await nav.getByRole('link', { name: P.next }).click();
    await expect(page).toHaveURL(/\/ad\/2\?filter\[massage\]=(yes|no)/);
    await expect(nav.locator('[aria-current="page"]')).toHaveText(/2/);
    await expect(list.locator(':scope > li').first()).not.toHaveText(firstOnPage1);
    await expect(total(page)).toHaveText(totalText(expected));

    await nav.getByRole('link', { name: P.prev }).click();
    await expect(page).toHaveURL(/\/ad\/1\?filter\[massage\]/);
    await page.goBack();
    await expect(page).toHaveURL(/\/ad\/2\?/);
    await page.goBack();
    await expect(page).toHaveURL(filtered);
    await expect(nav.locator('[aria-current="page"]')).toHaveText(/1/);
    await expect(list.locator(':scope > li').first()).toHaveText(firstOnPage1);
    await expect(total(page)).toHaveText(totalText(expected));
    await expect(bigger).toBeVisible();
    await expect(
      section(page, F.massage).getByRole('radio', { name: yesCount >= noCount ? /^Yes/ : /^No/ }),
    ).toBeChecked();

    // The last page has no Next.
    const lastPage = Math.ceil(expected / 10);
    await page.goto(filtered.replace(/\/\?/, `/ad/${lastPage}?`));
    await expect(nav.locator('[aria-current="page"]')).toHaveText(new RegExp(String(lastPage)));
    await expect(nav.getByText(P.next, { exact: true })).toHaveAttribute('aria-disabled', 'true');
  });
});

/** Whether the page scrolls sideways (a defect on a phone). */
function scrollsSideways(page: Page): Promise<boolean> {
  return page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
}

const chipName = (section: string, option: string) =>
  fillTemplate(F.removeChip, { filter: fillTemplate(F.chip, { section, option }) });

test.describe('[DIRECTORY][PHONE]', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('[DIRECTORY][PHONE] the filters open in a sheet, Show N results brings the listing, a chip removes its filter', async ({
    page,
  }) => {
    test.slow(); // a dozen steps, most waiting for the listing and its counts
    const errors = collectPageErrors(page);
    await openListing(page, DEMO_ONLY_LISTING);
    const unfiltered = (await total(page).textContent()) ?? '';
    expect(await scrollsSideways(page)).toBe(false);

    const toggle = page.getByRole('button', { name: F.title, exact: true });
    await toggle.click();
    const sheet = page.getByRole('dialog', { name: F.title });
    await expect(sheet).toBeVisible();
    await expect(sheet.getByRole('button', { name: F.closeSheet })).toBeVisible();
    // Nothing chosen yet: every section folded, so the sixteen fit on the screen.
    for (const name of [F.language, F.race, F.call, F.age, F.kissing, F.massage, F.grooming]) {
      await expect(sheet.getByRole('button', { name, exact: true })).toHaveAttribute(
        'aria-expanded',
        'false',
      );
    }
    await expect(sheet.getByRole('button', { name: /^Show [\d,]+ results?$/ })).toBeVisible();

    await sheet.getByRole('button', { name: F.massage, exact: true }).click();
    const yes = sheet.getByRole('group', { name: F.massage, exact: true }).locator('label', {
      hasText: /^Yes \(\d+\)$/,
    });
    await expect(yes).toBeVisible();
    const count = await countIn(yes);
    await yes.click();
    await expect(page).toHaveURL(/filter\[massage\]=yes/);
    const show = sheet.getByRole('button', {
      name:
        count === 1 ? F.showOneResult : fillTemplate(F.showResults, { count: count.toLocaleString('en-US') }),
    });
    await expect(show).toBeVisible();
    await expect(sheet).toBeVisible();

    await show.click();
    await expect(sheet).toBeHidden();
    await expect(total(page)).toHaveText(totalText(count));
    const chips = page.getByRole('list', { name: F.chosenLabel });
    const chip = chips.getByRole('button', { name: chipName(F.massage, F.yes) });
    await expect(chip).toBeVisible();
    // The listing starts on the first screen, its heading in view.
    await expect(page.getByRole('heading', { level: 1, name: MESSAGES.directory.title })).toBeInViewport();
    const cards = await page.getByRole('list', { name: MESSAGES.directory.listLabel }).boundingBox();
    expect(cards!.y).toBeLessThan(844);
    expect(await scrollsSideways(page)).toBe(false);

    // Opened again, the sheet shows the chosen section open.
    await toggle.click();
    await expect(sheet.getByRole('button', { name: F.massage, exact: true })).toHaveAttribute(
      'aria-expanded',
      'true',
    );
    await expect(sheet.getByRole('button', { name: F.language, exact: true })).toHaveAttribute(
      'aria-expanded',
      'false',
    );
    await sheet.getByRole('button', { name: F.closeSheet }).click();
    await expect(sheet).toBeHidden();

    await chip.click();
    await expect(page).not.toHaveURL(/filter\[massage\]/);
    await expect(total(page)).toHaveText(unfiltered);
    await expect(chips).toBeHidden();
    expect(await scrollsSideways(page)).toBe(false);
    expect(errors).toEqual([]);
  });

  test.describe('without JavaScript', () => {
    test.use({ javaScriptEnabled: false });

    test('[DIRECTORY][PHONE] the server’s page shows the listing and the chosen filters, nothing sideways', async ({
      page,
    }) => {
      await page.goto('/?filter[massage]=yes');
      await expect(page.getByRole('heading', { level: 1, name: MESSAGES.directory.title })).toBeInViewport();
      await expect(page.getByRole('button', { name: chipName(F.massage, F.yes) })).toBeVisible();
      await expect(page.getByRole('article').first()).toBeVisible();
      // The panel waits in its sheet, out of sight.
      await expect(page.getByRole('group', { name: F.language, exact: true })).toBeHidden();
      expect(await scrollsSideways(page)).toBe(false);
    });
  });
});
