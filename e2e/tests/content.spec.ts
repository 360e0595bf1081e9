import { MESSAGES, REPORT_REASONS, TRAFFICKING_HOTLINE } from '@app/domain';
import type { Page } from '@playwright/test';
import { DISCLAIMER_KEY, expect, test } from './fixtures.ts';

const disclaimerDialog = (page: Page) => page.getByRole('dialog', { name: MESSAGES.disclaimer.title });

/** Waits until the app has rendered and gone quiet, so a lazily loaded box would have appeared. */
async function settle(page: Page) {
  await expect(page.getByRole('banner').getByText(MESSAGES.site.slogan)).toBeVisible();
  await page.waitForLoadState('networkidle');
}

test.describe('[CONTENT][DISCLAIMER]', () => {
  test.use({ acceptDisclaimer: false });

  test('[CONTENT][DISCLAIMER] covers the first visit until Accept is ticked', async ({ page }) => {
    await page.goto('/');
    const dialog = disclaimerDialog(page);
    await expect(dialog).toBeVisible();
    await expect(dialog.getByText(MESSAGES.disclaimer.age[1]!)).toBeVisible();
    await expect(dialog.getByRole('link', { name: TRAFFICKING_HOTLINE.phone })).toHaveAttribute(
      'href',
      'tel:+1-888-373-7888',
    );
    for (const text of MESSAGES.disclaimer.paidTerms) await expect(dialog.getByText(text)).toBeVisible();

    // Neither Escape nor a click outside closes it.
    await page.keyboard.press('Escape');
    await page.mouse.click(5, 5);
    await expect(dialog).toBeVisible();
    expect(await page.evaluate((key) => localStorage.getItem(key), DISCLAIMER_KEY)).toBeNull();

    await dialog.getByRole('checkbox', { name: MESSAGES.disclaimer.accept }).click();
    await expect(dialog).toBeHidden();
    expect(await page.evaluate((key) => localStorage.getItem(key), DISCLAIMER_KEY)).toBe('true');
    // The page underneath is usable again.
    await page
      .getByRole('contentinfo')
      .getByRole('link', { name: MESSAGES.footer.contactUs, exact: true })
      .click();
    await expect(page.getByRole('heading', { level: 1, name: MESSAGES.contact.title })).toBeVisible();
  });

  test('[CONTENT][DISCLAIMER] does not come back on the next visit, also after a reload', async ({
    page,
    context,
  }) => {
    await page.goto('/');
    await disclaimerDialog(page).getByRole('checkbox', { name: MESSAGES.disclaimer.accept }).click();
    await expect(disclaimerDialog(page)).toBeHidden();

    // A returning visitor does not even download the box.
    const requested: string[] = [];
    page.on('request', (request) => requested.push(request.url()));
    await page.reload();
    await settle(page);
    await expect(disclaimerDialog(page)).toHaveCount(0);
    expect(requested.filter((url) => url.includes('DisclaimerBox'))).toEqual([]);

    const second = await context.newPage();
    await second.goto('/faq');
    await settle(second);
    await expect(second.getByRole('heading', { level: 1, name: MESSAGES.faq.title })).toBeVisible();
    await expect(disclaimerDialog(second)).toHaveCount(0);
  });

  test('[CONTENT][DISCLAIMER] leaves the report trafficking page uncovered', async ({ page }) => {
    await page.goto('/reporttrafficking');
    await settle(page);
    await expect(page.getByRole('heading', { level: 1, name: MESSAGES.report.title })).toBeVisible();
    await expect(disclaimerDialog(page)).toHaveCount(0);
  });
});

test('[CONTENT][CONTACT] shows each validation message and sends the message', async ({ page }) => {
  const C = MESSAGES.contact;
  const V = MESSAGES.validation;
  await page.goto('/contactus');
  const name = page.getByLabel(C.name);
  const email = page.getByLabel(C.email);
  const note = page.getByLabel(C.note);
  const submit = page.getByRole('button', { name: C.submit });
  const form = page.getByRole('form', { name: C.title });

  await submit.click();
  await expect(form.getByText(V.nameRequired, { exact: true })).toBeVisible();
  await expect(form.getByText(V.emailRequired, { exact: true })).toBeVisible();
  await expect(form.getByText(V.noteRequired, { exact: true })).toBeVisible();

  await name.fill('A');
  await expect(form.getByText(V.tooShort, { exact: true })).toBeVisible();
  await name.fill('A'.repeat(51));
  await expect(form.getByText(V.tooLong, { exact: true })).toBeVisible();
  await email.fill('not-an-email');
  await expect(form.getByText(V.emailInvalid, { exact: true })).toBeVisible();
  await note.fill('Hey');
  await expect(form.getByText(V.tooShort, { exact: true })).toBeVisible();

  await name.fill('E2E Visitor');
  await email.fill(`visitor-${Date.now()}@e2e.test`);
  await note.fill('Hello, how long does an ad stay online?');
  await expect(form.locator('.invalid-feedback:visible')).toHaveCount(0);
  await submit.click();

  await expect(page.getByText(C.sent, { exact: true })).toBeVisible();
  await expect(name).toHaveValue('');
  await expect(email).toHaveValue('');
  await expect(note).toHaveValue('');
});

