import { MESSAGES, userTypeLabel } from '@app/domain';
import type { Browser, BrowserContext, Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import {
  buildAccountData,
  createAccount,
  readSessionStorage,
  readTabSession,
  signInAs,
  signInThroughApi,
} from './support/accounts.ts';
import type { AccountData } from './support/accounts.ts';
import { readResetLink } from './support/outbox.ts';
import { pngFile } from './support/png.ts';

const L = MESSAGES.login;
const R = MESSAGES.register;

const heading = (page: Page, name: string) => page.getByRole('heading', { level: 1, name });
/** The value shown next to a label of My Profile. */
const profileValue = (page: Page, label: string) =>
  page
    .locator('dt')
    .filter({ hasText: new RegExp(`^${label}$`) })
    .locator('+ dd');
const toast = (page: Page, text: string) => page.locator('.Toastify').getByText(text, { exact: true });

/**
 * The browser closed and opened again: a new context with what a browser keeps on disk, its localStorage and
 * its cookies but the session ones (no expiry), which a browser drops when it closes.
 */
async function reopenBrowser(browser: Browser, context: BrowserContext): Promise<Page> {
  const state = await context.storageState();
  const reopened = await browser.newContext({
    storageState: { ...state, cookies: state.cookies.filter((cookie) => cookie.expires !== -1) },
  });
  return reopened.newPage();
}

/** The path of the current page, without origin. */
function pathOf(page: Page): string {
  const url = new URL(page.url());
  return `${url.pathname}${url.search}`;
}

async function fillRegisterForm(page: Page, data: AccountData) {
  await page.getByLabel(R.firstName).fill(data.first_name);
  await page.getByLabel(R.lastName).fill(data.last_name);
  await page.getByLabel(R.username).fill(data.username);
  await page.getByLabel(R.email, { exact: true }).fill(data.email);
  await page.getByLabel(R.password, { exact: true }).fill(data.password);
  await page.getByLabel(R.confirmPassword).fill(data.password);
  await page.getByLabel(R.phoneNumber).fill(data.phone_number);
  await page.getByLabel(R.dob).fill(data.dob);
  await page.getByLabel(R.city).fill(data.city);
  await page.getByLabel(R.userType).selectOption(data.user_type);
  await page.getByLabel(R.terms).check();
}

async function fillLoginForm(page: Page, email: string, password: string) {
  await page.getByLabel(L.email).fill(email);
  await page.getByLabel(L.password, { exact: true }).fill(password);
  await page.getByRole('button', { name: L.submit }).click();
}

/** The header's account menu, titled with the user's first and last name. */
const accountMenu = (page: Page, account: Pick<AccountData, 'first_name' | 'last_name'>) =>
  page.getByRole('banner').getByRole('button', { name: `${account.first_name} ${account.last_name}` });

test.describe('[ACCOUNTS][REGISTER]', () => {
  for (const userType of ['Hobbyist', 'Vender'] as const) {
    test(`[ACCOUNTS][REGISTER] a ${userType} registers and lands on the listing signed in, welcomed`, async ({
      page,
    }) => {
      const data = buildAccountData(userType);
      await page.goto('/register');
      await expect(heading(page, R.title)).toBeVisible();
      await expect(page.getByText(R.passwordHint)).toBeVisible();
      await fillRegisterForm(page, data);
      // Only providers upload ID documents.
      await expect(page.getByLabel(R.docs)).toHaveCount(0);
      await page.getByRole('button', { name: R.submit }).click();

      await expect(page).toHaveURL(/\/$/);
      await expect(toast(page, R.created)).toBeVisible();
      await expect(accountMenu(page, data)).toBeVisible();
      const stored = await readSessionStorage(page);
      expect(stored.token).toBeTruthy();
      // The welcome says what to do next for the account's type, once: closed, it stays closed.
      const welcome = page.getByRole('region', { name: MESSAGES.welcome.title });
      await expect(welcome).toContainText(MESSAGES.welcome[userType].intro);
      await welcome.getByRole('button', { name: MESSAGES.welcome.dismiss }).click();
      await expect(welcome).toHaveCount(0);
      await page.reload();
      await expect(accountMenu(page, data)).toBeVisible();
      await expect(welcome).toHaveCount(0);
      // The account works.
      const { user } = await signInThroughApi(page.request, data);
      expect(user).toMatchObject({ id: Number(stored.userid), user_type: userType, email: data.email });
    });
  }

  test('[ACCOUNTS][REGISTER] a Provider registers with an ID document image and goes to /package signed in', async ({
    page,
  }) => {
    test.slow(); // two tries of the form, two uploads, the registration and its sign-in
    const data = buildAccountData('Provider');
    await page.goto('/register');
    await fillRegisterForm(page, data);
    const docs = page.getByLabel(R.docs);
    await expect(docs).toBeVisible();
    await page.getByRole('button', { name: R.submit }).click();
    await expect(page.getByText(MESSAGES.validation.docsRequired)).toBeVisible();
    expect(pathOf(page)).toBe('/register');

    await docs.setInputFiles([pngFile('licence-front.png'), pngFile('licence-back.png', 24, [20, 120, 200])]);
    await expect(page.getByText(MESSAGES.validation.docsRequired)).toHaveCount(0);
    const uploaded = page.waitForResponse(
      (r) => r.url().endsWith('/api/upload') && r.request().method() === 'POST',
    );
    await page.getByRole('button', { name: R.submit }).click();
    const upload = await uploaded;
    expect(upload.request().headers().authorization).toBeUndefined();

    await expect(page).toHaveURL(/\/package$/);
    await expect(heading(page, MESSAGES.packages.title)).toBeVisible();
    await expect(toast(page, R.created)).toBeVisible();
    await expect(accountMenu(page, data)).toBeVisible();
    // Signed in: no Skip (it is for visitors), and Select opens the purchase form, not the login.
    await expect(page.getByRole('button', { name: MESSAGES.packages.skip })).toHaveCount(0);
    await page.getByRole('link', { name: MESSAGES.packages.select }).first().click();
    await expect(
      page.getByRole('form', { name: new RegExp(`^${MESSAGES.packages.selected}: `) }),
    ).toBeVisible();
    const { jwt, user } = await signInThroughApi(page.request, data);
    expect(user.user_type).toBe('Provider');
    const me = await page.request.get('/api/users/me?populate=docs', {
      headers: { Authorization: `Bearer ${jwt}` },
    });
    expect(((await me.json()) as { docs: unknown[] }).docs).toHaveLength(2);
  });

  test('[ACCOUNTS][REGISTER] on a phone, a new provider lands on /package signed in, welcomed, and Select opens the purchase form', async ({
    page,
  }, testInfo) => {
    await page.setViewportSize({ width: 390, height: 844 });
    const data = buildAccountData('Provider');
    await page.goto('/register');
    await fillRegisterForm(page, data);
    await page.getByLabel(R.docs).setInputFiles([pngFile('licence.png')]);
    await page.getByRole('button', { name: R.submit }).click();

    await expect(page).toHaveURL(/\/package$/);
    await expect(toast(page, R.created)).toBeVisible();
    expect((await readSessionStorage(page)).token).toBeTruthy();
    const welcome = page.getByRole('region', { name: MESSAGES.welcome.title });
    await expect(welcome).toContainText(MESSAGES.welcome.Provider.intro);
    await expect(
      welcome.getByRole('link', { name: MESSAGES.welcome.Provider.steps.postAd.link }),
    ).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await page.screenshot({ path: testInfo.outputPath('package-welcome-390.png') });

    const P = MESSAGES.packages;
    await page.getByRole('link', { name: P.select }).first().click();
    const panel = page.getByRole('form', { name: new RegExp(`^${P.selected}: `) });
    await expect(panel).toBeVisible();
    await expect(panel.getByLabel(P.transactionId)).toBeVisible();
    expect(pathOf(page)).toMatch(/^\/package\?package=\d+$/);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await panel.screenshot({ path: testInfo.outputPath('package-panel-390.png') });
  });

  test('[ACCOUNTS][REGISTER] a Provider whose username is taken tries again without uploading the documents twice', async ({
    page,
    request,
  }) => {
    const existing = await createAccount(request, 'Hobbyist');
    const data = buildAccountData('Provider', { username: existing.username });
    const uploads: string[] = [];
    page.on('request', (r) => {
      if (r.url().endsWith('/api/upload') && r.method() === 'POST') uploads.push(r.url());
    });
    await page.goto('/register');
    await fillRegisterForm(page, data);
    await page.getByLabel(R.docs).setInputFiles([pngFile('licence-front.png')]);
    await page.getByRole('button', { name: R.submit }).click();
    await expect(page.getByRole('alert')).toContainText(R.taken);
    expect(uploads).toHaveLength(1);

    const username = `${data.username}_2`;
    await page.getByLabel(R.username).fill(username);
    await page.getByRole('button', { name: R.submit }).click();
    await expect(page).toHaveURL(/\/package$/);
    expect(uploads).toHaveLength(1);
    const { jwt } = await signInThroughApi(page.request, data);
    const me = await page.request.get('/api/users/me?populate=docs', {
      headers: { Authorization: `Bearer ${jwt}` },
    });
    expect(((await me.json()) as { docs: unknown[] }).docs).toHaveLength(1);
  });

  test('[ACCOUNTS][REGISTER] checks every field live and flags the fields the server refuses', async ({
    page,
    request,
  }) => {
    const V = MESSAGES.validation;
    const existing = await createAccount(request, 'Hobbyist');
    await page.goto('/register');

    await page.getByRole('button', { name: R.submit }).click();
    for (const text of [V.usernameRequired, V.firstNameRequired, V.userTypeRequired, V.termsRequired]) {
      await expect(page.getByText(text, { exact: true })).toBeVisible();
    }
    await page.getByLabel(R.firstName).fill('Ava1');
    await expect(page.getByText(V.lettersOnly)).toBeVisible();
    await page.getByLabel(R.password, { exact: true }).fill('Secret-1');
    await page.getByLabel(R.confirmPassword).fill('Secret-2');
    await expect(page.getByText(V.passwordsMustMatch)).toBeVisible();
    await page.getByLabel(R.dob).fill('2015-06-01');
    await expect(page.getByText(V.underAge)).toBeVisible();

    // Valid data, but the e-mail belongs to another account.
    await fillRegisterForm(page, buildAccountData('Hobbyist', { email: existing.email }));
    await page.getByRole('button', { name: R.submit }).click();
    const alert = page.getByRole('alert').filter({ hasText: R.taken });
    await expect(alert).toBeVisible();
    await expect(alert).toHaveClass(/alert-warning/);
    const email = page.getByLabel(R.email, { exact: true });
    await expect(email).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByLabel(R.username)).toHaveAttribute('aria-invalid', 'false');
    expect(pathOf(page)).toBe('/register');
  });
});

