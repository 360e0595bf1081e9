import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { MESSAGES } from '@app/domain';
import { RequireAuth } from '../../../app/guards.tsx';
import { STORAGE_KEYS } from '../../../lib/storage.ts';
import { jsonResponse, renderRoutes } from '../../../test/render.tsx';
import { AccountLayout } from '../../users/index.ts';
import { mockApi } from '../../../test/api.ts';
import ReviewMailPage from './ReviewMailPage.tsx';

const M = MESSAGES.reviewMail;
const PROVIDER = { id: 7, first_name: 'Ava', last_name: 'Stone', user_type: 'Provider', avatar: null };

function signInAs(user: Record<string, unknown>) {
  window.localStorage.setItem(STORAGE_KEYS.token, 'jwt');
  window.localStorage.setItem(STORAGE_KEYS.userId, String(user.id));
  window.localStorage.setItem(STORAGE_KEYS.user, JSON.stringify(user));
}

function message(id: number, text: string, title: string) {
  return {
    id,
    attributes: {
      text,
      createdAt: new Date(Date.now() - 2 * 3_600_000).toISOString(),
      reply: null as string | null,
      user: { data: { id: 100 + id, attributes: { username: `sam_${id}` } } },
      provider: { data: { id: 50, attributes: { title } } },
    },
  };
}

function render(user: Record<string, unknown>, pages: ReturnType<typeof message>[][]) {
  signInAs(user);
  const calls = mockApi((call) => {
    if (call.path === '/users/me') return jsonResponse(user);
    const replied = /^\/messages\/(\d+)\/reply$/.exec(call.path);
    if (replied && call.method === 'POST') {
      const m = pages.flat().find((x) => x.id === Number(replied[1]))!;
      m.attributes.reply = (call.body as { data: { text: string } }).data.text;
      return jsonResponse({ data: m });
    }
    if (/^\/messages\/\d+\/report$/.test(call.path) && call.method === 'POST')
      return jsonResponse({ data: { id: 9, attributes: { status: 'open' } }, meta: {} });
    if (call.path === '/messages') {
      const page = Number(call.search.get('pagination[page]'));
      return jsonResponse({
        data: pages[page - 1] ?? [],
        meta: { pagination: { page, pageSize: 25, pageCount: pages.length, total: pages.flat().length } },
      });
    }
    return undefined;
  });
  renderRoutes(
    [
      {
        element: <RequireAuth />,
        children: [
          {
            element: <AccountLayout />,
            children: [{ path: '/provider/reviewmail', element: <ReviewMailPage /> }],
          },
        ],
      },
    ],
    ['/provider/reviewmail'],
  );
  return calls;
}

