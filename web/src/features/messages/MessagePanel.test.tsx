import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fillTemplate, MESSAGES } from '@app/domain';
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

describe('ProviderCard: messages', () => {
  it('loads the messages of a signed-in hobbyist once for all cards on the page, and posts one', async () => {
    signInAs(HOBBYIST);
    let posted = false;
    const calls = mockApi((call) => {
      if (call.path === '/messages' && call.method === 'GET') {
        const mine = posted
          ? [
              {
                id: 6,
                attributes: {
                  text: 'Yes, Friday at 8.',
                  createdAt: new Date().toISOString(),
                  fromProvider: true,
                  user: { data: { id: 41, attributes: { username: 'hal_h' } } },
                  provider: { data: { id: 7, attributes: {} } },
                },
              },
              {
                id: 5,
                attributes: {
                  text: 'Are you free Friday?',
                  createdAt: new Date().toISOString(),
                  fromProvider: false,
                  user: { data: { id: 41, attributes: { username: 'hal_h' } } },
                  provider: { data: { id: 7, attributes: {} } },
                },
              },
            ]
          : [];
        return list(mine);
      }
      if (call.path === '/messages' && call.method === 'POST') {
        posted = true;
        return jsonResponse({ data: { id: 5, attributes: {} } });
      }
      if (call.path === '/messages/retention') return jsonResponse({ data: { days: 90 } });
      if (['/likes', '/dislikes', '/averages'].includes(call.path)) return emptyList();
      return answerMe(call, HOBBYIST);
    });
    renderCards([buildProvider(7), buildProvider(8)]);
    // Each panel says how long messages are kept (the operator's setting).
    expect(
      await screen.findAllByText(fillTemplate(MESSAGES.cardMessages.retention, { days: 90 })),
    ).toHaveLength(2);

    // Each card's form loads on demand (PostPanel): both are there once both have come.
    await waitFor(() =>
      expect(screen.getAllByRole('textbox', { name: MESSAGES.cardMessages.title })).toHaveLength(2),
    );
    const boxes = screen.getAllByRole('textbox', { name: MESSAGES.cardMessages.title });
    const firstLoads = calls.filter((call) => call.path === '/messages');
    expect(firstLoads).toHaveLength(1);
    expect(firstLoads[0]!.search.get('filters[provider][id][$in][0]')).toBe('7');
    expect(firstLoads[0]!.search.get('filters[provider][id][$in][1]')).toBe('8');

    fireEvent.change(boxes[0]!, { target: { value: '  Are you free Friday?  ' } });
    fireEvent.click(screen.getAllByRole('button', { name: MESSAGES.cardMessages.send })[0]!);
    expect(await screen.findByText('Are you free Friday?')).toBeTruthy();
    // The author by username (the server answers no names for messages), and the provider's answer
    // as the provider's, never by the account's name.
    expect(firstLoads[0]!.search.get('populate[user][fields][0]')).toBe('username');
    expect(screen.getByText('hal_h')).toBeTruthy();
    expect(screen.getByText('Yes, Friday at 8.')).toBeTruthy();
    expect(screen.getByText(MESSAGES.cardMessages.fromProvider)).toBeTruthy();
    expect(posts(calls).find((call) => call.path === '/messages')?.body).toEqual({
      data: { provider: 7, text: 'Are you free Friday?' },
    });
    await waitFor(() => expect((boxes[0] as HTMLTextAreaElement).value).toBe(''));
    // The provider's answer can be reported to the staff (the hobbyist's own message has no Report).
    expect(screen.getAllByRole('button', { name: MESSAGES.cardMessages.reportTitle })).toHaveLength(1);
    fireEvent.click(screen.getByRole('button', { name: MESSAGES.cardMessages.reportTitle }));
    expect(await screen.findByRole('dialog', { name: MESSAGES.cardMessages.reportTitle })).toBeTruthy();
  });
});

describe('ProviderCard: mail', () => {
  it("relays a hobbyist's mail to the provider by name, never showing an address", async () => {
    signInAs(HOBBYIST);
    const calls = mockApi((call) => {
      if (call.path === '/providers/7/mail') return jsonResponse({ data: { sent: true, conversation: 3 } });
      if (call.method === 'GET' && ['/likes', '/dislikes', '/averages', '/messages'].includes(call.path))
        return emptyList();
      return answerMe(call, HOBBYIST);
    });
    renderCards([buildProvider(7)]);
    fireEvent.click(button(A.mail));
    const to = (await screen.findByLabelText(MESSAGES.mailRelay.to)) as HTMLInputElement;
    expect(to.value).toBe('Ava');
    const message = screen.getByLabelText(MESSAGES.mailRelay.message, { selector: 'textarea' });
    // The notice says what the provider will see: the username and the message, not the address.
    expect(screen.getByText(MESSAGES.mailRelay.notice)).toBeTruthy();
    expect(message.getAttribute('aria-describedby')).toBe(screen.getByText(MESSAGES.mailRelay.notice).id);
    fireEvent.change(message, { target: { value: 'Hello there' } });
    fireEvent.click(button(MESSAGES.mailRelay.send));
    expect(await screen.findByText(MESSAGES.mailRelay.sent)).toBeTruthy();
    expect(posts(calls).find((call) => call.path === '/providers/7/mail')?.body).toEqual({
      data: { message: 'Hello there' },
    });
    await waitFor(() => expect((message as HTMLTextAreaElement).value).toBe(''));
    // The message started a conversation: a link opens it.
    expect(screen.getByRole('link', { name: MESSAGES.mailRelay.openConversation }).getAttribute('href')).toBe(
      '/messages/3',
    );
  });
});
