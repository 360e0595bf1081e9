import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { APIRequestContext, Page } from '@playwright/test';
import { formatMoney, MESSAGES } from '@app/domain';
import { expect, test } from './fixtures.ts';
import {
  createAccount,
  readTabSession,
  signInAs,
  signInThroughApi,
  uniqueId,
  type TestAccount,
} from './support/accounts.ts';
import {
  ADMIN,
  apiAs,
  approveAd,
  approveRevision,
  buyPackage,
  packageId,
  postAd,
  uploadImages,
} from './support/business.ts';
import { pngFile } from './support/png.ts';

/**
 * The supply side: a provider buys a package, posts an ad with photos and a video, waits
 * for review, and finds it in the directory once an admin approves it; the wallet and the quota.
 */

const here = path.dirname(fileURLToPath(import.meta.url));
const GPS_PHOTO = path.join(here, 'support/photo-with-gps.jpg');
const CLIP = path.join(here, '../../server/assets/demo-clip.webm');
const P = MESSAGES.packages;
const F = MESSAGES.adForm;

interface AdItem {
  id: number;
  attributes: {
    title: string;
    review: string;
    images: { data: { id: number; attributes: { url: string } }[] };
    video: { data: { id: number } | null };
  };
}

/** The provider's own ads, newest first, with images and video (the owner's view). */
async function ownAds(request: APIRequestContext, account: TestAccount): Promise<AdItem[]> {
  const body = await apiAs<{ data: AdItem[] }>(
    request,
    account,
    'GET',
    `/api/providers?filters[user][id][$eq]=${account.id}&populate[0]=images&populate[1]=video&sort=id:desc`,
  );
  return body.data;
}

/** Picks a package card and opens its purchase panel. */
async function selectPackage(page: Page, name: string) {
  const card = page.locator('.card').filter({ has: page.getByRole('heading', { name, exact: true }) });
  await card.getByRole('link', { name: P.select }).click();
  return page.getByRole('form', { name: `${P.selected}: ${name}` });
}

