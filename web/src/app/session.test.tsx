import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { STORAGE_KEYS } from '../lib/storage.ts';
import { jsonResponse, renderRoutes } from '../test/render.tsx';
import { mockApi } from '../test/api.ts';
import { isSubscribed, useSession } from './session.tsx';

const COSTS = { processing_fee: 2.5, tax: 8, shipping_cost: '0' };

function storeLogin(user: { id: number }) {
  window.localStorage.setItem(STORAGE_KEYS.token, 'jwt');
  window.localStorage.setItem(STORAGE_KEYS.userId, String(user.id));
  window.localStorage.setItem(STORAGE_KEYS.user, JSON.stringify(user));
}

function Probe() {
  const { subscribed, user, logout } = useSession();
  return (
    <>
      <p>{subscribed ? 'subscribed' : 'not subscribed'}</p>
      <p>name: {user?.first_name}</p>
      <button type="button" onClick={logout}>
        logout
      </button>
    </>
  );
}

function renderSession() {
  return renderRoutes([{ path: '/', element: <Probe /> }]);
}

function api(me: object, costs: object[] = [{ id: 1, attributes: COSTS }]) {
  return mockApi((call) => {
    if (call.path === '/users/me') return jsonResponse(me);
    if (call.path === '/processing-costs') {
      return jsonResponse({
        data: costs,
        meta: { pagination: { page: 1, pageSize: 25, pageCount: 1, total: costs.length } },
      });
    }
    return undefined;
  });
}

describe('isSubscribed', () => {
  it("follows the server's isActive, else the spec's at-least-one rule", () => {
    expect(
      isSubscribed({
        id: 1,
        subscriptions: [
          { id: 1, isActive: false },
          { id: 2, isActive: true },
        ],
      }),
    ).toBe(true);
    expect(isSubscribed({ id: 1, subscriptions: [{ id: 1, isActive: false }] })).toBe(false);
    expect(isSubscribed({ id: 1, subscriptions: [{ id: 1 }] })).toBe(true);
    expect(isSubscribed({ id: 1, subscriptions: [] })).toBe(false);
    expect(isSubscribed({ id: 1 })).toBeUndefined();
  });
});

describe('SessionProvider: subscribed and processing costs', () => {
  it('sets subscribed from the refetched user: an ended subscription is not one', async () => {
    window.localStorage.setItem(STORAGE_KEYS.subscribed, 'true');
    const user = { id: 5, subscriptions: [{ id: 1, isActive: false }] };
    storeLogin(user);
    api(user);
    renderSession();
    expect(await screen.findByText('not subscribed')).toBeTruthy();
    expect(window.localStorage.getItem(STORAGE_KEYS.subscribed)).toBe('false');
  });

  it('sets subscribed when the server says a subscription is active', async () => {
    const user = {
      id: 5,
      subscriptions: [
        { id: 1, isActive: false },
        { id: 2, isActive: true },
      ],
    };
    storeLogin(user);
    api(user);
    renderSession();
    expect(await screen.findByText('subscribed')).toBeTruthy();
    expect(window.localStorage.getItem(STORAGE_KEYS.subscribed)).toBe('true');
  });

  it('keeps the flag when the refetched user does not list subscriptions', async () => {
    window.localStorage.setItem(STORAGE_KEYS.subscribed, 'true');
    storeLogin({ id: 5 });
    const calls = api({ id: 5, first_name: 'Ava' });
    renderSession();
    await waitFor(() => expect(calls.some((call) => call.path === '/users/me')).toBe(true));
    expect(await screen.findByText('name: Ava')).toBeTruthy();
    expect(screen.getByText('subscribed')).toBeTruthy();
  });

  it('keeps the first processing-costs entry in storage while signed in; logout clears it', async () => {
    storeLogin({ id: 5 });
    api({ id: 5 }, [
      { id: 1, attributes: COSTS },
      { id: 2, attributes: { processing_fee: 9, tax: 9, shipping_cost: '9' } },
    ]);
    renderSession();
    await waitFor(() =>
      expect(JSON.parse(window.localStorage.getItem(STORAGE_KEYS.processingCosts) ?? 'null')).toEqual(COSTS),
    );
    fireEvent.click(screen.getByRole('button', { name: 'logout' }));
    expect(window.localStorage.getItem(STORAGE_KEYS.processingCosts)).toBeNull();
    expect(screen.getByText('not subscribed')).toBeTruthy();
  });

  it('does not fetch processing costs for a visitor', async () => {
    const calls = api({ id: 5 });
    renderSession();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(calls).toHaveLength(0);
    expect(window.localStorage.getItem(STORAGE_KEYS.processingCosts)).toBeNull();
  });
});
