import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { MESSAGES } from '@app/domain';
import type { CustomerHobbyistAttributes } from '@app/domain';
import { STORAGE_KEYS } from '../../lib/storage.ts';
import { jsonResponse, renderRoutes } from '../../test/render.tsx';
import { errorResponse, mockApi } from '../../test/api.ts';
import type { ApiCall } from '../../test/api.ts';
import type { HobbyistComment, HobbyistRecord } from './api.ts';
import { applyRating } from './api.ts';
import { formatPhone } from './format.ts';
import ScreeningPage from './ScreeningPage.tsx';

const S = MESSAGES.screening;
const C = MESSAGES.confirmDelete;
const PROVIDER = { id: 42, username: 'pro', first_name: 'Pia', last_name: 'Pro', user_type: 'Provider' };

function buildRecord(id: number, overrides: Partial<CustomerHobbyistAttributes> = {}): HobbyistRecord {
  return {
    id,
    attributes: {
      phone_number: '5551234567',
      likes_count: 0,
      averages_count: 0,
      dislikes_count: 0,
      comments_count: 0,
      my_rating: null,
      createdAt: '2026-11-20T10:00:00.000Z',
      updatedAt: '2026-11-20T10:00:00.000Z',
      ...overrides,
    },
  };
}

function buildComment(id: number, authorId: number, text: string, username = 'ava_s'): HobbyistComment {
  return {
    id,
    attributes: {
      hobbyist_comment: text,
      createdAt: `2026-11-2${id}T10:00:00.000Z`,
      user_provider: { data: { id: authorId, attributes: { username, first_name: null, last_name: null } } },
    },
  };
}

function page(records: HobbyistRecord[], pageNo = 1, pageCount = 1) {
  return jsonResponse({
    data: records,
    meta: { pagination: { page: pageNo, pageSize: 10, pageCount, total: records.length } },
  });
}

function render(
  handler: (call: ApiCall) => Response | undefined | Promise<Response>,
  initial = '/provider/ratehobyist',
) {
  window.localStorage.setItem(STORAGE_KEYS.token, 'jwt');
  window.localStorage.setItem(STORAGE_KEYS.userId, String(PROVIDER.id));
  window.localStorage.setItem(STORAGE_KEYS.user, JSON.stringify(PROVIDER));
  const calls = mockApi((call) => (call.path === '/users/me' ? jsonResponse(PROVIDER) : handler(call)));
  const result = renderRoutes([{ path: '/provider/ratehobyist', element: <ScreeningPage /> }], [initial]);
  return { ...result, calls };
}

const card = (phone: string) => screen.getByRole('article', { name: phone });
const listCalls = (calls: ApiCall[]) =>
  calls.filter((call) => call.path === '/customer-hobbyists' && call.method === 'GET');

describe('formatPhone', () => {
  it('writes ten and eleven digits as people do, other lengths as digits', () => {
    expect(formatPhone('5551234567')).toBe('555-123-4567');
    expect(formatPhone('15551234567')).toBe('1-555-123-4567');
    expect(formatPhone('123456')).toBe('123456');
  });
});

describe('applyRating', () => {
  it('moves the counters from the held kind to the chosen one, and leaves a held choice alone', () => {
    const record = buildRecord(1, { likes_count: 2, dislikes_count: 1, my_rating: 'like' }).attributes;
    expect(applyRating(record, 'like')).toBe(record);
    expect(applyRating(record, 'dislike')).toMatchObject({
      likes_count: 1,
      dislikes_count: 2,
      my_rating: 'dislike',
    });
    expect(applyRating({ ...record, my_rating: null }, 'average')).toMatchObject({
      likes_count: 2,
      averages_count: 1,
      my_rating: 'average',
    });
  });
});

