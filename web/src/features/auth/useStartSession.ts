import { useTransition } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { ME_QUERY_KEY, useSession } from '../../app/session.tsx';
import type { AuthResponse } from './api.ts';

/**
 * Signs the session in with a sign-in's (or a registration's) answer and goes on to `target`: the one way
 * a page starts a session. The session and the navigation commit in one render, so the guest guard of the
 * page left (which sends a signed-in user on to the remembered page or '/') never sees the user still there.
 */
export function useStartSession() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { login } = useSession();
  const [, startTransition] = useTransition();

  return (auth: AuthResponse, target: string) => {
    // The session refetches the user when the id changes; it already has the fresh one.
    queryClient.setQueryData([...ME_QUERY_KEY, auth.user.id], auth.user);
    startTransition(async () => {
      login(auth.jwt, auth.user);
      await navigate(target, { replace: true });
    });
  };
}
