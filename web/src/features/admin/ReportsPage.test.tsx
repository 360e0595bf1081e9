import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { MESSAGES } from '@app/domain';
import type { TAdminReportItem, TScreeningReviewDetail } from '@app/domain';
import ReportsPage from './ReportsPage.tsx';
import { callsTo, errorResponse, jsonResponse, mockAdminApi, paged, renderAdminPage } from './testAdmin.tsx';
import type { ApiCall } from './testAdmin.tsx';

const M = MESSAGES.adminReports;
const P = MESSAGES.adminPages.reports;

function report(overrides: Partial<TAdminReportItem> = {}): TAdminReportItem {
  return {
    kind: 'report',
    id: 5,
    createdAt: '2026-11-20T10:00:00.000Z',
    status: 'open',
    staff_note: null,
    reason: 'Underage person',
    details: 'The photos look young.',
    email: 'someone@example.test',
    name: null,
    reporter: { id: 41, username: 'hob' },
    link: { type: 'provider', id: 12, url: '/admin/users/42' },
    handled_by: null,
    review: null,
    ...overrides,
  };
}

const CONTACT = report({
  kind: 'contact',
  id: 3,
  reason: M.contactReason,
  details: 'Please call me back',
  reporter: null,
  name: 'Carla',
  email: 'carla@example.test',
  link: null,
});

function renderReports(items: () => TAdminReportItem[], extra?: (call: ApiCall) => Response | undefined) {
  const calls = mockAdminApi((call) => {
    if (call.method === 'GET' && call.path === '/admin/reports') return jsonResponse(paged(items()));
    return extra?.(call);
  });
  renderAdminPage(<ReportsPage />, { path: '/admin/reports' });
  return calls;
}

const cardOf = (text: string) => screen.getByText(text).closest('article') as HTMLElement;

