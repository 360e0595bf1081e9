import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { MESSAGES } from '@app/domain';
import { STORAGE_KEYS, writeJson } from '../lib/storage.ts';
import { jsonResponse, renderRoutes } from '../test/render.tsx';
import { loadPage } from '../lib/navigation.ts';
import { Layout } from './Layout.tsx';

vi.mock('../lib/navigation.ts', () => ({ loadPage: vi.fn() }));

const routes = [{ element: <Layout />, children: [{ index: true, element: <p>page body</p> }] }];

function renderLayout() {
  return renderRoutes(routes, ['/']);
}

/** A stored cart of real items (one of each product id). */
function cartOf(...ids: number[]) {
  return JSON.stringify(
    ids.map((id) => ({
      id,
      attributes: { price: 10, quantiy: 2, product: { name: `Product ${id}`, picture: null } },
    })),
  );
}

function storeLogin(user: Record<string, unknown>) {
  window.localStorage.setItem(STORAGE_KEYS.token, 'jwt-1');
  window.localStorage.setItem(STORAGE_KEYS.userId, String(user.id));
  window.localStorage.setItem(STORAGE_KEYS.user, JSON.stringify(user));
}

/**
 * The account menu's toggle once the lazy dropdown has loaded: until then a disabled stand-in of the
 * same name shows, and clicking it opens nothing.
 */
function accountToggle(name: string) {
  return waitFor(() => {
    const toggle = screen.getByRole('button', { name });
    expect(toggle.getAttribute('aria-disabled')).not.toBe('true');
    return toggle;
  });
}

