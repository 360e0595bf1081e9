import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { MESSAGES, type ConversationSummary, type ThreadMessage } from '@app/domain';
import { RequireAuth } from '../../../app/guards.tsx';
import { STORAGE_KEYS } from '../../../lib/storage.ts';
import { jsonResponse, renderRoutes } from '../../../test/render.tsx';
import { AccountLayout } from '../../users/index.ts';
import { mockApi } from '../../../test/api.ts';
import ConversationPage from '../../messages/ConversationPage.tsx';
import ReviewMailPage from './ReviewMailPage.tsx';

const M = MESSAGES.reviewMail;
const C = MESSAGES.conversations;
const PROVIDER = { id: 7, first_name: 'Ava', last_name: 'Stone', user_type: 'Provider', avatar: null };

function signInAs(user: Record<string, unknown>) {
  window.localStorage.setItem(STORAGE_KEYS.token, 'jwt');
  window.localStorage.setItem(STORAGE_KEYS.userId, String(user.id));
  window.localStorage.setItem(STORAGE_KEYS.user, JSON.stringify(user));
}

function conversation(id: number, hobbyist: string, title: string, extra: Partial<ConversationSummary> = {}) {
  return {
    id,
    side: 'provider',
    ad: { id: 50 + id, title },
    with: hobbyist,
    lastMessageAt: new Date(Date.now() - 2 * 3_600_000).toISOString(),
    last: { text: `Hello from ${hobbyist}`, mine: false },
    unread: 0,
    blockedByMe: false,
    blockedByThem: false,
    ...extra,
  } satisfies ConversationSummary;
}

function render(
  user: Record<string, unknown>,
  pages: ConversationSummary[][],
  thread: ThreadMessage[] = [],
  start = '/provider/reviewmail',
) {
  signInAs(user);
  const calls = mockApi((call) => {
    if (call.path === '/users/me') return jsonResponse(user);
    if (call.path === '/messages/retention') return jsonResponse({ data: { days: 90 } });
    if (call.path === '/conversations') {
      const page = Number(call.search.get('pagination[page]'));
      return jsonResponse({
        data: pages[page - 1] ?? [],
        meta: { pagination: { page, pageSize: 25, pageCount: pages.length, total: pages.flat().length } },
      });
    }
    const one = pages.flat()[0];
    if (call.path === `/conversations/${one?.id}` && call.method === 'GET')
      return jsonResponse({ data: one });
    if (call.path === `/conversations/${one?.id}/messages` && call.method === 'GET')
      return jsonResponse({ data: [...thread].reverse(), meta: { hasMore: false } });
    if (call.path === `/conversations/${one?.id}/messages` && call.method === 'POST') {
      const text = (call.body as { data: { text: string } }).data.text;
      const written = { id: 99, text, mine: true, createdAt: new Date().toISOString() };
      thread.push(written);
      return jsonResponse({ data: written, meta: {} });
    }
    if (call.path === `/conversations/${one?.id}/read`)
      return jsonResponse({ data: { unread: 0 }, meta: {} });
    if (call.path === `/conversations/${one?.id}/block`) {
      one!.blockedByMe = call.method === 'POST';
      return jsonResponse({ data: one, meta: {} });
    }
    if (/^\/messages\/\d+\/report$/.test(call.path) && call.method === 'POST')
      return jsonResponse({ data: { id: 9, attributes: { status: 'open' } }, meta: {} });
    return undefined;
  });
  renderRoutes(
    [
      {
        element: <RequireAuth />,
        children: [
          {
            element: <AccountLayout />,
            children: [
              { path: '/provider/reviewmail', element: <ReviewMailPage /> },
              { path: '/messages/:id', element: <ConversationPage /> },
            ],
          },
        ],
      },
    ],
    [start],
  );
  return calls;
}

