import { approveAd, approveRevision, buyPackage } from './support/business.ts';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { MESSAGES } from '@app/domain';
import { expect, test } from './fixtures.ts';
import {
  buildAccountData,
  createAccount,
  signInAs,
  signInThroughApi,
  uniqueId,
  uploadDocumentsThroughApi,
} from './support/accounts.ts';
import type { AccountData, TestAccount } from './support/accounts.ts';
import { decodeQuotedPrintable, outboxDir } from './support/outbox.ts';
import { pngFile } from './support/png.ts';

/**
 * The provider card on the listing (spec 001 §2, §4–§8): a hobbyist's reactions, comments, messages,
 * mail and tips, and what visitors and providers do not get. Each worker lists its own provider in a
 * city of its own, so the card is alone on the page and its counters are this file's to change.
 */

const A = MESSAGES.cardActions;
const C = MESSAGES.card;

interface ListedProvider {
  id: number;
  title: string;
  name: string;
  city: string;
  owner: AccountData & { id: number };
}

const LETTERS = 'abcdefghijklmnopqrstuvwxyz';
const letters = (n: number) =>
  Array.from({ length: n }, () => LETTERS[Math.floor(Math.random() * 26)]).join('');

/** A Provider account (with its ID document) and one shown ad with a photo, through the API. */
async function createListedProvider(request: APIRequestContext): Promise<ListedProvider> {
  const owner = buildAccountData('Provider');
  const docs = await uploadDocumentsThroughApi(request);
  const registered = await request.post('/api/auth/local/register', {
    data: { ...owner, cpassword: owner.password, docs },
  });
  expect(registered.status(), await registered.text()).toBe(200);
  const { jwt, user } = (await registered.json()) as { jwt: string; user: { id: number } };
  const headers = { Authorization: `Bearer ${jwt}` };
  // Posting needs a package.
  await buyPackage(request, owner, 'Starter');

  const photo = pngFile('card.png', 64, [200, 90, 60]);
  const form = new FormData();
  form.append('files', new Blob([new Uint8Array(photo.buffer)], { type: photo.mimeType }), photo.name);
  const uploaded = await request.post('/api/upload', { multipart: form, headers });
  expect(uploaded.ok(), await uploaded.text()).toBe(true);
  const [image] = (await uploaded.json()) as { id: number }[];

  // A real city (places come from the lookups) that the demo's ads do not use: the new ad is the
  // newest there, so the city's first page holds it.
  const city = 'El Sobrante';
  const title = `Card journey ${uniqueId()}`;
  const name = `Nova${letters(4)}`;
  const created = await request.post('/api/providers', {
    headers,
    data: {
      data: {
        title,
        name,
        state: 'CA',
        city,
        age: 29,
        call: 'Incall',
        massage: 'yes',
        kissing: 'yes',
        kissing_types: ['Light'],
        donation_half_hour: 120,
        donation_hour: 200,
        images: [image!.id],
        // The documents registration claimed are the account's now: the ad names them by id.
        docs: docs.map((doc) => doc.id),
      },
    },
  });
  expect(created.status(), await created.text()).toBe(200);
  const { data } = (await created.json()) as { data: { id: number } };
  // A new ad waits for review: the admin approves it.
  await approveAd(request, data.id);
  return { id: data.id, title, name, city, owner: { ...owner, id: user.id } };
}

let provider: ListedProvider;

test.beforeAll(async ({ playwright }, workerInfo) => {
  const request = await playwright.request.newContext({ baseURL: workerInfo.project.use.baseURL });
  provider = await createListedProvider(request);
  await request.dispose();
});

/** The listing narrowed to the worker's provider's city, and its card. */
async function openCard(page: Page, listed: ListedProvider = provider): Promise<Locator> {
  await page.goto(`/?country=US&state=CA&city[0]=${encodeURIComponent(listed.city)}`);
  const card = page.getByRole('article', { name: listed.title });
  await expect(card).toBeVisible();
  return card;
}

const action = (card: Locator, name: string) => card.getByRole('button', { name, exact: true });
/** The count a reaction button shows beside its icon (its name is the label, the count its description). */
const shown = (button: Locator) => button.locator('.provider-card__count');

