import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { MESSAGES } from '@app/domain';
import { jsonResponse } from '../../../test/render.tsx';
import { errorResponse, mockApi } from '../../accounts/testApi.ts';
import type { ApiCall } from '../../accounts/testApi.ts';
import {
  answerMe,
  buildProvider,
  emptyList,
  HOBBYIST,
  list,
  PROVIDER_USER,
  renderCards,
  signInAs,
} from './testCard.tsx';

const A = MESSAGES.cardActions;
const C = MESSAGES.card;
const D = MESSAGES.cardDetails;
const HOUR = 3600 * 1000;

const button = (name: string) => screen.getByRole('button', { name });
const posts = (calls: ApiCall[]) => calls.filter((call) => call.method === 'POST');

describe('ProviderCard: photos and details', () => {
  it('shows the photos (small format first), the title, every detail, the price line and the Cum summary', async () => {
    mockApi(() => undefined);
    renderCards([buildProvider()]);

    expect(screen.getByRole('heading', { level: 2, name: 'Sunset sessions in San Jose' })).toBeTruthy();
    // The first photo shows at once; the slider (its own chunk) then takes over.
    expect(screen.getByRole('img', { name: 'Photo of Ava, 1 of 2' }).getAttribute('src')).toBe(
      '/uploads/small_a.jpg',
    );
    expect(await screen.findByRole('button', { name: C.next })).toBeTruthy();
    const photos = screen.getAllByRole('img', { name: /Photo of Ava/ });
    expect(photos.map((img) => img.getAttribute('src'))).toEqual(['/uploads/small_a.jpg', '/uploads/b.jpg']);

    const details = screen.getByRole('region', { name: C.details });
    const labels = within(details)
      .getAllByRole('term')
      .map((dt) => dt.textContent);
    expect(labels).toEqual([
      D.name,
      D.location,
      D.language,
      D.age,
      D.race,
      D.massage,
      D.threesome,
      D.kissing,
      D.fellatio,
      D.cunnilingus,
      D.anilingus,
      D.vaginal,
      D.anal,
      D.cum,
      D.personality,
      D.grooming,
      D.other,
      D.phone,
    ]);
    expect(within(details).getByText('Yes (Light, Moderate)')).toBeTruthy();
    expect(within(details).getByText('English')).toBeTruthy();
    expect(within(details).getByRole('link', { name: '555-010-2030' }).getAttribute('href')).toBe(
      'tel:5550102030',
    );
    expect(
      within(details).getByText(/\$120\.00 \/ half hour · \$200\.00 \/ hour · Incall & Outcall/),
    ).toBeTruthy();
    expect(screen.getByText('CIM: Swallow, Spit', { selector: 'p, p *' }).closest('p')?.className).toContain(
      'provider-card__cum',
    );
  });

  it('closes the details with the cross and shows them again on demand', () => {
    mockApi(() => undefined);
    renderCards([buildProvider()]);
    fireEvent.click(button(C.closeDetails));
    expect(screen.queryByRole('region', { name: C.details })).toBeNull();
    fireEvent.click(button(C.showDetails));
    expect(screen.getByRole('region', { name: C.details })).toBeTruthy();
  });

  it('shows a placeholder without photos, one photo without arrows, and Play only with a video', () => {
    mockApi(() => undefined);
    renderCards([
      buildProvider(1, { images: { data: [] } }),
      buildProvider(3, {
        name: 'Bea',
        images: { data: [{ id: 5, attributes: { name: 'c.jpg', url: '/uploads/c.jpg' } }] },
      }),
      buildProvider(2, { video: { data: { id: 9, attributes: { name: 'v.mp4', url: '/uploads/v.mp4' } } } }),
    ]);
    expect(screen.getByRole('img', { name: `${C.noPhoto}: Ava` })).toBeTruthy();
    expect(screen.getByRole('img', { name: 'Photo of Bea' }).getAttribute('src')).toBe('/uploads/c.jpg');
    expect(screen.getAllByRole('button', { name: A.play })).toHaveLength(1);
  });

  it('plays the video in a modal', async () => {
    mockApi(() => undefined);
    const { container } = renderCards([
      buildProvider(2, { video: { data: { id: 9, attributes: { name: 'v.mp4', url: '/uploads/v.mp4' } } } }),
    ]);
    fireEvent.click(button(A.play));
    await screen.findByRole('dialog');
    const video = document.body.querySelector('video');
    expect(video?.getAttribute('src')).toBe('/uploads/v.mp4');
    expect(video?.hasAttribute('controls')).toBe(true);
    expect(container).toBeTruthy();
  });
});

