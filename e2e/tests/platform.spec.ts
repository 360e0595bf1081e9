import { MESSAGES } from '@app/domain';
import { expect, test } from './fixtures.ts';

test.describe('[PLATFORM]', () => {
  test('[PLATFORM][HOME] renders the header and footer under the CSP with no console errors', async ({
    page,
  }) => {
    const problems: string[] = [];
    page.on('console', (msg) => {
      if (msg.type() === 'error') problems.push(msg.text());
    });
    page.on('pageerror', (err) => problems.push(err.message));
    const res = await page.goto('/');
    expect(res?.status()).toBe(200);
    expect(res?.headers()['content-security-policy']).toContain("script-src 'self'");

    const header = page.getByRole('banner');
    await expect(header.getByText(MESSAGES.site.slogan)).toBeVisible();
    for (const text of [
      MESSAGES.nav.eroticBody,
      MESSAGES.nav.sexToy,
      MESSAGES.nav.stripClub,
      MESSAGES.nav.onlineStore,
    ]) {
      await expect(header.getByRole('link', { name: text })).toBeVisible();
    }
    await expect(header.getByRole('link', { name: MESSAGES.nav.login })).toBeVisible();
    const footer = page.getByRole('contentinfo');
    const { terms, privacy, reportTrafficking, contactUs } = MESSAGES.footer;
    for (const text of [terms, privacy, reportTrafficking, contactUs]) {
      await expect(footer.getByRole('link', { name: text })).toBeVisible();
    }
    await expect(footer).toContainText(String(MESSAGES.site.copyrightYear));
    expect(problems).toEqual([]);
  });

  test('[PLATFORM][API] /api/health answers and unknown API paths are JSON 404s', async ({ request }) => {
    const health = await request.get('/api/health');
    expect(health.status()).toBe(200);
    expect(await health.json()).toMatchObject({ status: 'ok', database: 'sqlite' });

    const missing = await request.get('/api/does-not-exist');
    expect(missing.status()).toBe(404);
    expect(await missing.json()).toMatchObject({ data: null, error: { status: 404 } });
  });

  test('[PLATFORM][ROUTER] client routes are served the app shell; other paths its Not Found page with a 404', async ({
    page,
    request,
  }) => {
    const res = await page.goto('/ad/2');
    expect(res?.status()).toBe(200);
    await expect(page.getByRole('banner').getByText(MESSAGES.site.slogan)).toBeVisible();
    const missing = await page.goto('/no/such/page');
    expect(missing?.status()).toBe(404);
    await expect(page.getByRole('heading', { name: MESSAGES.notFound.title })).toBeVisible();
    expect((await page.goto('/productdetails/99999999'))?.status()).toBe(404);

    const robots = await request.get('/robots.txt');
    expect(robots.status()).toBe(200);
    expect(await robots.text()).toContain('Disallow: /api/');
  });
});
