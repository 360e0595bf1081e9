import type { APIRequestContext, Page } from '@playwright/test';
import { formatMoney, MESSAGES, packagePrice, TWO_FACTOR } from '@app/domain';
import { expect, test } from './fixtures.ts';
import { createAccount, signInAs, signInThroughApi, uniqueId, type TestAccount } from './support/accounts.ts';
import { codeForStep } from './support/admin.ts';
import {
  ADMIN,
  apiAs,
  approveAd,
  buyPackage,
  packageId,
  postAd,
  uploadImages,
  verifyProvider,
} from './support/business.ts';
import {
  adminAccountMenu,
  consoleNav,
  createAdminByCli,
  findOnPages,
  newVisitorPage,
  openSection,
  toast,
} from './support/console.ts';
import { expectFits } from './support/phone-check.ts';

/**
 * The admin console: an admin enrols in two-factor sign-in and signs in with a
 * recovery code; approves and rejects ads from the queue; verifies a provider after viewing the ID
 * document; decides payments; closes a report; blocks an account; changes a package's price; and the
 * whole console at a phone's width. Every journey makes its own accounts over the API and finds its
 * records by their unique names, ids or e-mails: other journeys fill the same queues meanwhile.
 */

const C = MESSAGES.adminConsole;
const T = MESSAGES.twoFactor;
const MOD = MESSAGES.moderation;
const U = MESSAGES.adminUsers;
const PAY = MESSAGES.payments;
const REP = MESSAGES.adminReports;
const SET = MESSAGES.adminSettings;

/** The e2e admin's console, signed in with a code (support/admin.ts), at a section's address. */
async function openConsole(page: Page, path = '/admin') {
  await signInAs(page, ADMIN);
  await page.goto(path);
}

/** A page's `<h1>`. */
const h1 = (page: Page, name: string) => page.getByRole('heading', { level: 1, name, exact: true });

/** A console dialog by its title. */
const dialog = (page: Page, name: string) => page.getByRole('dialog', { name });

/** The admin's answer to `GET /api/users/:id` (flat). */
async function userAsAdmin(request: APIRequestContext, id: number) {
  return apiAs<{ verification: string | null; is_active: boolean }>(
    request,
    ADMIN,
    'GET',
    `/api/users/${id}`,
  );
}

/** A listing card of the directory with this title. */
const listed = (page: Page, title: string) => page.locator('article, .card').filter({ hasText: title });

/** Waits until the home page's listing shows (some ad card), so "not there" means not listed. */
async function openDirectory(page: Page) {
  await page.goto('/');
  await expect(page.locator('article, .card').first()).toBeVisible();
}

