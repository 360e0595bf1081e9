import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { MESSAGES } from '@app/domain';
import type { TMyPayment } from '@app/domain';
import { mockApi } from '../../test/api.ts';
import { answerCommon, HOBBYIST, list, signInAs } from '../../test/testBilling.tsx';
import { renderRoutes } from '../../test/render.tsx';
import MyPaymentsPage from './MyPaymentsPage.tsx';

const M = MESSAGES.myPayments;
const STATES = MESSAGES.subscription.paymentStates;

const TIP: TMyPayment = {
  kind: 'tip',
  id: 9,
  createdAt: '2026-11-20T10:00:00.000Z',
  amount: 25.5,
  transaction_id: 'TX-TIP-9',
  payment_status: 'pending',
  ad_name: 'Ruby Rosé',
  lines: 0,
};
const ORDER: TMyPayment = {
  kind: 'order',
  id: 12,
  createdAt: '2026-11-18T10:00:00.000Z',
  amount: 28.79,
  transaction_id: 'TX-ORDER-12',
  payment_status: 'verified',
  ad_name: null,
  lines: 3,
};
const GONE: TMyPayment = { ...TIP, id: 8, ad_name: null, payment_status: 'rejected', transaction_id: 'TX-8' };

function renderPayments(payments: TMyPayment[], pageCount = 1) {
  signInAs(HOBBYIST);
  const calls = mockApi((call) =>
    call.path === '/my-payments' ? list(payments, 1, pageCount) : answerCommon(call, HOBBYIST),
  );
  renderRoutes([{ path: '/payments/view', element: <MyPaymentsPage /> }], ['/payments/view']);
  return calls;
}

const rowOf = (text: string) => screen.getByText(text).closest('tr') as HTMLElement;

describe('MyPaymentsPage', () => {
  it("lists the hobbyist's tips and paid orders with what they paid for, amount, id and payment state", async () => {
    const calls = renderPayments([TIP, ORDER, GONE]);
    expect(await screen.findByRole('heading', { name: M.title })).toBeTruthy();
    await screen.findByText('TX-TIP-9');

    const tip = rowOf('TX-TIP-9');
    expect(tip.textContent).toContain(`${M.tipTo} Ruby Rosé`);
    expect(tip.textContent).toContain('$25.50');
    expect(within(tip).getByText(STATES.pending)).toBeTruthy();

    const order = rowOf('TX-ORDER-12');
    expect(
      within(order)
        .getByRole('link', { name: `${M.order} #12` })
        .getAttribute('href'),
    ).toBe('/orders/view');
    expect(order.textContent).toContain(`3 ${M.products}`);
    expect(order.textContent).toContain('$28.79');
    expect(within(order).getByText(STATES.verified)).toBeTruthy();

    const gone = rowOf('TX-8');
    expect(gone.textContent).toContain(M.tipToDeletedAd);
    expect(within(gone).getByText(STATES.rejected)).toBeTruthy();

    // Every cell names its column (the phone's card reads it), and the table has the page's columns.
    for (const cell of within(tip).getAllByRole('cell')) expect(cell.getAttribute('data-label')).toBeTruthy();
    expect(screen.getAllByRole('columnheader').map((th) => th.textContent)).toEqual([
      M.payment,
      M.date,
      M.transactionId,
      M.amount,
      M.status,
    ]);

    // The page asks for the caller's own payments only: nothing in the query names an account.
    const asked = calls.filter((call) => call.path === '/my-payments');
    expect([...asked[0]!.search.keys()].sort()).toEqual(['pagination[page]', 'pagination[pageSize]'].sort());
    expect(asked[0]!.authorization).toBe('Bearer jwt');
  });

  it('says so when there is nothing yet', async () => {
    renderPayments([]);
    expect(await screen.findByText(M.empty)).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('pages like the other lists: a new page size asks again from page 1', async () => {
    const calls = renderPayments([TIP], 3);
    await screen.findByText('TX-TIP-9');
    fireEvent.change(screen.getByLabelText(M.perPage), { target: { value: '20' } });
    await screen.findByText('TX-TIP-9');
    const last = calls.filter((call) => call.path === '/my-payments').at(-1)!;
    expect(last.search.get('pagination[pageSize]')).toBe('20');
    expect(last.search.get('pagination[page]')).toBe('1');
  });
});