test.describe('[ACCOUNTS][GUARDS]', () => {
  test('[ACCOUNTS][GUARDS] a signed-in user is sent from the guest pages to /', async ({ page, request }) => {
    const account = await createAccount(request, 'Hobbyist');
    await signInAs(page, account);
    for (const path of ['/login', '/register', '/forgotPassword']) {
      await page.goto(path);
      await expect(page).toHaveURL(/\/$/);
    }
    await expect(accountMenu(page, account)).toBeVisible();
  });

  test('[ACCOUNTS][GUARDS] a visitor on /profile/edit signs in and lands on /profile/edit', async ({
    page,
    request,
  }) => {
    const account = await createAccount(request, 'Vender');
    await page.goto('/profile/edit');
    await expect(page).toHaveURL(/\/login$/);
    await expect(heading(page, L.title)).toBeVisible();
    await fillLoginForm(page, account.email, account.password);
    await expect(page).toHaveURL(/\/profile\/edit$/);
    await expect(heading(page, MESSAGES.profileEdit.title)).toBeVisible();
  });
});

test.describe('[ACCOUNTS][LOGIN]', () => {
  test('[ACCOUNTS][LOGIN] shows the spec’s texts and refuses a wrong password', async ({ page, request }) => {
    const account = await createAccount(request, 'Hobbyist');
    await page.goto('/login');
    await expect(page.getByLabel(L.rememberMe)).toBeVisible();
    await expect(page.getByRole('link', { name: L.forgotPassword })).toHaveAttribute(
      'href',
      '/forgotPassword',
    );
    await expect(page.getByRole('main').getByRole('link', { name: L.registerLink })).toHaveAttribute(
      'href',
      '/Register',
    );

    await page.getByRole('button', { name: L.submit }).click();
    await expect(page.getByText(MESSAGES.validation.emailRequired)).toBeVisible();
    await expect(page.getByText(MESSAGES.validation.passwordRequired)).toBeVisible();

    await fillLoginForm(page, account.email, 'Not-the-password-1');
    await expect(toast(page, L.invalidCredentials)).toBeVisible();
    expect(pathOf(page)).toBe('/login');
    expect((await readSessionStorage(page)).token).toBeNull();
  });

  test('[ACCOUNTS][LOGIN] without Remember Me the session holds in every tab and ends with the browser', async ({
    page,
    request,
    browser,
  }) => {
    test.slow(); // two tabs, then a second browser
    const account = await createAccount(request, 'Provider');
    await page.goto('/login');
    await expect(page.getByLabel(L.rememberMe)).not.toBeChecked();
    await fillLoginForm(page, account.email, account.password);
    // A provider's home after sign-in is the Provider Details page.
    await expect(page).toHaveURL(/\/provider$/);
    await expect(accountMenu(page, account)).toBeVisible();
    const stored = await readTabSession(page);
    expect(stored.token).toBeTruthy();
    expect(stored.userid).toBe(String(account.id));
    expect(JSON.parse(stored.user ?? '{}')).toMatchObject({ id: account.id, email: account.email });
    expect(stored.subscribed).toBe('false');
    expect((await readSessionStorage(page)).token).toBeNull();

    await page.reload();
    await expect(accountMenu(page, account)).toBeVisible();
    // A new tab of the same browser, opened at a login-required page, is signed in too.
    const second = await page.context().newPage();
    await second.goto('/profile');
    await expect(heading(second, MESSAGES.profile.title)).toBeVisible();
    await expect(accountMenu(second, account)).toBeVisible();

    // The browser closed and opened again: signed out.
    const reopened = await reopenBrowser(browser, page.context());
    await reopened.goto('/profile');
    await expect(reopened).toHaveURL(/\/login$/);
    await reopened.context().close();

    // Logout in one tab ends the session in the other.
    await accountMenu(second, account).click();
    await second.getByRole('button', { name: MESSAGES.nav.logout }).click();
    await expect(second).toHaveURL(/\/$/);
    await expect(accountMenu(page, account)).toHaveCount(0);
    expect(await readTabSession(page)).toEqual({ token: null, userid: null, user: null, subscribed: null });
  });

  test('[ACCOUNTS][LOGIN] with Remember Me the session lasts past the browser', async ({
    page,
    request,
    browser,
  }) => {
    test.slow(); // two tabs, then a second browser
    const account = await createAccount(request, 'Hobbyist');
    await page.goto('/login');
    await page.getByLabel(L.rememberMe).check();
    await fillLoginForm(page, account.email, account.password);
    await expect(page).toHaveURL(/\/$/);
    await expect(accountMenu(page, account)).toBeVisible();
    const stored = await readSessionStorage(page);
    expect(stored.token).toBeTruthy();
    expect(stored.userid).toBe(String(account.id));
    expect((await readTabSession(page)).token).toBeNull();

    const reopened = await reopenBrowser(browser, page.context());
    await reopened.goto('/profile');
    await expect(heading(reopened, MESSAGES.profile.title)).toBeVisible();
    await expect(accountMenu(reopened, account)).toBeVisible();
    await reopened.context().close();
  });

  test('[ACCOUNTS][LOGOUT] Logout in the named menu clears storage and goes to /', async ({
    page,
    request,
  }) => {
    const account = await createAccount(request, 'Hobbyist');
    await signInAs(page, account);
    await page.goto('/profile');
    const menu = accountMenu(page, account);
    const { token } = await readSessionStorage(page);
    expect(token).toBeTruthy();
    await menu.click();
    const loggedOut = page.waitForResponse(
      (r) => r.url().endsWith('/api/auth/logout') && r.request().method() === 'POST',
    );
    await page.getByRole('button', { name: MESSAGES.nav.logout }).click();
    expect((await loggedOut).status()).toBe(200);

    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('banner').getByRole('link', { name: MESSAGES.nav.login })).toBeVisible();
    await expect(menu).toHaveCount(0);
    expect(await readSessionStorage(page)).toEqual({
      token: null,
      userid: null,
      user: null,
      subscribed: null,
    });
    await page.goto('/profile');
    await expect(page).toHaveURL(/\/login$/);
    // The server no longer accepts the token Logout ended.
    const me = await request.get('/api/users/me', { headers: { Authorization: `Bearer ${token}` } });
    expect(me.status()).toBe(401);
  });
});