test('[CONTENT][REPORT] gives the hotline and sends a report to the staff', async ({ page }) => {
  const R = MESSAGES.report;
  await page.goto('/reporttrafficking');
  await expect(page.getByRole('heading', { level: 1, name: R.title })).toBeVisible();
  await expect(page.getByText(TRAFFICKING_HOTLINE.phone).first()).toBeVisible();
  await expect(page.getByRole('link', { name: R.call })).toHaveAttribute('href', 'tel:+1-888-373-7888');
  await expect(page.getByRole('link', { name: R.text })).toHaveAttribute('href', 'sms:233733');
  await expect(page.getByText(R.emergency)).toBeVisible();

  await page.getByRole('button', { name: R.submit }).click();
  await expect(page.getByText(R.reasonRequired, { exact: true })).toBeVisible();

  await page.getByLabel(R.reason).selectOption(REPORT_REASONS[0]);
  await page.getByLabel(R.details).fill('The ad says the person is new in town and cannot keep her ID.');
  await page.getByLabel(R.listing).fill('/ad/1');
  await page.getByRole('button', { name: R.submit }).click();

  await expect(page.getByRole('status').getByText(R.sent)).toBeVisible();
  await expect(page.getByLabel(R.reason)).toHaveValue('');
});

test('[CONTENT][FAQ] opens an accordion entry', async ({ page }) => {
  await page.goto('/faq');
  const question = page.getByRole('button', { name: /contact the site administrator/i });
  await expect(question).toHaveAttribute('aria-expanded', 'false');
  await question.click();
  await expect(question).toHaveAttribute('aria-expanded', 'true');
  const answer = page.locator('.accordion-collapse.show');
  await expect(answer.getByRole('link', { name: MESSAGES.contact.title })).toBeVisible();

  await page.getByRole('button', { name: /legal request/i }).click();
  await expect(page.locator('.accordion-collapse.show')).toContainText('Legal');
});

test('[CONTENT][TERMS] renders every section of the terms', async ({ page }) => {
  await page.goto('/termsofservice');
  await expect(page.getByRole('heading', { level: 1, name: MESSAGES.terms.title })).toBeVisible();
  const article = page.getByRole('article');
  // The sections spec 000 §2 names, plus the paid-services terms of §1.
  for (const heading of [
    /cookies/i,
    /license/i,
    /user comments/i,
    /hyperlinking/i,
    /iframes/i,
    /content liability/i,
    /reservation of rights/i,
    /removal of links/i,
    /disclaimer/i,
    /paid services/i,
    /governing law/i,
  ]) {
    await expect(article.getByRole('heading', { level: 2, name: heading })).toBeVisible();
  }
  await expect(article).toContainText('2 to 3 weeks');
  await expect(article).toContainText('laws of the United States');
  for (const text of MESSAGES.disclaimer.paidTerms) await expect(article).toContainText(text);
});

test('[CONTENT][PRIVACY] renders ten numbered sections', async ({ page }) => {
  await page.goto('/privacypolicy');
  await expect(page.getByRole('heading', { level: 1, name: MESSAGES.privacy.title })).toBeVisible();
  const headings = page.getByRole('article').getByRole('heading', { level: 2 });
  await expect(headings).toHaveCount(10);
  for (let index = 0; index < 10; index += 1) {
    await expect(headings.nth(index)).toHaveText(new RegExp(`^${index + 1}\\. \\S`));
  }
  const article = page.getByRole('article');
  for (const text of ['username and e-mail', 'card number is only kept', 'do not sell', 'law enforcement']) {
    await expect(article).toContainText(text);
  }
  await expect(article).toContainText('location metadata');
  await expect(article).toContainText('only our staff can see them');
});
