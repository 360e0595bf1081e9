import { fireEvent, render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { MESSAGES } from '@app/domain';
import { buildProvider, renderCards } from '../../test/testCard.tsx';
import { RiskSignalList, sortSignals } from './RiskSignals.tsx';
import {
  ADMIN_USER,
  callsTo,
  errorResponse,
  jsonResponse,
  mockAdminApi,
  signInAs,
} from '../../test/testAdmin.tsx';

const R = MESSAGES.riskSignals;
const PANEL = MESSAGES.adminConsole.signalsPanel;

const SIGNALS = {
  risk_score: 7,
  signals: [
    { kind: 'price_below_median', weight: 2, explanation: 'The hourly rate is low.' },
    { kind: 'age_near_18_with_youth_wording', weight: 5, explanation: 'Age 18 with youth wording.' },
  ],
} as const;

/** Other card calls (messages, comments) answer an empty list. */
const emptyList = () =>
  jsonResponse({ data: [], meta: { pagination: { page: 1, pageSize: 25, pageCount: 0, total: 0 } } });

describe('risk signals', () => {
  it('lists signals heaviest first, with the kind, the weight and the explanation', () => {
    render(<RiskSignalList signals={SIGNALS.signals} score={7} />);
    const rows = screen.getAllByRole('listitem');
    expect(rows[0]?.textContent).toContain(R.labels.age_near_18_with_youth_wording);
    expect(rows[0]?.textContent).toContain('Age 18 with youth wording.');
    expect(rows[1]?.textContent).toContain(R.labels.price_below_median);
    expect(screen.getByText(R.neverDecide)).toBeTruthy();
    expect(sortSignals([]).length).toBe(0);
  });

  it('says when there are none', () => {
    render(<RiskSignalList signals={[]} />);
    expect(screen.getByText(R.none)).toBeTruthy();
  });

  it("offers the admin an ad's signals on its public card, asked for only when opened", async () => {
    signInAs();
    const calls = mockAdminApi((call) => {
      if (call.path === '/admin/signals') return jsonResponse({ data: SIGNALS });
      if (call.method === 'GET' && call.path !== '/users/me' && call.path !== '/processing-costs')
        return emptyList();
      return undefined;
    });
    renderCards([buildProvider(7)]);
    const toggle = await screen.findByRole('button', { name: PANEL.title });
    expect(callsTo(calls, 'GET', '/admin/signals')).toHaveLength(0);

    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    const panel = document.getElementById(toggle.getAttribute('aria-controls')!)!;
    expect(await within(panel).findByText('Age 18 with youth wording.')).toBeTruthy();
    const asked = callsTo(calls, 'GET', '/admin/signals')[0];
    expect(asked?.search.get('type')).toBe('ad');
    expect(asked?.search.get('id')).toBe('7');
    expect(ADMIN_USER.role).toBe('admin');
  });

  it('says when the signals cannot be read', async () => {
    signInAs();
    mockAdminApi((call) => {
      if (call.path === '/admin/signals') return errorResponse(403, MESSAGES.twoFactor.required);
      if (call.method === 'GET' && call.path !== '/users/me' && call.path !== '/processing-costs')
        return emptyList();
      return undefined;
    });
    renderCards([buildProvider(7)]);
    fireEvent.click(await screen.findByRole('button', { name: PANEL.title }));
    expect(await screen.findByText(PANEL.loadFailed)).toBeTruthy();
  });

  it('shows nothing of it to anyone else', async () => {
    const hobbyist = { id: 41, username: 'hob', role: 'authenticated', user_type: 'Hobbyist' };
    signInAs(hobbyist);
    mockAdminApi((call) => (call.method === 'GET' && call.path !== '/users/me' ? emptyList() : undefined), {
      user: hobbyist,
    });
    renderCards([buildProvider(7)]);
    expect(await screen.findByRole('heading', { name: buildProvider(7).attributes.title })).toBeTruthy();
    expect(screen.queryByRole('button', { name: PANEL.title })).toBeNull();
  });
});
