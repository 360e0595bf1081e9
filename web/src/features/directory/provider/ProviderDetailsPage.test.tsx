import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { MESSAGES } from '@app/domain';
import { RequireAuth } from '../../../app/guards.tsx';
import { STORAGE_KEYS } from '../../../lib/storage.ts';
import { jsonResponse, renderRoutes } from '../../../test/render.tsx';
import { mockApi } from '../../../test/api.ts';
import ProviderDetailsPage, { PROVIDER_TASKS, taskTitle } from './ProviderDetailsPage.tsx';

const M = MESSAGES.providerHome;
const PROVIDER = { id: 7, first_name: 'Ava', last_name: 'Stone', user_type: 'Provider' };

function render(user: Record<string, unknown>, initial = '/provider') {
  window.localStorage.setItem(STORAGE_KEYS.token, 'jwt');
  window.localStorage.setItem(STORAGE_KEYS.userId, String(user.id));
  window.localStorage.setItem(STORAGE_KEYS.user, JSON.stringify(user));
  mockApi((call) => (call.path === '/users/me' ? jsonResponse(user) : undefined));
  return renderRoutes(
    [
      {
        element: <RequireAuth />,
        children: [
          { path: '/provider', element: <ProviderDetailsPage /> },
          { path: '*', element: <p>screen page</p> },
        ],
      },
    ],
    [initial],
  );
}

/** The spec's four tabs, in its words (001 §2 "Provider area"). */
const SPEC_TABS = [
  'Create New Ad',
  'Edit/View Your Ads (Add Time)',
  'Review Mail (Arrange Time & Place)',
  'Screen Hobbyists (Rate/Comment on Hobbyists)',
];

describe('ProviderDetailsPage', () => {
  it('shows the four tabs of the spec, the first one open', () => {
    render(PROVIDER);
    expect(screen.getByRole('heading', { level: 1, name: M.title })).toBeTruthy();
    const tablist = screen.getByRole('tablist', { name: M.tabsLabel });
    const tabs = within(tablist).getAllByRole('tab');
    expect(tabs.map((tab) => tab.textContent)).toEqual(SPEC_TABS);
    expect(PROVIDER_TASKS.map(taskTitle)).toEqual(SPEC_TABS);
    expect(tabs[0]!.getAttribute('aria-selected')).toBe('true');
    const pane = screen.getByRole('tabpanel');
    expect(within(pane).getByRole('heading', { name: SPEC_TABS[0] })).toBeTruthy();
    expect(within(pane).getByRole('link', { name: M.createAd.action }).getAttribute('href')).toBe(
      '/ads/submit',
    );
  });

  it('each tab leads to its screen', () => {
    const { router } = render(PROVIDER);
    const targets: [string, string, string][] = [
      [SPEC_TABS[1]!, M.myAds.action, '/ads/view'],
      [SPEC_TABS[2]!, M.reviewMail.action, '/provider/reviewmail'],
      [SPEC_TABS[3]!, M.screenHobbyists.action, '/provider/ratehobyist'],
      [SPEC_TABS[0]!, M.createAd.action, '/ads/submit'],
    ];
    for (const [tab, action, path] of targets) {
      fireEvent.click(screen.getByRole('tab', { name: tab }));
      expect(screen.getByRole('tab', { name: tab }).getAttribute('aria-selected')).toBe('true');
      const pane = screen.getByRole('tabpanel');
      expect(within(pane).getByRole('heading', { name: tab })).toBeTruthy();
      expect(within(pane).getByRole('link', { name: action }).getAttribute('href')).toBe(path);
    }
    // The open tab is in the URL (the first one is the default and leaves it clean).
    expect(router.state.location.search).toBe('');
    fireEvent.click(screen.getByRole('tab', { name: SPEC_TABS[1] }));
    expect(router.state.location.search).toBe('?tab=ads');
    // Add Time: buying a package adds time to the ads.
    const pane = screen.getByRole('tabpanel');
    expect(within(pane).getByRole('link', { name: M.myAds.secondary }).getAttribute('href')).toBe(
      '/ads/packages',
    );
    fireEvent.click(within(pane).getByRole('link', { name: M.myAds.action }));
    expect(router.state.location.pathname).toBe('/ads/view');
  });

  it('opens the tab the URL names, and the first one for an unknown name', () => {
    const first = render(PROVIDER, '/provider?tab=mail');
    expect(screen.getByRole('tab', { name: SPEC_TABS[2] }).getAttribute('aria-selected')).toBe('true');
    first.unmount();
    render(PROVIDER, '/provider?tab=nothing');
    expect(screen.getByRole('tab', { name: SPEC_TABS[0] }).getAttribute('aria-selected')).toBe('true');
  });

  it('tells other accounts that the page is for providers', () => {
    render({ id: 9, first_name: 'Bo', user_type: 'Hobbyist' });
    expect(screen.getByText(M.providersOnly)).toBeTruthy();
    expect(screen.queryByRole('tab')).toBeNull();
  });
});
