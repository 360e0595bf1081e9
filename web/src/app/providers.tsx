import { useEffect, useState } from 'react';
import type { ReactNode } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { ToastContainer } from 'react-toastify';
import { isApiError } from '../api/client.ts';
import { SessionProvider } from './session.tsx';

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
  // Once the page is the app's (hydrated, or rendered here), clicks reach it: journeys and tools wait
  // for this mark rather than for a quiet network. A part whose code still loads hydrates when clicked.
  useEffect(() => {
    document.documentElement.dataset.app = 'ready';
  }, []);
  return (
    <QueryClientProvider client={client}>
      <SessionProvider hydrating={hydrating}>
        {children}
        <ToastContainer position="top-right" autoClose={5000} hideProgressBar={false} newestOnTop />
      </SessionProvider>
    </QueryClientProvider>
  );
}
