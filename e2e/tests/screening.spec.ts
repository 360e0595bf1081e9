import type { Locator, Page } from '@playwright/test';
import { MESSAGES } from '@app/domain';
import { expect, test } from './fixtures.ts';
import { createAccount, signInAs, signInThroughApi, type TestAccount } from './support/accounts.ts';
import { ADMIN, apiAs, verifyProvider } from './support/business.ts';
import { findOnPages, newVisitorPage, openSection, toast } from './support/console.ts';
import { readMailTo } from './support/outbox.ts';

/**
 * Screening of hobbyists: a provider adds a phone number, rates it, switches the
 * rating and comments; a second provider finds the same record by its digits and sees both comments.
 * Nobody but providers whose ID the admin verified (and the staff) reads a screening record. Anyone asks
 * for a review of the entries about a number; the admin removes an entry beside the request and e-mails the
 * outcome.
 */

const S = MESSAGES.screening;

/** A fresh 10-digit number for this test, as typed (with hyphens) and as stored (digits). */
function freshNumber() {
  const tail = String(Math.floor(Math.random() * 1e7)).padStart(7, '0');
  const typed = `408-${tail.slice(0, 3)}-${tail.slice(3)}`;
  return { typed, digits: typed.replace(/-/g, '') };
}

function recordCard(page: Page, typed: string): Locator {
  return page.getByRole('article', { name: typed });
}

/** A rating button's count (the number it is described by). */
async function expectCounts(card: Locator, like: number, average: number, dislike: number) {
  await expect(card.getByRole('button', { name: S.like, exact: true })).toHaveAccessibleDescription(
    String(like),
  );
  await expect(card.getByRole('button', { name: S.average, exact: true })).toHaveAccessibleDescription(
    String(average),
  );
  await expect(card.getByRole('button', { name: S.dislike, exact: true })).toHaveAccessibleDescription(
    String(dislike),
  );
}

async function postComment(page: Page, card: Locator, text: string) {
  await card.getByRole('button', { name: S.comments, exact: true }).click();
  const dialog = page.getByRole('dialog');
  const post = dialog.getByRole('button', { name: S.post, exact: true });
  await expect(post).toBeDisabled();
  await dialog.getByLabel(S.comment, { exact: true }).fill('   ');
  await expect(post).toBeDisabled();
  await dialog.getByLabel(S.comment, { exact: true }).fill(`  ${text}  `);
  await post.click();
  await expect(dialog.getByRole('listitem').filter({ hasText: text })).toBeVisible();
  await expect(dialog.getByLabel(S.comment, { exact: true })).toHaveValue('');
  return dialog;
}

