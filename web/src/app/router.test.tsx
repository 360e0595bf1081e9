import type { RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import { APP_PATHS, isPrivatePage } from '@app/domain';
import { RequireAuth } from './guards.tsx';
import { routes } from './router.tsx';

/** Every path the route tree has a page at, written from the root, without a trailing slash. */
function pagePaths(tree: RouteObject[], parent = ''): string[] {
  return tree.flatMap((route) => {
    const here = route.path ? `${parent}/${route.path}`.replace(/\/+/g, '/').replace(/(.)\/$/, '$1') : parent;
    const own = route.index || (route.path && route.path !== '*' && route.element) ? [here || '/'] : [];
    return [...own, ...(route.children ? pagePaths(route.children, here) : [])];
  });
}

/** The routes under a login guard (`RequireAuth`), anywhere in the tree. */
function loginRequired(tree: RouteObject[]): RouteObject[] {
  return tree.flatMap((route) => {
    const guarded = (route.element as { type?: unknown } | undefined)?.type === RequireAuth;
    if (guarded) return [route];
    return route.children ? loginRequired(route.children) : [];
  });
}

describe('the router', () => {
  it('has a page at every path the server knows as the app’s, and at no other', () => {
    expect([...new Set(pagePaths(routes))].sort()).toEqual([...APP_PATHS].sort());
  });

  it('names every login-required page private: the server sends it unrendered, marked noindex', () => {
    const paths = pagePaths(loginRequired(routes)).map((path) => path.replace(/:\w+/g, '1'));
    expect(paths).toContain('/messages');
    expect(paths.filter((path) => !isPrivatePage(path))).toEqual([]);
  });
});
