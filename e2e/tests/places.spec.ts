import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { APIRequestContext, Page } from '@playwright/test';
import { MESSAGES } from '@app/domain';
import { expect, test } from './fixtures.ts';
import { createAccount, signInAs, signInThroughApi, uniqueId, type TestAccount } from './support/accounts.ts';
import { addPlace, ADMIN, apiAs, approvePlace, approveRevision } from './support/business.ts';
import { pngFile } from './support/png.ts';

/**
 * Places and venues: a provider adds a place with an image, it waits for
 * review, an admin approves it, it shows under its type in the chosen city with a heading that says
 * so; a hobbyist reviews it and the sort links reorder the list; the provider changes its image (back
 * to review, the old file gone) and deletes it.
 */

const here = path.dirname(fileURLToPath(import.meta.url));
const GPS_PHOTO = path.join(here, 'support/photo-with-gps.jpg');
const F = MESSAGES.placeForm;
const V = MESSAGES.venues;
const R = MESSAGES.venueReviews;
const P = MESSAGES.places;
const C = MESSAGES.confirmDelete;
/** A small CA city no other journey uses, so its venue list holds this test's places. */
const CITY = 'Hercules';
const LOCATION = `country=US&state=CA&city%5B0%5D=${encodeURIComponent(CITY)}`;

interface PlaceItem {
  id: number;
  attributes: {
    name: string;
    review: string;
    image: { data: { id: number; attributes: { url: string } } | null };
  };
}

/** The provider's own places, newest first, with their images (the owner's view). */
async function ownPlaces(request: APIRequestContext, account: TestAccount): Promise<PlaceItem[]> {
  const body = await apiAs<{ data: PlaceItem[] }>(
    request,
    account,
    'GET',
    `/api/vendors?filters[user][id][$eq]=${account.id}&populate[0]=image&sort=id:desc`,
  );
  return body.data;
}

/** How many body-rub places the public sees in the city. */
async function publicCount(request: APIRequestContext): Promise<number> {
  const response = await request.get(
    `/api/vendors?filters[vendor_type][type][$eq]=eroticbody&filters[address][state][$eq]=CA&filters[address][city][$in][0]=${encodeURIComponent(CITY)}`,
  );
  return ((await response.json()) as { meta: { pagination: { total: number } } }).meta.pagination.total;
}

/** The names of the venue cards, in the order shown. */
async function cardOrder(page: Page): Promise<string[]> {
  const list = page.getByRole('list', { name: V.listLabel });
  await expect(list).toHaveAttribute('aria-busy', 'false');
  return list
    .getByRole('article')
    .evaluateAll((cards) => cards.map((c) => c.getAttribute('aria-label') ?? ''));
}