test.describe('[SCREENING][JOURNEY]', () => {
  test('[SCREENING][JOURNEY] a provider adds, rates, re-rates and comments on a number; a second provider sees the same record with both comments', async ({
    page,
    browser,
    request,
  }) => {
    test.setTimeout(90_000);
    const first = await createAccount(request, 'Provider');
    const second = await createAccount(request, 'Provider');
    // Screening opens once the admin has verified the provider's ID.
    await verifyProvider(request, first.id);
    await verifyProvider(request, second.id);
    const number = freshNumber();

    await signInAs(page, first);
    await page.goto('/provider/ratehobyist');
    await expect(page.getByRole('heading', { name: S.title, level: 1 })).toBeVisible();

    // Add Phone Number: empty is refused, a typed number is stored as digits.
    await page.getByRole('button', { name: S.addPhone }).click();
    const add = page.getByRole('dialog', { name: S.addPhone });
    await add.getByRole('button', { name: S.add, exact: true }).click();
    await expect(add.getByText(S.phoneRequired)).toBeVisible();
    await add.getByLabel(S.phoneNumber, { exact: true }).fill(number.typed);
    await add.getByRole('button', { name: S.add, exact: true }).click();
    await expect(add).toBeHidden();
    const card = recordCard(page, number.typed);
    await expect(card).toBeVisible();
    await expect(card.getByText(S.addedOn)).toBeVisible();
    await expectCounts(card, 0, 0, 0);

    // Like, then switch to Dislike: the counters move; clicking the chosen one changes nothing.
    await card.getByRole('button', { name: S.like, exact: true }).click();
    await expectCounts(card, 1, 0, 0);
    await expect(card.getByRole('button', { name: S.like, exact: true })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await card.getByRole('button', { name: S.dislike, exact: true }).click();
    await expectCounts(card, 0, 0, 1);
    await card.getByRole('button', { name: S.dislike, exact: true }).click();
    await page.reload();
    await expectCounts(recordCard(page, number.typed), 0, 0, 1);

    const firstText = `Arrived on time, polite. ${number.digits}`;
    const dialog = await postComment(page, recordCard(page, number.typed), firstText);
    const mine = dialog.getByRole('listitem').filter({ hasText: firstText });
    // Each comment names its author by username, never by real name.
    await expect(mine).toContainText(first.username);
    await expect(mine).not.toContainText(first.last_name);
    await dialog.getByRole('button', { name: S.close }).first().click();

    // A second provider searches by a prefix written differently, finds the one record, adds a comment.
    const other = await browser.newContext();
    try {
      const secondPage = await other.newPage();
      await secondPage.addInitScript(() => localStorage.setItem('disclaimerbox', 'true'));
      await signInAs(secondPage, second);
      await secondPage.goto('/provider/ratehobyist');
      await secondPage.getByLabel(S.search, { exact: true }).fill(number.typed.slice(0, 7));
      const found = recordCard(secondPage, number.typed);
      await expect(found).toBeVisible();
      // The search stays in the URL as typed.
      await expect(secondPage).toHaveURL(new RegExp(`q=${number.typed.slice(0, 7)}`));
      await expectCounts(found, 0, 0, 1);
      // Adding the same number again opens the existing record instead of a duplicate.
      await secondPage.getByRole('button', { name: S.addPhone }).click();
      const again = secondPage.getByRole('dialog', { name: S.addPhone });
      await again.getByLabel(S.phoneNumber, { exact: true }).fill(number.digits);
      await again.getByRole('button', { name: S.add, exact: true }).click();
      await expect(again).toBeHidden();
      await expect(secondPage.getByRole('article', { name: number.typed })).toHaveCount(1);

      const secondText = `Asked to change the place at the last minute. ${number.digits}`;
      const secondDialog = await postComment(secondPage, recordCard(secondPage, number.typed), secondText);
      await expect(secondDialog.getByRole('listitem').filter({ hasText: firstText })).toContainText(
        first.username,
      );
      await expect(secondDialog.getByRole('listitem').filter({ hasText: firstText })).not.toContainText(
        first.last_name,
      );
      await expect(secondDialog.getByRole('listitem').filter({ hasText: secondText })).toContainText(
        second.username,
      );
      // The other provider's comment can be flagged for the staff, not deleted.
      const firstEntry = secondDialog.getByRole('listitem').filter({ hasText: firstText });
      await expect(firstEntry.getByRole('button', { name: S.flag })).toBeVisible();
      await expect(firstEntry.getByRole('button', { name: S.deleteComment })).toHaveCount(0);
    } finally {
      await other.close();
    }
  });

  test('[SCREENING][PRIVACY] a hobbyist reads no screening record, on the page or over the API', async ({
    page,
    request,
  }) => {
    const hobbyist: TestAccount = await createAccount(request, 'Hobbyist');
    await signInAs(page, hobbyist);
    await page.goto('/provider/ratehobyist');
    await expect(page.getByLabel(S.search, { exact: true })).toHaveCount(0);
    await expect(page.getByRole('article')).toHaveCount(0);

    const { jwt } = await signInThroughApi(request, hobbyist);
    for (const path of ['/api/customer-hobbyists', '/api/hobbyist-comments', '/api/hobbyist-likes']) {
      const response = await request.get(path, { headers: { authorization: `Bearer ${jwt}` } });
      expect(response.status(), path).toBe(403);
      expect(await response.text()).not.toMatch(/\d{7,}/);
    }
    expect((await request.get('/api/customer-hobbyists')).status()).toBe(401);
  });

  test('[SCREENING][PRIVACY] a newly registered provider is told screening waits for ID verification, and reads nothing', async ({
    page,
    request,
  }) => {
    const provider = await createAccount(request, 'Provider');
    await signInAs(page, provider);
    await page.goto('/provider/ratehobyist');
    await expect(page.getByRole('alert').filter({ hasText: S.verificationPending })).toBeVisible();
    await expect(page.getByLabel(S.search, { exact: true })).toHaveCount(0);
    await expect(page.getByRole('article')).toHaveCount(0);

    const { jwt } = await signInThroughApi(request, provider);
    for (const path of ['/api/customer-hobbyists', '/api/hobbyist-comments', '/api/hobbyist-likes']) {
      const response = await request.get(path, { headers: { authorization: `Bearer ${jwt}` } });
      expect(response.status(), path).toBe(403);
      expect(await response.text()).not.toMatch(/\d{7,}/);
    }
  });
});

test.describe('[SCREENING][REVIEW]', () => {
  test('[SCREENING][REVIEW] a visitor on a phone asks for a review of a number; the admin removes the entry beside the request and the outcome is e-mailed without it', async ({
    page,
    browser,
    request,
  }) => {
    test.setTimeout(120_000);
    const R = MESSAGES.screeningReview;
    const REP = MESSAGES.adminReports;
    const provider = await createAccount(request, 'Provider');
    await verifyProvider(request, provider.id);
    const number = freshNumber();
    const comment = `Entry under review ${number.digits}`;
    const record = await apiAs<{ data: { id: number } }>(
      request,
      provider,
      'POST',
      '/api/customer-hobbyists',
      {
        data: { phone_number: number.typed },
      },
    );
    await apiAs(request, provider, 'POST', '/api/hobbyist-comments', {
      data: { customer_hobbyist: record.data.id, hobbyist_comment: comment },
    });

    // A visitor, signed out, at a phone's width: from the privacy policy to the form.
    const visitor = await newVisitorPage(browser);
    await visitor.setViewportSize({ width: 390, height: 844 });
    await visitor.goto('/privacypolicy');
    await visitor.getByRole('link', { name: R.title }).first().click();
    await expect(visitor.getByRole('heading', { level: 1, name: R.title })).toBeVisible();
    await visitor.getByRole('button', { name: R.submit }).click();
    await expect(visitor.getByText(MESSAGES.screening.phoneRequired)).toBeVisible();
    const asker = `asker_${number.digits}@e2e.test`;
    const dispute = `Not about me, ref ${number.digits}.`;
    await visitor.getByLabel(R.phone, { exact: true }).fill(`+1 ${number.typed}`);
    await visitor.getByLabel(R.dispute).fill(dispute);
    await visitor.getByLabel(R.email, { exact: true }).fill(asker);
    await visitor.getByRole('button', { name: R.submit }).click();
    await expect(visitor.getByRole('heading', { name: R.sentTitle })).toBeVisible();
    await expect(visitor.getByText(/Your request number is #\d+/)).toBeVisible();
    expect(await visitor.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(
      true,
    );

    // The admin: the request in the reports queue, the entry beside it.
    await signInAs(page, ADMIN);
    await page.goto('/admin');
    await openSection(page, MESSAGES.adminConsole.nav.reports);
    await page.getByRole('main').getByLabel(REP.kind).first().selectOption('review');
    const card = page.getByTestId('report-card').filter({ hasText: dispute });
    await findOnPages(page, card);
    await expect(card.getByText(REP.kinds.review, { exact: true })).toBeVisible();
    await expect(card.getByText(comment)).toBeVisible();
    await card.getByRole('button', { name: R.removeComment }).click();
    const confirm = page.getByRole('dialog', { name: R.confirmRemoveTitle });
    await confirm.getByRole('button', { name: MESSAGES.screening.remove }).click();
    await expect(toast(page, R.removed)).toBeVisible();
    await expect(card.getByText(comment)).toHaveCount(0);

    await card.getByLabel(R.outcome, { exact: true }).selectOption('removed');
    await card.getByLabel(R.reply).fill('Thank you for writing to us.');
    await card.getByRole('button', { name: R.decide }).click();
    await expect(toast(page, R.decided)).toBeVisible();
    // Closed requests leave the default list (New and In progress).
    await expect(card).toHaveCount(0);

    const mail = await readMailTo(asker, /Subject: Your screening review request/);
    expect(mail).toContain(R.mailBody);
    expect(mail).toContain('Thank you for writing to us.');
    expect(mail).not.toContain(comment);
    expect(mail).not.toContain(provider.username);
    expect(mail).not.toContain(provider.email);
  });
});