test.describe('[ADMIN][TWO-FACTOR]', () => {
  test('[ADMIN][TWO-FACTOR] an admin made by the CLI enrols on the first console visit, then signs in with a recovery code after a wrong code', async ({
    page,
  }) => {
    test.setTimeout(120_000);
    const email = `admin_${uniqueId()}@e2e.test`;
    const password = `Admin-${uniqueId()}`;
    createAdminByCli(email, password);

    // The password alone signs in (no two-factor yet); the account menu leads to the console.
    await page.goto('/login');
    await page.getByLabel(MESSAGES.login.email).fill(email);
    await page.getByLabel(MESSAGES.login.password).fill(password);
    await page.getByRole('button', { name: MESSAGES.login.submit }).click();
    await adminAccountMenu(page).click();
    await page.getByRole('link', { name: C.menuItem }).click();

    // The console asks for enrolment: the secret is also shown as text, for apps without a camera.
    await expect(page).toHaveURL(/\/admin\/two-factor$/);
    await expect(h1(page, T.consoleTitle)).toBeVisible();
    await expect(page.getByRole('img', { name: T.qrAlt })).toBeVisible();
    const secretText = await page.getByLabel(T.secretLabel).textContent();
    const secret = (secretText ?? '').replace(/\s+/g, '');
    expect(secret).toMatch(/^[A-Z2-7]{16,}$/);
    const step = Math.floor(Date.now() / (TWO_FACTOR.periodSeconds * 1000));
    await page.getByLabel(T.codeLabel, { exact: true }).fill(codeForStep(secret, step));
    await page.getByRole('button', { name: T.enable }).click();

    // Ten recovery codes, shown once; then the console opens.
    await expect(toast(page, T.enabledToast)).toBeVisible();
    const codes = page.getByRole('list', { name: T.recoveryTitle }).getByRole('listitem');
    await expect(codes).toHaveCount(10);
    const recoveryCode = ((await codes.first().textContent()) ?? '').trim();
    expect(recoveryCode).not.toBe('');
    await page.getByRole('button', { name: T.done }).click();
    await expect(page).toHaveURL(/\/admin$/);
    await expect(h1(page, C.titles.dashboard)).toBeVisible();

    // Signing out, then in again: the login asks for the Code after the password.
    await adminAccountMenu(page).click();
    await page.getByRole('button', { name: MESSAGES.nav.logout }).click();
    await expect(page.getByRole('banner').getByRole('link', { name: MESSAGES.nav.login })).toBeVisible();
    await page.goto('/login');
    await page.getByLabel(MESSAGES.login.email).fill(email);
    await page.getByLabel(MESSAGES.login.password).fill(password);
    await page.getByRole('button', { name: MESSAGES.login.submit }).click();
    const codeStep = page.getByRole('form', { name: T.verifyTitle });
    await expect(codeStep).toBeVisible();

    // A wrong code (one from long ago) is refused with the message.
    const nowStep = Math.floor(Date.now() / (TWO_FACTOR.periodSeconds * 1000));
    const valid = [nowStep - 1, nowStep, nowStep + 1, nowStep + 2].map((s) => codeForStep(secret, s));
    let wrong = codeForStep(secret, nowStep - 100);
    if (valid.includes(wrong)) wrong = codeForStep(secret, nowStep - 101);
    await codeStep.getByLabel(T.codeLabel, { exact: true }).fill(wrong);
    await codeStep.getByRole('button', { name: T.verify }).click();
    await expect(codeStep.getByText(T.invalidCode)).toBeVisible();

    // A recovery code gets in, with the console's powers.
    await codeStep.getByLabel(T.codeLabel, { exact: true }).fill(recoveryCode);
    await codeStep.getByRole('button', { name: T.verify }).click();
    await expect(codeStep).toHaveCount(0);
    await adminAccountMenu(page).click();
    await page.getByRole('link', { name: C.menuItem }).click();
    await expect(page).toHaveURL(/\/admin$/);
    await expect(h1(page, C.titles.dashboard)).toBeVisible();
    await expect(page.getByText(C.gate.reSignInTitle)).toHaveCount(0);
  });
});

test.describe('[ADMIN][MODERATION]', () => {
  test('[ADMIN][MODERATION] the admin approves one ad from the queue and it is listed; rejects another with a reason the provider reads on My Ads', async ({
    page,
    browser,
    request,
  }) => {
    test.setTimeout(120_000);
    const provider = await createAccount(request, 'Provider');
    await buyPackage(request, provider, 'Standard');
    const tag = uniqueId();
    const approvedTitle = `Queue approve ${tag}`;
    const rejectedTitle = `Queue reject ${tag}`;
    const approvedId = await postAd(request, provider, approvedTitle);
    const rejectedId = await postAd(request, provider, rejectedTitle);
    await verifyProvider(request, provider.id);

    await openConsole(page);
    await openSection(page, C.nav.moderation);
    const first = page.getByRole('article', { name: `#${approvedId} Aria`, exact: true });
    await findOnPages(page, first);
    await expect(first).toContainText(approvedTitle);
    await expect(first).toContainText(provider.username);

    // Approve, confirmed: the item leaves the queue.
    await first.getByRole('button', { name: MOD.approve, exact: true }).click();
    const confirmApprove = dialog(page, C.moderationPage.approveTitle);
    await expect(confirmApprove).toContainText(MOD.approveConfirm);
    await confirmApprove.getByRole('button', { name: MOD.approve, exact: true }).click();
    await expect(toast(page, MOD.approved)).toBeVisible();
    await expect(first).toHaveCount(0);

    // A visitor finds it in the directory.
    const visitor = await newVisitorPage(browser);
    await openDirectory(visitor);
    await expect(listed(visitor, approvedTitle).first()).toBeVisible();
    await expect(listed(visitor, rejectedTitle)).toHaveCount(0);

    // Reject the other with a template and a word of our own.
    const second = page.getByRole('article', { name: `#${rejectedId} Aria`, exact: true });
    await findOnPages(page, second);
    await second.getByRole('button', { name: MOD.reject, exact: true }).click();
    const rejectDialog = dialog(page, MOD.rejectTitle);
    await rejectDialog.getByRole('button', { name: MOD.reasonTemplateLabels[2] }).click();
    const reasonBox = rejectDialog.getByLabel(MOD.reasonLabel, { exact: true });
    await expect(reasonBox).toHaveValue(MOD.reasonTemplates[2]);
    const reason = `${MOD.reasonTemplates[2]} Add your city's area, ref ${tag}.`;
    await reasonBox.fill(reason);
    await rejectDialog.getByRole('button', { name: MOD.confirmReject, exact: true }).click();
    await expect(toast(page, MOD.rejected)).toBeVisible();
    await expect(second).toHaveCount(0);

    // The provider reads the reason on My Ads; the first ad is approved.
    const own = await newVisitorPage(browser);
    await signInAs(own, provider);
    await own.goto('/ads/view');
    const rejectedCard = own.getByRole('article', { name: rejectedTitle });
    await expect(rejectedCard.getByText(MESSAGES.review.rejected, { exact: true })).toBeVisible();
    await expect(rejectedCard).toContainText(`${MESSAGES.myAds.reason}: ${reason}`);
    await expect(
      own.getByRole('article', { name: approvedTitle }).getByText(MESSAGES.review.approved, { exact: true }),
    ).toBeVisible();
    await visitor.context().close();
    await own.context().close();
  });
});

