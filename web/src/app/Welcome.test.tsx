import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { MESSAGES } from '@app/domain';
import { STORAGE_KEYS } from '../lib/storage.ts';
import { mockApi } from '../test/api.ts';
import { jsonResponse, renderRoutes } from '../test/render.tsx';
import { HOBBYIST, PROVIDER, signInAs } from '../test/testBilling.tsx';
import { markWelcome, Welcome } from './Welcome.tsx';

const W = MESSAGES.welcome;
const VENDOR = { id: 43, username: 'ven', user_type: 'Vender' };

function render(user: { id: number } | null) {
  if (user) signInAs(user);
  mockApi((call) => (call.path === '/users/me' && user ? jsonResponse(user) : undefined));
  return renderRoutes([{ path: '/', element: <Welcome /> }]);
}

const welcome = () => screen.queryByRole('region', { name: W.title });
const links = () =>
  within(welcome()!)
    .getAllByRole('link')
    .map((a) => [a.textContent, a.getAttribute('href')]);

describe('Welcome', () => {
  it('tells a new provider to buy a package, then post an ad', async () => {
    markWelcome(PROVIDER.id);
    render(PROVIDER);
    expect(await screen.findByRole('region', { name: W.title })).toBeTruthy();
    expect(screen.getByText(W.Provider.intro)).toBeTruthy();
    expect(links()).toEqual([
      [W.Provider.steps.packages.link, '/package'],
      [W.Provider.steps.postAd.link, '/ads/submit'],
    ]);
  });

  it('tells a hobbyist to browse, save and message, and a vendor to add products', async () => {
    markWelcome(HOBBYIST.id);
    const { unmount } = render(HOBBYIST);
    await screen.findByRole('region', { name: W.title });
    expect(links()).toEqual([
      [W.Hobbyist.steps.browse.link, '/'],
      [W.Hobbyist.steps.saved.link, '/saved'],
      [W.Hobbyist.steps.messages.link, '/messages'],
    ]);
    unmount();
    window.localStorage.clear();

    markWelcome(VENDOR.id);
    render(VENDOR);
    await screen.findByRole('region', { name: W.title });
    expect(links()).toEqual([
      [W.Vender.steps.addProduct.link, '/products/add'],
      [W.Vender.steps.sales.link, '/sales/view'],
    ]);
  });

  it('shows once: closing it forgets it for good', async () => {
    markWelcome(PROVIDER.id);
    render(PROVIDER);
    await screen.findByRole('region', { name: W.title });
    fireEvent.click(screen.getByRole('button', { name: W.dismiss }));
    await waitFor(() => expect(welcome()).toBeNull());
    expect(window.localStorage.getItem(STORAGE_KEYS.welcome)).toBeNull();
  });

  it('is for the account that registered here only, and never for a visitor', async () => {
    markWelcome(999);
    const { unmount } = render(PROVIDER);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(welcome()).toBeNull();
    unmount();
    window.localStorage.clear();
    markWelcome(PROVIDER.id);
    render(null);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(welcome()).toBeNull();
  });
});
