import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { MESSAGES } from '@app/domain';
import type { TOrderStatus } from '@app/domain';
import { jsonResponse } from '../../test/render.tsx';
import { errorResponse, mockApi } from '../accounts/testApi.ts';
import type { ApiCall } from '../accounts/testApi.ts';
import type { OrderLine } from './api.ts';
import MyOrdersPage from './MyOrdersPage.tsx';
import {
  answerCommon,
  BUYER,
  buildLine,
  buildOrder,
  pageOf,
  renderOrdersPage,
  signInAs,
} from './testOrders.tsx';

const M = MESSAGES.orders;
const S = MESSAGES.orderStatus;

/** Order 12 awaiting payment (two lines), order 11 paid (one line). */
function sampleLines(status12: TOrderStatus = S.awaitingPayment, status11: TOrderStatus = S.paid) {
  const o12 = buildOrder(12, { status: status12, amount: 28.79 });
  const o11 = buildOrder(11, { status: status11, paid: status11 !== S.awaitingPayment, amount: 16.45 });
  return [
    buildLine(5, o12, { name: 'Massage Oil — Lavender', price: 10, quantity: 2 }),
    buildLine(4, o12, { name: 'Candle — Vanilla', price: 5.5, quantity: 1, picture: null }),
    buildLine(3, o11, { name: 'Bath Salts — Rose', price: 7.5, quantity: 2 }),
  ];
}

/** The orders' totals as `GET /api/orders?filters[id][$in]…&fields[0]=amount` answers them. */
const TOTALS: Record<number, number> = { 12: 28.79, 11: 16.45 };

/** My Orders' API: the lines (`lines()` is read afresh on each call), the totals, cancel and delivered. */
function ordersApi(
  lines: () => OrderLine[] | Response,
  extra: (call: ApiCall) => Response | undefined = () => undefined,
) {
  signInAs(BUYER);
  return mockApi((call) => {
    if (call.path === '/order-lists' && call.method === 'GET') {
      const answer = lines();
      return answer instanceof Response ? answer : pageOf(answer);
    }
    if (call.path === '/orders' && call.method === 'GET') {
      const ids = [...call.search.entries()]
        .filter(([k]) => k.startsWith('filters[id][$in]'))
        .map(([, v]) => Number(v));
      return pageOf(ids.map((id) => ({ id, attributes: { amount: TOTALS[id] } })));
    }
    return extra(call) ?? answerCommon(call, BUYER);
  });
}

const renderOrders = () =>
  renderOrdersPage('/orders/view', [{ path: '/orders/view', element: <MyOrdersPage /> }]);
const rowOf = (name: string) => screen.getByText(name).closest('tr') as HTMLElement;