describe('ReviewMailPage', () => {
  it("lists the messages to the provider's ads, newest first, with who, which ad and when", async () => {
    const calls = render(PROVIDER, [
      [message(2, 'Is Friday free?', 'Evening guide'), message(1, 'Hello', 'City walk')],
    ]);
    expect(await screen.findByRole('heading', { name: M.title })).toBeTruthy();
    const table = await screen.findByRole('table');
    const rows = within(table).getAllByRole('row').slice(1);
    expect(
      rows.map((r) =>
        within(r)
          .getAllByRole('cell')
          .map((c) => c.textContent),
      ),
    ).toEqual([
      ['sam_2', 'Evening guide', `Is Friday free?${M.reply}${MESSAGES.cardMessages.report}`, '2 hours ago'],
      ['sam_1', 'City walk', `Hello${M.reply}${MESSAGES.cardMessages.report}`, '2 hours ago'],
    ]);
    const request = calls.find((c) => c.path === '/messages')!;
    expect(request.search.get('sort')).toBe('createdAt:desc');
    // The author by username only: the server answers no names or address for messages.
    expect(request.search.get('populate[user][fields][0]')).toBe('username');
    expect(request.authorization).toBe('Bearer jwt');
    expect(screen.queryByRole('navigation', { name: M.pages })).toBeNull();
  });

  it('says so when there are none, and pages with Prev and Next', async () => {
    render(PROVIDER, [[message(3, 'Newest', 'Ad A')], [message(1, 'Oldest', 'Ad B')]]);
    expect(await screen.findByText('Newest')).toBeTruthy();
    const pages = screen.getByRole('navigation', { name: M.pages });
    expect(within(pages).getByRole('button', { name: MESSAGES.pagination.prev })).toHaveProperty(
      'disabled',
      true,
    );
    fireEvent.click(within(pages).getByRole('button', { name: MESSAGES.pagination.next }));
    expect(await screen.findByText('Oldest')).toBeTruthy();
    expect(within(pages).getByRole('button', { name: MESSAGES.pagination.next })).toHaveProperty(
      'disabled',
      true,
    );
    fireEvent.click(within(pages).getByRole('button', { name: MESSAGES.pagination.prev }));
    expect(await screen.findByText('Newest')).toBeTruthy();
  });

  it('answers a message with Reply: the text goes to the server, which mails it; the answer shows', async () => {
    const calls = render(PROVIDER, [[message(2, 'Is Friday free?', 'Evening guide')]]);
    fireEvent.click(await screen.findByRole('button', { name: `${M.reply}: sam_2` }));
    const box = screen.getByLabelText(`${M.replyTo} sam_2`);
    fireEvent.click(screen.getByRole('button', { name: M.sendReply }));
    expect(await screen.findByText(M.replyRequired)).toBeTruthy();
    fireEvent.change(box, { target: { value: '  Friday at 8 works.  ' } });
    fireEvent.click(screen.getByRole('button', { name: M.sendReply }));
    expect(await screen.findByText('Friday at 8 works.')).toBeTruthy();
    expect(calls.find((c) => c.path === '/messages/2/reply')?.body).toEqual({
      data: { text: 'Friday at 8 works.' },
    });
    expect(screen.queryByLabelText(`${M.replyTo} sam_2`)).toBeNull();
    expect(screen.queryByRole('button', { name: `${M.reply}: sam_2` })).toBeNull();
  });

  it('reports a message to the staff with a reason and what happened; a reason is required', async () => {
    const C = MESSAGES.cardMessages;
    const calls = render(PROVIDER, [[message(3, 'Send me your address.', 'Evening guide')]]);
    fireEvent.click(await screen.findByRole('button', { name: `${C.report}: sam_3` }));
    const dialog = await screen.findByRole('dialog', { name: C.reportTitle });
    fireEvent.click(within(dialog).getByRole('button', { name: C.reportSend }));
    expect(await within(dialog).findByText(MESSAGES.report.reasonRequired)).toBeTruthy();
    expect(calls.some((c) => c.path === '/messages/3/report')).toBe(false);
    fireEvent.change(within(dialog).getByLabelText(C.reportReason), { target: { value: 'Spam or scam' } });
    fireEvent.change(within(dialog).getByLabelText(C.reportDetails), { target: { value: 'Pushy.' } });
    fireEvent.click(within(dialog).getByRole('button', { name: C.reportSend }));
    expect(await screen.findByText(C.reportSent)).toBeTruthy();
    expect(calls.find((c) => c.path === '/messages/3/report')?.body).toEqual({
      data: { reason: 'Spam or scam', details: 'Pushy.' },
    });
  });

  it('shows an empty inbox as such', async () => {
    render(PROVIDER, [[]]);
    expect(await screen.findByText(M.empty)).toBeTruthy();
  });

  it('tells a hobbyist it is for providers and asks the server nothing', async () => {
    const calls = render({ ...PROVIDER, user_type: 'Hobbyist' }, [[message(1, 'Hello', 'Ad')]]);
    expect(await screen.findByText(M.providersOnly)).toBeTruthy();
    expect(calls.some((c) => c.path === '/messages')).toBe(false);
  });
});
