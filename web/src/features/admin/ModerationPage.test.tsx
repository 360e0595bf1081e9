import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { MESSAGES, fillTemplate } from '@app/domain';
import type { TModerationItem } from '@app/domain';
import { buildProvider } from '../../test/testCard.tsx';
import { buildPlace } from '../../test/testPlaces.tsx';
import ModerationPage from './ModerationPage.tsx';
import { ESCALATION_TEMPLATE, isEscalationReason } from './moderation/escalation.tsx';
import { callsTo, errorResponse, jsonResponse, mockAdminApi, paged, renderAdminPage } from './testAdmin.tsx';
import type { ApiCall } from './testAdmin.tsx';

const M = MESSAGES.moderation;
const P = MESSAGES.adminConsole.moderationPage;
const R = MESSAGES.riskSignals;
const V = MESSAGES.revisions;

function adItem(id: number, overrides: Partial<TModerationItem> = {}): TModerationItem {
  const record = buildProvider(id, { title: `Ad title ${id}`, name: `Ava ${id}` });
  return {
    type: 'ad',
    id,
    createdAt: '2026-11-01T10:00:00.000Z',
    updatedAt: '2026-11-01T10:00:00.000Z',
    risk_score: 5,
    signals: [
      { kind: 'hidden_contact', weight: 2, explanation: 'Contact details in the text: a link.' },
      { kind: 'shared_photo', weight: 4, explanation: 'A photo looks like 1 picture(s) on other accounts.' },
    ],
    owner: {
      id: 42,
      username: 'pro',
      email: 'pro@example.test',
      verification: 'verified',
      is_active: true,
      createdAt: '2026-10-01T00:00:00.000Z',
    },
    other_ads: [{ id: 90, name: 'Older ad', review: 'approved' }],
    record: record as unknown as TModerationItem['record'],
    ...overrides,
  };
}

function placeItem(id: number): TModerationItem {
  return {
    ...adItem(id),
    type: 'place',
    signals: [],
    risk_score: 0,
    other_ads: [],
    record: buildPlace(id, { name: `Venue ${id}` }) as unknown as TModerationItem['record'],
  };
}

/** The queue's fake API: GET answers `items` (by type); PUT answers `put` (200 by default). */
function mockQueue(items: TModerationItem[], put: (call: ApiCall) => Response | undefined = () => undefined) {
  return mockAdminApi((call) => {
    if (call.method === 'GET' && call.path === '/admin/moderation') {
      const type = call.search.get('type') ?? 'ad';
      return jsonResponse(paged(items.filter((item) => item.type === type)));
    }
    if (call.method === 'PUT')
      return put(call) ?? jsonResponse({ data: { id: 1, attributes: {} }, meta: {} });
    return undefined;
  });
}

const article = (id: number, name: string) =>
  screen.findByRole('article', { name: new RegExp(`^#${id} ${name}$`) });

