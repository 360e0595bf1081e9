import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import { MESSAGES } from '@app/domain';
import { getRedirectTarget } from '../../app/guards.tsx';
import { STORAGE_KEYS } from '../../lib/storage.ts';
import { jsonResponse, renderRoutes } from '../../test/render.tsx';
import type { ApiCall } from '../../test/api.ts';
import { errorResponse, mockApi } from '../../test/api.ts';
import PackagesPage from './PackagesPage.tsx';
import { answerCommon, HOBBYIST, PROVIDER, signInAs, wallet } from '../../test/testBilling.tsx';

const T = MESSAGES.packages;

function LoginProbe() {
  const location = useLocation();
  return <p>login page, back to {getRedirectTarget(location.state)}</p>;
}

function renderPackages(path = '/package') {
  return renderRoutes(
    [
      { path: '/package', element: <PackagesPage /> },
      { path: '/ads/packages', element: <PackagesPage /> },
      { path: '/', element: <p>home page</p> },
      { path: '/login', element: <LoginProbe /> },
    ],
    [path],
  );
}

type Answer = (call: ApiCall) => Response | undefined;

function providerApi(balance: number, buy: Answer = () => undefined) {
  signInAs(PROVIDER);
  return mockApi((call) => {
    if (call.path === '/wallet') return jsonResponse({ data: wallet({ totalWalletBalance: balance }) });
    if (call.path === '/subscriptions' && call.method === 'POST') return buy(call);
    return answerCommon(call, PROVIDER);
  });
}

const purchases = (calls: ApiCall[]) =>
  calls.filter((call) => call.path === '/subscriptions' && call.method === 'POST');

async function selectPremium() {
  const premium = (await screen.findByRole('heading', { name: 'Premium' })).closest('.card') as HTMLElement;
  fireEvent.click(within(premium).getByRole('link', { name: T.select }));
  const panel = await screen.findByRole('form', { name: `${T.selected}: Premium` });
  // The wallet's balance has arrived once the checkbox shows.
  await within(panel).findByLabelText(new RegExp(T.useWallet));
  return panel;
}

const amountToPay = (panel: HTMLElement) => within(panel).getByTestId('amount-to-pay').textContent;
const transactionInput = (panel: HTMLElement) =>
  within(panel).getByLabelText(T.transactionId) as HTMLInputElement;
const submit = (panel: HTMLElement) => fireEvent.click(within(panel).getByRole('button', { name: T.submit }));

