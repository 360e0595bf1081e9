import { MESSAGES } from '@app/domain';
import { expect, test } from './fixtures.ts';
import { collectPageErrors } from './support/page-errors.ts';

/**
 * An ad's own page on the demo site: reached from a card's title, at its one address (a wrong slug is
 * moved), with the card in full, its comments, the provider's other ads and the city's, its own title
 * and canonical link; a hidden or unknown ad is a 404.
 */

const P = MESSAGES.adPage;

test.describe('[AD PAGE]', () => {
  test("[AD PAGE] a card's title opens the ad's page, with the card in full and the related ads", async ({
    page,
  }) => {
    await page.goto('/');
    const card = page.getByRole('article').first();
    const title = card.getByRole('heading', { level: 2 });
    const titleText = (await title.textContent())!.trim();
    await title.getByRole('link').click();
    await expect(page).toHaveURL(/\/ads\/\d+\/[a-z0-9-]+$/);
    await expect(page.getByRole('heading', { level: 2, name: titleText })).toBeVisible();
    const name = (await page.getByRole('heading', { level: 1 }).textContent())!.trim();
    await expect(page).toHaveTitle(new RegExp(`^${name} in .+ \\| Live the Fantasy!$`));
    // The card's actions and its comments.
    const actions = page.getByRole('group', { name: MESSAGES.card.actions });
    for (const label of [MESSAGES.cardActions.like, MESSAGES.cardActions.mail, MESSAGES.card.report])
      await expect(actions.getByRole('button', { name: new RegExp(`^${label}`) })).toBeVisible();
    await expect(page.getByRole('heading', { name: MESSAGES.comments.title })).toBeVisible();
    // The city's other providers lead to their own pages.
    const city = page.getByRole('region', { name: /^More providers in / });
    await expect(city).toBeVisible();
    for (const href of await city
      .getByRole('link')
      .evaluateAll((links) => links.map((a) => a.getAttribute('href'))))
      expect(href).toMatch(/^\/ads\/\d+\/[a-z0-9-]+$/);
    // The breadcrumb's city is the listing of that city, which holds the ad.
    const breadcrumb = page.getByRole('navigation', { name: P.breadcrumb });
    await breadcrumb.getByRole('link').last().click();
    await expect(page).toHaveURL(/\/\?country=US&state=[A-Z]+&city/);
    await expect(page.getByRole('link', { name: titleText })).toBeVisible();
  });

  test('[AD PAGE] the server moves a wrong slug to the right one and answers 404 for an unknown ad', async ({
    page,
    request,
  }) => {
    const sitemap = await (await request.get('/sitemaps/ads-1.xml')).text();
    const first = /<loc>[^<]*(\/ads\/(\d+)\/[a-z0-9-]+)<\/loc>/.exec(sitemap);
    expect(first).not.toBeNull();
    const [, path, id] = first!;
    const moved = await request.get(`/ads/${id}/old-name`, { maxRedirects: 0 });
    expect(moved.status()).toBe(301);
    expect(moved.headers().location).toBe(path);

    const res = await page.goto(`/ads/${id}`);
    expect(res?.status()).toBe(200);
    await expect(page).toHaveURL(new RegExp(`${path}$`));
    const html = await res!.text();
    expect(html).toContain(`<link rel="canonical" href="`);
    expect(html).toContain('<meta name="rating" content="adult" />');

    const missing = await page.goto('/ads/99999999/nobody');
    expect(missing?.status()).toBe(404);
    await expect(page.getByRole('heading', { name: P.notFound })).toBeVisible();
  });
});

/**
 * What search engines and link previews read: the HTML as the server sends it, without JavaScript, and
 * the same page hydrated in the browser without asking the API again and without an error.
 */
test.describe('[SERVER RENDER]', () => {
  test.use({ javaScriptEnabled: false });

  test('[SERVER RENDER] an ad page opened without JavaScript shows its stage name, city and details', async ({
    page,
    request,
  }) => {
    const sitemap = await (await request.get('/sitemaps/ads-1.xml')).text();
    const path = /<loc>[^<]*(\/ads\/\d+\/[a-z0-9-]+)<\/loc>/.exec(sitemap)![1]!;
    const item = await request.get(`/api/providers/${path.split('/')[2]}?populate=*`);
    const ad = (await item.json()).data.attributes;
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: ad.name })).toBeVisible();
    await expect(page.getByText(`${ad.city}, ${ad.state}`).first()).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: ad.title })).toBeVisible();
    await expect(page.getByText(MESSAGES.cardDetails.age).first()).toBeVisible();
    await expect(page).toHaveTitle(new RegExp(`^${ad.name} in `));
  });

  test('[SERVER RENDER] the home listing, a venue and the shop hold their content without JavaScript', async ({
    page,
  }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1, name: MESSAGES.directory.title })).toBeVisible();
    await expect(page.getByRole('article').first()).toBeVisible();
    for (const path of ['/eroticbody', '/products', '/faq']) {
      await page.goto(path);
      expect((await page.locator('main').innerText()).length, path).toBeGreaterThan(300);
    }
  });
});

test.describe('[HYDRATION]', () => {
  test('[HYDRATION] a public page hydrates without asking again for what its HTML holds, and without an error', async ({
    page,
  }) => {
    const errors = collectPageErrors(page);
    const calls: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname.startsWith('/api/')) calls.push(request.url());
    });
    await page.goto('/', { waitUntil: 'networkidle' });
    // The page works: a tick of a filter reaches the URL.
    await expect(page.getByRole('article').first()).toBeVisible();
    expect(calls).toEqual([]);
    expect(errors).toEqual([]);
  });
});