describe('ReviewMailPage: the provider inbox', () => {
  it('lists the conversations on the provider’s ads with who, which ad, the newest message and unread', async () => {
    const calls = render(PROVIDER, [
      [conversation(2, 'sam_2', 'Evening guide', { unread: 3 }), conversation(1, 'sam_1', 'City walk')],
    ]);
    expect(await screen.findByRole('heading', { name: M.title })).toBeTruthy();
    const links = await screen.findAllByRole('link', { name: /sam_/ });
    expect(links.map((l) => l.getAttribute('href'))).toEqual(['/messages/2', '/messages/1']);
    expect(links[0]!.textContent).toContain(`${C.about}: Evening guide`);
    expect(links[0]!.textContent).toContain('Hello from sam_2');
    expect(within(links[0]!).getByText('3')).toBeTruthy();
    expect(calls.find((c) => c.path === '/conversations')?.authorization).toBe('Bearer jwt');
    expect(screen.queryByRole('navigation', { name: C.pages })).toBeNull();
  });

  it('pages with Prev and Next, and shows an empty inbox as such', async () => {
    render(PROVIDER, [[conversation(3, 'newest', 'Ad A')], [conversation(1, 'oldest', 'Ad B')]]);
    expect(await screen.findByText('newest')).toBeTruthy();
    const pages = screen.getByRole('navigation', { name: C.pages });
    fireEvent.click(within(pages).getByRole('button', { name: MESSAGES.pagination.next }));
    expect(await screen.findByText('oldest')).toBeTruthy();
  });

  it('shows an empty inbox as such', async () => {
    render(PROVIDER, [[]]);
    expect(await screen.findByText(C.empty)).toBeTruthy();
  });

  it('tells a hobbyist it is for providers and asks the server nothing', async () => {
    const calls = render({ ...PROVIDER, user_type: 'Hobbyist' }, [[conversation(1, 'x', 'Ad')]]);
    expect(await screen.findByText(M.providersOnly)).toBeTruthy();
    expect(calls.some((c) => c.path === '/conversations')).toBe(false);
  });
});

describe('ConversationPage: one thread', () => {
  const at = new Date().toISOString();
  const thread = (): ThreadMessage[] => [
    { id: 1, text: 'Is Friday free?', mine: false, createdAt: at },
    { id: 2, text: 'Friday at 8 works.', mine: true, createdAt: at },
  ];

  it('shows the messages oldest first, marks the thread read, and sends an answer', async () => {
    const calls = render(PROVIDER, [[conversation(4, 'sam_4', 'Evening guide')]], thread(), '/messages/4');
    expect(await screen.findByRole('heading', { name: 'sam_4' })).toBeTruthy();
    const list = await screen.findByRole('list', { name: C.title });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([expect.stringContaining('Is Friday free?'), expect.stringContaining('Friday at 8 works.')]);
    await waitFor(() => expect(calls.some((c) => c.path === '/conversations/4/read')).toBe(true));
    // Report is offered on the other side's message only.
    expect(within(list).getAllByRole('button', { name: MESSAGES.cardMessages.reportTitle })).toHaveLength(1);

    const box = screen.getByLabelText(C.write);
    fireEvent.click(screen.getByRole('button', { name: C.send }));
    expect(await screen.findByText(C.required)).toBeTruthy();
    fireEvent.change(box, { target: { value: '  See you then.  ' } });
    fireEvent.click(screen.getByRole('button', { name: C.send }));
    expect(await screen.findByText('See you then.')).toBeTruthy();
    expect(calls.find((c) => c.path === '/conversations/4/messages' && c.method === 'POST')?.body).toEqual({
      data: { text: 'See you then.' },
    });
  });

  it('blocks after asking, then offers Unblock and no box to write', async () => {
    vi.spyOn(window, 'confirm').mockReturnValue(true);
    const calls = render(PROVIDER, [[conversation(5, 'sam_5', 'Ad')]], thread(), '/messages/5');
    fireEvent.click(await screen.findByRole('button', { name: C.block }));
    expect(await screen.findByRole('button', { name: C.unblock })).toBeTruthy();
    expect(screen.getByText(C.blockedByMe)).toBeTruthy();
    expect(screen.queryByLabelText(C.write)).toBeNull();
    expect(calls.find((c) => c.path === '/conversations/5/block')?.method).toBe('POST');
  });
});
