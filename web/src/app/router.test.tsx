import type { RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import { APP_PATHS } from '@app/domain';
import { routes } from './router.tsx';

/** Every path the route tree has a page at, written from the root, without a trailing slash. */
function pagePaths(tree: RouteObject[], parent = ''): string[] {
  return tree.flatMap((route) => {
    const here = route.path ? `${parent}/${route.path}`.replace(/\/+/g, '/').replace(/(.)\/$/, '$1') : parent;
    const own = route.index || (route.path && route.path !== '*' && route.element) ? [here || '/'] : [];
    return [...own, ...(route.children ? pagePaths(route.children, here) : [])];
  });
}

describe('the router', () => {
  it('has a page at every path the server knows as the app’s, and at no other', () => {
    expect([...new Set(pagePaths(routes))].sort()).toEqual([...APP_PATHS].sort());
  });
});
