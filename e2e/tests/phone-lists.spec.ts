import type { Locator, Page } from '@playwright/test';
import { MESSAGES } from '@app/domain';
import { expect, test } from './fixtures.ts';
import { createAccount, signInAs, uniqueId } from './support/accounts.ts';
import { ADMIN, apiAs, approveAd, buyPackage, postAd, uploadImages } from './support/business.ts';
import { DESKTOP, expectFits, PHONE } from './support/phone-check.ts';

/**
 * The account's lists on a phone (390 × 844): My Wallet, My Subscription, Review Mail, My Orders, My
 * Sales and My Products never scroll sideways and no table is wider than its box; each table's rows
 * are cards naming every value by its column, with the actions in reach. From 1280 px they are tables.
 */

/** A page's first data: more than the default wait, as each test sets up a lot before it looks. */
const LOADED = { timeout: 20_000 };

/** Long words that do not break by themselves, as real names and addresses sometimes are. */
const LONG = 'Extraordinarilylongproductnamewithoutanyspaces';

/**
 * On a phone the table's rows are cards: no header row, each cell shows its column's name (the
 * `data-label` drawn before it) and its value; answers the labels of the first card.
 */
async function firstCardLabels(page: Page): Promise<string[]> {
  const table = page.locator('.columns-table table').first();
  await expect(table.locator('thead')).toBeHidden();
  return table.evaluate((t) =>
    [...t.querySelectorAll('tbody > tr:first-child > [data-label]')]
      .filter((cell) => getComputedStyle(cell).display !== 'none')
      .map((cell) => {
        const label = getComputedStyle(cell, '::before').content;
        return `${label}=${cell.getAttribute('data-label')}`;
      }),
  );
}

/** Every visible cell of the first card names its column before its value. */
async function expectLabelledCards(page: Page, labels: readonly string[]): Promise<void> {
  const shown = await firstCardLabels(page);
  expect(shown).toEqual(labels.map((label) => `${JSON.stringify(label)}=${label}`));
}

/** The element lies within the phone's width once scrolled to (nothing cut off at the right). */
async function expectWithinWidth(page: Page, element: Locator, what: string): Promise<void> {
  await element.scrollIntoViewIfNeeded();
  const box = (await element.boundingBox())!;
  expect(box.x, `${what} starts off the screen`).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width, `${what} ends off the screen`).toBeLessThanOrEqual(page.viewportSize()!.width);
}

/** From 1280 px the same list is a table with its header row. */
async function expectTableOnDesktop(page: Page, what: string): Promise<void> {
  await page.setViewportSize(DESKTOP);
  const table = page.locator('.columns-table table').first();
  await expect(table.locator('thead')).toBeVisible();
  expect(await table.evaluate((t) => getComputedStyle(t).display)).toBe('table');
  await expectFits(page, `${what} at 1280 px`);
  await page.setViewportSize(PHONE);
}