test.describe('[ACCOUNTS][PASSWORD]', () => {
  // Each of these hashes passwords (argon2id) half a dozen times.
  test.slow();

  test('[ACCOUNTS][PASSWORD] resets a forgotten password through the e-mailed link', async ({
    page,
    request,
  }) => {
    const F = MESSAGES.forgotPassword;
    const P = MESSAGES.resetPassword;
    const account = await createAccount(request, 'Hobbyist');
    await page.goto('/login');
    await page.getByRole('link', { name: L.forgotPassword }).click();
    await expect(heading(page, F.title)).toBeVisible();
    await page.getByLabel(F.email).fill('not-an-email');
    await expect(page.getByText(MESSAGES.validation.emailInvalid)).toBeVisible();
    await page.getByLabel(F.email).fill(account.email);
    await page.getByRole('button', { name: F.submit }).click();
    await expect(toast(page, F.sent)).toBeVisible();

    const link = await readResetLink(account.email);
    await page.goto(link);
    await expect(heading(page, P.title)).toBeVisible();
    const newPassword = 'Brand-new-pass-2';
    await page.getByLabel(P.password, { exact: true }).fill(newPassword);
    await page.getByLabel(P.confirmPassword).fill('Brand-new-pass-3');
    await expect(page.getByText(MESSAGES.validation.passwordsMustMatch)).toBeVisible();
    await page.getByLabel(P.confirmPassword).fill(newPassword);
    await page.getByRole('button', { name: P.submit }).click();
    await expect(toast(page, P.done)).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);

    await fillLoginForm(page, account.email, newPassword);
    await expect(accountMenu(page, account)).toBeVisible();

    // The link works once.
    await page.evaluate(() => localStorage.clear());
    await page.goto(link);
    await page.getByLabel(P.password, { exact: true }).fill('Another-pass-4');
    await page.getByLabel(P.confirmPassword).fill('Another-pass-4');
    await page.getByRole('button', { name: P.submit }).click();
    await expect(toast(page, P.invalidLink)).toBeVisible();
  });

  test('[ACCOUNTS][PASSWORD] changes the password, then signs in with the new one', async ({
    page,
    request,
  }) => {
    const C = MESSAGES.changePassword;
    const account = await createAccount(request, 'Vender');
    await signInAs(page, account);
    await page.goto('/profile');
    await page
      .getByRole('navigation', { name: MESSAGES.nav.account })
      .getByRole('link', { name: MESSAGES.nav.changePassword })
      .click();
    await expect(page).toHaveURL(/\/profile\/changepassword$/);
    await expect(heading(page, C.title)).toBeVisible();

    await page.getByLabel(C.currentPassword).fill('Wrong-pass-1');
    await page.getByLabel(C.newPassword, { exact: true }).fill('Changed-pass-9');
    await page.getByLabel(C.confirmPassword).fill('Changed-pass-8');
    await expect(page.getByText(MESSAGES.validation.passwordsMustMatch)).toBeVisible();
    await page.getByLabel(C.confirmPassword).fill('Changed-pass-9');
    await page.getByRole('button', { name: C.submit }).click();
    await expect(toast(page, C.wrongCurrent)).toBeVisible();

    const before = (await readSessionStorage(page)).token;
    await page.getByLabel(C.currentPassword).fill(account.password);
    await page.getByRole('button', { name: C.submit }).click();
    await expect(toast(page, C.done)).toBeVisible();
    await expect(page.getByLabel(C.currentPassword)).toHaveValue('');
    const after = (await readSessionStorage(page)).token;
    expect(after).toBeTruthy();
    expect(after).not.toBe(before);

    // Still signed in with the new token.
    await page.reload();
    await expect(accountMenu(page, account)).toBeVisible();

    const old = await page.request.post('/api/auth/local', {
      data: { identifier: account.email, password: account.password },
    });
    expect(old.status()).toBe(400);
    await signInThroughApi(page.request, { email: account.email, password: 'Changed-pass-9' });
  });
});

