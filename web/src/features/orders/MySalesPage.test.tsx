import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { MESSAGES } from '@app/domain';
import type { TSaleLine } from '@app/domain';
import { jsonResponse } from '../../test/render.tsx';
import { errorResponse, mockApi } from '../../test/api.ts';
import type { ApiCall } from '../../test/api.ts';
import MySalesPage from './MySalesPage.tsx';
import { answerCommon, buildSale, pageOf, renderOrdersPage, signInAs, VENDOR } from './testOrders.tsx';

const M = MESSAGES.sales;
const S = MESSAGES.orderStatus;

function salesApi(
  sales: () => TSaleLine[] | Response,
  extra: (call: ApiCall) => Response | undefined = () => undefined,
) {
  signInAs(VENDOR);
  return mockApi((call) => {
    if (call.path === '/sales' && call.method === 'GET') {
      const answer = sales();
      return answer instanceof Response ? answer : pageOf(answer);
    }
    return extra(call) ?? answerCommon(call, VENDOR);
  });
}

const renderSales = () =>
  renderOrdersPage('/sales/view', [{ path: '/sales/view', element: <MySalesPage /> }]);
const rowOfOrder = (order: number) => screen.getByText(`#${order}`).closest('tr') as HTMLElement;

describe('MySalesPage', { timeout: 20_000 }, () => {
  it('lists the sold lines; the address shows once paid, a note before, nothing once cancelled', async () => {
    const calls = salesApi(() => [
      buildSale(3, 22, S.paid),
      buildSale(2, 21, S.awaitingPayment, 'Candle — Vanilla'),
      buildSale(1, 20, S.cancelled, 'Bath Salts — Rose'),
    ]);
    renderSales();
    await screen.findByText('#22');

    const headers = screen.getAllByRole('columnheader').map((th) => th.textContent);
    expect(headers).toEqual([M.orderId, M.date, M.product, M.quantity, M.total, M.status, M.shipTo]);

    const paid = rowOfOrder(22);
    expect(within(paid).getByText('Massage Oil — Lavender')).toBeTruthy();
    // The picture beside the name is decoration: the name is not read twice.
    const picture = within(paid).getByRole('presentation');
    expect(picture.getAttribute('src')).toBe('/uploads/thumbnail_p7.jpg');
    expect(picture.getAttribute('alt')).toBe('');
    expect(within(paid).queryByRole('img', { name: 'Massage Oil — Lavender' })).toBeNull();
    expect(within(paid).getByText('$20.00')).toBeTruthy();
    // The date stays on one line.
    expect(within(paid).getByText('Nov 24, 2026').className).toContain('text-nowrap');
    expect(within(paid).getByText('1 Main St', { exact: false })).toBeTruthy();
    expect(within(paid).getByText('Hal Hobbs')).toBeTruthy();
    expect(within(paid).getByRole('link', { name: '5550102030' }).getAttribute('href')).toBe(
      'tel:5550102030',
    );
    expect(within(paid).queryByText(M.notPaidYet)).toBeNull();

    const unpaid = rowOfOrder(21);
    expect(within(unpaid).getByText(M.notPaidYet)).toBeTruthy();
    expect(within(unpaid).queryByText('1 Main St', { exact: false })).toBeNull();
    expect(within(unpaid).queryByRole('button', { name: M.markShipped })).toBeNull();

    // A cancelled line will never be shipped: no "once paid" note, no address, no button.
    const cancelled = rowOfOrder(20);
    expect(within(cancelled).getByText(S.cancelled)).toBeTruthy();
    expect(within(cancelled).queryByText(M.notPaidYet)).toBeNull();
    expect(within(cancelled).getByText('—')).toBeTruthy();
    expect(within(cancelled).queryByText('1 Main St', { exact: false })).toBeNull();
    expect(within(cancelled).queryByRole('button', { name: M.markShipped })).toBeNull();

    const list = calls.find((call) => call.path === '/sales');
    expect(list?.search.get('pagination[page]')).toBe('1');
    expect(list?.search.get('pagination[pageSize]')).toBe('10');
  });

  it('marks a paid line shipped (PUT /order-lists/:id) and the row updates', async () => {
    let shipped = false;
    const calls = salesApi(
      () => [buildSale(3, 22, shipped ? S.shipped : S.paid)],
      (call) => {
        if (call.method === 'PUT' && call.path === '/order-lists/3') {
          shipped = true;
          return jsonResponse({ data: { id: 3, attributes: { status: S.shipped } } });
        }
        return undefined;
      },
    );
    renderSales();
    await screen.findByText('#22');
    fireEvent.click(within(rowOfOrder(22)).getByRole('button', { name: M.markShipped }));

    expect(await screen.findByText(M.shipped)).toBeTruthy();
    const put = calls.find((call) => call.method === 'PUT');
    expect(put?.path).toBe('/order-lists/3');
    expect(put?.body).toEqual({ data: { status: S.shipped } });
    await waitFor(() => expect(within(rowOfOrder(22)).getByText(S.shipped)).toBeTruthy());
    expect(within(rowOfOrder(22)).queryByRole('button', { name: M.markShipped })).toBeNull();
  });

  it("shows the server's reason when a line cannot be shipped", async () => {
    salesApi(
      () => [buildSale(3, 22, S.paid)],
      (call) => (call.method === 'PUT' ? errorResponse(400, MESSAGES.shopErrors.notPaidYet) : undefined),
    );
    renderSales();
    await screen.findByText('#22');
    fireEvent.click(screen.getByRole('button', { name: M.markShipped }));
    expect(await screen.findByText(MESSAGES.shopErrors.notPaidYet)).toBeTruthy();
    expect(within(rowOfOrder(22)).getByText(S.paid)).toBeTruthy();
  });

  it('changes the page size', async () => {
    const calls = salesApi(() => pageOf([buildSale(3, 22, S.paid)], 1, 2) as Response);
    renderSales();
    await screen.findByText('#22');
    fireEvent.change(screen.getByLabelText(M.perPage), { target: { value: '20' } });
    await waitFor(() =>
      expect(calls.some((call) => call.search.get('pagination[pageSize]') === '20')).toBe(true),
    );
  });

  it('says when nothing is sold yet', async () => {
    salesApi(() => []);
    renderSales();
    expect(await screen.findByText(M.empty)).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
  });
});
