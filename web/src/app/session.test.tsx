import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { STORAGE_KEYS, storeSession } from '../lib/storage.ts';
import { jsonResponse, renderRoutes } from '../test/render.tsx';
import { mockApi } from '../test/api.ts';
import { RequireAuth } from './guards.tsx';
import { isSubscribed, useSession } from './session.tsx';
import { ASK_TABS_MS, markSessionInTabs, type TabMessage } from './sessionTabs.ts';

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

describe('SessionProvider: a session not remembered, shared by the browser’s tabs', () => {
  const TAB_ENTRIES = {
    token: 'tab-jwt',
    userid: '7',
    user: '{"id":7,"first_name":"Tia"}',
    subscribed: 'false',
  };
  /** Another tab of the browser: its end of the session channel and what it heard. */
  function otherTab(answer?: (message: TabMessage) => TabMessage | undefined) {
    const heard: TabMessage[] = [];
    const channel = new BroadcastChannel('ltf:session');
    channel.onmessage = (event: MessageEvent<TabMessage>) => {
      heard.push(event.data);
      const reply = answer?.(event.data);
      if (reply) channel.postMessage(reply);
    };
    return {
      heard,
      post: (message: TabMessage) => channel.postMessage(message),
      close: () => channel.close(),
    };
  }
  let tab: ReturnType<typeof otherTab> | undefined;
  afterEach(() => tab?.close());

  function SignedIn() {
    const { user, logout } = useSession();
    return (
      <>
        <p>signed in as {user?.first_name ?? user?.id}</p>
        <button type="button" onClick={logout}>
          logout
        </button>
      </>
    );
  }
  const renderPrivate = () =>
    renderRoutes(
      [
        { path: '/login', element: <p>login page</p> },
        { element: <RequireAuth />, children: [{ path: '/private', element: <SignedIn /> }] },
      ],
      ['/private'],
    );

  it('a new tab takes the session another tab holds, instead of going to /login', async () => {
    markSessionInTabs(true);
    tab = otherTab((m) => (m.type === 'ask' ? { type: 'share', entries: TAB_ENTRIES } : undefined));
    api({ id: 7, first_name: 'Tia' });
    renderPrivate();
    expect(screen.queryByText('login page')).toBeNull();
    expect(await screen.findByText('signed in as Tia')).toBeTruthy();
    expect(screen.queryByText('login page')).toBeNull();
    expect(tab.heard).toContainEqual({ type: 'ask' });
    // Kept in this tab's sessionStorage: it ends with the browser here too.
    expect(window.sessionStorage.getItem(STORAGE_KEYS.token)).toBe('tab-jwt');
    expect(window.localStorage.getItem(STORAGE_KEYS.token)).toBeNull();
  });

  it('waits a moment for an answer when a tab may hold one, then sends the visitor to /login', async () => {
    markSessionInTabs(true);
    api({ id: 7 });
    renderPrivate();
    expect(screen.queryByText('login page')).toBeNull();
    expect(await screen.findByText('login page', undefined, { timeout: ASK_TABS_MS + 2000 })).toBeTruthy();
  });

  it('goes to /login at once when no tab holds a session not remembered', () => {
    api({ id: 7 });
    renderPrivate();
    expect(screen.getByText('login page')).toBeTruthy();
  });

  it('answers a new tab, and follows Logout in another tab: both stores cleared', async () => {
    storeSession(TAB_ENTRIES, false);
    api({ id: 7, first_name: 'Tia' });
    renderPrivate();
    expect(await screen.findByText('signed in as Tia')).toBeTruthy();
    tab = otherTab();
    tab.post({ type: 'ask' });
    await waitFor(() => expect(tab!.heard).toContainEqual(expect.objectContaining({ type: 'share' })));
    const share = tab.heard.find((m) => m.type === 'share') as { entries: Record<string, string> };
    expect(share.entries.token).toBe('tab-jwt');

    tab.post({ type: 'end' });
    expect(await screen.findByText('login page')).toBeTruthy();
    expect(window.sessionStorage.getItem(STORAGE_KEYS.token)).toBeNull();
  });

  it('Logout here tells the other tabs and clears both stores', async () => {
    storeSession(TAB_ENTRIES, false);
    window.localStorage.setItem(STORAGE_KEYS.cart, '[]');
    api({ id: 7, first_name: 'Tia' });
    renderPrivate();
    expect(await screen.findByText('signed in as Tia')).toBeTruthy();
    tab = otherTab();
    fireEvent.click(screen.getByRole('button', { name: 'logout' }));
    expect(await screen.findByText('login page')).toBeTruthy();
    await waitFor(() => expect(tab!.heard).toContainEqual({ type: 'end' }));
    expect(window.sessionStorage.length).toBe(0);
    expect(window.localStorage.getItem(STORAGE_KEYS.cart)).toBeNull();
  });

  it('a remembered sign-in in another tab replaces this tab’s session', async () => {
    storeSession(TAB_ENTRIES, false);
    api({ id: 7, first_name: 'Tia' });
    renderPrivate();
    expect(await screen.findByText('signed in as Tia')).toBeTruthy();
    tab = otherTab();
    storeLogin({ id: 9, first_name: 'Noa' } as { id: number });
    tab.post({ type: 'login', entries: null });
    expect(await screen.findByText('signed in as Noa')).toBeTruthy();
    expect(window.sessionStorage.getItem(STORAGE_KEYS.token)).toBeNull();
  });

  it("an update for another token is not taken: an older session's news never replaces a newer one", async () => {
    storeSession(TAB_ENTRIES, false);
    api({ id: 7, first_name: 'Tia' });
    renderPrivate();
    expect(await screen.findByText('signed in as Tia')).toBeTruthy();
    tab = otherTab();
    tab.post({
      type: 'update',
      entries: { ...TAB_ENTRIES, token: 'old-jwt', user: '{"id":7,"first_name":"Old"}' },
    });
    tab.post({ type: 'update', entries: { ...TAB_ENTRIES, user: '{"id":7,"first_name":"Tiana"}' } });
    expect(await screen.findByText('signed in as Tiana')).toBeTruthy();
    expect(window.sessionStorage.getItem(STORAGE_KEYS.token)).toBe('tab-jwt');
  });
});
