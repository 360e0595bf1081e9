import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { MESSAGES } from '@app/domain';
import type { TAdminPaymentItem } from '@app/domain';
import PaymentsPage, { paymentActions } from './PaymentsPage.tsx';
import { callsTo, errorResponse, jsonResponse, mockAdminApi, paged, renderAdminPage } from './testAdmin.tsx';

const M = MESSAGES.payments;

function payment(overrides: Partial<TAdminPaymentItem> = {}): TAdminPaymentItem {
  return {
    kind: 'subscription',
    id: 4,
    createdAt: '2026-11-20T10:00:00.000Z',
    payer: { id: 42, username: 'pia', email: 'pia@example.test' },
    amount_cents: 11050,
    transaction_id: 'TX-778899',
    hidden_characters: [],
    id_group: null,
    status: 'pending',
    description: 'Basic',
    flags: [],
    ...overrides,
  };
}

const TIP = payment({
  kind: 'tip',
  id: 2,
  amount_cents: 2500,
  transaction_id: 'aaaa',
  description: 'Tip to Aria',
  flags: [
    { kind: 'malformed', explanation: M.flags.malformedShort },
    { kind: 'duplicate', explanation: `${M.flags.duplicate} Order #9` },
  ],
});

function renderPayments(
  items: () => TAdminPaymentItem[] | Response,
  extra?: (method: string, path: string) => Response | undefined,
) {
  const calls = mockAdminApi((call) => {
    if (call.method === 'GET' && call.path === '/admin/payments') {
      const answer = items();
      return answer instanceof Response ? answer : jsonResponse(paged(answer));
    }
    return extra?.(call.method, call.path);
  });
  renderAdminPage(<PaymentsPage />, { path: '/admin/payments' });
  return calls;
}

const rowOf = (text: string) => screen.getByText(text).closest('tr') as HTMLElement;

