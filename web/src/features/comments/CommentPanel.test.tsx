import { fireEvent, screen, waitFor } from '@testing-library/react';
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
  renderCards,
  signInAs,
} from '../../test/testCard.tsx';

const A = MESSAGES.cardActions;
const HOUR = 3600 * 1000;

describe('ProviderCard: comments', () => {
  it('lists comments with the commenter and when, in the spec words', async () => {
    const now = Date.now();
    const comment = (id: number, hoursAgo: number, text: string) => ({
      id,
      attributes: {
        comment: text,
        createdAt: new Date(now - hoursAgo * HOUR).toISOString(),
        user: { data: { id: 3, attributes: { username: 'nia3', first_name: null, last_name: null } } },
      },
    });
    const calls = mockApi((call) =>
      call.path === '/comments'
        ? list([comment(1, 2.5, 'Lovely'), comment(2, 73, 'On time'), comment(3, 24 * 30, 'Great talk')])
        : undefined,
    );
    renderCards([buildProvider(7)]);
    fireEvent.click(button(A.comment));

    expect(await screen.findByText('Lovely')).toBeTruthy();
    expect(screen.getByText('2 hours ago')).toBeTruthy();
    expect(screen.getByText('3 days ago')).toBeTruthy();
    expect(screen.getByText(/^Commented on /)).toBeTruthy();
    expect(screen.getAllByText('nia3')).toHaveLength(3);

    const load = calls.find((call) => call.path === '/comments')!;
    expect(load.search.get('filters[provider][id][$eq]')).toBe('7');
    expect(load.search.get('populate[user][fields][0]')).toBe('username');
    expect(load.search.get('populate[user][fields][1]')).toBeNull();
    expect(load.search.get('sort')).toBe('createdAt:desc');
    // Visitors read comments but get no form.
    expect(screen.queryByRole('button', { name: MESSAGES.comments.post })).toBeNull();
  });

  it('keeps Post disabled while the comment is empty, posts it trimmed, clears the box and reloads', async () => {
    signInAs(HOBBYIST);
    let stored: unknown[] = [];
    const calls = mockApi((call) => {
      if (call.path === '/comments' && call.method === 'GET') return list(stored);
      if (call.path === '/comments' && call.method === 'POST') {
        const { comment } = (call.body as { data: { comment: string } }).data;
        stored = [
          {
            id: 9,
            attributes: {
              comment,
              createdAt: new Date().toISOString(),
              user: {
                data: {
                  id: 41,
                  attributes: { username: HOBBYIST.username, first_name: null, last_name: null },
                },
              },
            },
          },
        ];
        return jsonResponse({ data: { id: 9, attributes: {} } });
      }
      if (['/likes', '/dislikes', '/averages', '/messages'].includes(call.path)) return emptyList();
      return answerMe(call, HOBBYIST);
    });
    renderCards([buildProvider(7)]);
    fireEvent.click(button(A.comment));

    const box = await screen.findByRole('textbox', { name: MESSAGES.comments.title });
    const post = button(MESSAGES.comments.post) as HTMLButtonElement;
    expect(post.disabled).toBe(true);
    fireEvent.change(box, { target: { value: '   ' } });
    expect(post.disabled).toBe(true);
    fireEvent.change(box, { target: { value: '  Kind and punctual  ' } });
    expect(post.disabled).toBe(false);
    fireEvent.click(post);

    expect(await screen.findByText('Kind and punctual')).toBeTruthy();
    // A fresh comment reads "just now", never "0 hours ago".
    expect(screen.getByText(MESSAGES.comments.ago.justNow)).toBeTruthy();
    expect(screen.queryByText('0 hours ago')).toBeNull();
    expect(screen.getByText(HOBBYIST.username)).toBeTruthy();
    expect(posts(calls).find((call) => call.path === '/comments')?.body).toEqual({
      data: { provider: 7, comment: 'Kind and punctual' },
    });
    expect(calls.filter((call) => call.path === '/comments' && call.method === 'GET')).toHaveLength(2);
    await waitFor(() => expect((box as HTMLTextAreaElement).value).toBe(''));
    expect((button(MESSAGES.comments.post) as HTMLButtonElement).disabled).toBe(true);
  });
});