test.describe('[ACCOUNTS][PROFILE]', () => {
  test('[ACCOUNTS][GUARDS] a signed-out visitor on an account page not built yet goes to /login', async ({
    page,
  }) => {
    for (const path of ['/provider/wallet', '/ads/view', '/ads/submit']) {
      await page.goto(path);
      await expect(page).toHaveURL(/\/login$/);
    }
  });

  test('[ACCOUNTS][PROFILE] shows the details and the sidebar of each role', async ({ page, request }) => {
    test.slow(); // three accounts
    const P = MESSAGES.profile;
    const N = MESSAGES.nav;
    const sidebars = {
      Provider: [
        N.myProfile,
        N.changePassword,
        MESSAGES.providerHome.title,
        N.myAds,
        N.myPlaces,
        N.myWallet,
        N.mySubscription,
        N.screenHobbyists,
        N.reviewMail,
      ],
      Hobbyist: [
        N.myProfile,
        N.changePassword,
        N.myOrders,
        N.myPayments,
        MESSAGES.conversations.title,
        MESSAGES.savedProviders.title,
        N.wishlist,
      ],
      Vender: [N.myProfile, N.changePassword, N.myOrders, N.myProducts, N.mySales],
    } as const;
    for (const [userType, links] of Object.entries(sidebars) as [
      keyof typeof sidebars,
      readonly string[],
    ][]) {
      const account = await createAccount(request, userType);
      const { jwt, user } = await signInThroughApi(request, account);
      await page.goto('/');
      await page.evaluate(
        ({ jwt, user }) => {
          localStorage.setItem('token', jwt);
          localStorage.setItem('userid', String(user.id));
          localStorage.setItem('user', JSON.stringify(user));
        },
        { jwt, user },
      );
      await page.goto(userType === 'Vender' ? '/profile/view' : '/profile');
      await expect(heading(page, P.title)).toBeVisible();
      const nav = page.getByRole('navigation', { name: N.account });
      await expect(nav.getByRole('link')).toHaveText([...links]);

      const details = {
        [P.name]: `${account.first_name} ${account.last_name}`,
        [P.address]: account.city,
        [P.dob]: 'April 12, 1990',
        [P.phoneNumber]: account.phone_number,
        [P.email]: account.email,
        [P.username]: account.username,
        // A seller's type, stored as Vender, reads "Vendor".
        [P.role]: userTypeLabel(userType),
      };
      for (const [label, value] of Object.entries(details)) {
        await expect(profileValue(page, label)).toHaveText(value);
      }
      await expect(page.getByRole('img', { name: P.avatarAlt })).toHaveAttribute('data-placeholder', 'true');
      // No link of the sidebar is dead: each opens a page of the account (a "coming soon" one until its
      // area is built), never Not Found.
      for (const link of links) {
        await nav.getByRole('link', { name: link, exact: true }).click();
        await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
        await expect(page.getByRole('heading', { name: MESSAGES.notFound.title })).toHaveCount(0);
      }
      await page.goto(userType === 'Vender' ? '/profile/view' : '/profile');
    }
    await page.getByRole('link', { name: MESSAGES.profile.editLink }).click();
    await expect(page).toHaveURL(/\/profile\/edit$/);
  });

  test('[ACCOUNTS][PROFILE] edits the details with live checks and uploads an avatar', async ({
    page,
    request,
  }) => {
    const E = MESSAGES.profileEdit;
    const V = MESSAGES.validation;
    const account = await createAccount(request, 'Hobbyist');
    await signInAs(page, account);
    await page.goto('/profile/edit');
    await expect(heading(page, E.title)).toBeVisible();
    await expect(page.getByLabel(E.firstName)).toHaveValue(account.first_name);

    const save = page.getByRole('button', { name: E.save });
    await page.getByLabel(E.phoneNumber).fill('12');
    await expect(page.getByText(V.phoneTooShort)).toBeVisible();
    await expect(save).toBeDisabled();
    await page.getByLabel(E.address).fill('S$');
    await expect(page.getByText(V.cityTooShort)).toBeVisible();
    await page.getByLabel(E.phoneNumber).fill('555-010-2030');
    await page.getByLabel(E.address).fill('Oakland, CA');
    await page.getByLabel(E.lastName).fill('Rivers');
    await expect(save).toBeEnabled();
    await save.click();
    await expect(toast(page, E.saved)).toBeVisible();
    await expect(accountMenu(page, { first_name: account.first_name, last_name: 'Rivers' })).toBeVisible();

    // The avatar: pick, preview, upload.
    const upload = page.getByRole('button', { name: E.upload });
    await expect(upload).toBeDisabled();
    await page.getByLabel(E.avatar).setInputFiles(pngFile('me.png', 64, [30, 140, 90]));
    await expect(page.getByRole('img', { name: E.previewAlt })).toHaveAttribute('src', /^blob:/);
    await upload.click();
    await expect(toast(page, E.pictureSaved)).toBeVisible();

    await page.goto('/profile');
    const avatar = page.getByRole('img', { name: MESSAGES.profile.avatarAlt });
    await expect(avatar).toHaveAttribute('src', /^\/uploads\//);
    await expect(avatar).not.toHaveAttribute('data-placeholder', 'true');
    expect(await avatar.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    await expect(profileValue(page, MESSAGES.profile.address)).toHaveText('Oakland, CA');
    await expect(profileValue(page, MESSAGES.profile.phoneNumber)).toHaveText('555-010-2030');
  });
});

test.describe('[ACCOUNTS][PRIVACY]', () => {
  test('[ACCOUNTS][PRIVACY] on a phone, an account downloads its data, then deletes itself and cannot sign in', async ({
    page,
    request,
  }) => {
    // A long journey: an account, its export prepared and downloaded, two password checks, a deletion.
    test.setTimeout(90_000);
    const X = MESSAGES.dataExport;
    const D = MESSAGES.accountDeletion;
    await page.setViewportSize({ width: 390, height: 844 });
    const account = await createAccount(request, 'Hobbyist');
    await signInAs(page, account);
    await page.goto('/profile');
    await expect(page.getByRole('heading', { name: X.title })).toBeVisible();

    // Download your data: prepared, then downloaded as a zip.
    await page.getByRole('button', { name: X.request }).click();
    await expect(page.getByText(X.requested)).toBeVisible();
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: X.download }).click();
    expect((await download).suggestedFilename()).toMatch(/\.zip$/);
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);

    // Delete your account: a wrong password is refused in place; the right one signs out everywhere.
    await page.getByRole('button', { name: D.open }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel(D.password).fill('Not-the-password-1');
    await dialog.getByRole('button', { name: D.confirm }).click();
    await expect(dialog.getByText(MESSAGES.changePassword.wrongCurrent)).toBeVisible();
    await dialog.getByLabel(D.password).fill(account.password);
    await dialog.getByRole('button', { name: D.confirm }).click();
    await expect(page).toHaveURL(/\/$/);
    const login = await request.post('/api/auth/local', {
      data: { identifier: account.email, password: account.password },
    });
    expect(login.status()).toBe(400);
  });
});