test.describe('[ACCOUNT][PHONE]', () => {
  test.use({ viewport: PHONE });

  test('[ACCOUNT][PHONE] My Wallet, My Subscription and Review Mail fit a phone; their tables are labelled cards', async ({
    page,
    request,
  }) => {
    test.setTimeout(180_000); // a provider with a package, an ad approved, a hobbyist's message
    const provider = await createAccount(request, 'Provider');
    await buyPackage(request, provider, 'Starter');
    const ad = await postAd(request, provider, `Phone ad ${uniqueId()} ${LONG}`);
    await approveAd(request, ad);
    const hobbyist = await createAccount(request, 'Hobbyist');
    await apiAs(request, hobbyist, 'POST', `/api/providers/${ad}/mail`, {
      data: { message: `Hello there ${LONG}${LONG}` },
    });
    await signInAs(page, provider);

    const W = MESSAGES.wallet;
    await page.goto('/provider/wallet');
    await expect(page.getByRole('heading', { level: 2, name: W.recent })).toBeVisible(LOADED);
    await expect(page.getByRole('cell', { name: 'Starter' }).first()).toBeVisible(LOADED);
    await expectFits(page, 'My Wallet');
    await expectLabelledCards(page, [W.date, W.type, W.for, W.amount, W.paymentState]);
    // The payment state, the column that used to be cut off, is on the screen.
    const payment = page
      .locator('.columns-table tbody tr')
      .first()
      .locator(`[data-label="${W.paymentState}"]`);
    await expectWithinWidth(page, payment, 'The payment state');
    await expectTableOnDesktop(page, 'My Wallet');

    const T = MESSAGES.subscription;
    await page.goto('/provider/subscription');
    await expect(page.getByRole('heading', { level: 2, name: T.history })).toBeVisible(LOADED);
    await expect(page.getByRole('cell', { name: 'Starter' }).first()).toBeVisible(LOADED);
    await expectFits(page, 'My Subscription');
    await expectLabelledCards(page, [
      T.packageName,
      T.startDate,
      T.endDate,
      T.price,
      T.paymentState,
      T.status,
    ]);
    await expectTableOnDesktop(page, 'My Subscription');

    await page.goto('/provider/reviewmail');
    const conversation = page.getByRole('link', { name: new RegExp(hobbyist.username) });
    await expect(conversation).toBeVisible(LOADED);
    await expectFits(page, 'Review Mail');
    await expectWithinWidth(page, conversation, 'The conversation');
    await page.setViewportSize(DESKTOP);
    await expectFits(page, 'Review Mail at 1280 px');
  });

  test('[ACCOUNT][PHONE] My Orders, My Sales and My Products fit a phone, the actions in reach', async ({
    page,
    browser,
    request,
  }) => {
    test.setTimeout(180_000); // a vendor with products, a buyer's two orders, the admin's payment check
    const vendor = await createAccount(request, 'Vender');
    const buyer = await createAccount(request, 'Hobbyist');
    const products: number[] = [];
    for (const [name, price] of [
      [LONG, 12],
      [`Lotion ${uniqueId()}`, 7],
    ] as const) {
      const [picture] = await uploadImages(request, vendor, 1);
      const body = await apiAs(request, vendor, 'POST', '/api/products', {
        data: { name, description: `A tame placeholder product. ${LONG}`, price: String(price), picture },
      });
      products.push(body.data.id);
    }
    const billing = {
      first_name: 'Robin',
      last_name: 'Lane',
      email_address: `robin.lane.${LONG.toLowerCase()}@example.test`,
      phone: '4085550123',
      country: 'United States',
      address: `1 ${LONG} Street`,
      town: 'San Jose',
      postcode: '95112',
    };
    const paid = await apiAs(request, buyer, 'POST', '/api/orders/checkout', {
      data: {
        items: products.map((product) => ({ product, quantity: 2 })),
        billing,
        transaction_id: `E2E-PHONE-${uniqueId()}`,
      },
    });
    await apiAs(request, ADMIN, 'PUT', `/api/orders/${paid.data.id}`, {
      data: { payment_status: 'verified' },
    });
    await apiAs(request, buyer, 'POST', '/api/orders/checkout', {
      data: {
        items: [{ product: products[1], quantity: 1 }],
        billing,
        transaction_id: `E2E-PHONE-${uniqueId()}`,
      },
    });

    const O = MESSAGES.orders;
    const buyerContext = await browser.newContext({ viewport: PHONE });
    const shopper = await buyerContext.newPage();
    await shopper.addInitScript(() => localStorage.setItem('disclaimerbox', 'true'));
    await signInAs(shopper, buyer);
    await shopper.goto('/orders/view');
    await expect(shopper.getByRole('heading', { level: 1, name: O.title })).toBeVisible(LOADED);
    await expect(shopper.getByTestId('order-total').first()).toBeVisible(LOADED);
    await expectFits(shopper, 'My Orders');
    // The newest order (awaiting payment) has one line: every column, its action included.
    await expectLabelledCards(shopper, [O.orderId, O.image, O.name, O.quantity, O.price, O.status, O.action]);
    const cancel = shopper.getByRole('button', { name: O.cancel }).first();
    await expectWithinWidth(shopper, cancel, 'Cancel order');
    await cancel.click();
    await expect(shopper.getByRole('dialog')).toContainText(O.cancelPrompt);
    await shopper.getByRole('dialog').locator('.modal-footer').getByRole('button', { name: O.close }).click();
    await expect(shopper.getByRole('dialog')).toHaveCount(0);
    await expectTableOnDesktop(shopper, 'My Orders');
    await buyerContext.close();

    const SA = MESSAGES.sales;
    await signInAs(page, vendor);
    await page.goto('/sales/view');
    await expect(page.getByTestId('sale-row').first()).toBeVisible(LOADED);
    await expectFits(page, 'My Sales');
    await expectLabelledCards(page, [
      SA.orderId,
      SA.date,
      SA.product,
      SA.quantity,
      SA.total,
      SA.status,
      SA.shipTo,
    ]);
    await expectWithinWidth(page, page.getByRole('button', { name: SA.markShipped }).first(), 'Mark shipped');
    await expect(page.getByText(billing.email_address).first()).toBeVisible();
    await expectTableOnDesktop(page, 'My Sales');

    const M = MESSAGES.myProducts;
    await page.goto('/products/view');
    await expect(page.getByRole('heading', { level: 1, name: M.title })).toBeVisible();
    await expect(page.locator('.columns-table tbody tr')).toHaveCount(2, LOADED);
    await expectFits(page, 'My Products');
    await expectLabelledCards(page, [M.number, M.image, M.name, M.description, M.price, M.action]);
    const row = page.locator('.columns-table tbody tr').first();
    await expectWithinWidth(page, row.getByRole('link', { name: new RegExp(M.edit) }), 'Edit');
    await expectWithinWidth(page, row.getByRole('button', { name: new RegExp(M.delete) }), 'Delete');
    await expectTableOnDesktop(page, 'My Products');
  });
});
