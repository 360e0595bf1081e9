import { lazy } from 'react';
import { createBrowserRouter } from 'react-router';
import type { RouteObject } from 'react-router';
import { HomePage } from '../features/home/HomePage.tsx';
import { GuestOnly, RequireAuth } from './guards.tsx';
import { Layout } from './Layout.tsx';
import { RouteError } from './RouteError.tsx';

// Every page but the home listing is loaded on demand, so the first load stays small.
const NotFoundPage = lazy(() => import('./NotFoundPage.tsx'));

/** Public pages (spec 000 §2 route table). */
const publicRoutes: RouteObject[] = [
  { index: true, element: <HomePage /> },
  { path: 'ad/:page', element: <HomePage /> },
];

/** /login, /register, /forgotPassword: a logged-in user is sent on (see GuestOnly). */
const guestRoutes: RouteObject[] = [];

/** Login-required pages: others go to /login, remembering where they wanted to go. */
const protectedRoutes: RouteObject[] = [];

export const routes: RouteObject[] = [
  {
    element: <Layout />,
    errorElement: <RouteError />,
    children: [
      {
        // Errors of a page render inside the layout, so the header and footer stay usable.
        errorElement: <RouteError />,
        children: [
          ...publicRoutes,
          { element: <GuestOnly />, children: guestRoutes },
          { element: <RequireAuth />, children: protectedRoutes },
          { path: '*', element: <NotFoundPage /> },
        ],
      },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}