describe('MyOrdersPage', { timeout: 20_000 }, () => {
  it("lists the buyer's lines grouped by order: id, image, name, quantity, unit price and line total, status", async () => {
    const calls = ordersApi(() => sampleLines());
    renderOrders();
    await screen.findByText('Massage Oil — Lavender');

    const headers = screen.getAllByRole('columnheader').map((th) => th.textContent);
    expect(headers).toEqual([M.orderId, M.image, M.name, M.quantity, M.price, M.status, M.action]);

    const oil = rowOf('Massage Oil — Lavender');
    expect(within(oil).getByText('#12')).toBeTruthy();
    expect(within(oil).getByText('$20.00')).toBeTruthy();
    expect(within(oil).getByText('$10.00 × 2')).toBeTruthy();
    expect((await within(oil).findByTestId('order-total')).textContent).toBe(`${M.total} $28.79`);
    expect(within(rowOf('Bath Salts — Rose')).getByTestId('order-total').textContent).toBe(
      `${M.total} $16.45`,
    );
    expect(within(oil).getByRole('img', { name: 'Massage Oil — Lavender' }).getAttribute('src')).toBe(
      '/uploads/thumbnail_p5.jpg',
    );
    expect(within(oil).getByText(S.awaitingPayment)).toBeTruthy();

    // The second line of order 12 repeats its number, not its total or its action.
    const candle = rowOf('Candle — Vanilla');
    expect(within(candle).getByText('#12')).toBeTruthy();
    expect(within(candle).queryByTestId('order-total')).toBeNull();
    expect(within(candle).queryByRole('button')).toBeNull();
    expect(within(candle).getByRole('img', { name: MESSAGES.shop.placeholderAlt })).toBeTruthy();
    expect(oil.className).toContain('order-group-start');
    expect(candle.className).not.toContain('order-group-start');

    const salts = rowOf('Bath Salts — Rose');
    expect(within(salts).getByText('#11')).toBeTruthy();
    expect(within(salts).getByText(S.paid)).toBeTruthy();
    expect(salts.className).toContain('order-group-start');

    const list = calls.find((call) => call.path === '/order-lists');
    expect(list?.search.get('filters[user][id][$eq]')).toBe(String(BUYER.id));
    expect(list?.search.get('populate[0]')).toBe('order');
    expect(list?.search.get('populate[1]')).toBe('picture');
    expect(list?.search.get('populate[2]')).toBe('product');
    expect(list?.search.get('sort')).toBe('id:desc');
    expect(list?.search.get('pagination[page]')).toBe('1');
    expect(list?.search.get('pagination[pageSize]')).toBe('10');
    // The totals of the page's orders, in one call.
    const totals = calls.filter((call) => call.path === '/orders');
    expect(totals).toHaveLength(1);
    expect(totals[0]?.search.get('filters[id][$in][0]')).toBe('12');
    expect(totals[0]?.search.get('filters[id][$in][1]')).toBe('11');
    expect(totals[0]?.search.get('fields[0]')).toBe('amount');
  });

  it('cancels an unpaid order through the dialog (Close first keeps it), and its rows read Cancelled', async () => {
    let cancelled = false;
    const calls = ordersApi(
      () => sampleLines(cancelled ? S.cancelled : S.awaitingPayment),
      (call) => {
        if (call.method === 'DELETE' && call.path === '/orders/12') {
          cancelled = true;
          return jsonResponse({ data: buildOrder(12, { status: S.cancelled }) });
        }
        return undefined;
      },
    );
    renderOrders();
    await screen.findByText('Massage Oil — Lavender');
    // Only the unpaid order offers it.
    expect(screen.getAllByRole('button', { name: M.cancel })).toHaveLength(1);
    expect(within(rowOf('Bath Salts — Rose')).queryByRole('button', { name: M.cancel })).toBeNull();

    fireEvent.click(within(rowOf('Massage Oil — Lavender')).getByRole('button', { name: M.cancel }));
    let dialog = await screen.findByRole('dialog', { name: M.cancelTitle });
    expect(within(dialog).getByText(M.cancelPrompt, { exact: false })).toBeTruthy();
    expect(within(dialog).getByText('#12')).toBeTruthy();
    const close = within(dialog)
      .getAllByRole('button', { name: M.close })
      .find((b) => b.textContent === M.close);
    fireEvent.click(close!);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.some((call) => call.method === 'DELETE')).toBe(false);

    fireEvent.click(within(rowOf('Massage Oil — Lavender')).getByRole('button', { name: M.cancel }));
    dialog = await screen.findByRole('dialog', { name: M.cancelTitle });
    fireEvent.click(within(dialog).getByRole('button', { name: M.confirmCancel }));

    expect(await screen.findByText(M.cancelled)).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.filter((call) => call.method === 'DELETE').map((call) => call.path)).toEqual(['/orders/12']);
    await waitFor(() => {
      expect(within(rowOf('Massage Oil — Lavender')).getByText(S.cancelled)).toBeTruthy();
      expect(within(rowOf('Candle — Vanilla')).getByText(S.cancelled)).toBeTruthy();
    });
    expect(screen.queryByRole('button', { name: M.cancel })).toBeNull();
  });

  it("shows the server's reason when an order can no longer be cancelled", async () => {
    ordersApi(
      () => sampleLines(),
      (call) => (call.method === 'DELETE' ? errorResponse(400, MESSAGES.shopErrors.orderNotOpen) : undefined),
    );
    renderOrders();
    await screen.findByText('Massage Oil — Lavender');
    fireEvent.click(screen.getByRole('button', { name: M.cancel }));
    const dialog = await screen.findByRole('dialog', { name: M.cancelTitle });
    fireEvent.click(within(dialog).getByRole('button', { name: M.confirmCancel }));
    expect(await screen.findByText(MESSAGES.shopErrors.orderNotOpen)).toBeTruthy();
  });

  it('offers no cancel once paid, and Mark delivered once shipped', async () => {
    let delivered = false;
    const calls = ordersApi(
      () => sampleLines(S.paid, delivered ? S.delivered : S.shipped),
      (call) => {
        if (call.method === 'PUT' && call.path === '/orders/11') {
          delivered = true;
          return jsonResponse({ data: buildOrder(11, { status: S.delivered }) });
        }
        return undefined;
      },
    );
    renderOrders();
    await screen.findByText('Massage Oil — Lavender');
    expect(screen.queryByRole('button', { name: M.cancel })).toBeNull();
    expect(within(rowOf('Massage Oil — Lavender')).queryByRole('button')).toBeNull();

    fireEvent.click(within(rowOf('Bath Salts — Rose')).getByRole('button', { name: M.markDelivered }));
    expect(await screen.findByText(M.delivered)).toBeTruthy();
    const put = calls.find((call) => call.method === 'PUT');
    expect(put?.path).toBe('/orders/11');
    expect(put?.body).toEqual({ data: { status: S.delivered } });
    await waitFor(() => expect(within(rowOf('Bath Salts — Rose')).getByText(S.delivered)).toBeTruthy());
  });

  it('changes the page size and pages', async () => {
    const calls = ordersApi(() => pageOf(sampleLines(), 1, 3) as Response);
    renderOrders();
    await screen.findByText('Massage Oil — Lavender');
    fireEvent.change(screen.getByLabelText(M.perPage), { target: { value: '40' } });
    await waitFor(() =>
      expect(calls.some((call) => call.search.get('pagination[pageSize]') === '40')).toBe(true),
    );
    fireEvent.click(screen.getByRole('button', { name: `${MESSAGES.pagination.page} 2` }));
    await waitFor(() =>
      expect(
        calls.some(
          (call) =>
            call.search.get('pagination[page]') === '2' && call.search.get('pagination[pageSize]') === '40',
        ),
      ).toBe(true),
    );
  });

  it('says when there are no orders yet', async () => {
    ordersApi(() => []);
    renderOrders();
    expect(await screen.findByText(M.empty)).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
  });

  it("toasts 'Network response was not ok' when the list fails", async () => {
    ordersApi(() => errorResponse(500, 'Internal Server Error'));
    renderOrders();
    // The toast, and the note with Try again in the page.
    await waitFor(() => expect(screen.getAllByText(MESSAGES.toast.networkError)).toHaveLength(2));
    expect(document.querySelector('.Toastify')?.textContent).toContain(MESSAGES.toast.networkError);
    expect(screen.getByRole('button', { name: M.retry })).toBeTruthy();
  });
});
