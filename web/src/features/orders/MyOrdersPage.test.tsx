import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { MESSAGES } from '@app/domain';
import type { TOrderStatus } from '@app/domain';
import { jsonResponse } from '../../test/render.tsx';
import { errorResponse, mockApi } from '../../test/api.ts';
import type { ApiCall } from '../../test/api.ts';
import type { MyOrder } from './api.ts';
import MyOrdersPage from './MyOrdersPage.tsx';
import {
  answerCommon,
  BUYER,
  buildMyOrder,
  buildOrder,
  pageOf,
  renderOrdersPage,
  signInAs,
} from './testOrders.tsx';

const M = MESSAGES.orders;
const S = MESSAGES.orderStatus;

/** Order 12 awaiting payment (two lines), order 11 paid (one line), each with its total. */
function sampleOrders(status12: TOrderStatus = S.awaitingPayment, status11: TOrderStatus = S.paid) {
  return [
    buildMyOrder(12, { status: status12, amount: 28.79 }, [
      { id: 4, name: 'Massage Oil — Lavender', price: 10, quantity: 2 },
      { id: 5, name: 'Candle — Vanilla', price: 5.5, quantity: 1, picture: null },
    ]),
    buildMyOrder(11, { status: status11, paid: status11 !== S.awaitingPayment, amount: 16.45 }, [
      { id: 3, name: 'Bath Salts — Rose', price: 7.5, quantity: 2 },
    ]),
  ];
}

/** My Orders' API: the orders (`orders()` is read afresh on each call), cancel and delivered. */
function ordersApi(
  orders: (call: ApiCall) => MyOrder[] | Response,
  extra: (call: ApiCall) => Response | undefined = () => undefined,
) {
  signInAs(BUYER);
  return mockApi((call) => {
    if (call.path === '/orders' && call.method === 'GET') {
      const answer = orders(call);
      return answer instanceof Response ? answer : pageOf(answer);
    }
    return extra(call) ?? answerCommon(call, BUYER);
  });
}

const renderOrders = () =>
  renderOrdersPage('/orders/view', [{ path: '/orders/view', element: <MyOrdersPage /> }]);
const rowOf = (name: string) => screen.getByText(name).closest('tr') as HTMLElement;

describe('MyOrdersPage', { timeout: 20_000 }, () => {
  it("lists the buyer's orders with all their lines: id, image, name, quantity, unit price and line total, status", async () => {
    const calls = ordersApi(() => sampleOrders());
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
      '/uploads/thumbnail_p4.jpg',
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

    // One call: a page of the buyer's orders, each with its total and its lines with their pictures.
    expect(calls.filter((call) => call.path.startsWith('/order')).map((call) => call.path)).toEqual([
      '/orders',
    ]);
    const list = calls.find((call) => call.path === '/orders')!.search;
    expect(list.get('filters[user][id][$eq]')).toBe(String(BUYER.id));
    expect(list.get('populate[order_lists][populate][0]')).toBe('picture');
    expect(list.get('populate[order_lists][fields][0]')).toBe('product_name');
    expect(list.get('sort')).toBe('id:desc');
    expect(list.get('pagination[page]')).toBe('1');
    expect(list.get('pagination[pageSize]')).toBe('10');
  });

  it('cancels an unpaid order through the dialog (Close first keeps it), and its rows read Cancelled', async () => {
    let cancelled = false;
    const calls = ordersApi(
      () => sampleOrders(cancelled ? S.cancelled : S.awaitingPayment),
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
      () => sampleOrders(),
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
      () => sampleOrders(S.paid, delivered ? S.delivered : S.shipped),
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

  it('pages by orders: ten orders of two lines are one page of twenty rows', async () => {
    const ten = Array.from({ length: 10 }, (_, k) =>
      buildMyOrder(100 - k, {}, [
        { id: 2 * k + 1, name: `Oil ${k}`, price: 1, quantity: 1 },
        { id: 2 * k + 2, name: `Soap ${k}`, price: 2, quantity: 1 },
      ]),
    );
    ordersApi(() => pageOf(ten, 1, 1) as Response);
    renderOrders();
    await screen.findByText('Soap 9');
    expect(screen.getAllByRole('row')).toHaveLength(1 + 20);
    expect(screen.getAllByTestId('order-total')).toHaveLength(10);
    expect(screen.getAllByRole('button', { name: M.cancel })).toHaveLength(10);
    expect(screen.queryByRole('navigation', { name: M.pages })).toBeNull();
  });

  it('shows an order that has no lines yet on one row', async () => {
    ordersApi(() => [buildMyOrder(9, { amount: 0 }, [])]);
    renderOrders();
    const row = (await screen.findByText('#9')).closest('tr') as HTMLElement;
    expect(within(row).getByText('—')).toBeTruthy();
    expect(within(row).getByText(S.awaitingPayment)).toBeTruthy();
    expect(within(row).getByTestId('order-total').textContent).toBe(`${M.total} $0.00`);
  });

  it('changes the page size and pages', async () => {
    const calls = ordersApi(() => pageOf(sampleOrders(), 1, 3) as Response);
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

  it('goes to the last page when its page is past the end (orders gone meanwhile)', async () => {
    let pageCount = 2;
    const calls = ordersApi((call) => {
      const page = Number(call.search.get('pagination[page]'));
      if (page > pageCount) return pageOf([], page, pageCount) as Response;
      return pageOf(
        [buildMyOrder(20 - page, {}, [{ id: page, name: `Page ${page} oil`, price: 1, quantity: 1 }])],
        page,
        pageCount,
      ) as Response;
    });
    renderOrders();
    await screen.findByText('Page 1 oil');
    pageCount = 1;
    fireEvent.click(screen.getByRole('button', { name: `${MESSAGES.pagination.page} 2` }));
    const nav = () => screen.queryByRole('navigation', { name: M.pages });
    // Page 2 answers empty with one page left: back on page 1 (from the cache here).
    await waitFor(() =>
      expect(
        calls
          .filter((call) => call.path === '/orders')
          .at(-1)
          ?.search.get('pagination[page]'),
      ).toBe('2'),
    );
    await waitFor(() =>
      expect(nav()?.querySelector('[aria-current="page"]')?.textContent).toBe(
        `${MESSAGES.pagination.page} 1`,
      ),
    );
    expect(screen.getByText('Page 1 oil')).toBeTruthy();
    expect(screen.queryByText(M.empty)).toBeNull();
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