test.describe('[PROVIDER][JOURNEY]', () => {
  test('[PROVIDER][JOURNEY] a new provider buys a package, posts an ad with two photos and a video, waits for review, and is listed once approved', async ({
    page,
    request,
  }) => {
    test.setTimeout(120_000);
    const provider = await createAccount(request, 'Provider');

    // Signing in lands on the Provider Details page; its first tab leads to the ad form.
    await page.goto('/login');
    await page.getByLabel(MESSAGES.login.email).fill(provider.email);
    await page.getByLabel(MESSAGES.login.password).fill(provider.password);
    await page.getByRole('button', { name: MESSAGES.login.submit }).click();
    await expect(page).toHaveURL(/\/provider$/);
    await page.goto('/ads/submit');
    // No package yet: the spec's warning, then the packages.
    await expect(page.getByText(MESSAGES.subscription.needPackage)).toBeVisible();
    await expect(page).toHaveURL(/\/ads\/packages/);

    const panel = await selectPackage(page, 'Starter');
    await expect(panel.getByTestId('package-price')).toHaveText('$34.89');
    await panel.getByRole('button', { name: P.submit }).click();
    await expect(panel.getByText(P.transactionIdBlank)).toBeVisible();
    await panel.getByLabel(P.transactionId).fill(`E2E-PAY-${uniqueId()}`);
    await panel.getByRole('button', { name: P.submit }).click();
    await expect(page.getByText(P.added)).toBeVisible();
    await expect(page).toHaveURL(/\/$/);
    // Signed in without Remember Me: the session, and its flag, are kept in the tab.
    expect((await readTabSession(page)).subscribed).toBe('true');

    // The header's Post Ad opens the form.
    await page.getByRole('link', { name: MESSAGES.nav.postAd }).click();
    await expect(page).toHaveURL(/\/ads\/submit$/);
    const form = page.getByRole('form', { name: F.createTitle });
    const title = `E2E ad ${uniqueId()}`;
    await form
      .getByLabel(F.images)
      .setInputFiles([
        { name: 'with-gps.jpg', mimeType: 'image/jpeg', buffer: await readFile(GPS_PHOTO) },
        pngFile('second.png', 64, [90, 60, 200]),
      ]);
    await form
      .getByLabel(F.docs, { exact: true })
      .setInputFiles([{ ...pngFile('licence.png', 40, [10, 120, 90]) }]);
    await form.getByLabel(F.video, { exact: true }).setInputFiles(CLIP);
    await form.getByLabel(F.name, { exact: true }).fill('Aria');
    await form.getByLabel(F.title, { exact: true }).fill(title);
    await form.getByLabel(F.state, { exact: true }).selectOption('CA');
    await form.getByLabel(F.city, { exact: true }).selectOption('San Jose');
    await form.getByLabel(F.age, { exact: true }).fill('29');
    // The live preview is the directory's card.
    await expect(page.getByText(title).first()).toBeVisible();
    await form.getByRole('button', { name: F.submit }).click();
    await expect(page.getByText(MESSAGES.ads.created)).toBeVisible({ timeout: 30_000 });
    await expect(page).toHaveURL(/\/$/);

    // Waiting for review: on My Ads, not in the directory.
    await page.goto('/ads/view');
    const card = page.locator('.card', { hasText: title });
    await expect(card.getByText(MESSAGES.review.pending)).toBeVisible();
    const [ad] = await ownAds(request, provider);
    expect(ad!.attributes.title).toBe(title);
    expect(ad!.attributes.images.data).toHaveLength(2);
    expect(ad!.attributes.video.data).not.toBeNull();
    expect((await request.get(`/api/providers/${ad!.id}`)).status()).toBe(404);

    // The photo with GPS data comes back without it.
    for (const image of ad!.attributes.images.data) {
      const bytes = await (await request.get(image.attributes.url)).body();
      expect(bytes.includes('e2e-secret-place')).toBe(false);
      expect(bytes.includes('e2e-secret-owner')).toBe(false);
      expect(bytes.includes('Exif')).toBe(false);
    }

    // The admin approves it over the API: it is the newest ad on the home page, with its photos.
    await approveAd(request, ad!.id);
    await page.goto('/');
    const listed = page.locator('article, .card').filter({ hasText: title }).first();
    await expect(listed).toBeVisible();
    await expect(listed.locator('img').first()).toBeVisible();
    await page.goto('/ads/view');
    await expect(page.locator('.card', { hasText: title }).getByText(MESSAGES.review.approved)).toBeVisible();

    // New photos wait for review: the ad stays public with its approved photos meanwhile.
    await page.goto(`/ads/edit/${ad!.id}`);
    const change = page.getByRole('form', { name: F.changeImage });
    await change
      .getByLabel(F.changeImage, { exact: true })
      .setInputFiles([{ ...pngFile('new.png', 50, [200, 200, 40]) }]);
    await change.getByRole('button', { name: F.upload }).click();
    await expect(page.getByText(MESSAGES.ads.updated)).toBeVisible();
    const [edited] = await ownAds(request, provider);
    expect(edited!.attributes.review).toBe('approved');
    const shown = await request.get(`/api/providers/${ad!.id}?populate=images`);
    expect(shown.status()).toBe(200);
    const publicPhotos = ((await shown.json()) as { data: AdItem }).data.attributes.images.data;
    expect(publicPhotos.map((p: { id: number }) => p.id)).toEqual(
      ad!.attributes.images.data.map((p: { id: number }) => p.id),
    );
    await page.goto('/ads/view');
    await expect(
      page.locator('.card', { hasText: title }).getByText(MESSAGES.revisions.waiting),
    ).toBeVisible();
  });

  test('[PROVIDER][REVIEW] a text change to an approved ad waits for review while the approved ad stays public', async ({
    page,
    request,
  }) => {
    test.setTimeout(90_000);
    const provider = await createAccount(request, 'Provider');
    await buyPackage(request, provider, 'Starter');
    const title = `Approved ad ${uniqueId()}`;
    const id = await postAd(request, provider, title);
    await approveAd(request, id);
    const publicTitle = async () =>
      ((await (await request.get(`/api/providers/${id}`)).json()) as { data: AdItem }).data.attributes.title;

    await signInAs(page, provider);
    await page.goto(`/ads/edit/${id}`);
    const changed = `${title} with new words`;
    const titleField = page.getByLabel(F.title, { exact: true });
    await expect(titleField).toHaveValue(title);
    await titleField.fill(changed);
    await page.getByRole('button', { name: F.save, exact: true }).click();
    await expect(page.getByText(MESSAGES.revisions.savedForReview)).toBeVisible();
    expect(await publicTitle()).toBe(title);

    // My Ads says the changes wait; the edit form starts from them.
    await page.goto('/ads/view');
    await expect(
      page.locator('.card', { hasText: changed }).getByText(MESSAGES.revisions.waiting),
    ).toBeVisible();
    await page.goto(`/ads/edit/${id}`);
    await expect(page.getByLabel(F.title, { exact: true })).toHaveValue(changed);

    // The moderator approves the revision as the Changes queue shows it: then it is public.
    await approveRevision(request, 'ad', id);
    expect(await publicTitle()).toBe(changed);
  });

  test('[PROVIDER][QUOTA] with no ads left, My Ads shows the refill text and Post Ad only the package link', async ({
    page,
    request,
  }) => {
    const provider = await createAccount(request, 'Provider');
    await buyPackage(request, provider, 'Starter');
    await postAd(request, provider, `Only ad ${uniqueId()}`);
    await signInAs(page, provider);
    await page.goto('/ads/view');
    await expect(page.getByText(MESSAGES.subscription.refill)).toBeVisible();
    await expect(page.getByText(`${MESSAGES.myAds.posted} 1 / 1`)).toBeVisible();
    await expect(page.getByRole('link', { name: MESSAGES.myAds.postAds })).toHaveCount(0);
    await page.goto('/ads/submit');
    await expect(page.getByRole('link', { name: MESSAGES.ads.buyPackage })).toBeVisible();
    await expect(page.getByRole('form', { name: F.createTitle })).toHaveCount(0);
    // The server agrees: a post is refused with the same text.
    const images = await uploadImages(request, provider, 1);
    const docs = await uploadImages(request, provider, 1, 'docs');
    const { jwt } = await signInThroughApi(request, provider);
    const refused = await request.post('/api/providers', {
      headers: { authorization: `Bearer ${jwt}` },
      data: {
        data: { title: 'One more', name: 'Aria', state: 'CA', city: 'San Jose', age: 30, images, docs },
      },
    });
    expect(refused.status()).toBe(403);
    expect(((await refused.json()) as { error: { message: string } }).error.message).toBe(
      MESSAGES.subscription.refill,
    );
  });
});

