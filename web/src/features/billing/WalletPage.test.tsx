import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { MESSAGES } from '@app/domain';
import { jsonResponse, renderRoutes } from '../../test/render.tsx';
import { mockApi } from '../../test/api.ts';
import type { WalletMonth } from './api.ts';
import WalletPage from './WalletPage.tsx';
import { list, PACKAGES, PROVIDER, signInAs, wallet } from '../../test/testBilling.tsx';

// jsdom has no canvas: the chart is replaced by what it was given.
vi.mock('./WalletChart.tsx', () => ({
  default: ({ months }: { months: WalletMonth[] }) => (
    <p>chart of {months.map((m) => `${m.month}:${m.income}/${m.expenses}`).join(',')}</p>
  ),
}));

const T = MESSAGES.wallet;

function transaction(id: number, overrides: Record<string, unknown>) {
  return {
    id,
    attributes: {
      transaction_uid: `uid-${id}`,
      transaction_amount: 272.5,
      order_type: 'package',
      transaction_type: 'debit',
      payment_status: 'verified',
      createdAt: '2026-03-10T12:00:00.000Z',
      subscription: { data: { id: 3, attributes: { package: { data: PACKAGES[1] } } } },
      tip: { data: null },
      ...overrides,
    },
  };
}

const TOTALS = wallet({
  totalCredit: 372.5,
  totalDebit: 272.5,
  totalCreditPackage: 272.5,
  totalIncome: 100,
  totalWalletBalance: 100,
  pending: { totalCredit: 25, totalDebit: 0, count: 1 },
  months: [
    { month: '2026-02', income: 0, expenses: 0 },
    { month: '2026-03', income: 100, expenses: 272.5 },
  ],
});

function render(totals: object, pages: unknown[][]) {
  signInAs(PROVIDER);
  const calls = mockApi((call) => {
    if (call.path === '/users/me') return jsonResponse(PROVIDER);
    if (call.path === '/wallet') return jsonResponse({ data: totals });
    if (call.path === '/transactions') {
      const page = Number(call.search.get('pagination[page]'));
      return list(pages[page - 1] ?? [], page, pages.length, Number(call.search.get('pagination[pageSize]')));
    }
    return undefined;
  });
  renderRoutes([{ path: '/', element: <WalletPage /> }]);
  return calls;
}

const field = (label: string) => document.querySelector(`[data-field="${label}"]`)?.textContent;

describe('WalletPage', () => {
  it("shows the server's totals, pending credits apart, and the months chart", async () => {
    render(TOTALS, [[]]);
    expect(await screen.findByText('chart of 2026-02:0/0,2026-03:100/272.5')).toBeTruthy();
    expect(field(T.balance)).toBe('$100.00');
    expect(field(T.income)).toBe('$100.00');
    expect(field(T.expenses)).toBe('$272.50');
    expect(field(T.pending)).toBe('$25.00');
    expect(await screen.findByText(T.empty)).toBeTruthy();
  });

  it('says so instead of an empty chart, and shows no pending note without pending credits', async () => {
    render(wallet({ months: [{ month: '2026-03', income: 0, expenses: 0 }] }), [[]]);
    expect(await screen.findByText(T.chartEmpty)).toBeTruthy();
    expect(screen.queryByText(/chart of/)).toBeNull();
    expect(field(T.pending)).toBeUndefined();
  });

  it('says beside the expenses that a package purchase waits for its payment to be checked', async () => {
    // A package bought for $34.89 by transaction id: its price is spent, the payment not yet income.
    render(
      wallet({
        totalCredit: 34.89,
        totalDebit: 34.89,
        totalCreditPackage: 34.89,
        pending: { totalCredit: 0, totalDebit: 34.89, count: 2 },
      }),
      [[]],
    );
    expect(await screen.findByText(T.pendingPackage)).toBeTruthy();
    expect(field(T.income)).toBe('$0.00');
    expect(field(T.expenses)).toBe('$34.89');
    expect(field(T.pendingPackage)).toBe('$34.89');
    // Beside the expenses, in their card.
    const expenses = document.querySelector(`[data-field="${T.expenses}"]`)!.closest('.card')!;
    expect(within(expenses as HTMLElement).getByText(T.pendingPackage)).toBeTruthy();
  });

  it('says nothing of packages when no purchase is waiting', async () => {
    render(TOTALS, [[]]);
    await screen.findByText('chart of 2026-02:0/0,2026-03:100/272.5');
    expect(screen.queryByText(T.pendingPackage)).toBeNull();
  });

  it('lists the transactions with what each paid for, paged, with a page size selector', async () => {
    const tip = transaction(5, {
      order_type: 'tip',
      transaction_type: 'credit',
      transaction_amount: 25,
      payment_status: 'pending',
      subscription: { data: null },
      tip: { data: { id: 8, attributes: {} } },
    });
    const calls = render(TOTALS, [[tip], [transaction(4, {})]]);
    const table = await screen.findByRole('table');
    const row = within(table).getAllByRole('row')[1]!;
    expect(within(row).getByText(T.tip)).toBeTruthy();
    expect(within(row).getByText(T.credit)).toBeTruthy();
    expect(within(row).getByText('+$25.00')).toBeTruthy();
    expect(within(row).getByText(MESSAGES.subscription.paymentStates.pending)).toBeTruthy();
    expect(within(row).getByText('Mar 10, 2026')).toBeTruthy();
    const first = calls.find((call) => call.path === '/transactions');
    expect(first?.search.get('sort')).toBe('id:desc');
    expect(first?.search.get('populate[subscription][populate]')).toBe('package');

    fireEvent.click(screen.getByRole('button', { name: `${MESSAGES.pagination.page} 2` }));
    expect(await screen.findByText('Premium')).toBeTruthy();
    expect(screen.getByText(T.debit)).toBeTruthy();
    expect(screen.getByText('−$272.50')).toBeTruthy();

    fireEvent.change(screen.getByLabelText(MESSAGES.pager.pageSize), { target: { value: '40' } });
    await waitFor(() => expect(calls.at(-1)?.search.get('pagination[pageSize]')).toBe('40'));
    expect(calls.at(-1)?.search.get('pagination[page]')).toBe('1');
  });
});
