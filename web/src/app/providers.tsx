import { useEffect, useLayoutEffect, useState } from 'react';
import type { ReactNode } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { ToastContainer } from 'react-toastify';
import { isApiError } from '../api/client.ts';
import { SessionProvider, usePageHydrated } from './session.tsx';

/** Query defaults: a client error (4xx) is an answer, not a hiccup, so only other failures retry. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        refetchOnWindowFocus: false,
        retry: (failureCount, error) =>
          failureCount < 2 && !(isApiError(error) && error.status >= 400 && error.status < 500),
      },
      mutations: { retry: false },
    },
  });
}

/** Everything the app needs above the router: data cache, session, toasts (top right, 5 s). */
export function AppProviders({
  children,
  queryClient,
  hydrating = false,
}: {
  children: ReactNode;
  queryClient?: QueryClient;
  /** The page is the server's render, hydrated: the session is read after the first render (session.tsx). */
  hydrating?: boolean;
}) {
  const [client] = useState(() => queryClient ?? createQueryClient());
  // A page rendered here is the app's at once; a page the server rendered is the app's once its own part
  // has hydrated (its code may still be loading here): the layout marks that (`ReadyMark`).
  useEffect(() => {
    if (!hydrating) markAppReady();
  }, [hydrating]);
  return (
    <QueryClientProvider client={client}>
      <SessionProvider hydrating={hydrating}>
        {children}
        <ToastContainer position="top-right" autoClose={5000} hideProgressBar={false} newestOnTop />
      </SessionProvider>
    </QueryClientProvider>
  );
}

/**
 * Marks the page as the app's (`html[data-app="ready"]`): clicks reach its handlers from then on, and journeys
 * and tools wait for this mark rather than for a quiet network.
 */
export function markAppReady(): void {
  document.documentElement.dataset.app = 'ready';
}

/**
 * Rendered beside a page inside its Suspense boundary: its effects run once the page has hydrated (a boundary
 * hydrates all together, when the page's code has loaded), so the mark never comes before the page's own
 * handlers, and the stored session is read only then (session.tsx, `useSessionAfterHydration`).
 */
export function ReadyMark(): null {
  const pageHydrated = usePageHydrated();
  useLayoutEffect(() => pageHydrated(), [pageHydrated]);
  useEffect(() => markAppReady(), []);
  return null;
}