describe('ProviderCard: panels', () => {
  it('opens Message by default; Comment, Message and Mail exclude each other', async () => {
    mockApi((call) => (call.path === '/comments' ? emptyList() : undefined));
    renderCards([buildProvider()]);

    expect(button(A.message).getAttribute('aria-expanded')).toBe('true');
    expect(button(A.comment).getAttribute('aria-expanded')).toBe('false');
    // A visitor sees the hint, not the form.
    expect(screen.getByText(C.loginHint, { exact: false })).toBeTruthy();
    expect(screen.getByRole('link', { name: C.login }).getAttribute('href')).toBe('/login');

    fireEvent.click(button(A.comment));
    expect(await screen.findByRole('heading', { name: MESSAGES.comments.title })).toBeTruthy();
    expect(button(A.message).getAttribute('aria-expanded')).toBe('false');
    expect(button(A.comment).getAttribute('aria-expanded')).toBe('true');
    expect(screen.queryByRole('heading', { name: MESSAGES.cardMessages.title })).toBeNull();

    fireEvent.click(button(A.mail));
    expect(await screen.findByRole('heading', { name: MESSAGES.mailRelay.title })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: MESSAGES.comments.title })).toBeNull();
    expect(button(A.comment).getAttribute('aria-expanded')).toBe('false');

    // A second click closes the open panel.
    fireEvent.click(button(A.mail));
    expect(screen.queryByRole('heading', { name: MESSAGES.mailRelay.title })).toBeNull();
  });

  it('loads the messages of a signed-in hobbyist once for all cards on the page, and posts one', async () => {
    signInAs(HOBBYIST);
    let posted = false;
    const calls = mockApi((call) => {
      if (call.path === '/messages' && call.method === 'GET') {
        const mine = posted
          ? [
              {
                id: 5,
                attributes: {
                  text: 'Are you free Friday?',
                  createdAt: new Date().toISOString(),
                  user: { data: { id: 41, attributes: { first_name: 'Hal', last_name: 'Hobbs' } } },
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
      if (['/likes', '/dislikes', '/averages'].includes(call.path)) return emptyList();
      return answerMe(call, HOBBYIST);
    });
    renderCards([buildProvider(7), buildProvider(8)]);

    const boxes = await screen.findAllByRole('textbox', { name: MESSAGES.cardMessages.title });
    expect(boxes).toHaveLength(2);
    const firstLoads = calls.filter((call) => call.path === '/messages');
    expect(firstLoads).toHaveLength(1);
    expect(firstLoads[0]!.search.get('filters[provider][id][$in][0]')).toBe('7');
    expect(firstLoads[0]!.search.get('filters[provider][id][$in][1]')).toBe('8');

    fireEvent.change(boxes[0]!, { target: { value: '  Are you free Friday?  ' } });
    fireEvent.click(screen.getAllByRole('button', { name: MESSAGES.cardMessages.send })[0]!);
    expect(await screen.findByText('Are you free Friday?')).toBeTruthy();
    expect(posts(calls).find((call) => call.path === '/messages')?.body).toEqual({
      data: { provider: 7, text: 'Are you free Friday?' },
    });
    await waitFor(() => expect((boxes[0] as HTMLTextAreaElement).value).toBe(''));
  });
});

describe('ProviderCard: comments', () => {
  it('lists comments with the commenter and when, in the spec words', async () => {
    const now = Date.now();
    const comment = (id: number, hoursAgo: number, text: string) => ({
      id,
      attributes: {
        comment: text,
        createdAt: new Date(now - hoursAgo * HOUR).toISOString(),
        user: { data: { id: 3, attributes: { first_name: 'Nia', last_name: 'Reed' } } },
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
    expect(screen.getAllByText('Nia Reed')).toHaveLength(3);

    const load = calls.find((call) => call.path === '/comments')!;
    expect(load.search.get('filters[provider][id][$eq]')).toBe('7');
    expect(load.search.get('populate[user][fields][0]')).toBe('first_name');
    expect(load.search.get('populate[user][fields][1]')).toBe('last_name');
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
              user: { data: { id: 41, attributes: HOBBYIST } },
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
    expect(screen.getByText('0 hours ago')).toBeTruthy();
    expect(screen.getByText('Hal Hobbs')).toBeTruthy();
    expect(posts(calls).find((call) => call.path === '/comments')?.body).toEqual({
      data: { provider: 7, comment: 'Kind and punctual' },
    });
    expect(calls.filter((call) => call.path === '/comments' && call.method === 'GET')).toHaveLength(2);
    await waitFor(() => expect((box as HTMLTextAreaElement).value).toBe(''));
    expect((button(MESSAGES.comments.post) as HTMLButtonElement).disabled).toBe(true);
  });
});

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
    expect(button(A.like).textContent).toBe('3');
    expect(button(A.dislike).getAttribute('aria-pressed')).toBe('false');

    // Clicking the held one sends nothing.
    fireEvent.click(button(A.like));
    expect(posts(calls).filter((call) => call.path === '/likes')).toHaveLength(0);

    fireEvent.click(button(A.dislike));
    await waitFor(() => expect(button(A.dislike).getAttribute('aria-pressed')).toBe('true'));
    expect(button(A.like).getAttribute('aria-pressed')).toBe('false');
    expect(button(A.like).textContent).toBe('2');
    expect(button(A.dislike).textContent).toBe('2');
    expect(posts(calls).find((call) => call.path === '/dislikes')?.body).toEqual({ data: { provider: 7 } });

    fireEvent.click(button(A.average));
    await waitFor(() => expect(button(A.average).getAttribute('aria-pressed')).toBe('true'));
    expect(screen.getAllByRole('button', { pressed: true })).toHaveLength(1);
    expect(button(A.average).textContent).toBe('3');
    expect(button(A.dislike).textContent).toBe('1');
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

  it('tells a visitor to log in and sends nothing', async () => {
    const calls = mockApi(() => undefined);
    renderCards([buildProvider(7)]);
    fireEvent.click(button(A.like));
    expect(await screen.findByText(MESSAGES.toast.needLogin)).toBeTruthy();
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

  it('shows the QR code, address and five steps to a hobbyist, pays, toasts and resets', async () => {
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
    await waitFor(() => expect(amount.value).toBe(''));
    expect(transaction.value).toBe('');
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
  });
});

describe('ProviderCard: mail and report', () => {
  it("relays a hobbyist's mail to the provider by name, never showing an address", async () => {
    signInAs(HOBBYIST);
    const calls = mockApi((call) => {
      if (call.path === '/providers/7/mail') return jsonResponse({ data: { sent: true } });
      if (call.method === 'GET' && ['/likes', '/dislikes', '/averages', '/messages'].includes(call.path))
        return emptyList();
      return answerMe(call, HOBBYIST);
    });
    renderCards([buildProvider(7)]);
    fireEvent.click(button(A.mail));
    const to = (await screen.findByLabelText(MESSAGES.mailRelay.to)) as HTMLInputElement;
    expect(to.value).toBe('Ava');
    const message = screen.getByLabelText(MESSAGES.mailRelay.message, { selector: 'textarea' });
    fireEvent.change(message, { target: { value: 'Hello there' } });
    fireEvent.click(button(MESSAGES.mailRelay.send));
    expect(await screen.findByText(MESSAGES.mailRelay.sent)).toBeTruthy();
    expect(posts(calls).find((call) => call.path === '/providers/7/mail')?.body).toEqual({
      data: { message: 'Hello there' },
    });
    await waitFor(() => expect((message as HTMLTextAreaElement).value).toBe(''));
  });

  it('opens the report dialog with the listing filled in', async () => {
    mockApi(() => undefined);
    renderCards([buildProvider(7)]);
    fireEvent.click(button(C.report));
    const dialog = await screen.findByRole('dialog');
    expect((within(dialog).getByLabelText(MESSAGES.report.listing) as HTMLInputElement).value).toBe(
      `${C.reportListing} #7: Ava`,
    );
  });
});
