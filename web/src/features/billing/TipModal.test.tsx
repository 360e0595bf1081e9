import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { MESSAGES } from '@app/domain';
import { jsonResponse } from '../../test/render.tsx';
import { errorResponse, mockApi } from '../../test/api.ts';
import {
  answerMe,
  buildProvider,
  button,
  emptyList,
  HOBBYIST,
  posts,
  PROVIDER_USER,
  renderCards,
  signInAs,
} from '../../test/testCard.tsx';

const A = MESSAGES.cardActions;

describe('ProviderCard: tip', () => {
  it('has no TIP $ button or modal for a visitor', () => {
    mockApi(() => undefined);
    renderCards([buildProvider(7)]);
    expect(screen.queryByRole('button', { name: A.tip })).toBeNull();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('has no TIP $ button or modal for a provider', async () => {
    signInAs(PROVIDER_USER);
    mockApi((call) => (call.path === '/messages' ? emptyList() : answerMe(call, PROVIDER_USER)));
    renderCards([buildProvider(7)]);
    await screen.findByRole('heading', { name: MESSAGES.cardMessages.title });
    expect(screen.queryByRole('button', { name: A.tip })).toBeNull();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  function tipApi(answer: () => Response, tipMax?: number) {
    return mockApi((call) => {
      if (call.path === '/payment-info')
        return jsonResponse({
          data: {
            address: 'PAY-ADDRESS-1',
            qr: 'data:image/png;base64,iVBORw0KGgo=',
            ...(tipMax ? { tip_max_amount: tipMax } : {}),
          },
        });
      if (call.path === '/tips' && call.method === 'POST') return answer();
      if (call.method === 'GET' && ['/likes', '/dislikes', '/averages', '/messages'].includes(call.path))
        return emptyList();
      return answerMe(call, HOBBYIST);
    });
  }

  async function openTip() {
    fireEvent.click(button(A.tip));
    const dialog = await screen.findByRole('dialog');
    await within(dialog).findByRole('img', { name: MESSAGES.tip.qrAlt });
    return dialog;
  }

  it('shows the QR code, address and five steps to a hobbyist, pays, toasts, closes and resets', async () => {
    signInAs(HOBBYIST);
    const calls = tipApi(() => jsonResponse({ data: { id: 3, attributes: {} } }));
    renderCards([buildProvider(7)]);
    const dialog = await openTip();

    expect(within(dialog).getByRole('img', { name: MESSAGES.tip.qrAlt }).getAttribute('src')).toMatch(
      /^data:image\/png/,
    );
    expect(within(dialog).getByText('PAY-ADDRESS-1')).toBeTruthy();
    expect(
      within(dialog)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([...MESSAGES.tip.steps]);

    const amount = within(dialog).getByLabelText(MESSAGES.tip.amount) as HTMLInputElement;
    const transaction = within(dialog).getByLabelText(MESSAGES.tip.transactionId) as HTMLInputElement;
    fireEvent.click(within(dialog).getByRole('button', { name: MESSAGES.tip.submit }));
    expect(await within(dialog).findByText(MESSAGES.tip.amountRequired)).toBeTruthy();
    expect(within(dialog).getByText(MESSAGES.tip.transactionIdRequired)).toBeTruthy();
    expect(posts(calls)).toHaveLength(0);

    fireEvent.change(amount, { target: { value: '0' } });
    fireEvent.change(transaction, { target: { value: 'TX-1' } });
    fireEvent.click(within(dialog).getByRole('button', { name: MESSAGES.tip.submit }));
    expect(await within(dialog).findByText(MESSAGES.tip.amountPositive)).toBeTruthy();

    fireEvent.change(amount, { target: { value: '25.5' } });
    fireEvent.change(transaction, { target: { value: '  TX-1  ' } });
    fireEvent.click(within(dialog).getByRole('button', { name: MESSAGES.tip.submit }));
    expect(await screen.findByText(MESSAGES.tip.paid)).toBeTruthy();
    expect(posts(calls).find((call) => call.path === '/tips')?.body).toEqual({
      data: { provider: 7, tip_amount: 25.5, transaction_id: 'TX-1' },
    });
    // The tip is taken: the dialog closes, and opens again with an empty form.
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const again = await openTip();
    expect((within(again).getByLabelText(MESSAGES.tip.amount) as HTMLInputElement).value).toBe('');
    expect((within(again).getByLabelText(MESSAGES.tip.transactionId) as HTMLInputElement).value).toBe('');
  });

  it("refuses an amount above the server's cap at the field, without posting", async () => {
    signInAs(HOBBYIST);
    const calls = tipApi(() => jsonResponse({ data: { id: 3, attributes: {} } }), 100);
    renderCards([buildProvider(7)]);
    const dialog = await openTip();
    fireEvent.change(within(dialog).getByLabelText(MESSAGES.tip.amount), { target: { value: '150' } });
    fireEvent.change(within(dialog).getByLabelText(MESSAGES.tip.transactionId), {
      target: { value: 'TX-3' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: MESSAGES.tip.submit }));
    expect(await within(dialog).findByText(`${MESSAGES.tip.amountOverCap} $100.00`)).toBeTruthy();
    expect(posts(calls).filter((call) => call.path === '/tips')).toHaveLength(0);
  });

  it.each([
    [400, MESSAGES.tip.badRequest],
    [500, MESSAGES.tip.failed],
  ])('answers a %i with "%s"', async (status, text) => {
    signInAs(HOBBYIST);
    tipApi(() => errorResponse(status, 'nope'));
    renderCards([buildProvider(7)]);
    const dialog = await openTip();
    fireEvent.change(within(dialog).getByLabelText(MESSAGES.tip.amount), { target: { value: '10' } });
    fireEvent.change(within(dialog).getByLabelText(MESSAGES.tip.transactionId), {
      target: { value: 'TX-2' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: MESSAGES.tip.submit }));
    expect(await screen.findByText(text)).toBeTruthy();
    // A refused tip leaves the dialog open, to try again.
    expect(screen.getByRole('dialog')).toBe(dialog);
  });
});
