import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TwoFactorRecoveryCodes, TwoFactorSetup, TwoFactorStatus } from '@app/domain';
import { apiGet, apiPost } from '../../api/client.ts';
import { useSession } from '../../app/session.tsx';

/** Two-factor sign-in of the signed-in account: `/api/auth/2fa…`. */
export const TWO_FACTOR_QUERY_KEY = ['auth', '2fa'] as const;

/** `GET /api/auth/2fa`: on or not, whether this session was given a code, recovery codes left. */
export function useTwoFactorStatus(enabled = true) {
  const { token } = useSession();
  return useQuery({
    // Per token: a new session (after enrolment or a sign-in with a code) reads its own state.
    queryKey: [...TWO_FACTOR_QUERY_KEY, token],
    queryFn: ({ signal }) => apiGet<TwoFactorStatus>('/auth/2fa', undefined, { signal }),
    enabled: enabled && token !== null,
    staleTime: 60_000,
    // The last answer stays on screen while a new session's is read.
    placeholderData: keepPreviousData,
  });
}

/** `POST /api/auth/2fa/setup`: a new secret, its address and QR code (not on until `enable`). */
export function useTwoFactorSetup() {
  return useMutation({ mutationFn: () => apiPost<TwoFactorSetup>('/auth/2fa/setup') });
}

/** `POST /api/auth/2fa/enable`: the first code turns it on; a session token given a code and ten codes. */
export function useTwoFactorEnable() {
  return useMutation({
    mutationFn: (code: string) => apiPost<Required<TwoFactorRecoveryCodes>>('/auth/2fa/enable', { code }),
  });
}

/** `POST /api/auth/2fa/disable` with the password and a code; the status is read again after. */
export function useTwoFactorDisable() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { password: string; code: string }) =>
      apiPost<TwoFactorStatus>('/auth/2fa/disable', body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: TWO_FACTOR_QUERY_KEY }),
  });
}

/** `POST /api/auth/2fa/recovery-codes`: ten new recovery codes for a current code. */
export function useNewRecoveryCodes() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (code: string) => apiPost<TwoFactorRecoveryCodes>('/auth/2fa/recovery-codes', { code }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: TWO_FACTOR_QUERY_KEY }),
  });
}

/**
 * Keeps the session token that enrolment answered (given a code: the admin's way into the console),
 * and reads the two-factor state again.
 */
export function useKeepEnrolledSession() {
  const queryClient = useQueryClient();
  const { login, user } = useSession();
  return (jwt: string) => {
    if (user) login(jwt, user);
    void queryClient.invalidateQueries({ queryKey: TWO_FACTOR_QUERY_KEY });
  };
}