describe('ModerationPage', () => {
  it('shows each pending ad as the public card, its photos full size, the owner and the signals heaviest first', async () => {
    const calls = mockQueue([adItem(7)]);
    renderAdminPage(<ModerationPage />, { path: '/admin/moderation' });

    const item = await article(7, 'Ava 7');
    // The public card (its title) and every photo at its full-size URL.
    expect(within(item).getByRole('heading', { name: 'Ad title 7' })).toBeTruthy();
    const photos = within(item).getByRole('group', { name: M.photos });
    expect(
      within(photos)
        .getAllByRole('img')
        .map((img) => img.getAttribute('src')),
    ).toEqual(['/uploads/a.jpg', '/uploads/b.jpg']);
    expect(within(photos).getByAltText(fillTemplate(P.photoAlt, { n: 1, name: 'Ava 7' }))).toBeTruthy();

    const owner = within(item).getByRole('group', { name: M.owner });
    expect(within(owner).getByText('pro@example.test')).toBeTruthy();
    expect(within(owner).getByText(MESSAGES.verification.states.verified)).toBeTruthy();
    expect(within(owner).getByRole('link', { name: P.openAccount }).getAttribute('href')).toBe(
      '/admin/users/42',
    );
    expect(within(owner).getByText(/Older ad/)).toBeTruthy();

    const signals = within(within(item).getByRole('group', { name: M.riskSignals }));
    const rows = signals.getAllByRole('listitem');
    expect(rows[0]?.textContent).toContain(R.labels.shared_photo);
    expect(rows[0]?.textContent).toContain('4');
    expect(rows[1]?.textContent).toContain(R.labels.hidden_contact);
    expect(signals.getByText(R.neverDecide)).toBeTruthy();

    const asked = callsTo(calls, 'GET', '/admin/moderation')[0];
    expect(asked?.search.get('type')).toBe('ad');
    expect(asked?.search.get('pagination[pageSize]')).toBe('20');
  });

  it('approves after the confirmation; the item leaves the list with a toast', async () => {
    const calls = mockQueue([adItem(7), adItem(8)]);
    renderAdminPage(<ModerationPage />, { path: '/admin/moderation' });
    const item = await article(7, 'Ava 7');

    fireEvent.click(within(item).getByRole('button', { name: M.approve }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(M.approveConfirm)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: M.approve }));

    await waitFor(() =>
      expect(screen.getAllByRole('alert').some((t) => t.textContent === M.approved)).toBe(true),
    );
    const put = callsTo(calls, 'PUT', '/providers/7');
    expect(put).toHaveLength(1);
    expect(put[0]?.body).toEqual({ data: { review: 'approved' } });
    await waitFor(() => expect(screen.queryByRole('article', { name: /^#7 / })).toBeNull());
    expect(screen.getByRole('article', { name: /^#8 / })).toBeTruthy();
  });

  it("disables Approve with the reason while the owner's ID is not verified", async () => {
    mockQueue([adItem(7, { owner: { ...adItem(7).owner!, verification: 'pending' } })]);
    renderAdminPage(<ModerationPage />, { path: '/admin/moderation' });
    const item = await article(7, 'Ava 7');
    const approve = within(item).getByRole('button', { name: M.approve });
    expect((approve as HTMLButtonElement).disabled).toBe(true);
    expect(within(item).getByText(M.needsVerifiedOwner)).toBeTruthy();
    expect(approve.getAttribute('aria-describedby')).toBeTruthy();
  });

  it("shows the server's refusal when an approval is refused (409)", async () => {
    mockQueue([adItem(7)], () => errorResponse(409, MESSAGES.verification.approveNeedsVerified));
    renderAdminPage(<ModerationPage />, { path: '/admin/moderation' });
    const item = await article(7, 'Ava 7');
    fireEvent.click(within(item).getByRole('button', { name: M.approve }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: M.approve }));
    expect(await screen.findByText(MESSAGES.verification.approveNeedsVerified)).toBeTruthy();
    expect(screen.getByRole('article', { name: /^#7 / })).toBeTruthy();
  });

  it('rejects with a reason: required, templates as quick picks, escalation steps for the trafficking template', async () => {
    const calls = mockQueue([adItem(7)]);
    renderAdminPage(<ModerationPage />, { path: '/admin/moderation' });
    const item = await article(7, 'Ava 7');

    fireEvent.click(within(item).getByRole('button', { name: M.reject }));
    const dialog = await screen.findByRole('dialog', { name: M.rejectTitle });
    fireEvent.click(within(dialog).getByRole('button', { name: M.confirmReject }));
    expect(await within(dialog).findByText(M.reasonRequired)).toBeTruthy();
    expect(callsTo(calls, 'PUT', '/providers/7')).toHaveLength(0);

    // A plain template: no escalation.
    fireEvent.click(within(dialog).getByRole('button', { name: M.reasonTemplateLabels[0] }));
    const reason = within(dialog).getByLabelText(M.reasonLabel) as HTMLTextAreaElement;
    expect(reason.value).toBe(M.reasonTemplates[0]);
    expect(within(dialog).queryByText(M.escalationTitle)).toBeNull();

    // The trafficking / minor template shows the escalation steps.
    fireEvent.click(
      within(dialog).getByRole('button', { name: M.reasonTemplateLabels[M.escalationTemplateIndex] }),
    );
    expect(within(dialog).getByText(M.escalationTitle)).toBeTruthy();
    expect(within(dialog).getByText(M.escalationHotline)).toBeTruthy();
    expect(within(dialog).getByText(M.escalationCyberTipline)).toBeTruthy();

    fireEvent.change(reason, { target: { value: `${ESCALATION_TEMPLATE} Record noted.` } });
    fireEvent.click(within(dialog).getByRole('button', { name: M.confirmReject }));

    await screen.findByText(M.rejected);
    expect(callsTo(calls, 'PUT', '/providers/7')[0]?.body).toEqual({
      data: { review: 'rejected', review_reason: `${ESCALATION_TEMPLATE} Record noted.` },
    });
    // The item is gone; the page keeps the escalation steps in sight.
    await waitFor(() => expect(screen.queryByRole('article', { name: /^#7 / })).toBeNull());
    expect(screen.getByText(fillTemplate(P.escalatedTitle, { id: 7 }))).toBeTruthy();
    expect(screen.getByText(M.escalationHotline)).toBeTruthy();
  });

  it('offers the escalation steps on an item with youth signals', async () => {
    mockQueue([
      adItem(7, {
        signals: [{ kind: 'youth_wording', weight: 3, explanation: 'Youth-suggestive wording: petite.' }],
      }),
    ]);
    renderAdminPage(<ModerationPage />, { path: '/admin/moderation' });
    const item = await article(7, 'Ava 7');
    const toggle = within(item).getByRole('button', { name: P.escalationShow });
    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    expect(within(item).getByText(M.escalationHotline)).toBeTruthy();
  });

  it('lists places on their tab with the venue card, and decides them on /vendors', async () => {
    const calls = mockQueue([adItem(7), placeItem(12)]);
    renderAdminPage(<ModerationPage />, { path: '/admin/moderation?type=place' });
    const item = await article(12, 'Venue 12');
    expect(within(item).getByRole('link', { name: 'Venue 12' }).getAttribute('href')).toBe('/eroticbody/12');
    expect(within(item).getByText(R.none)).toBeTruthy();
    const photos = within(item).getByRole('group', { name: M.photos });
    expect(within(photos).getByRole('img').getAttribute('src')).toBe('/uploads/p12.jpg');
    expect(callsTo(calls, 'GET', '/admin/moderation')[0]?.search.get('type')).toBe('place');

    fireEvent.click(within(item).getByRole('button', { name: M.approve }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: M.approve }));
    await screen.findByText(M.approved);
    expect(callsTo(calls, 'PUT', '/vendors/12')[0]?.body).toEqual({ data: { review: 'approved' } });

    // Back to the ads tab: real tabs, the selected one controlling the queue.
    const places = screen.getByRole('tab', { name: M.places });
    expect(places.getAttribute('aria-selected')).toBe('true');
    expect(screen.getByRole('tablist', { name: P.tabsLabel })).toBeTruthy();
    expect(screen.getByRole('tabpanel').getAttribute('aria-labelledby')).toBe(places.id);
    fireEvent.click(screen.getByRole('tab', { name: M.ads }));
    expect(await article(7, 'Ava 7')).toBeTruthy();
    expect(screen.getByRole('tab', { name: M.ads }).getAttribute('aria-selected')).toBe('true');
  });

  it("links the owner's other pending ad to its own item on the page, the others to their ad pages", async () => {
    mockQueue([
      adItem(7, {
        other_ads: [
          { id: 8, name: 'Ava 8', review: 'pending' },
          { id: 9, name: 'Elsewhere', review: 'pending' },
          { id: 90, name: 'Older ad', review: 'approved' },
        ],
      }),
      adItem(8),
    ]);
    renderAdminPage(<ModerationPage />, { path: '/admin/moderation' });
    const item = await article(7, 'Ava 7');
    expect(document.getElementById('ad-8')).toBe(await article(8, 'Ava 8'));
    expect(within(item).getByRole('link', { name: '#8 Ava 8' }).getAttribute('href')).toBe('#ad-8');
    expect(within(item).getByRole('link', { name: '#9 Elsewhere' }).getAttribute('href')).toBe('/ads/9');
    expect(within(item).getByRole('link', { name: '#90 Older ad' }).getAttribute('href')).toBe('/ads/90');
    // The item's heading leads to the ad's own page.
    expect(within(item).getByRole('link', { name: '#7 Ava 7' }).getAttribute('href')).toMatch(/^\/ads\/7\//);
  });

  it('says so when nothing waits', async () => {
    mockQueue([]);
    renderAdminPage(<ModerationPage />, { path: '/admin/moderation' });
    expect(await screen.findByText(M.emptyQueue)).toBeTruthy();
  });

  it('knows the escalation reason by its template', () => {
    expect(isEscalationReason(ESCALATION_TEMPLATE)).toBe(true);
    expect(isEscalationReason(`  ${ESCALATION_TEMPLATE} more`)).toBe(true);
    expect(isEscalationReason(M.reasonTemplates[0]!)).toBe(false);
  });

  it('the Changes queue: a revision of an approved ad as a diff, decided through its own route', async () => {
    const revision = {
      id: 31,
      updatedAt: '2026-11-02T10:00:00.000Z',
      changes: [
        { field: 'personality', before: 'Confident', after: ['Dominant', 'Submissive'] },
        { field: 'title', before: 'Ad title 7', after: 'Teen model' },
        {
          field: 'address_details',
          before: { city: 'San Jose', state: 'CA' },
          after: { city: 'Oakland', state: 'CA' },
        },
      ],
    };
    const calls = mockAdminApi((call) => {
      if (call.method === 'GET' && call.path === '/admin/moderation') {
        return jsonResponse(paged(call.search.get('queue') === 'changes' ? [adItem(7, { revision })] : []));
      }
      if (call.method === 'PUT') return jsonResponse({ data: { id: 31, state: 'approved' } });
      return undefined;
    });
    renderAdminPage(<ModerationPage />, { path: '/admin/moderation?queue=changes' });
    const item = await article(7, 'Ava 7');
    expect(callsTo(calls, 'GET', '/admin/moderation')[0]?.search.get('queue')).toBe('changes');

    const diff = within(within(item).getByRole('group', { name: V.diffTitle }));
    const title = diff.getByRole('row', { name: /title/ });
    expect(within(title).getByText('Ad title 7')).toBeTruthy();
    expect(within(title).getByText('Teen model')).toBeTruthy();
    expect(diff.getByText('Dominant, Submissive')).toBeTruthy();
    expect(diff.getByText('Oakland, CA')).toBeTruthy();
    expect(within(item).getByRole('group', { name: V.signalsOnNew })).toBeTruthy();

    fireEvent.click(within(item).getByRole('button', { name: M.approve }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(V.approveConfirm)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: M.approve }));
    await screen.findByText(V.approvedToast);
    expect(callsTo(calls, 'PUT', '/admin/revisions/31')[0]?.body).toEqual({
      data: { review: 'approved', updatedAt: revision.updatedAt },
    });
    expect(callsTo(calls, 'PUT', '/providers/7')).toHaveLength(0);
  });
});