describe('PackagesPage', () => {
  it('shows each package at total + tax + fee; a visitor who picks one is sent to log in and back to it', async () => {
    mockApi((call) => answerCommon(call, null));
    renderPackages('/ads/packages');
    const basic = (await screen.findByRole('heading', { name: 'Basic' })).closest('.card') as HTMLElement;
    expect(within(basic).getByText('$110.50')).toBeTruthy();
    const premium = screen.getByRole('heading', { name: 'Premium' }).closest('.card') as HTMLElement;
    expect(within(premium).getByText('$272.50')).toBeTruthy();

    fireEvent.click(within(premium).getByRole('link', { name: T.select }));
    expect(await screen.findByText('login page, back to /ads/packages?package=2')).toBeTruthy();
  });

  it('Skip (visitors only) marks the visitor not subscribed and goes to the listing', async () => {
    window.localStorage.setItem(STORAGE_KEYS.subscribed, 'true');
    mockApi((call) => answerCommon(call, null));
    renderPackages();
    fireEvent.click(await screen.findByRole('button', { name: T.skip }));
    expect(await screen.findByText('home page')).toBeTruthy();
    expect(window.localStorage.getItem(STORAGE_KEYS.subscribed)).toBe('false');
  });

  it('makes each Select a link to the page with its package chosen, so a click before the script runs still chooses', async () => {
    // The page comes rendered by the server: what the HTML holds must work without the app's handlers.
    providerApi(0);
    const { router } = renderPackages('/ads/packages');
    const links = await screen.findAllByRole('link', { name: T.select });
    expect(links.map((link) => link.getAttribute('href'))).toEqual([
      '/ads/packages?package=1',
      '/ads/packages?package=2',
    ]);
    expect(links.some((link) => link.hasAttribute('aria-current'))).toBe(false);
    // With the app running, a provider's click chooses in place (no page load), replacing the entry.
    fireEvent.click(links[1]!);
    expect(await screen.findByRole('form', { name: `${T.selected}: Premium` })).toBeTruthy();
    expect(router.state.location.search).toBe('?package=2');
    expect(router.state.historyAction).toBe('REPLACE');
    expect(screen.getAllByRole('link', { name: T.select })[1]!.getAttribute('aria-current')).toBe('true');
  });

  it('opens the panel for a provider who clicks Select while the session is still loading', async () => {
    // The stored session is read at once; the user's refresh (GET /users/me) arrives after the click.
    let answerMe: (() => void) | undefined;
    signInAs(PROVIDER);
    mockApi(async (call) => {
      if (call.path === '/users/me') {
        await new Promise<void>((resolve) => (answerMe = resolve));
        return jsonResponse(PROVIDER);
      }
      if (call.path === '/wallet') return jsonResponse({ data: wallet({ totalWalletBalance: 0 }) });
      return answerCommon(call, PROVIDER);
    });
    renderPackages();
    fireEvent.click((await screen.findAllByRole('link', { name: T.select }))[0]!);
    expect(await screen.findByRole('form', { name: `${T.selected}: Basic` })).toBeTruthy();
    answerMe?.();
    await waitFor(() => expect(screen.getByRole('form', { name: `${T.selected}: Basic` })).toBeTruthy());
  });

  it('comes back with the chosen package selected and no Skip for a signed-in provider', async () => {
    providerApi(0);
    renderPackages('/package?package=2');
    const panel = await screen.findByRole('form', { name: `${T.selected}: Premium` });
    expect(within(panel).getByTestId('package-price').textContent).toBe('$272.50');
    expect(screen.queryByRole('button', { name: T.skip })).toBeNull();
    expect((await screen.findByRole('img', { name: T.qrAlt })).getAttribute('src')).toMatch(
      /^data:image\/png/,
    );
    expect(screen.getByText('PAY-ADDRESS-1')).toBeTruthy();
    for (const step of T.steps) expect(screen.getByText(step)).toBeTruthy();
  });

  it('asks for the transaction id while something is left to pay, at the field, before any call', async () => {
    const calls = providerApi(0);
    renderPackages();
    const panel = await selectPremium();
    expect(amountToPay(panel)).toBe('$272.50');
    // No balance: nothing to take from the wallet.
    expect((within(panel).getByLabelText(new RegExp(T.useWallet)) as HTMLInputElement).disabled).toBe(true);
    expect(transactionInput(panel).disabled).toBe(false);

    fireEvent.change(transactionInput(panel), { target: { value: '   ' } });
    submit(panel);
    await waitFor(() => expect(transactionInput(panel).getAttribute('aria-invalid')).toBe('true'));
    expect(within(panel).getByText(T.transactionIdBlank)).toBeTruthy();
    expect(purchases(calls)).toHaveLength(0);
  });

  it('takes the wallet part off the amount to pay and buys: toast, subscribed, home', async () => {
    const calls = providerApi(100.25, () => jsonResponse({ data: { id: 9, attributes: {} } }));
    renderPackages();
    const panel = await selectPremium();
    fireEvent.click(within(panel).getByLabelText(new RegExp(T.useWallet)));
    expect(within(panel).getByTestId('wallet-part').textContent).toBe('−$100.25');
    expect(amountToPay(panel)).toBe('$172.25');

    fireEvent.change(transactionInput(panel), { target: { value: ' TX-9 ' } });
    submit(panel);
    expect(await screen.findByText(T.added)).toBeTruthy();
    expect(await screen.findByText('home page')).toBeTruthy();
    expect(purchases(calls)[0]?.body).toEqual({
      data: { package: 2, use_wallet: true, transaction_id: 'TX-9' },
    });
    expect(window.localStorage.getItem(STORAGE_KEYS.subscribed)).toBe('true');
  });

  it('disables the transaction id when the wallet covers the price and sends none', async () => {
    const calls = providerApi(500, () => jsonResponse({ data: { id: 9, attributes: {} } }));
    renderPackages();
    const panel = await selectPremium();
    fireEvent.change(transactionInput(panel), { target: { value: 'TX-unused' } });
    fireEvent.click(within(panel).getByLabelText(new RegExp(T.useWallet)));
    expect(amountToPay(panel)).toBe('$0.00');
    expect(within(panel).getByText(T.nothingToPay)).toBeTruthy();
    expect(transactionInput(panel).disabled).toBe(true);
    submit(panel);
    expect(await screen.findByText('home page')).toBeTruthy();
    expect(purchases(calls)[0]?.body).toEqual({ data: { package: 2, use_wallet: true } });
  });

  it("shows the server's 400 at the transaction id", async () => {
    providerApi(0, () =>
      errorResponse(400, MESSAGES.subscription.transactionIdUsed, {
        errors: [{ path: ['data', 'transaction_id'], message: MESSAGES.subscription.transactionIdUsed }],
      }),
    );
    renderPackages();
    const panel = await selectPremium();
    fireEvent.change(transactionInput(panel), { target: { value: 'TX-1' } });
    submit(panel);
    await waitFor(() => expect(transactionInput(panel).getAttribute('aria-invalid')).toBe('true'));
    expect(within(panel).getByText(MESSAGES.subscription.transactionIdUsed)).toBeTruthy();
    expect(screen.queryByText('home page')).toBeNull();
  });

  it("answers anything else with 'Something went worng!!!'", async () => {
    providerApi(0, () => errorResponse(500, 'boom'));
    renderPackages();
    const panel = await selectPremium();
    fireEvent.change(transactionInput(panel), { target: { value: 'TX-1' } });
    submit(panel);
    expect(await screen.findByText(T.failed)).toBeTruthy();
    expect(window.localStorage.getItem(STORAGE_KEYS.subscribed)).not.toBe('true');
  });

  it('shows the cards but no buy form to a signed-in hobbyist', async () => {
    signInAs(HOBBYIST);
    const calls = mockApi((call) => answerCommon(call, HOBBYIST));
    renderPackages('/package?package=1');
    expect(await screen.findByText(T.providersOnly)).toBeTruthy();
    expect(screen.queryByLabelText(T.transactionId)).toBeNull();
    expect(screen.queryByRole('button', { name: T.skip })).toBeNull();
    expect(calls.some((call) => call.path === '/wallet')).toBe(false);
  });
});