describe('ReportsPage', { timeout: 20_000 }, () => {
  it('shows each entry with reason, details, reporter, date, state and the link to the item', async () => {
    const calls = renderReports(() => [
      report(),
      CONTACT,
      report({
        kind: 'flag',
        id: 7,
        reason: M.flagReason,
        details: 'Rude client',
        link: { type: 'hobbyist-comment', id: 8, url: '/admin/users/50' },
      }),
      report({
        id: 9,
        reason: 'Spam',
        details: 'Elsewhere',
        link: { type: 'url', id: null, url: 'https://example.org/x' },
      }),
    ]);
    await screen.findByText('Underage person');
    const list = callsTo(calls, 'GET', '/admin/reports')[0]!;
    expect(list.search.get('status')).toBeNull();
    expect(list.search.get('kind')).toBeNull();

    const first = cardOf('Underage person');
    expect(within(first).getByText('The photos look young.')).toBeTruthy();
    expect(within(first).getByRole('link', { name: 'hob' }).getAttribute('href')).toBe('/admin/users/41');
    expect(
      within(first)
        .getByRole('link', { name: `${M.links.provider} #12` })
        .getAttribute('href'),
    ).toBe('/admin/users/42');
    expect(within(first).getByText('Nov 20, 2026')).toBeTruthy();
    expect(within(first).getByRole('button', { name: M.hide })).toBeTruthy();
    expect((within(first).getByLabelText(M.status) as HTMLSelectElement).value).toBe('open');
    expect(within(first).getByLabelText(M.staffNote)).toBeTruthy();

    const contact = cardOf('Please call me back');
    expect(within(contact).getByText('Carla')).toBeTruthy();
    expect(within(contact).getByText(P.noItem)).toBeTruthy();
    expect(within(contact).queryByRole('button', { name: M.hide })).toBeNull();

    const flag = cardOf('Rude client');
    expect(within(flag).getByRole('link', { name: `${M.links['hobbyist-comment']} #8` })).toBeTruthy();
    expect(within(flag).queryByRole('button', { name: M.hide })).toBeNull();

    const pasted = within(cardOf('Elsewhere')).getByRole('link', { name: M.links.url });
    expect(pasted.getAttribute('href')).toBe('https://example.org/x');
    expect(pasted.getAttribute('rel')).toBe('noopener noreferrer');
  });

  it('sends the kind and state filters', async () => {
    const calls = renderReports(() => [report()]);
    await screen.findByText('Underage person');
    fireEvent.change(screen.getAllByLabelText(M.kind)[0]!, { target: { value: 'contact' } });
    await waitFor(() =>
      expect(callsTo(calls, 'GET', '/admin/reports').at(-1)!.search.get('kind')).toBe('contact'),
    );
    const stateFilter = screen.getByRole('group', { name: MESSAGES.adminConsole.filters.label });
    fireEvent.change(within(stateFilter).getByLabelText(M.status), { target: { value: 'closed' } });
    await waitFor(() => {
      const last = callsTo(calls, 'GET', '/admin/reports').at(-1)!;
      expect(last.search.get('status')).toBe('closed');
      expect(last.search.get('kind')).toBe('contact');
    });
  });

  it('changes the state, saves the note and closes: reports through /reports, messages through /contact-messages', async () => {
    const calls = renderReports(
      () => [report(), CONTACT],
      (call) => (call.method === 'PUT' ? jsonResponse({ data: { id: 1, attributes: {} } }) : undefined),
    );
    await screen.findByText('Underage person');

    const first = cardOf('Underage person');
    fireEvent.change(within(first).getByLabelText(M.status), { target: { value: 'reviewed' } });
    await waitFor(() => expect(callsTo(calls, 'PUT', '/reports/5')).toHaveLength(1));
    expect(callsTo(calls, 'PUT', '/reports/5')[0]!.body).toEqual({ data: { status: 'reviewed' } });

    fireEvent.change(within(first).getByLabelText(M.staffNote), { target: { value: 'Called the hotline' } });
    fireEvent.click(within(first).getByRole('button', { name: M.saveNote }));
    await waitFor(() => expect(callsTo(calls, 'PUT', '/reports/5')).toHaveLength(2));
    expect(callsTo(calls, 'PUT', '/reports/5')[1]!.body).toEqual({
      data: { staff_note: 'Called the hotline' },
    });

    fireEvent.click(within(cardOf('Please call me back')).getByRole('button', { name: P.close }));
    await waitFor(() => expect(callsTo(calls, 'PUT', '/contact-messages/3')).toHaveLength(1));
    expect(callsTo(calls, 'PUT', '/contact-messages/3')[0]!.body).toEqual({ data: { status: 'closed' } });
    expect(await screen.findByText(P.closed)).toBeTruthy();
  });

  it('hides the reported item only after the confirmation', async () => {
    const calls = renderReports(
      () => [report()],
      (call) =>
        call.method === 'POST' && call.path === '/admin/reports/5/hide'
          ? jsonResponse({ data: { ok: true } })
          : undefined,
    );
    await screen.findByText('Underage person');
    fireEvent.click(screen.getByRole('button', { name: M.hide }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(M.confirmHide)).toBeTruthy();
    expect(callsTo(calls, 'POST', '/admin/reports/5/hide')).toHaveLength(0);
    fireEvent.click(within(dialog).getByRole('button', { name: M.hide }));
    expect(await screen.findByText(M.hidden)).toBeTruthy();
    expect(callsTo(calls, 'POST', '/admin/reports/5/hide')).toHaveLength(1);
    // The card now says the item is hidden and no longer offers to hide it.
    const card = cardOf('Underage person');
    expect(await within(card).findByText(P.itemHidden)).toBeTruthy();
    await waitFor(() => expect(within(card).queryByRole('button', { name: M.hide })).toBeNull());
  });

  it("shows the server's 409 message when there is nothing to hide", async () => {
    renderReports(
      () => [report()],
      (call) => (call.method === 'POST' ? errorResponse(409, M.nothingToHide) : undefined),
    );
    await screen.findByText('Underage person');
    fireEvent.click(screen.getByRole('button', { name: M.hide }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: M.hide }));
    expect(await screen.findByText(M.nothingToHide)).toBeTruthy();
  });

  it('refuses a note over the limit without calling the server', async () => {
    const calls = renderReports(() => [report()]);
    await screen.findByText('Underage person');
    fireEvent.change(screen.getByLabelText(M.staffNote), { target: { value: 'x'.repeat(2001) } });
    expect(screen.getByText(M.staffNoteTooLong)).toBeTruthy();
    expect((screen.getByRole('button', { name: M.saveNote }) as HTMLButtonElement).disabled).toBe(true);
    expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(0);
  });

  describe('a screening review request', () => {
    const R = MESSAGES.screeningReview;
    const REVIEW = report({
      kind: 'review',
      id: 21,
      reason: M.reviewReason,
      details: 'These entries are not about me.',
      reporter: null,
      email: 'asker@example.test',
      link: null,
      review: { phone_number: '5550203001', outcome: null },
    });
    const detail = (overrides: Partial<TScreeningReviewDetail> = {}): TScreeningReviewDetail => ({
      id: 21,
      phone_number: '5550203001',
      dispute: 'These entries are not about me.',
      email: 'asker@example.test',
      status: 'open',
      staff_note: null,
      outcome: null,
      reply: null,
      decidedAt: null,
      mailedAt: null,
      createdAt: '2026-11-20T10:00:00.000Z',
      truncated: false,
      records: [
        {
          id: 4,
          phone_number: '15550203001',
          createdAt: '2026-11-01T10:00:00.000Z',
          ratings: [
            {
              id: 6,
              kind: 'dislike',
              createdAt: '2026-11-02T10:00:00.000Z',
              author: { id: 50, username: 'prov' },
            },
          ],
          comments: [
            {
              id: 8,
              text: 'Did not pay.',
              createdAt: '2026-11-03T10:00:00.000Z',
              author: { id: 51, username: 'prov2' },
            },
          ],
        },
      ],
      ...overrides,
    });

    it('shows the number and its entries beside it, and removes one only after the confirmation', async () => {
      const calls = renderReports(
        () => [REVIEW],
        (call) => {
          if (call.method === 'GET' && call.path === '/admin/screening-reviews/21')
            return jsonResponse({ data: detail() });
          if (call.method === 'DELETE') return jsonResponse({ data: { id: 8, attributes: {} } });
          return undefined;
        },
      );
      const card = cardOf(
        await screen.findByText('These entries are not about me.').then((e) => e.textContent!),
      );
      expect(within(card).getByText('555-020-3001')).toBeTruthy();
      expect(within(card).getByText(M.kinds.review)).toBeTruthy();
      expect(await within(card).findByText('Did not pay.')).toBeTruthy();
      expect(within(card).getByText('1-555-020-3001')).toBeTruthy();
      expect(within(card).getByRole('link', { name: 'prov2' }).getAttribute('href')).toBe('/admin/users/51');
      // Each Remove is described by its entry.
      const described = within(card)
        .getByRole('button', { name: R.removeComment })
        .getAttribute('aria-describedby')!;
      expect(document.getElementById(described)!.textContent).toBe('Did not pay.');
      // Closed comes with the outcome only; there is no Close button and no Hide.
      const state = within(card).getByLabelText(M.status) as HTMLSelectElement;
      expect(
        (within(state).getByRole('option', { name: M.states.closed }) as HTMLOptionElement).disabled,
      ).toBe(true);
      expect(within(card).queryByRole('button', { name: P.close })).toBeNull();
      expect(within(card).queryByRole('button', { name: M.hide })).toBeNull();

      fireEvent.click(within(card).getByRole('button', { name: R.removeComment }));
      const dialog = await screen.findByRole('dialog');
      expect(within(dialog).getByText(R.confirmRemoveComment)).toBeTruthy();
      expect(calls.filter((c) => c.method === 'DELETE')).toHaveLength(0);
      fireEvent.click(within(dialog).getByRole('button', { name: MESSAGES.screening.remove }));
      await waitFor(() => expect(callsTo(calls, 'DELETE', '/hobbyist-comments/8')).toHaveLength(1));
      expect(await screen.findByText(R.removed)).toBeTruthy();

      fireEvent.click(within(card).getByRole('button', { name: R.removeRating }));
      fireEvent.click(
        within(await screen.findByRole('dialog')).getByRole('button', { name: MESSAGES.screening.remove }),
      );
      await waitFor(() => expect(callsTo(calls, 'DELETE', '/hobbyist-dislikes/6')).toHaveLength(1));
    });

    it('sends the outcome with the note, and says so when the mail could not go', async () => {
      const calls = renderReports(
        () => [REVIEW],
        (call) => {
          if (call.method === 'GET' && call.path === '/admin/screening-reviews/21')
            return jsonResponse({ data: detail() });
          if (call.method === 'POST' && call.path === '/admin/screening-reviews/21/decision')
            return jsonResponse({ data: { id: 21, status: 'closed', outcome: 'removed', mailed: false } });
          return undefined;
        },
      );
      const card = cardOf(
        await screen.findByText('These entries are not about me.').then((e) => e.textContent!),
      );
      await within(card).findByText('Did not pay.');
      fireEvent.click(within(card).getByRole('button', { name: R.decide }));
      expect(await within(card).findByText(R.outcomeRequired)).toBeTruthy();
      expect(within(card).getByLabelText(R.outcome).getAttribute('aria-invalid')).toBe('true');
      expect(callsTo(calls, 'POST', '/admin/screening-reviews/21/decision')).toHaveLength(0);

      fireEvent.change(within(card).getByLabelText(R.outcome), { target: { value: 'removed' } });
      fireEvent.change(within(card).getByLabelText(R.reply), { target: { value: 'We removed them.' } });
      fireEvent.click(within(card).getByRole('button', { name: R.decide }));
      await waitFor(() =>
        expect(callsTo(calls, 'POST', '/admin/screening-reviews/21/decision')).toHaveLength(1),
      );
      expect(callsTo(calls, 'POST', '/admin/screening-reviews/21/decision')[0]!.body).toEqual({
        data: { outcome: 'removed', reply: 'We removed them.' },
      });
      expect(await screen.findByText(R.decidedNotMailed)).toBeTruthy();
    });

    it('once closed shows what was sent instead of the form', async () => {
      renderReports(
        () => [{ ...REVIEW, status: 'closed', review: { phone_number: '5550203001', outcome: 'kept' } }],
        (call) =>
          call.method === 'GET' && call.path === '/admin/screening-reviews/21'
            ? jsonResponse({
                data: detail({
                  status: 'closed',
                  outcome: 'kept',
                  decidedAt: '2026-11-25T10:00:00.000Z',
                  records: [],
                }),
              })
            : undefined,
      );
      const outcome = await screen.findByTestId('review-outcome');
      expect(outcome.textContent).toContain(R.outcomes.kept);
      expect(screen.getByText(R.noEntries)).toBeTruthy();
      expect(screen.queryByRole('button', { name: R.decide })).toBeNull();
    });
  });
});