describe('ScreeningPage', { timeout: 20_000 }, () => {
  it('lists the records ten a page, newest first, each with its number, date and counters', async () => {
    const { calls } = render(() =>
      page(
        [
          buildRecord(2, {
            phone_number: '5559876543',
            likes_count: 3,
            averages_count: 1,
            dislikes_count: 2,
            comments_count: 4,
            my_rating: 'average',
          }),
          buildRecord(1),
        ],
        1,
        3,
      ),
    );
    expect(screen.getByRole('heading', { level: 1, name: S.title })).toBeTruthy();
    await screen.findByRole('article', { name: '555-987-6543' });
    const first = card('555-987-6543');
    expect(within(first).getByText(S.addedOn, { exact: false }).textContent).toBe(
      `${S.addedOn} Nov 20, 2026`,
    );
    const like = within(first).getByRole('button', { name: S.like });
    expect(like.getAttribute('aria-pressed')).toBe('false');
    expect(like.textContent).toContain('3');
    const average = within(first).getByRole('button', { name: S.average });
    expect(average.getAttribute('aria-pressed')).toBe('true');
    expect(within(first).getByRole('button', { name: S.dislike }).textContent).toContain('2');
    expect(within(first).getByRole('button', { name: S.comments }).textContent).toContain('4');
    expect(screen.getByRole('navigation', { name: S.pages })).toBeTruthy();

    const list = listCalls(calls)[0]!;
    expect(list.search.get('pagination[pageSize]')).toBe('10');
    expect(list.search.get('pagination[page]')).toBe('1');
    expect(list.search.get('sort')).toBe('id:desc');
    expect(list.search.has('filters[phone_number][$contains]')).toBe(false);
  });

  it('searches for the digits anywhere in the number, once typing rests, and keeps it in the URL', async () => {
    const { calls, router } = render((call) =>
      call.search.get('filters[phone_number][$contains]') === '1230'
        ? page([buildRecord(5, { phone_number: '5551230000' })])
        : page([buildRecord(1)]),
    );
    await screen.findByRole('article', { name: '555-123-4567' });
    // Digits from the middle of the number, as typed.
    fireEvent.change(screen.getByLabelText(S.search), { target: { value: '123-0' } });
    // Nothing yet: the search waits for the typing to rest.
    expect(listCalls(calls)).toHaveLength(1);
    await screen.findByRole('article', { name: '555-123-0000' });
    const searches = listCalls(calls).slice(1);
    expect(searches).toHaveLength(1);
    expect(searches[0]!.search.get('filters[phone_number][$contains]')).toBe('1230');
    expect(searches[0]!.search.get('filters[phone_number][$startsWith]')).toBeNull();
    expect(searches[0]!.search.get('pagination[page]')).toBe('1');
    expect(router.state.location.search).toBe('?q=123-0');
  });

  it('a search without digits asks for digits instead of listing every record', async () => {
    const { calls, router } = render(() => page([buildRecord(1)]));
    await screen.findByRole('article', { name: '555-123-4567' });
    fireEvent.change(screen.getByLabelText(S.search), { target: { value: 'abc' } });
    await waitFor(() =>
      expect(screen.getAllByRole('status').some((s) => s.textContent === S.searchNeedsDigits)).toBe(true),
    );
    expect(screen.queryByRole('article')).toBeNull();
    expect(listCalls(calls)).toHaveLength(1);
    expect(router.state.location.search).toBe('?q=abc');
  });

  it('starts from the search and page in the URL', async () => {
    const { calls } = render(() => page([buildRecord(1)], 2, 2), '/provider/ratehobyist?q=555&page=2');
    await screen.findByRole('article', { name: '555-123-4567' });
    expect((screen.getByLabelText(S.search) as HTMLInputElement).value).toBe('555');
    const list = listCalls(calls)[0]!;
    expect(list.search.get('filters[phone_number][$contains]')).toBe('555');
    expect(list.search.get('pagination[page]')).toBe('2');
  });

  it('a failed list says so', async () => {
    render(() => errorResponse(500, 'boom'));
    expect(await screen.findByText(S.listFailed)).toBeTruthy();
    expect(screen.getByText(S.empty)).toBeTruthy();
  });

  it.each([
    ['verification_pending', S.verificationPending],
    ['verification_rejected', S.verificationRejected],
    ['suspended', S.suspended],
  ] as const)('a provider refused screening (%s) is told why instead of the list', async (code, text) => {
    render(() => errorResponse(403, text, { code }));
    const alert = await screen.findByTestId('screening-refused');
    expect(alert.textContent).toBe(text);
    expect(screen.queryByText(S.listFailed)).toBeNull();
    expect(screen.queryByText(S.empty)).toBeNull();
    expect(screen.queryByLabelText(S.search)).toBeNull();
  });

  it("past the day's reads, the page says so instead of the list", async () => {
    render(() => errorResponse(429, S.readLimit));
    expect((await screen.findByTestId('screening-refused')).textContent).toBe(S.readLimit);
    expect(screen.queryByText(S.listFailed)).toBeNull();
  });

  it('the add dialog wants a phone number, sends its digits and shows the new record', async () => {
    let added = false;
    const { calls, router } = render((call) => {
      if (call.path === '/customer-hobbyists' && call.method === 'POST') {
        added = true;
        return jsonResponse({ data: buildRecord(9, { phone_number: '5550001111' }), meta: {} });
      }
      const digits = call.search.get('filters[phone_number][$contains]');
      return page(added && digits === '5550001111' ? [buildRecord(9, { phone_number: '5550001111' })] : []);
    });
    expect(await screen.findByText(S.empty)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: S.addPhone }));
    const dialog = await screen.findByRole('dialog', { name: S.addPhone });
    const field = within(dialog).getByLabelText(S.phoneNumber);

    fireEvent.click(within(dialog).getByRole('button', { name: S.add }));
    expect(await within(dialog).findByText(S.phoneRequired)).toBeTruthy();
    fireEvent.change(field, { target: { value: '   ' } });
    fireEvent.click(within(dialog).getByRole('button', { name: S.add }));
    await waitFor(() => expect(within(dialog).getByText(S.phoneRequired)).toBeTruthy());
    fireEvent.change(field, { target: { value: 'call me' } });
    fireEvent.click(within(dialog).getByRole('button', { name: S.add }));
    expect(await within(dialog).findByText(S.phoneInvalid)).toBeTruthy();
    expect(calls.some((call) => call.method === 'POST')).toBe(false);

    fireEvent.change(field, { target: { value: '555-000-1111' } });
    fireEvent.click(within(dialog).getByRole('button', { name: S.add }));
    expect(await screen.findByText(S.added)).toBeTruthy();
    const post = calls.find((call) => call.method === 'POST')!;
    expect(post.path).toBe('/customer-hobbyists');
    expect(post.body).toEqual({ data: { phone_number: '5550001111' } });
    const shown = await screen.findByRole('article', { name: '555-000-1111' });
    expect(shown.className).toContain('screening-card--highlighted');
    expect(router.state.location.search).toBe('?q=5550001111');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('an existing number opens its record instead of a duplicate', async () => {
    const existing = buildRecord(3, { phone_number: '5551234567', comments_count: 2 });
    render((call) => {
      if (call.method === 'POST') return jsonResponse({ data: existing, meta: { existing: true } });
      return call.search.get('filters[phone_number][$contains]') === '5551234567'
        ? page([existing])
        : page([buildRecord(7, { phone_number: '5557654321' })]);
    });
    await screen.findByRole('article', { name: '555-765-4321' });
    fireEvent.click(screen.getByRole('button', { name: S.addPhone }));
    const dialog = await screen.findByRole('dialog', { name: S.addPhone });
    fireEvent.change(within(dialog).getByLabelText(S.phoneNumber), { target: { value: '(555) 123-4567' } });
    fireEvent.click(within(dialog).getByRole('button', { name: S.add }));
    expect(await screen.findByText(S.existing)).toBeTruthy();
    const shown = await screen.findByRole('article', { name: '555-123-4567' });
    expect(shown.className).toContain('screening-card--highlighted');
    expect(screen.queryByRole('article', { name: '555-765-4321' })).toBeNull();
    expect((screen.getByLabelText(S.search) as HTMLInputElement).value).toBe('5551234567');
  });

  it('the daily limit shows the server message', async () => {
    render((call) => (call.method === 'POST' ? errorResponse(429, S.dailyLimit) : page([buildRecord(1)])));
    await screen.findByRole('article', { name: '555-123-4567' });
    fireEvent.click(screen.getByRole('button', { name: S.addPhone }));
    const dialog = await screen.findByRole('dialog', { name: S.addPhone });
    fireEvent.change(within(dialog).getByLabelText(S.phoneNumber), { target: { value: '5550001111' } });
    fireEvent.click(within(dialog).getByRole('button', { name: S.add }));
    expect(await screen.findByText(S.dailyLimit)).toBeTruthy();
  });

  it('a number the server refuses shows its reason on the field', async () => {
    render((call) =>
      call.method === 'POST'
        ? errorResponse(400, `data.phone_number: ${S.phoneInvalid}`, {
            errors: [{ path: ['data', 'phone_number'], message: S.phoneInvalid }],
          })
        : page([]),
    );
    fireEvent.click(await screen.findByRole('button', { name: S.addPhone }));
    const dialog = await screen.findByRole('dialog', { name: S.addPhone });
    fireEvent.change(within(dialog).getByLabelText(S.phoneNumber), { target: { value: '5550001111' } });
    fireEvent.click(within(dialog).getByRole('button', { name: S.add }));
    expect(await within(dialog).findByText(S.phoneInvalid)).toBeTruthy();
    expect(screen.queryByText(`data.phone_number: ${S.phoneInvalid}`)).toBeNull();
  });

  it('rating is exclusive: the chosen one sends nothing, switching moves the counters', async () => {
    let record = buildRecord(4, { likes_count: 2, dislikes_count: 1, my_rating: 'like' });
    let answerPost: () => void = () => undefined;
    const { calls } = render((call) => {
      if (call.path === '/hobbyist-dislikes' && call.method === 'POST') {
        // The server's answer arrives later; the counters move at once.
        return new Promise<Response>((resolve) => {
          answerPost = () => {
            record = buildRecord(4, { likes_count: 1, dislikes_count: 5, my_rating: 'dislike' });
            resolve(jsonResponse({ data: { id: 11, attributes: { createdAt: '' } } }));
          };
        });
      }
      if (call.path === '/customer-hobbyists') return page([record]);
      return undefined;
    });
    await screen.findByRole('article', { name: '555-123-4567' });
    const like = () => within(card('555-123-4567')).getByRole('button', { name: S.like });
    const dislike = () => within(card('555-123-4567')).getByRole('button', { name: S.dislike });

    fireEvent.click(like());
    expect(calls.some((call) => call.method === 'POST')).toBe(false);
    expect(like().textContent).toContain('2');

    fireEvent.click(dislike());
    await waitFor(() => expect(dislike().getAttribute('aria-pressed')).toBe('true'));
    expect(like().getAttribute('aria-pressed')).toBe('false');
    expect(like().textContent).toContain('1');
    expect(dislike().textContent).toContain('2');
    const post = calls.find((call) => call.method === 'POST')!;
    expect(post.path).toBe('/hobbyist-dislikes');
    expect(post.body).toEqual({ data: { customer_hobbyist: 4 } });

    // The server's counters win once it answers (another provider rated meanwhile).
    answerPost();
    await waitFor(() => expect(dislike().textContent).toContain('5'));
    // Clicking the now chosen one does nothing.
    const posts = calls.filter((call) => call.method === 'POST').length;
    fireEvent.click(dislike());
    expect(calls.filter((call) => call.method === 'POST')).toHaveLength(posts);
  });

  it('a refused rating puts the counters back', async () => {
    const { calls } = render((call) => {
      if (call.method === 'POST') return errorResponse(403, S.providersOnly);
      return page([buildRecord(4, { averages_count: 1 })]);
    });
    await screen.findByRole('article', { name: '555-123-4567' });
    fireEvent.click(within(card('555-123-4567')).getByRole('button', { name: S.average }));
    expect(await screen.findByText(S.providersOnly)).toBeTruthy();
    const average = within(card('555-123-4567')).getByRole('button', { name: S.average });
    await waitFor(() => expect(average.getAttribute('aria-pressed')).toBe('false'));
    expect(average.textContent).toContain('1');
    expect(calls.filter((call) => call.path === '/hobbyist-averages')).toHaveLength(1);
  });

  it('the comment dialog lists comments newest first; Post waits for text; posting reloads', async () => {
    let comments = [
      buildComment(2, 77, 'Polite and on time', 'ava_s'),
      buildComment(1, PROVIDER.id, 'Met once'),
    ];
    const { calls } = render((call) => {
      if (call.path === '/hobbyist-comments' && call.method === 'POST') {
        comments = [buildComment(3, PROVIDER.id, 'Paid as agreed', 'pia_pro'), ...comments];
        return jsonResponse({ data: comments[0] });
      }
      if (call.path === '/hobbyist-comments') return page(comments as never);
      if (call.path === '/hobbyist-comments/2/flag')
        return jsonResponse({ data: { id: 1, attributes: { status: 'open' } } });
      if (call.path === '/customer-hobbyists')
        return page([buildRecord(4, { comments_count: comments.length })]);
      return undefined;
    });
    await screen.findByRole('article', { name: '555-123-4567' });
    fireEvent.click(within(card('555-123-4567')).getByRole('button', { name: S.comments }));
    const dialog = await screen.findByRole('dialog', { name: `${S.commentsOn} 555-123-4567` });
    const items = await within(dialog).findAllByRole('listitem');
    expect(items[0]!.textContent).toContain('ava_s');
    expect(items[0]!.textContent).toContain('Polite and on time');
    const load = calls.find((call) => call.path === '/hobbyist-comments')!;
    expect(load.search.get('filters[customer_hobbyist][id][$eq]')).toBe('4');
    expect(load.search.get('populate[user_provider][fields][0]')).toBe('username');
    expect(load.search.get('populate[user_provider][fields][1]')).toBeNull();
    expect(load.search.get('sort')).toBe('createdAt:desc');
    // Another provider's comment can be flagged; one's own deleted.
    expect(within(items[0]!).queryByRole('button', { name: S.deleteComment })).toBeNull();
    expect(within(items[1]!).queryByRole('button', { name: S.flag })).toBeNull();
    expect(within(items[1]!).getByRole('button', { name: S.deleteComment })).toBeTruthy();
    fireEvent.click(within(items[0]!).getByRole('button', { name: S.flag }));
    expect(await screen.findByText(S.flagged)).toBeTruthy();
    expect(calls.find((call) => call.path === '/hobbyist-comments/2/flag')?.method).toBe('POST');

    const box = within(dialog).getByLabelText(S.comment) as HTMLTextAreaElement;
    const post = within(dialog).getByRole('button', { name: S.post }) as HTMLButtonElement;
    expect(post.disabled).toBe(true);
    fireEvent.change(box, { target: { value: '    ' } });
    expect(post.disabled).toBe(true);
    fireEvent.change(box, { target: { value: '  Paid as agreed  ' } });
    expect(post.disabled).toBe(false);
    fireEvent.click(post);
    await within(dialog).findByText('Paid as agreed');
    const sent = calls.find((call) => call.path === '/hobbyist-comments' && call.method === 'POST')!;
    expect(sent.body).toEqual({ data: { customer_hobbyist: 4, hobbyist_comment: 'Paid as agreed' } });
    await waitFor(() => expect(box.value).toBe(''));
    expect(within(dialog).getAllByRole('listitem')[0]!.textContent).toContain('pia_pro');
    // The card's counter follows.
    await waitFor(() =>
      expect(within(card('555-123-4567')).getByRole('button', { name: S.comments }).textContent).toContain(
        '3',
      ),
    );
  });

  it('deletes one’s own comment once the deletion is confirmed', async () => {
    let comments = [buildComment(1, PROVIDER.id, 'Met once')];
    const { calls } = render((call) => {
      if (call.path === '/hobbyist-comments/1' && call.method === 'DELETE') {
        comments = [];
        return jsonResponse({ data: buildComment(1, PROVIDER.id, 'Met once') });
      }
      if (call.path === '/hobbyist-comments') return page(comments as never);
      return page([buildRecord(4, { comments_count: comments.length })]);
    });
    await screen.findByRole('article', { name: '555-123-4567' });
    fireEvent.click(within(card('555-123-4567')).getByRole('button', { name: S.comments }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(await within(dialog).findByRole('button', { name: S.deleteComment }));
    // Nothing is deleted before 'Confirm deletion' is answered; Close keeps the comment.
    let confirm = await screen.findByRole('dialog', { name: C.title });
    expect(within(confirm).getByText(S.deleteCommentPrompt)).toBeTruthy();
    expect(calls.some((call) => call.method === 'DELETE')).toBe(false);
    fireEvent.click(within(confirm).getAllByRole('button', { name: C.close }).at(-1)!);
    await waitFor(() => expect(screen.queryByRole('dialog', { name: C.title })).toBeNull());
    expect(calls.some((call) => call.method === 'DELETE')).toBe(false);
    fireEvent.click(within(dialog).getByRole('button', { name: S.deleteComment }));
    confirm = await screen.findByRole('dialog', { name: C.title });
    fireEvent.click(within(confirm).getByRole('button', { name: C.delete }));
    expect(await screen.findByText(S.commentDeleted)).toBeTruthy();
    expect(await within(dialog).findByText(S.noComments)).toBeTruthy();
    expect(calls.some((call) => call.method === 'DELETE' && call.path === '/hobbyist-comments/1')).toBe(true);
  });
});