test.describe('[PROVIDER][PACKAGE]', () => {
  test('[PROVIDER][PACKAGE] a second purchase is paid partly from the wallet and starts when the first ends', async ({
    page,
    request,
  }) => {
    const provider = await createAccount(request, 'Provider');
    const first = await buyPackage(request, provider, 'Starter');
    // Verified money in the wallet: an admin's credit.
    await apiAs(request, ADMIN, 'POST', '/api/transactions', {
      data: {
        user: provider.id,
        transaction_uid: `ADJ-${uniqueId()}`,
        transaction_amount: 20,
        transaction_type: 'credit',
      },
    });
    await signInAs(page, provider);
    await page.goto('/package');
    const panel = await selectPackage(page, 'Standard');
    await expect(panel.getByTestId('package-price')).toHaveText('$88.89');
    await panel.getByLabel(P.useWallet).check();
    await expect(panel.getByTestId('amount-to-pay')).toHaveText('$68.89');
    await panel.getByLabel(P.transactionId).fill(`E2E-RENEW-${uniqueId()}`);
    await panel.getByRole('button', { name: P.submit }).click();
    await expect(page.getByText(P.added)).toBeVisible();

    const list = await apiAs<{ data: { id: number; attributes: Record<string, unknown> }[] }>(
      request,
      provider,
      'GET',
      '/api/subscriptions?sort=id:desc',
    );
    const second = list.data[0]!.attributes;
    expect(second).toMatchObject({
      price: 88.89,
      wallet_amount: 20,
      amount: 68.89,
      payment_status: 'pending',
    });
    expect(second.start_date).toBe(first.data.attributes.end_date);

    await page.goto('/provider/subscription');
    await expect(page.getByText('Standard').first()).toBeVisible();
    await expect(page.getByText(MESSAGES.subscription.active).first()).toBeVisible();
  });

  test('[PROVIDER][PACKAGE] a visitor who picks a package signs in and comes back to it; Skip goes home unsubscribed', async ({
    page,
    request,
  }) => {
    const provider = await createAccount(request, 'Provider');
    await page.goto('/package');
    // Picking a package signed out leads to the login, remembering the package.
    const card = page
      .locator('.card')
      .filter({ has: page.getByRole('heading', { name: 'Premium', exact: true }) });
    await card.getByRole('link', { name: P.select }).click();
    await expect(page).toHaveURL(/\/login/);
    await page.getByLabel(MESSAGES.login.email).fill(provider.email);
    await page.getByLabel(MESSAGES.login.password).fill(provider.password);
    await page.getByRole('button', { name: MESSAGES.login.submit }).click();
    await expect(page.getByRole('form', { name: `${P.selected}: Premium` })).toBeVisible();
    expect(await packageId(request, 'Premium')).toBeGreaterThan(0);

    // Signed out (the session was kept in the tab, without Remember Me), the visitor may skip.
    await page.evaluate(() => {
      localStorage.clear();
      sessionStorage.clear();
    });
    await page.goto('/ads/packages');
    await page.getByRole('button', { name: P.skip }).click();
    await expect(page).toHaveURL(/\/$/);
    expect(await page.evaluate(() => localStorage.getItem('subscribed'))).toBe('false');
  });
});

