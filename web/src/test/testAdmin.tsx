import type { ReactElement } from 'react';
import type { RouteObject } from 'react-router';
import { STORAGE_KEYS } from '../lib/storage.ts';
import { jsonResponse, renderRoutes } from './render.tsx';
import { mockApi } from './api.ts';
import type { ApiCall, ApiHandler } from './api.ts';
import type { AdminPage } from '../features/admin/adminApi.ts';

export { errorResponse, mockApi } from './api.ts';
export type { ApiCall, ApiHandler } from './api.ts';
export { jsonResponse } from './render.tsx';

/**
 * Test kit of the console's pages: a signed-in admin whose token was given a code, a fake
 * API that also answers the session's own calls, and a paged answer as `/api/admin/*` lists give it.
 */

// jsdom has no matchMedia; the console's offcanvas sidebar asks it for the lg breakpoint (none matches:
// the wide layout, the sidebar in the page).
window.matchMedia ??= ((query: string) => ({
  matches: false,
  media: query,
  onchange: null,
  addListener: () => {},
  removeListener: () => {},
  addEventListener: () => {},
  removeEventListener: () => {},
  dispatchEvent: () => false,
})) as typeof window.matchMedia;

export const ADMIN_USER = {
  id: 1,
  username: 'staff',
  email: 'staff@example.com',
  role: 'admin',
  user_type: null,
} as const;

/** Puts a session in browser storage as a login leaves it. */
export function signInAs(user: { id: number } & Record<string, unknown> = ADMIN_USER): void {
  window.localStorage.setItem(STORAGE_KEYS.token, 'admin-jwt');
  window.localStorage.setItem(STORAGE_KEYS.userId, String(user.id));
  window.localStorage.setItem(STORAGE_KEYS.user, JSON.stringify(user));
}

/** One page of an admin list. */
export function paged<T>(
  data: T[],
  { page = 1, pageSize = 20, total }: Partial<AdminPage<T>['meta']['pagination']> = {},
) {
  const count = total ?? data.length;
  return {
    data,
    meta: {
      pagination: { page, pageSize, pageCount: Math.max(1, Math.ceil(count / pageSize)), total: count },
    },
  } satisfies AdminPage<T>;
}

export interface AdminApiOptions {
  /** The signed-in user `/users/me` answers (the admin by default). */
  user?: { id: number } & Record<string, unknown>;
  /** `GET /api/auth/2fa` (enabled and verified by default). */
  twoFactor?: { enabled: boolean; verified: boolean };
}

/**
 * A fake API for a console page: `handler` first for the page's own calls, then (when it answers
 * undefined) the session's `/users/me` and `/processing-costs` and `/auth/2fa`; anything else is a 404.
 * Returns the recorded calls.
 */
export function mockAdminApi(handler: ApiHandler, options: AdminApiOptions = {}): ApiCall[] {
  const user = options.user ?? ADMIN_USER;
  const twoFactor = options.twoFactor ?? { enabled: true, verified: true };
  return mockApi(async (call) => {
    const answer = await handler(call);
    if (answer) return answer;
    if (call.method === 'GET' && call.path === '/users/me') return jsonResponse(user);
    if (call.method === 'GET' && call.path === '/processing-costs')
      return jsonResponse({ data: [], meta: {} });
    if (call.method === 'GET' && call.path === '/auth/2fa') {
      return jsonResponse({ ...twoFactor, recovery_codes_left: 10, required: true });
    }
    return undefined;
  });
}

/** Renders a console page at `path` (its route `routePath`, default `path`), signed in as the admin. */
export function renderAdminPage(
  element: ReactElement,
  {
    path = '/admin/page',
    routePath,
    extraRoutes = [],
  }: { path?: string; routePath?: string; extraRoutes?: RouteObject[] } = {},
) {
  signInAs();
  return renderRoutes([{ path: routePath ?? path.split('?')[0], element }, ...extraRoutes], [path]);
}

/** The calls of one method and path. */
export function callsTo(calls: ApiCall[], method: string, path: string): ApiCall[] {
  return calls.filter((call) => call.method === method && call.path === path);
}