describe('PaymentsPage', { timeout: 20_000 }, () => {
  it('lists pending payments by default with amount, typed id, payer link and flags', async () => {
    const calls = renderPayments(() => [payment(), TIP]);
    await screen.findByText('Basic');

    const list = callsTo(calls, 'GET', '/admin/payments')[0]!;
    expect(list.search.get('status')).toBe('pending');
    expect(list.search.get('kind')).toBeNull();
    expect(list.search.get('pagination[page]')).toBe('1');

    const sub = rowOf('Basic');
    expect(within(sub).getByText('$110.50')).toBeTruthy();
    expect(within(sub).getByText('TX-778899').tagName).toBe('CODE');
    expect(within(sub).getByText(M.kinds.subscription)).toBeTruthy();
    expect(within(sub).getByRole('link', { name: 'pia' }).getAttribute('href')).toBe('/admin/users/42');
    expect(within(sub).getByText(M.states.pending)).toBeTruthy();

    const tip = rowOf('Tip to Aria');
    expect(within(tip).getByText('$25.00')).toBeTruthy();
    expect(within(tip).getByText(M.flagKinds.malformed)).toBeTruthy();
    expect(within(tip).getByText(M.flags.malformedShort)).toBeTruthy();
    expect(within(tip).getByText(M.flagKinds.duplicate)).toBeTruthy();
    expect(within(tip).getByText(`${M.flags.duplicate} Order #9`)).toBeTruthy();
  });

  it('marks payments whose ids look the same and spells out hidden characters', async () => {
    const same = { kind: 'duplicate' as const, explanation: `${M.flags.duplicate} Tip #2` };
    renderPayments(() => [
      payment({ flags: [same], id_group: 1 }),
      payment({
        kind: 'order',
        id: 7,
        description: 'Order #7 · 1 item',
        transaction_id: 'TX-778899\u200b',
        hidden_characters: ['U+200B'],
        id_group: 1,
        flags: [same],
      }),
      payment({ kind: 'tip', id: 8, description: 'Tip to Aria', id_group: 2, flags: [same] }),
      payment({ id: 5, description: 'Gold', transaction_id: 'TX-112233' }),
    ]);
    await screen.findByText('Basic');
    expect(rowOf('Basic').className).toBe('admin-payment-same-id admin-payment-same-id-first');
    expect(rowOf('Order #7 · 1 item').className).toBe('admin-payment-same-id');
    expect(rowOf('Tip to Aria').className).toBe('admin-payment-same-id admin-payment-same-id-first');
    expect(rowOf('Gold').className).toBe('');
    expect(within(rowOf('Order #7 · 1 item')).getByText(`${M.hiddenCharacters} U+200B`)).toBeTruthy();
    expect(within(rowOf('Basic')).queryByText(M.hiddenCharacters, { exact: false })).toBeNull();
  });

  it('sends the kind, status and search filters and goes back to page 1', async () => {
    const calls = renderPayments(() => [payment()]);
    await screen.findByText('Basic');

    fireEvent.change(screen.getByLabelText(M.kind), { target: { value: 'order' } });
    await waitFor(() =>
      expect(callsTo(calls, 'GET', '/admin/payments').some((c) => c.search.get('kind') === 'order')).toBe(
        true,
      ),
    );
    fireEvent.change(screen.getByLabelText(M.status), { target: { value: '' } });
    await waitFor(() => {
      const last = callsTo(calls, 'GET', '/admin/payments').at(-1)!;
      expect(last.search.get('status')).toBeNull();
      expect(last.search.get('kind')).toBe('order');
    });
    fireEvent.change(screen.getByLabelText(M.search), { target: { value: ' TX-77 ' } });
    fireEvent.click(screen.getByRole('button', { name: MESSAGES.adminConsole.filters.search }));
    await waitFor(() => {
      const last = callsTo(calls, 'GET', '/admin/payments').at(-1)!;
      expect(last.search.get('q')).toBe('TX-77');
      expect(last.search.get('pagination[page]')).toBe('1');
    });
  });

  it('verifies a subscription after the confirmation (PUT /subscriptions/:id under data)', async () => {
    let status: TAdminPaymentItem['status'] = 'pending';
    const calls = renderPayments(
      () => [payment({ status })],
      (method, path) => {
        if (method === 'PUT' && path === '/subscriptions/4') {
          status = 'verified';
          return jsonResponse({ data: { id: 4, attributes: {} } });
        }
        return undefined;
      },
    );
    await screen.findByText('Basic');
    fireEvent.click(within(rowOf('Basic')).getByRole('button', { name: M.verify }));

    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(M.confirmVerifyTitle)).toBeTruthy();
    expect(within(dialog).getByText(M.confirmVerify)).toBeTruthy();
    expect(callsTo(calls, 'PUT', '/subscriptions/4')).toHaveLength(0);
    fireEvent.click(within(dialog).getByRole('button', { name: M.verify }));

    expect(await screen.findByText(M.verified)).toBeTruthy();
    expect(callsTo(calls, 'PUT', '/subscriptions/4')[0]!.body).toEqual({
      data: { payment_status: 'verified' },
    });
    await waitFor(() => expect(within(rowOf('Basic')).getByText(M.states.verified)).toBeTruthy());
  });

  it('rejects an order through PUT /orders/:id with its own warning', async () => {
    const calls = renderPayments(
      () => [payment({ kind: 'order', id: 9, description: 'Order #9 · 2 items' })],
      (method, path) =>
        method === 'PUT' && path === '/orders/9'
          ? jsonResponse({ data: { id: 9, attributes: {} } })
          : undefined,
    );
    await screen.findByText('Order #9 · 2 items');
    fireEvent.click(screen.getByRole('button', { name: M.reject }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(M.confirmReject.order)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: M.reject }));
    expect(await screen.findByText(M.rejected)).toBeTruthy();
    expect(callsTo(calls, 'PUT', '/orders/9')[0]!.body).toEqual({ data: { payment_status: 'rejected' } });
  });

  it('closing the confirmation changes nothing', async () => {
    const calls = renderPayments(() => [payment({ kind: 'tip', id: 2, description: 'Tip to Aria' })]);
    await screen.findByText('Tip to Aria');
    fireEvent.click(screen.getByRole('button', { name: M.reject }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getAllByRole('button', { name: M.cancel }).at(-1)!);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(0);
  });

  it("shows the server's message without the field path when it refuses", async () => {
    const refusal = MESSAGES.shopErrors.notAllowedStatus;
    renderPayments(
      () => [payment({ kind: 'order', id: 9, status: 'verified', description: 'Order #9 · 1 item' })],
      (method, path) =>
        method === 'PUT' && path === '/orders/9'
          ? errorResponse(400, `data.payment_status: ${refusal}`, {
              errors: [{ path: ['data', 'payment_status'], message: refusal, name: 'ValidationError' }],
            })
          : undefined,
    );
    await screen.findByText('Order #9 · 1 item');
    expect(screen.queryByRole('button', { name: M.verify })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: M.reject }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(M.rejectPaidOrder)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: M.reject }));
    expect(await screen.findByText(refusal)).toBeTruthy();
    expect(screen.queryByText(`data.payment_status: ${refusal}`)).toBeNull();
  });

  it('offers only the decisions the server accepts', async () => {
    renderPayments(() => [
      payment({ kind: 'tip', id: 2, status: 'rejected', description: 'Tip to Aria' }),
      payment({ kind: 'order', id: 3, status: 'rejected', description: 'Order #3 · 1 item' }),
      payment({ kind: 'subscription', id: 5, status: 'rejected', description: 'Premium' }),
      payment({ kind: 'tip', id: 6, status: 'verified', description: 'Tip to Bea' }),
    ]);
    await screen.findByText('Tip to Aria');
    const buttons = (text: string) =>
      within(rowOf(text))
        .queryAllByRole('button')
        .map((b) => b.textContent);
    // A rejected tip or order is final; a rejected subscription can still be verified.
    expect(buttons('Tip to Aria')).toEqual([]);
    expect(within(rowOf('Tip to Aria')).getByText(M.decisionFinalShort)).toBeTruthy();
    expect(buttons('Order #3 · 1 item')).toEqual([]);
    expect(buttons('Premium')).toEqual([M.verify]);
    expect(buttons('Tip to Bea')).toEqual([M.reject]);
  });

  it("paymentActions follows the servers' rules", () => {
    expect(paymentActions({ kind: 'order', status: 'pending' })).toEqual({ verify: true, reject: true });
    expect(paymentActions({ kind: 'order', status: 'rejected' })).toEqual({ verify: false, reject: false });
    expect(paymentActions({ kind: 'tip', status: 'verified' })).toEqual({ verify: false, reject: true });
    expect(paymentActions({ kind: 'subscription', status: 'verified' })).toEqual({
      verify: false,
      reject: true,
    });
    expect(paymentActions({ kind: 'subscription', status: 'rejected' })).toEqual({
      verify: true,
      reject: false,
    });
  });

  it('says when nothing matches', async () => {
    renderPayments(() => []);
    expect(await screen.findByText(M.empty)).toBeTruthy();
  });

  it('offers Retry when the list failed', async () => {
    renderPayments(() => errorResponse(500, 'boom'));
    expect(await screen.findByText(M.loadFailed)).toBeTruthy();
    expect(screen.getByRole('button', { name: MESSAGES.adminConsole.table.retry })).toBeTruthy();
  });
});
