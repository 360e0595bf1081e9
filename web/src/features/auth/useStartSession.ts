import { useQueryClient } from '@tanstack/react-query';
import { ME_QUERY_KEY, useSession } from '../../app/session.tsx';
import type { LoginOptions } from '../../app/session.tsx';
import type { AuthResponse } from './api.ts';

/**
 * Signs the session in with a sign-in's (or a registration's) answer: the one way a page starts a
 * session. The session is stored at once, outside any transition, so the header shows the account menu
 * in the same render (a transition would keep the whole page, header included, as it was until the next
 * page's code had loaded). The guest guard of the page left then sends the user on: to `options.startPath` when
 * given (a registration's first page), else where a sign-in goes (`GuestOnly`, `getLoginTarget`).
 */
export function useStartSession() {
  const queryClient = useQueryClient();
  const { login } = useSession();

  return (auth: AuthResponse, options?: LoginOptions) => {
    // The session refetches the user when the id changes; it already has the fresh one.
    queryClient.setQueryData([...ME_QUERY_KEY, auth.user.id], auth.user);
    login(auth.jwt, auth.user, options);
  };
}