test.describe('[ADMIN][VERIFICATION]', () => {
  test('[ADMIN][VERIFICATION] the admin views a new provider’s ID document privately and marks them verified; their ad can then be approved', async ({
    page,
    request,
  }) => {
    test.setTimeout(90_000);
    const provider = await createAccount(request, 'Provider');
    await buyPackage(request, provider, 'Starter');
    const adId = await postAd(request, provider, `Verify me ${uniqueId()}`);

    // Not verified yet: the ad cannot be approved.
    const { jwt } = await signInThroughApi(request, ADMIN);
    const refused = await request.put(`/api/providers/${adId}`, {
      headers: { authorization: `Bearer ${jwt}` },
      data: { data: { review: 'approved' } },
    });
    expect(refused.status()).toBe(409);
    expect(await refused.text()).toContain(MESSAGES.verification.approveNeedsVerified);

    await openConsole(page);
    await openSection(page, C.nav.verifications);
    await page.getByRole('main').getByRole('search').getByLabel(U.search).fill(provider.email);
    await page.getByRole('main').getByRole('search').getByRole('button', { name: C.filters.search }).click();
    const item = page.getByRole('article', { name: `${provider.first_name} ${provider.last_name}` });
    await expect(item).toBeVisible();
    await expect(item).toContainText(provider.email);
    await expect(item.getByText(MESSAGES.verification.states.pending)).toBeVisible();

    // The document opens in a dialog from an object URL: its bytes came through the API.
    await item.getByRole('button', { name: U.viewDocument }).first().click();
    const viewer = page.getByRole('dialog', { name: new RegExp(`^${C.verificationsPage.documentTitle}:`) });
    const image = viewer.getByRole('img');
    await expect(image).toBeVisible();
    await expect(image).toHaveAttribute('src', /^blob:/);
    expect(await image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
    await viewer.getByRole('button', { name: C.dialog.close, exact: true }).last().click();
    await expect(viewer).toHaveCount(0);

    // Mark verified, confirmed.
    await item.getByRole('button', { name: U.markVerified }).click();
    const confirm = dialog(page, U.markVerified);
    await expect(confirm).toContainText(U.confirmVerify);
    await confirm.getByRole('button', { name: U.markVerified }).click();
    await expect(toast(page, U.verifiedToast)).toBeVisible();
    // The pending list no longer holds them.
    await expect(item).toHaveCount(0);

    expect((await userAsAdmin(request, provider.id)).verification).toBe('verified');
    await approveAd(request, adId);
    expect((await request.get(`/api/providers/${adId}`)).status()).toBe(200);
  });
});

/** Adds a product over the API as the vendor, with an uploaded picture; answers its id. */
async function addProduct(request: APIRequestContext, vendor: TestAccount, name: string, price: number) {
  const [picture] = await uploadImages(request, vendor, 1);
  const body = await apiAs(request, vendor, 'POST', '/api/products', {
    data: { name, description: 'A tame placeholder product.', price: String(price), picture },
  });
  return body.data.id;
}

test.describe('[ADMIN][PAYMENTS]', () => {
  test('[ADMIN][PAYMENTS] the admin finds payments by transaction id, verifies a subscription and rejects an order, which is cancelled for its buyer', async ({
    page,
    browser,
    request,
  }) => {
    test.setTimeout(90_000);
    const tag = uniqueId().toUpperCase();
    const provider = await createAccount(request, 'Provider');
    const subscriptionTx = `SUB-${tag}`;
    const subscription = await apiAs(request, provider, 'POST', '/api/subscriptions', {
      data: { package: await packageId(request, 'Starter'), transaction_id: subscriptionTx },
    });
    expect(subscription.data.attributes.payment_status).toBe('pending');

    const vendor = await createAccount(request, 'Vender');
    const buyer = await createAccount(request, 'Hobbyist');
    const product = await addProduct(request, vendor, `Candle ${tag}`, 10);
    const items = [{ product, quantity: 1 }];
    await apiAs(request, buyer, 'POST', '/api/orders/quote', { data: { items } });
    const orderTx = `ORD-${tag}`;
    const order = await apiAs(request, buyer, 'POST', '/api/orders/checkout', {
      data: {
        items,
        billing: {
          first_name: 'Robin',
          last_name: 'Lane',
          email_address: 'robin.lane@example.test',
          phone: '4085550123',
          country: 'United States',
          address: '1 Placeholder Street',
          town: 'San Jose',
          postcode: '95112',
        },
        transaction_id: orderTx,
      },
    });

    await openConsole(page);
    await openSection(page, C.nav.payments);
    const search = page.getByRole('main').getByRole('search');
    const rows = page.getByTestId('payment-row');

    // The subscription: found by its id, verified.
    await search.getByLabel(PAY.search).fill(subscriptionTx);
    await search.getByRole('button', { name: C.filters.search }).click();
    const subscriptionRow = rows.filter({ hasText: subscriptionTx });
    await expect(rows).toHaveCount(1);
    await expect(subscriptionRow).toContainText(PAY.kinds.subscription);
    await expect(subscriptionRow).toContainText(provider.username);
    await subscriptionRow.getByRole('button', { name: PAY.verify }).click();
    const verify = dialog(page, PAY.confirmVerifyTitle);
    await expect(verify).toContainText(subscriptionTx);
    await verify.getByRole('button', { name: PAY.verify }).click();
    await expect(toast(page, PAY.verified)).toBeVisible();
    await expect(subscriptionRow).toHaveCount(0);

    // The order: found by its id, rejected.
    await search.getByLabel(PAY.search).fill(orderTx);
    await search.getByRole('button', { name: C.filters.search }).click();
    const orderRow = rows.filter({ hasText: orderTx });
    await expect(orderRow).toBeVisible();
    await expect(rows).toHaveCount(1);
    await expect(orderRow).toContainText(PAY.kinds.order);
    await expect(orderRow).toContainText(buyer.username);
    await orderRow.getByRole('button', { name: PAY.reject }).click();
    const reject = dialog(page, PAY.confirmRejectTitle);
    await expect(reject).toContainText(PAY.confirmReject.order);
    await reject.getByRole('button', { name: PAY.reject }).click();
    await expect(toast(page, PAY.rejected)).toBeVisible();
    await expect(orderRow).toHaveCount(0);

    // The buyer's order is cancelled; the provider's payment is verified.
    const buyerPage = await newVisitorPage(browser);
    await signInAs(buyerPage, buyer);
    await buyerPage.goto('/orders/view');
    await expect(
      buyerPage
        .getByRole('row')
        .filter({ hasText: `#${order.data.id}` })
        .first(),
    ).toContainText(MESSAGES.orderStatus.cancelled);
    await buyerPage.context().close();
    const orders = await apiAs<{ data: { id: number; attributes: { status: string } }[] }>(
      request,
      buyer,
      'GET',
      '/api/orders?sort=id:desc',
    );
    expect(orders.data.find((o) => o.id === order.data.id)?.attributes.status).toBe(
      MESSAGES.orderStatus.cancelled,
    );
    const subscriptions = await apiAs<{ data: { id: number; attributes: { payment_status: string } }[] }>(
      request,
      provider,
      'GET',
      '/api/subscriptions?sort=id:desc',
    );
    expect(subscriptions.data.find((s) => s.id === subscription.data.id)?.attributes.payment_status).toBe(
      'verified',
    );
  });
});

test.describe('[ADMIN][REPORTS]', () => {
  test('[ADMIN][REPORTS] the admin writes an internal note on a visitor’s report and closes it', async ({
    page,
    request,
  }) => {
    const details = `An ad seems to offer a minor, ref ${uniqueId()}.`;
    const filed = await request.post('/api/reports', {
      data: { data: { reason: 'Person may be under 18', details } },
    });
    expect(filed.status(), await filed.text()).toBe(200);
    const reportId = ((await filed.json()) as { data: { id: number } }).data.id;

    await openConsole(page);
    await openSection(page, C.nav.reports);
    const card = page.getByTestId('report-card').filter({ hasText: details });
    await findOnPages(page, card);
    // New, in its state select.
    await expect(card.getByLabel(REP.status, { exact: true })).toHaveValue('open');
    await expect(card.getByLabel(REP.status, { exact: true }).locator('option:checked')).toHaveText(
      REP.states.open,
    );

    const note = `Checked the listing; hotline called (${uniqueId()}).`;
    await card.getByLabel(REP.staffNote).fill(note);
    await card.getByRole('button', { name: REP.saveNote }).click();
    await expect(toast(page, REP.saved)).toBeVisible();
    await expect(card.getByLabel(REP.staffNote)).toHaveValue(note);

    await card.getByRole('button', { name: MESSAGES.adminPages.reports.close, exact: true }).click();
    await expect(toast(page, MESSAGES.adminPages.reports.closed)).toBeVisible();
    // Closed reports leave the default list (New and In progress).
    await expect(card).toHaveCount(0);

    const closed = await apiAs<{
      data: { kind: string; id: number; status: string; staff_note: string | null }[];
    }>(request, ADMIN, 'GET', '/api/admin/reports?kind=report&status=closed&pagination[pageSize]=100');
    expect(closed.data.find((r) => r.id === reportId)).toMatchObject({ status: 'closed', staff_note: note });
  });
});

test.describe('[ADMIN][USERS]', () => {
  test('[ADMIN][USERS] the admin blocks a provider: their ad leaves the directory, their session ends, and the audit log shows it', async ({
    page,
    browser,
    request,
  }) => {
    test.setTimeout(90_000);
    const provider = await createAccount(request, 'Provider');
    await buyPackage(request, provider, 'Starter');
    const title = `Block me ${uniqueId()}`;
    const adId = await postAd(request, provider, title);
    await approveAd(request, adId);
    const { jwt } = await signInThroughApi(request, provider);

    const visitor = await newVisitorPage(browser);
    await openDirectory(visitor);
    await expect(listed(visitor, title).first()).toBeVisible();

    await openConsole(page);
    await openSection(page, C.nav.users);
    const search = page.getByRole('main').getByRole('search');
    await search.getByLabel(U.search).fill(provider.email);
    await search.getByRole('button', { name: C.filters.search }).click();
    const row = page.getByTestId('user-row').filter({ hasText: provider.email });
    await expect(row).toHaveCount(1);
    await row.getByRole('link', { name: provider.username }).click();
    await expect(h1(page, `${C.titles.userDetail}: ${provider.username}`)).toBeVisible();
    // Its approved ad is on its page.
    await expect(page.getByRole('row').filter({ hasText: `#${adId}` })).toContainText(C.statuses.approved);

    await page.getByRole('button', { name: U.block, exact: true }).click();
    const confirm = dialog(page, U.block);
    await expect(confirm).toContainText(U.confirmBlock);
    await confirm.getByRole('button', { name: U.block, exact: true }).click();
    await expect(toast(page, U.blockedToast)).toBeVisible();
    await expect(page.getByRole('button', { name: U.unblock, exact: true })).toBeVisible();

    // The ad is gone for visitors; the provider's token is refused.
    await openDirectory(visitor);
    await expect(listed(visitor, title)).toHaveCount(0);
    await visitor.context().close();
    const me = await request.get('/api/users/me', { headers: { authorization: `Bearer ${jwt}` } });
    expect(me.status()).toBe(401);

    // The audit log lists the block of this account.
    await openSection(page, C.nav.auditLog);
    await page.getByLabel(MESSAGES.auditLog.filterAction).selectOption('user.block');
    await page.getByLabel(MESSAGES.auditLog.filterSubject).fill(`user:${provider.id}`);
    await page.getByRole('button', { name: MESSAGES.auditLog.apply }).click();
    // The page names the record and the action for people ('Account #62', 'Account blocked').
    const log = MESSAGES.auditLog;
    const record = log.subjectNumbered
      .replace('{type}', log.subjectTypes.user!)
      .replace('{id}', String(provider.id));
    const entry = page.getByRole('row').filter({ hasText: record });
    await expect(entry).toHaveCount(1);
    await expect(entry).toContainText(log.actionLabels['user.block']!);
  });
});

test.describe('[ADMIN][SETTINGS]', () => {
  test('[ADMIN][SETTINGS] the admin adds a package and changes its price; a new purchase pays the new price', async ({
    page,
    request,
  }) => {
    test.setTimeout(90_000);
    const name = `Pack${uniqueId()}`;
    await openConsole(page);
    await openSection(page, C.nav.settings);
    const packages = page.getByRole('region', { name: SET.sections.packages });

    // Add.
    await packages.getByRole('button', { name: SET.add }).click();
    const create = dialog(page, MESSAGES.adminPages.settings.newPackage);
    await create.getByLabel(SET.fields.packageName).fill(name);
    await create.getByLabel(SET.fields.totalPrice).fill('20');
    await create.getByLabel(SET.fields.validity).fill('1');
    await create.getByLabel(SET.fields.adsPerDay).fill('2');
    await create.getByRole('button', { name: SET.save }).click();
    await expect(toast(page, SET.created)).toBeVisible();
    const row = page.getByTestId('package-row').filter({ hasText: name });
    await expect(row).toContainText(formatMoney(20));

    // Change its price.
    await row.getByRole('button', { name: SET.edit }).click();
    const edit = dialog(page, MESSAGES.adminPages.settings.editPackage);
    await expect(edit.getByLabel(SET.fields.packageName)).toHaveValue(name);
    await edit.getByLabel(SET.fields.totalPrice).fill('26.5');
    await edit.getByRole('button', { name: SET.save }).click();
    await expect(toast(page, SET.updated)).toBeVisible();
    await expect(row).toContainText(formatMoney(26.5));

    // The price a buyer pays: the new total with the processing costs in force (the first entry).
    const costs = (await (await request.get('/api/processing-costs')).json()) as {
      data: { attributes: { tax: number | string; processing_fee: number | string } }[];
    };
    const inForce = costs.data[0]!.attributes;
    const expected = packagePrice(26.5, Number(inForce.tax), Number(inForce.processing_fee));

    // The public packages page offers it at the new price.
    await page.goto('/package');
    const card = page.locator('.card').filter({ has: page.getByRole('heading', { name, exact: true }) });
    await expect(card).toContainText(formatMoney(expected));

    // A provider buys it: the subscription is priced from the new total.
    const provider = await createAccount(request, 'Provider');
    const bought = await buyPackage(request, provider, name);
    expect(bought.data.attributes.price).toBe(expected);
  });
});

test.describe('[ADMIN][PHONE]', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('[ADMIN][PHONE] every console section opens from the phone menu, with its heading and no sideways scrolling', async ({
    page,
  }) => {
    test.setTimeout(90_000);
    await openConsole(page);
    await expect(h1(page, C.titles.dashboard)).toBeVisible();
    // The sidebar is folded away on a phone.
    await expect(consoleNav(page)).toBeHidden();
    const sections = [
      [C.nav.moderation, C.titles.moderation],
      [C.nav.verifications, C.titles.verifications],
      [C.nav.payments, C.titles.payments],
      [C.nav.reports, C.titles.reports],
      [C.nav.users, C.titles.users],
      [C.nav.settings, C.titles.settings],
      [C.nav.auditLog, C.titles.auditLog],
      [C.nav.dashboard, C.titles.dashboard],
    ] as const;
    for (const [label, title] of sections) {
      await page.getByRole('button', { name: C.nav.openMenu }).click();
      await expect(consoleNav(page)).toBeVisible();
      await openSection(page, label, title);
      await expect(consoleNav(page)).toBeHidden();
      await expectFits(page, title);
    }
  });
});