test.describe('[PROVIDER][PACKAGE] before the script', () => {
  test("[PROVIDER][PACKAGE] a provider's Select chooses the package even when tapped before the page's script has run", async ({
    context,
    request,
  }) => {
    const provider = await createAccount(request, 'Provider');
    // A page of its own, not the fixture's: its `goto` waits for the app, and this test must not.
    const page = await context.newPage();
    await page.setViewportSize({ width: 390, height: 844 });
    await signInAs(page, provider);
    // The app's code is held back: the page is the server's HTML, as on a phone on a slow network.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/assets\/.*\.js$/, async (route) => {
      await held;
      await route.continue();
    });
    await page.goto('/package', { waitUntil: 'commit' });
    const card = page
      .locator('.card')
      .filter({ has: page.getByRole('heading', { name: 'Standard', exact: true }) });
    // Whatever the control is, a tap on it must choose.
    await card.getByText(P.select, { exact: true }).click();
    await expect(page).toHaveURL(/\/package\?package=\d+$/);
    release();
    await expect(page.getByRole('form', { name: `${P.selected}: Standard` })).toBeVisible();
    await expect(page.getByRole('form').getByLabel(P.transactionId)).toBeVisible();
  });
});

test.describe('[PROVIDER][WALLET]', () => {
  test('[PROVIDER][WALLET] the wallet page and the header modal show the server’s totals after a verified tip', async ({
    page,
    request,
  }) => {
    const provider = await createAccount(request, 'Provider');
    await buyPackage(request, provider, 'Starter');
    const ad = await postAd(request, provider, `Tipped ad ${uniqueId()}`);
    await approveAd(request, ad);
    const hobbyist = await createAccount(request, 'Hobbyist');
    const tip = await apiAs(request, hobbyist, 'POST', '/api/tips', {
      data: { provider: ad, tip_amount: 12.5, transaction_id: `E2E-TIP-${uniqueId()}` },
    });
    await apiAs(request, ADMIN, 'PUT', `/api/tips/${tip.data.id}`, { data: { payment_status: 'verified' } });

    await signInAs(page, provider);
    await page.goto('/provider/wallet');
    const W = MESSAGES.wallet;
    await expect(page.getByText(formatMoney(12.5)).first()).toBeVisible();
    await expect(page.getByText(formatMoney(34.89)).first()).toBeVisible();
    await expect(page.getByRole('cell', { name: 'Starter' }).first()).toBeVisible();

    await page.getByRole('button', { name: W.button }).click();
    const modal = page.getByRole('dialog');
    await expect(modal.getByText(W.walletBalance)).toBeVisible();
    await expect(modal.getByText(W.totalExpences)).toBeVisible();
    const figures = await modal.textContent();
    expect(figures).toContain(`${W.walletBalance}`);
    expect(figures).toContain(formatMoney(12.5));
    expect(figures).toContain(formatMoney(34.89));
  });
});
