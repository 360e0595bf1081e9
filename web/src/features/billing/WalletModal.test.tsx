import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { MESSAGES } from '@app/domain';
import { Header } from '../../app/Header.tsx';
import { jsonResponse, renderRoutes } from '../../test/render.tsx';
import { mockApi } from '../../test/api.ts';
import { HOBBYIST, PROVIDER, signInAs, wallet } from '../../test/testBilling.tsx';

const T = MESSAGES.wallet;

function render(user: { id: number }, totals: () => object) {
  signInAs(user);
  const calls = mockApi((call) => {
    if (call.path === '/users/me') return jsonResponse(user);
    if (call.path === '/wallet') return jsonResponse({ data: totals() });
    return undefined;
  });
  renderRoutes([{ path: '/', element: <Header /> }]);
  return calls;
}

const walletCalls = (calls: { path: string }[]) => calls.filter((call) => call.path === '/wallet');

describe('Header wallet button', () => {
  it("opens the wallet modal for a provider with the server's totals, fresh each time", async () => {
    let balance = 100;
    const calls = render(PROVIDER, () =>
      wallet({ totalWalletBalance: balance, totalIncome: 1234.5, totalDebit: 272.5 }),
    );
    fireEvent.click(await screen.findByRole('button', { name: T.button }));
    const dialog = await screen.findByRole('dialog');
    const value = (label: string) => within(dialog).getByText(label).nextElementSibling?.textContent;
    await within(dialog).findByText(T.walletBalance);
    expect(value(T.walletBalance)).toBe('$100.00');
    expect(value(T.totalIncome)).toBe('$1,234.50');
    expect(value(T.totalExpences)).toBe('$272.50');
    expect(walletCalls(calls)).toHaveLength(1);

    fireEvent.click(within(dialog).getAllByRole('button', { name: T.close })[0]!);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    balance = 50;
    fireEvent.click(screen.getByRole('button', { name: T.button }));
    const again = await screen.findByRole('dialog');
    await waitFor(() =>
      expect(within(again).getByText(T.walletBalance).nextElementSibling?.textContent).toBe('$50.00'),
    );
    expect(walletCalls(calls)).toHaveLength(2);
  });

  it('says when a package purchase waits for its payment to be checked', async () => {
    render(PROVIDER, () =>
      wallet({ totalDebit: 34.89, pending: { totalCredit: 0, totalDebit: 34.89, count: 2 } }),
    );
    fireEvent.click(await screen.findByRole('button', { name: T.button }));
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByText(T.pendingPackage)).toBeTruthy();
    expect(within(dialog).getByText('$34.89', { selector: 'strong' })).toBeTruthy();
  });

  it('has no wallet button for a hobbyist', async () => {
    const calls = render(HOBBYIST, () => wallet());
    await waitFor(() => expect(calls.some((call) => call.path === '/users/me')).toBe(true));
    expect(screen.queryByRole('button', { name: T.button })).toBeNull();
  });
});