test.describe('[PLACES][JOURNEY]', () => {
  test('[PLACES][JOURNEY] a provider adds a place that waits for review, is listed under its type in its city once approved, is reviewed and sorted, gets a new image and is deleted', async ({
    page,
    browser,
    request,
  }) => {
    test.setTimeout(150_000);
    const provider = await createAccount(request, 'Provider');
    const name = `E2E Spa ${uniqueId()}`;

    // Add Place: the required marks, then every field and an image that carries GPS data.
    await signInAs(page, provider);
    await page.goto('/place/add');
    const form = page.getByRole('form', { name: F.addTitle });
    await form.getByRole('button', { name: F.submit }).click();
    await expect(form.getByText(F.typeRequired)).toBeVisible();
    await expect(form.getByText(F.required).first()).toBeVisible();
    await form.getByLabel(F.name, { exact: true }).fill(name);
    await form.getByLabel(F.type, { exact: true }).selectOption({ label: 'Erotic Body Rubs' });
    await form.getByLabel(F.address, { exact: true }).fill('12 Placeholder Street');
    await form.getByLabel(F.state, { exact: true }).selectOption('CA');
    await form.getByLabel(F.city, { exact: true }).selectOption(CITY);
    await form.getByLabel(F.postalCode, { exact: true }).fill('94547');
    await form.getByLabel(F.phone, { exact: true }).fill('555-0100');
    await form.getByLabel(F.email, { exact: true }).fill('spa@example.com');
    await form.getByRole('button', { name: F.submit }).click();
    await expect(form.getByText(F.phoneInvalid)).toBeVisible();
    await form.getByLabel(F.phone, { exact: true }).fill('5550100');
    await form
      .getByLabel(F.image, { exact: true })
      .setInputFiles({ name: 'front.jpg', mimeType: 'image/jpeg', buffer: await readFile(GPS_PHOTO) });
    await form.getByRole('button', { name: F.submit }).click();
    await expect(page.getByText(P.submitted)).toBeVisible({ timeout: 20_000 });
    await expect(page).toHaveURL(/\/place\/view$/);

    // Waiting for review: on My Places, not on the venue page, not in the public API.
    const mine = page.getByRole('article', { name });
    await expect(mine.getByText(MESSAGES.review.pending)).toBeVisible();
    const [place] = await ownPlaces(request, provider);
    expect(place!.attributes.name).toBe(name);
    expect(place!.attributes.review).toBe('pending');
    expect((await request.get(`/api/vendors/${place!.id}`)).status()).toBe(404);
    const imageBytes = await (await request.get(place!.attributes.image.data!.attributes.url)).body();
    expect(imageBytes.includes('Exif')).toBe(false);
    await page.goto(`/eroticbody?${LOCATION}`);
    await expect(page.getByRole('heading', { level: 1 })).toContainText(`in ${CITY}, CA`);
    await expect(page.getByRole('article', { name })).toHaveCount(0);

    // The admin approves it: it shows under its type, in its city, with a heading that counts what is shown.
    await approvePlace(request, place!.id);
    // A second, newer place of the same type and city, with no reviews.
    const otherName = `E2E Studio ${uniqueId()}`;
    await approvePlace(
      request,
      await addPlace(request, provider, { name: otherName, type: 'eroticbody', city: CITY }),
    );
    const total = await publicCount(request);
    await page.goto(`/eroticbody?${LOCATION}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      `${total} Erotic Body Rubs ${V.in} ${CITY}, CA`,
    );
    await expect(page.getByRole('article', { name })).toBeVisible();
    await expect(page.getByRole('article', { name }).getByText(V.noReviews)).toBeVisible();
    // Newest first by default: the second place comes before the first.
    let order = await cardOrder(page);
    expect(order.indexOf(otherName)).toBeLessThan(order.indexOf(name));
    // Not under another type.
    await page.goto(`/sextoy?${LOCATION}`);
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Sex Toy Shop');
    await expect(page.getByRole('article', { name })).toHaveCount(0);

    // A hobbyist reviews the first place from its detail page.
    const hobbyist = await createAccount(request, 'Hobbyist');
    const hobbyistContext = await browser.newContext();
    try {
      const hobbyistPage = await hobbyistContext.newPage();
      await hobbyistPage.addInitScript(() => localStorage.setItem('disclaimerbox', 'true'));
      await signInAs(hobbyistPage, hobbyist);
      await hobbyistPage.goto(`/eroticbody?${LOCATION}`);
      await hobbyistPage.getByRole('article', { name }).getByRole('link', { name }).click();
      await expect(hobbyistPage).toHaveURL(new RegExp(`/eroticbody/${place!.id}`));
      await expect(hobbyistPage.getByRole('heading', { level: 1, name })).toBeVisible();
      await expect(hobbyistPage.getByRole('link', { name: V.map })).toHaveAttribute(
        'href',
        /openstreetmap\.org\/search\?query=12%20Placeholder%20Street/,
      );
      const review = hobbyistPage.getByRole('form', { name: R.write });
      await review.getByLabel('5 stars').check();
      await review.getByLabel(R.text, { exact: true }).fill('Clean rooms and friendly staff.');
      await review.getByRole('button', { name: R.post }).click();
      await expect(hobbyistPage.getByText(R.posted)).toBeVisible();
      await expect(hobbyistPage.getByText('Clean rooms and friendly staff.')).toBeVisible();
      // The review names its author by username, never by real name.
      const posted = hobbyistPage.getByRole('article', { name: `${hobbyist.username} 5 ${R.stars}` });
      await expect(posted).toBeVisible();
      await expect(posted).not.toContainText(hobbyist.last_name);
      await expect(hobbyistPage.getByRole('button', { name: V.report })).toBeVisible();
    } finally {
      await hobbyistContext.close();
    }

    // The sort links reorder the list on the server and stay in the URL.
    await page.goto(`/eroticbody?${LOCATION}`);
    await expect(page.getByRole('article', { name }).getByText(`1 ${V.review}`)).toBeVisible();
    const sorts = page.getByRole('navigation', { name: V.sortBy });
    for (const [label, key] of [
      [V.sortRating, 'rating'],
      [V.sortReviews, 'reviews'],
      [V.sortDate, 'date'],
    ] as const) {
      await sorts.getByRole('link', { name: label, exact: true }).click();
      await expect(page).toHaveURL(new RegExp(`sort=${key}`));
      await expect(sorts.getByRole('link', { name: label, exact: true })).toHaveAttribute(
        'aria-current',
        'true',
      );
      order = await cardOrder(page);
      expect(order.indexOf(name), label).toBeLessThan(order.indexOf(otherName));
    }

    // A new image waits for review while the place stays public with the old one; the approval publishes
    // it and deletes the old file.
    const oldUrl = place!.attributes.image.data!.attributes.url;
    await page.goto(`/place/edit/${place!.id}`);
    const change = page.getByRole('form', { name: F.changeImage });
    await change
      .getByLabel(F.changeImage, { exact: true })
      .setInputFiles(pngFile('new.png', 50, [40, 160, 200]));
    await change.getByRole('button', { name: MESSAGES.adForm.upload }).click();
    await expect(page.getByText(P.imageUpdated)).toBeVisible();
    const [edited] = await ownPlaces(request, provider).then((all) => all.filter((p) => p.id === place!.id));
    expect(edited!.attributes.review).toBe('approved');
    expect((await request.get(oldUrl)).status()).toBe(200);
    await approveRevision(request, 'place', place!.id);
    const [approved] = await ownPlaces(request, provider).then((all) =>
      all.filter((p) => p.id === place!.id),
    );
    expect(approved!.attributes.image.data!.attributes.url).not.toBe(oldUrl);
    expect((await request.get(oldUrl)).status()).toBe(404);

    // Delete from My Places, through the confirmation.
    await page.goto('/place/view');
    await page.getByRole('article', { name }).getByRole('button', { name: P.delete }).click();
    const dialog = page.getByRole('dialog', { name: C.title });
    await expect(dialog.getByText(C.prompt)).toBeVisible();
    await dialog.getByRole('button', { name: P.delete }).click();
    await expect(page.getByText(P.deleted)).toBeVisible();
    await expect(page.getByRole('article', { name })).toHaveCount(0);
    expect(await adminStatus(request, place!.id)).toBe(404);
  });

  test('[PLACES][ROLES] Add Place leads providers to the form and visitors to the login; other accounts do not see it', async ({
    page,
    request,
  }) => {
    await page.goto('/stripclub');
    await page.getByRole('link', { name: V.addPlace }).click();
    await expect(page).toHaveURL(/\/login/);

    const hobbyist = await createAccount(request, 'Hobbyist');
    await signInAs(page, hobbyist);
    await page.goto('/stripclub');
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Strip Club Link');
    await expect(page.getByRole('link', { name: V.addPlace })).toHaveCount(0);
    // A non-numeric id falls back to the listing.
    await page.goto('/stripclub/not-a-number');
    await expect(page.getByRole('navigation', { name: V.sortBy })).toBeVisible();
  });
});

/** The admin's view of a place id: 404 once it is deleted. */
async function adminStatus(request: APIRequestContext, id: number): Promise<number> {
  const { jwt } = await signInThroughApi(request, ADMIN);
  return (await request.get(`/api/vendors/${id}`, { headers: { authorization: `Bearer ${jwt}` } })).status();
}
