import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { MESSAGES } from '@app/domain';
import { jsonResponse } from '../../test/render.tsx';
import { mockApi } from '../../test/api.ts';
import {
  answerMe,
  buildProvider,
  button,
  emptyList,
  HOBBYIST,
  list,
  posts,
  PROVIDER_USER,
  renderCards,
  signInAs,
} from '../../test/testCard.tsx';

const A = MESSAGES.cardActions;
/** The count a reaction button shows beside its icon (its name is the label alone). */
const countOf = (name: string) => button(name).querySelector('.provider-card__count')?.textContent;

describe('ProviderCard: reactions', () => {
  function reactionApi(heldLike: boolean) {
    return mockApi((call) => {
      if (call.method === 'GET' && call.path === '/likes' && heldLike)
        return list([{ id: 70, attributes: { provider: { data: { id: 7, attributes: {} } } } }]);
      if (call.method === 'GET' && ['/likes', '/dislikes', '/averages', '/messages'].includes(call.path))
        return emptyList();
      if (call.method === 'POST' && call.path === '/dislikes')
        return jsonResponse({
          data: { id: 71, attributes: {} },
          meta: { counts: { likes: 2, dislikes: 2, averages: 2 } },
        });
      if (call.method === 'POST' && call.path === '/averages')
        return jsonResponse({
          data: { id: 72, attributes: {} },
          meta: { counts: { likes: 2, dislikes: 1, averages: 3 } },
        });
      return answerMe(call, HOBBYIST);
    });
  }

  it("marks a hobbyist's held reaction and switches it, taking the counters from the answer", async () => {
    signInAs(HOBBYIST);
    const calls = reactionApi(true);
    renderCards([buildProvider(7)]);

    await waitFor(() => expect(button(A.like).getAttribute('aria-pressed')).toBe('true'));
    expect(countOf(A.like)).toBe('3');
    expect(button(A.dislike).getAttribute('aria-pressed')).toBe('false');

    // Clicking the held one sends nothing.
    fireEvent.click(button(A.like));
    expect(posts(calls).filter((call) => call.path === '/likes')).toHaveLength(0);

    fireEvent.click(button(A.dislike));
    await waitFor(() => expect(button(A.dislike).getAttribute('aria-pressed')).toBe('true'));
    expect(button(A.like).getAttribute('aria-pressed')).toBe('false');
    expect(countOf(A.like)).toBe('2');
    expect(countOf(A.dislike)).toBe('2');
    expect(posts(calls).find((call) => call.path === '/dislikes')?.body).toEqual({ data: { provider: 7 } });

    fireEvent.click(button(A.average));
    await waitFor(() => expect(button(A.average).getAttribute('aria-pressed')).toBe('true'));
    expect(screen.getAllByRole('button', { pressed: true })).toHaveLength(1);
    expect(countOf(A.average)).toBe('3');
    expect(countOf(A.dislike)).toBe('1');
  });

  it("keeps the click's reaction when the held reactions' first read answers after it", async () => {
    signInAs(HOBBYIST);
    // The held reactions' read is on its way when the hobbyist clicks (as right after a server-rendered
    // page hydrates), and answers, after the click's answer, what was held before it: nothing.
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    mockApi(async (call) => {
      if (call.method === 'GET' && ['/likes', '/dislikes', '/averages'].includes(call.path)) {
        await released;
        return emptyList();
      }
      if (call.method === 'GET' && call.path === '/messages') return emptyList();
      if (call.method === 'POST' && call.path === '/likes')
        return jsonResponse({
          data: { id: 73, attributes: {} },
          meta: { counts: { likes: 4, dislikes: 1, averages: 2 } },
        });
      return answerMe(call, HOBBYIST);
    });
    renderCards([buildProvider(7)]);

    fireEvent.click(button(A.like));
    await waitFor(() => expect(button(A.like).getAttribute('aria-pressed')).toBe('true'));
    expect(countOf(A.like)).toBe('4');
    release();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(button(A.like).getAttribute('aria-pressed')).toBe('true');
  });

  it('looks up the held reactions of all cards with one request per kind', async () => {
    signInAs(HOBBYIST);
    const calls = reactionApi(true);
    renderCards([buildProvider(7), buildProvider(8), buildProvider(9)]);
    await waitFor(() =>
      expect(screen.getAllByRole('button', { name: A.like })[0]!.getAttribute('aria-pressed')).toBe('true'),
    );
    const lookups = calls.filter((call) => ['/likes', '/dislikes', '/averages'].includes(call.path));
    expect(lookups.map((call) => call.path).sort()).toEqual(['/averages', '/dislikes', '/likes']);
    expect(lookups[0]!.search.get('filters[user][id][$eq]')).toBe('41');
    expect(lookups[0]!.search.getAll('filters[provider][id][$in][2]')).toEqual(['9']);
    expect(screen.getAllByRole('button', { name: A.like })[1]!.getAttribute('aria-pressed')).toBe('false');
  });

  it('tells a visitor to log in, opens /login and sends nothing', async () => {
    const calls = mockApi(() => undefined);
    const { router } = renderCards([buildProvider(7)]);
    fireEvent.click(button(A.like));
    expect(await screen.findByText(MESSAGES.toast.needLogin)).toBeTruthy();
    expect(await screen.findByText('login page')).toBeTruthy();
    expect(router.state.location.state).toEqual({ from: '/' });
    expect(posts(calls)).toHaveLength(0);
    expect(calls.filter((call) => call.path === '/likes')).toHaveLength(0);
  });

  it('tells a provider that only hobbyists react, and sends nothing', async () => {
    signInAs(PROVIDER_USER);
    const calls = mockApi((call) =>
      call.path === '/messages' ? emptyList() : answerMe(call, PROVIDER_USER),
    );
    renderCards([buildProvider(7)]);
    fireEvent.click(button(A.dislike));
    const toasts = document.querySelector<HTMLElement>('.Toastify')!;
    expect(await within(toasts).findByText(A.hobbyistsOnly)).toBeTruthy();
    expect(posts(calls)).toHaveLength(0);
    expect(calls.filter((call) => call.path === '/dislikes')).toHaveLength(0);
  });
});