async function signInHobbyist(page: Page): Promise<TestAccount> {
  const hobbyist = await createAccount(page.request, 'Hobbyist');
  await signInAs(page, hobbyist);
  return hobbyist;
}

/** The text of a mail in the outbox that contains every one of `texts` (waits up to 10 s for it). */
async function mailContaining(...texts: string[]): Promise<string> {
  let found = '';
  await expect
    .poll(
      async () => {
        const names = await readdir(outboxDir()).catch(() => [] as string[]);
        for (const name of names.filter((n) => n.endsWith('.eml'))) {
          const mail = decodeQuotedPrintable(await readFile(path.join(outboxDir(), name), 'utf8'));
          if (texts.every((text) => mail.includes(text))) found = mail;
        }
        return found !== '';
      },
      { timeout: 10_000 },
    )
    .toBe(true);
  return found;
}

async function reactionsOf(request: APIRequestContext, kind: string, userId: number) {
  const response = await request.get(
    `/api/${kind}?filters[provider][id][$eq]=${provider.id}&filters[user][id][$eq]=${userId}`,
  );
  expect(response.ok()).toBe(true);
  return ((await response.json()) as { data: unknown[] }).data.length;
}

test.describe('[DIRECTORY][CARD]', () => {
  test('[DIRECTORY][CARD] a hobbyist likes, then dislikes: the counts move and only one is held', async ({
    page,
  }) => {
    const hobbyist = await signInHobbyist(page);
    const card = await openCard(page);
    const like = action(card, A.like);
    const dislike = action(card, A.dislike);
    const average = action(card, A.average);
    await expect(like).toHaveAttribute('aria-pressed', 'false');
    // Other hobbyists of this file may have reacted before: compare with the counts at the start.
    const count = async (button: Locator) => Number(await shown(button).textContent());
    const likes = await count(like);
    const dislikes = await count(dislike);

    await like.click();
    await expect(like).toHaveAttribute('aria-pressed', 'true');
    await expect(shown(like)).toHaveText(String(likes + 1));

    await dislike.click();
    await expect(dislike).toHaveAttribute('aria-pressed', 'true');
    await expect(shown(dislike)).toHaveText(String(dislikes + 1));
    await expect(shown(like)).toHaveText(String(likes));
    await expect(like).toHaveAttribute('aria-pressed', 'false');
    await expect(average).toHaveAttribute('aria-pressed', 'false');
    await expect(card.getByRole('button', { pressed: true })).toHaveCount(1);

    // Clicking the held one changes nothing.
    await dislike.click();
    await expect(shown(dislike)).toHaveText(String(dislikes + 1));

    // The server agrees, and the card finds the held reaction again after a reload.
    expect(await reactionsOf(page.request, 'likes', hobbyist.id)).toBe(0);
    expect(await reactionsOf(page.request, 'dislikes', hobbyist.id)).toBe(1);
    await page.reload();
    await expect(action(card, A.dislike)).toHaveAttribute('aria-pressed', 'true');
    await expect(shown(action(card, A.dislike))).toHaveText(String(dislikes + 1));
  });

  test('[DIRECTORY][CARD] a hobbyist saves a provider with the heart and finds them on Saved providers; the owner sees the count', async ({
    page,
    browser,
  }) => {
    test.slow(); // two accounts in two browsers
    await signInHobbyist(page);
    const card = await openCard(page);
    const S = MESSAGES.savedProviders;
    const heart = card.getByRole('button', { name: `Save ${provider.name}` });
    await heart.click();
    await expect(
      card.getByRole('button', { name: new RegExp(`^Saved: remove ${provider.name}`) }),
    ).toHaveAttribute('aria-pressed', 'true');
    await page.goto('/saved');
    await expect(page.getByRole('heading', { level: 1, name: S.title })).toBeVisible();
    const entry = page.getByRole('article', { name: provider.name });
    await expect(entry.getByText(S.states.shown)).toBeVisible();
    await entry.getByRole('link', { name: provider.name }).click();
    await expect(page).toHaveURL(new RegExp(`/ads/${provider.id}/`));
    await expect(page.getByRole('heading', { level: 1, name: provider.name })).toBeVisible();

    // The owner sees on the ad's page how many saved it; nobody else does.
    await expect(page.getByTestId('saved-by')).toHaveCount(0);
    const ownerPage = await browser.newPage();
    await ownerPage.addInitScript(() => localStorage.setItem('disclaimerbox', 'true'));
    await signInAs(ownerPage, provider.owner);
    await ownerPage.goto(`/ads/${provider.id}`);
    await expect(ownerPage.getByTestId('saved-by')).toHaveText(/Saved by \d+ hobbyists?/);
    await ownerPage.close();
  });

  test('[DIRECTORY][CARD] a hobbyist comments and the comment shows with "just now"', async ({ page }) => {
    const hobbyist = await signInHobbyist(page);
    const card = await openCard(page);
    await action(card, A.comment).click();
    await expect(card.getByRole('heading', { name: MESSAGES.comments.title })).toBeVisible();
    await expect(action(card, A.message)).toHaveAttribute('aria-expanded', 'false');

    const box = card.getByRole('textbox', { name: MESSAGES.comments.title });
    const post = card.getByRole('button', { name: MESSAGES.comments.post });
    await expect(post).toBeDisabled();
    await box.fill('   ');
    await expect(post).toBeDisabled();
    const text = `Kind and on time ${uniqueId()}`;
    await box.fill(`  ${text}  `);
    await post.click();

    const entry = card.getByRole('listitem').filter({ hasText: text });
    await expect(entry).toBeVisible();
    // The commenter by username: no member's real name is shown to another.
    await expect(entry).toContainText(hobbyist.username);
    await expect(entry).not.toContainText(hobbyist.last_name);
    await expect(entry).toContainText(MESSAGES.comments.ago.justNow);
    await expect(box).toHaveValue('');
    await expect(post).toBeDisabled();
  });

  test('[DIRECTORY][CARD] a hobbyist messages a provider, who answers in the conversation from Review Mail', async ({
    page,
    browser,
  }) => {
    test.slow(); // two accounts in two browsers, and mails
    const hobbyist = await signInHobbyist(page);
    const card = await openCard(page);
    // Message is the panel open to begin with.
    await expect(action(card, A.message)).toHaveAttribute('aria-expanded', 'true');
    const text = `Are you free on Friday? ${uniqueId()}`;
    await card.getByRole('textbox', { name: MESSAGES.cardMessages.title }).fill(text);
    await card.getByRole('button', { name: MESSAGES.cardMessages.send }).click();
    await expect(card.getByRole('listitem').filter({ hasText: text })).toBeVisible();

    const answer = `Friday at 8 works ${uniqueId()}`;
    const ownerContext = await browser.newContext();
    try {
      const ownerPage = await ownerContext.newPage();
      await ownerPage.addInitScript(() => localStorage.setItem('disclaimerbox', 'true'));
      await signInAs(ownerPage, provider.owner);
      // The provider was told by a mail that holds only a link: no text, no name, no address.
      const told = await mailContaining(provider.owner.email, '/messages/');
      expect(told).toMatch(new RegExp(`^To:.*${provider.owner.email}`, 'im'));
      for (const secret of [text, hobbyist.email, hobbyist.username, hobbyist.last_name])
        expect(told).not.toContain(secret);
      expect(told).not.toMatch(/^Reply-To:/im);

      // The sidebar's Review Mail lists the conversation with the hobbyist's username and the ad.
      await ownerPage.goto('/profile');
      const sidebar = ownerPage.getByRole('navigation', { name: MESSAGES.nav.account });
      await sidebar.getByRole('link', { name: MESSAGES.nav.reviewMail }).click();
      await expect(ownerPage).toHaveURL(/\/provider\/reviewmail$/);
      await expect(ownerPage.getByRole('heading', { name: MESSAGES.reviewMail.title })).toBeVisible();
      const item = ownerPage.getByRole('link').filter({ hasText: text });
      await expect(item).toContainText(hobbyist.username);
      await expect(item).toContainText(provider.title);
      await expect(item).not.toContainText(hobbyist.last_name);
      await expect(item).not.toContainText(hobbyist.email);

      // The provider answers in the thread.
      await item.click();
      await expect(ownerPage.getByRole('heading', { name: hobbyist.username })).toBeVisible();
      await expect(ownerPage.getByText(text)).toBeVisible();
      await ownerPage.getByLabel(MESSAGES.conversations.write).fill(answer);
      await ownerPage.getByRole('button', { name: MESSAGES.conversations.send }).click();
      await expect(ownerPage.getByRole('list', { name: MESSAGES.conversations.title })).toContainText(answer);
      const mail = await mailContaining(hobbyist.email, '/messages/');
      expect(mail).not.toContain(answer);
      expect(mail).not.toContain(provider.owner.email);
    } finally {
      await ownerContext.close();
    }

    // The hobbyist sees one unread message in the header, and the answer in Messages and on the card.
    await page.reload();
    await expect(page.getByTestId('unread-count')).toHaveText(/^1/);
    const reloaded = await openCard(page);
    await expect(reloaded.getByRole('listitem').filter({ hasText: answer })).toContainText(
      MESSAGES.cardMessages.fromProvider,
    );
    await page.goto('/messages');
    await page.getByRole('link').filter({ hasText: answer }).click();
    await expect(page.getByRole('list', { name: MESSAGES.conversations.title })).toContainText(answer);
    await expect(page.getByTestId('unread-count')).toHaveCount(0);
  });

  test('[DIRECTORY][CARD] a hobbyist writes from the Mail panel; the provider is told by a link-only mail', async ({
    page,
  }) => {
    await signInHobbyist(page);
    const card = await openCard(page);
    await action(card, A.mail).click();
    await expect(card.getByLabel(MESSAGES.mailRelay.to, { exact: true })).toHaveValue(provider.name);
    await expect(card).not.toContainText(provider.owner.email);
    // The notice says what the provider will see of the sender.
    await expect(card.getByText(MESSAGES.mailRelay.notice)).toBeVisible();
    const text = `Hello from the card ${uniqueId()}`;
    await card.getByRole('textbox', { name: MESSAGES.mailRelay.message, exact: true }).fill(text);
    await card.getByRole('button', { name: MESSAGES.mailRelay.send }).click();
    await expect(page.getByText(MESSAGES.mailRelay.sent)).toBeVisible();

    // The message is in the hobbyist's conversation with the ad.
    await card.getByRole('link', { name: MESSAGES.mailRelay.openConversation }).click();
    await expect(page).toHaveURL(/\/messages\/\d+$/);
    await expect(page.getByRole('list', { name: MESSAGES.conversations.title })).toContainText(text);
  });

  test('[DIRECTORY][CARD] a hobbyist tips: the toast confirms, the dialog closes, My Payments and the server have it', async ({
    page,
  }) => {
    test.slow(); // the tip, the dialog again, My Payments and the API
    const hobbyist = await signInHobbyist(page);
    const card = await openCard(page);
    await card.getByRole('button', { name: A.tip }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByRole('img', { name: MESSAGES.tip.qrAlt })).toBeVisible();
    expect(await dialog.getByRole('img', { name: MESSAGES.tip.qrAlt }).getAttribute('src')).toMatch(
      /^data:image\/png;base64,/,
    );
    await expect(dialog.getByRole('listitem')).toHaveText([...MESSAGES.tip.steps]);

    const transactionId = `TX-${uniqueId()}`;
    await dialog.getByLabel(MESSAGES.tip.amount).fill('12.50');
    await dialog.getByLabel(MESSAGES.tip.transactionId).fill(transactionId);
    await dialog.getByRole('button', { name: MESSAGES.tip.submit }).click();

    await expect(page.getByText(MESSAGES.tip.paid)).toBeVisible();
    await expect(dialog).toBeHidden();
    // Tipping again opens an empty form.
    await card.getByRole('button', { name: A.tip }).click();
    await expect(dialog.getByLabel(MESSAGES.tip.amount)).toHaveValue('');
    await expect(dialog.getByLabel(MESSAGES.tip.transactionId)).toHaveValue('');
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();

    // The tip waits for its check in the hobbyist's My Payments.
    await page.goto('/payments/view');
    const row = page.getByRole('row').filter({ hasText: transactionId });
    await expect(row).toContainText('$12.50');
    await expect(row).toContainText(MESSAGES.subscription.paymentStates.pending);

    const { jwt } = await signInThroughApi(page.request, hobbyist);
    const tips = await page.request.get(`/api/tips?filters[provider][id][$eq]=${provider.id}`, {
      headers: { Authorization: `Bearer ${jwt}` },
    });
    expect(tips.ok()).toBe(true);
    const { data } = (await tips.json()) as {
      data: { attributes: { transaction_id: string; tip_amount: number } }[];
    };
    expect(data.map((tip) => tip.attributes)).toContainEqual(
      expect.objectContaining({ transaction_id: transactionId, tip_amount: 12.5 }),
    );
  });

  test('[DIRECTORY][CARD] no tip for a visitor or a provider; a visitor reacting is asked to log in', async ({
    page,
    browser,
  }) => {
    const card = await openCard(page);
    await expect(card.getByRole('button', { name: A.tip })).toHaveCount(0);
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect(card.getByText(C.loginHint)).toBeVisible();
    const likes = await shown(action(card, A.like)).textContent();
    await action(card, A.like).click();
    await expect(page.getByText(MESSAGES.toast.needLogin)).toBeVisible();
    // The visitor is sent to log in (and would come back here); nothing was counted.
    await expect(page).toHaveURL(/\/login$/);
    await page.goBack();
    await expect(shown(action(card, A.like))).toHaveText(likes ?? '');
    await expect(action(card, A.like)).toHaveAttribute('aria-pressed', 'false');

    const context = await browser.newContext();
    try {
      const providerPage = await context.newPage();
      await providerPage.addInitScript(() => localStorage.setItem('disclaimerbox', 'true'));
      const other = await createAccount(providerPage.request, 'Provider');
      await signInAs(providerPage, other);
      const providerCard = await openCard(providerPage);
      await expect(action(providerCard, A.like)).toBeVisible();
      await expect(providerCard.getByRole('button', { name: A.tip })).toHaveCount(0);
      await expect(providerPage.getByRole('dialog')).toHaveCount(0);
      await expect(providerCard.getByText(A.hobbyistsOnly)).toBeVisible();
    } finally {
      await context.close();
    }
  });

  test("[DIRECTORY][CARD] another provider at this ad's edit path sees Not Found, not its form", async ({
    page,
  }) => {
    const other = await createAccount(page.request, 'Provider');
    await signInAs(page, other);
    await page.goto(`/ads/edit/${provider.id}`);
    await expect(page.getByRole('heading', { name: MESSAGES.notFound.title })).toBeVisible();
    await expect(page.getByRole('form', { name: MESSAGES.adForm.details })).toHaveCount(0);
    await expect(page.getByText(provider.title)).toHaveCount(0);
  });

  test('[DIRECTORY][CARD] Play shows only with a video and opens a player that loads it', async ({
    page,
  }) => {
    // An ad of its own: a retry must start again from an ad without a video.
    const listed = await createListedProvider(page.request);
    const card = await openCard(page, listed);
    await expect(action(card, A.like)).toBeVisible();
    await expect(action(card, A.play)).toHaveCount(0);

    // The owner adds a video (the demo's placeholder clip) to the ad.
    const { jwt } = await signInThroughApi(page.request, listed.owner);
    const headers = { Authorization: `Bearer ${jwt}` };
    const clip = await readFile(path.resolve(import.meta.dirname, '../../server/assets/demo-clip.webm'));
    const form = new FormData();
    form.append('files', new Blob([new Uint8Array(clip)], { type: 'video/webm' }), 'clip.webm');
    const uploaded = await page.request.post('/api/upload', { multipart: form, headers });
    expect(uploaded.ok(), await uploaded.text()).toBe(true);
    const [video] = (await uploaded.json()) as { id: number }[];
    const updated = await page.request.put(`/api/providers/${listed.id}`, {
      headers,
      data: { data: { video: video!.id } },
    });
    expect(updated.status(), await updated.text()).toBe(200);
    // A new video waits for review (decision 0015): the admin approves the change.
    await approveRevision(page.request, 'ad', listed.id);

    const withVideo = await openCard(page, listed);
    await action(withVideo, A.play).click();
    const dialog = page.getByRole('dialog', { name: new RegExp(C.videoTitle) });
    await expect(dialog).toBeVisible();
    const player = dialog.locator('video');
    // HAVE_METADATA or better: the browser fetched and understood the file.
    await expect.poll(() => player.evaluate((v: HTMLVideoElement) => v.readyState)).toBeGreaterThanOrEqual(1);
    await dialog.getByRole('button', { name: C.close }).click();
    await expect(page.getByRole('dialog')).toHaveCount(0);
  });
});