describe('Layout', () => {
  it('shows the slogan, the navigation for visitors, the page and the footer', () => {
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    renderLayout();

    const header = screen.getByRole('banner');
    expect(within(header).getByRole('link', { name: MESSAGES.site.slogan })).toHaveProperty('pathname', '/');
    const navTexts: [string, string][] = [
      [MESSAGES.nav.eroticBody, '/eroticbody'],
      [MESSAGES.nav.sexToy, '/sextoy'],
      [MESSAGES.nav.stripClub, '/stripclub'],
      [MESSAGES.nav.onlineStore, '/products'],
      [MESSAGES.nav.postAd, '/ads/submit'],
      [MESSAGES.nav.feedback, '/contactus'],
      [MESSAGES.nav.faq, '/faq'],
      [MESSAGES.nav.login, '/login'],
      [MESSAGES.nav.register, '/register'],
    ];
    for (const [text, path] of navTexts) {
      expect(within(header).getByRole('link', { name: text }).getAttribute('href')).toBe(path);
    }
    const cart = within(header).getByRole('link', { name: new RegExp(`^${MESSAGES.nav.cart}`) });
    expect(cart.getAttribute('href')).toBe('/Cart');
    expect(within(cart).getByTestId('cart-count').textContent).toContain('0');

    expect(screen.getByText('page body')).toBeTruthy();

    const footer = screen.getByRole('contentinfo');
    const footerLinks: [string, string][] = [
      [MESSAGES.footer.terms, '/termsofservice'],
      [MESSAGES.footer.privacy, '/privacypolicy'],
      [MESSAGES.footer.reportTrafficking, '/reporttrafficking'],
      [MESSAGES.footer.contactUs, '/contactus'],
    ];
    for (const [text, path] of footerLinks) {
      expect(within(footer).getByRole('link', { name: text }).getAttribute('href')).toBe(path);
    }
    expect(within(footer).getByText(/© 2023 Live the Fantasy/)).toBeTruthy();
    // No social link is set (the settings' answer is not in yet): no list of them, no placeholder.
    expect(within(footer).queryByRole('list', { name: MESSAGES.footer.social })).toBeNull();
    // A visitor has no session to refresh: the footer's settings are all the layout asks for.
    expect(fetchMock.mock.calls.map(([url]) => String(url))).toEqual(['/api/public-settings']);
  });

  it('links the footer to the networks the operator set, and to those only', async () => {
    const fetchMock = vi.fn(async (input: RequestInfo | URL) =>
      String(input) === '/api/public-settings'
        ? jsonResponse({
            data: {
              social_links: [
                { network: 'twitter', url: 'https://x.com/livethefantasy' },
                { network: 'instagram', url: 'https://www.instagram.com/livethefantasy/' },
              ],
            },
          })
        : jsonResponse({}, 404),
    );
    vi.stubGlobal('fetch', fetchMock);
    renderLayout();
    const footer = screen.getByRole('contentinfo');
    const list = await within(footer).findByRole('list', { name: MESSAGES.footer.social });
    const links = within(list).getAllByRole('link');
    expect(links.map((link) => [link.getAttribute('aria-label'), link.getAttribute('href')])).toEqual([
      [MESSAGES.footer.twitter, 'https://x.com/livethefantasy'],
      [MESSAGES.footer.instagram, 'https://www.instagram.com/livethefantasy/'],
    ]);
    for (const link of links) expect(link.getAttribute('rel')).toBe('noopener noreferrer');
    expect(within(footer).queryByRole('link', { name: MESSAGES.footer.facebook })).toBeNull();
  });

  it('keeps the cart and its count outside the collapsed menu, so phones see them next to the toggler', () => {
    window.localStorage.setItem(STORAGE_KEYS.cart, cartOf(1, 2));
    renderLayout();
    const header = screen.getByRole('banner');
    const cart = within(header).getByRole('link', { name: new RegExp(`^${MESSAGES.nav.cart}`) });
    // One cart link and one count in the whole header.
    expect(within(header).getAllByTestId('cart-count')).toHaveLength(1);
    expect(within(cart).getByTestId('cart-count').textContent).toContain('2');
    const menu = header.querySelector('#site-nav')!;
    expect(menu).toBeTruthy();
    expect(menu.contains(cart)).toBe(false);
    const toggler = within(header).getByRole('button', { name: MESSAGES.nav.toggle });
    expect(cart.compareDocumentPosition(toggler) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('marks Online Store current on the shop, a product and checkout, not on the vendor pages', async () => {
    vi.stubGlobal('fetch', vi.fn());
    const anyPath = [{ element: <Layout />, children: [{ path: '*', element: <p>page body</p> }] }];
    const storeLink = () =>
      within(screen.getByRole('banner')).getByRole('link', { name: MESSAGES.nav.onlineStore });
    const cases: [string, boolean][] = [
      ['/products', true],
      ['/products?page=2', true],
      ['/productsList', true],
      ['/productdetails/7', true],
      ['/Checkout', true],
      ['/products/view', false],
      ['/products/add', false],
      ['/products/edit/3', false],
      ['/Cart', false],
      ['/eroticbody', false],
    ];
    for (const [path, current] of cases) {
      const view = renderRoutes(anyPath, [path]);
      await screen.findByText('page body');
      expect([path, storeLink().classList.contains('active')]).toEqual([path, current]);
      expect([path, storeLink().getAttribute('aria-current')]).toEqual([path, current ? 'page' : null]);
      expect(storeLink().getAttribute('href')).toBe('/products');
      view.unmount();
    }
  });

  it('counts cart items and follows changes to the stored cart', () => {
    window.localStorage.setItem(STORAGE_KEYS.cart, cartOf(1, 2));
    renderLayout();
    const badge = screen.getByTestId('cart-count');
    expect(badge.textContent).toContain('2');

    act(() => writeJson(STORAGE_KEYS.cart, JSON.parse(cartOf(1, 2, 3))));
    expect(badge.textContent).toContain('3');

    // Another tab's change arrives as a storage event.
    act(() => {
      window.localStorage.setItem(STORAGE_KEYS.cart, cartOf(4));
      window.dispatchEvent(new StorageEvent('storage', { key: STORAGE_KEYS.cart }));
    });
    expect(badge.textContent).toContain('1');

    act(() => {
      window.localStorage.setItem(STORAGE_KEYS.cart, 'broken');
      window.dispatchEvent(new StorageEvent('storage', { key: STORAGE_KEYS.cart }));
    });
    expect(badge.textContent).toContain('0');
  });

  it('shows a provider the account menu with their name and keeps Post Ad', async () => {
    const user = { id: 7, first_name: 'Jane', last_name: 'Doe', user_type: 'Provider' };
    storeLogin(user);
    const fetchMock = vi.fn(async (url: string) =>
      url.startsWith('/api/conversations/unread') ? jsonResponse({ data: { count: 2 } }) : jsonResponse(user),
    );
    vi.stubGlobal('fetch', fetchMock);
    renderLayout();

    const header = screen.getByRole('banner');
    expect(await within(header).findByRole('button', { name: 'Jane Doe' })).toBeTruthy();
    // The unread messages of the provider's conversations, beside the cart.
    expect((await within(header).findByTestId('unread-count')).textContent).toBe(
      `2 ${MESSAGES.conversations.unreadLabel}`,
    );
    expect(within(header).queryByRole('link', { name: MESSAGES.nav.login })).toBeNull();
    expect(within(header).queryByRole('link', { name: MESSAGES.nav.register })).toBeNull();
    expect(within(header).getByRole('link', { name: MESSAGES.nav.postAd })).toBeTruthy();

    // The session refreshes the user, and the processing costs it keeps (spec 000 §3); the header asks
    // for the unread count, the footer for its links.
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(4));
    const calls = fetchMock.mock.calls as unknown as [string, RequestInit][];
    const [url, init] = calls.find(([u]) => u.startsWith('/api/users/me'))!;
    expect(url).toBe('/api/users/me?populate=*');
    expect((init.headers as Record<string, string>).Authorization).toBe('Bearer jwt-1');
  });

  it('hides Post Ad from a hobbyist', () => {
    storeLogin({ id: 8, first_name: 'Sam', last_name: 'Lee', user_type: 'Hobbyist' });
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => jsonResponse({ id: 8, user_type: 'Hobbyist' })),
    );
    renderLayout();
    expect(screen.queryByRole('link', { name: MESSAGES.nav.postAd })).toBeNull();
  });

  it('logs the user out when refreshing the user fails', async () => {
    storeLogin({ id: 9, first_name: 'Ann', last_name: 'Ray', user_type: 'Vender' });
    window.localStorage.setItem(STORAGE_KEYS.cart, cartOf(1));
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        jsonResponse(
          {
            data: null,
            error: {
              status: 401,
              name: 'UnauthorizedError',
              message: 'Missing or invalid credentials',
              details: {},
            },
          },
          401,
        ),
      ),
    );
    renderLayout();
    expect(screen.queryByRole('link', { name: MESSAGES.nav.login })).toBeNull();
    expect(screen.getByTestId('cart-count').textContent).toContain('1');

    await waitFor(() => expect(screen.getByRole('link', { name: MESSAGES.nav.login })).toBeTruthy());
    expect(window.localStorage.length).toBe(0);
    expect(screen.getByTestId('cart-count').textContent).toContain('0');
  });

  it('opens the account menu with the role items and logs out to a fresh /', async () => {
    const user = { id: 10, first_name: 'Val', last_name: 'Kim', user_type: 'Vender' };
    storeLogin(user);
    window.localStorage.setItem(STORAGE_KEYS.cart, cartOf(1));
    const fetchMock = vi.fn(async (_input: RequestInfo | URL, _init?: RequestInit) => jsonResponse(user));
    vi.stubGlobal('fetch', fetchMock);
    renderLayout();

    fireEvent.click(await accountToggle('Val Kim'));
    const items: [string, string][] = [
      [MESSAGES.nav.myProfile, '/profile'],
      [MESSAGES.nav.changePassword, '/profile/changepassword'],
      [MESSAGES.nav.myOrders, '/orders/view'],
      [MESSAGES.nav.myProducts, '/products/view'],
      [MESSAGES.nav.mySales, '/sales/view'],
    ];
    for (const [text, path] of items) {
      expect(screen.getByRole('link', { name: text }).getAttribute('href')).toBe(path);
    }
    expect(screen.queryByRole('link', { name: MESSAGES.nav.myAds })).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: MESSAGES.nav.logout }));
    await waitFor(() => expect(vi.mocked(loadPage)).toHaveBeenCalledWith('/'));
    expect(window.localStorage.length).toBe(0);
    expect(await screen.findByRole('link', { name: MESSAGES.nav.login })).toBeTruthy();
    // The server was asked to revoke the token, with that token.
    const logoutCall = fetchMock.mock.calls.find(([input]) => String(input).endsWith('/api/auth/logout'));
    expect(logoutCall?.[1]?.method).toBe('POST');
    expect(new Headers(logoutCall?.[1]?.headers).get('Authorization')).toBe('Bearer jwt-1');
  });

  it('Logout ends the local session even when the server cannot be reached', async () => {
    vi.mocked(loadPage).mockClear();
    const user = { id: 11, first_name: 'Ria', last_name: 'Lee', user_type: 'Hobbyist' };
    storeLogin(user);
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL) => {
        if (String(input).endsWith('/api/auth/logout')) throw new TypeError('Failed to fetch');
        return jsonResponse(user);
      }),
    );
    renderLayout();
    fireEvent.click(await accountToggle('Ria Lee'));
    fireEvent.click(screen.getByRole('button', { name: MESSAGES.nav.logout }));
    await waitFor(() => expect(vi.mocked(loadPage)).toHaveBeenCalledWith('/'));
    expect(window.localStorage.getItem(STORAGE_KEYS.token)).toBeNull();
  });
});
