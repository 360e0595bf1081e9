import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TAdminUserDetail } from '@app/domain';
import { apiDelete, apiGet, apiPost, apiPut } from '../../api/client.ts';

/**
 * The Users pages' calls (contract §3): an account's page, Block / Unblock (the
 * users call is flat), Sign out everywhere and a provider's extra-ads allowance.
 */

const userKeys = {
  all: ['admin', 'users'] as const,
  detail: (id: number) => ['admin', 'users', 'detail', id] as const,
};

export function useAdminUser(id: number) {
  return useQuery({
    queryKey: userKeys.detail(id),
    queryFn: ({ signal }) =>
      apiGet<{ data: TAdminUserDetail }>(`/admin/users/${id}`, undefined, { signal }).then((res) => res.data),
    enabled: Number.isInteger(id) && id > 0,
  });
}

/** After a change to an account: its page and the users list read afresh. */
function useUsersRefresh() {
  const queryClient = useQueryClient();
  return () => void queryClient.invalidateQueries({ queryKey: userKeys.all });
}

/** `PUT /api/users/:id { is_active }` (flat): blocking also ends the account's sessions on the server. */
export function useSetUserActive() {
  const refresh = useUsersRefresh();
  return useMutation({
    mutationFn: ({ id, active }: { id: number; active: boolean }) =>
      apiPut(`/users/${id}`, { is_active: active }),
    onSuccess: refresh,
  });
}

/**
 * `PUT /api/users/:id { documents_hold_until }` (flat): a legal hold on the account's ID documents until a
 * day (`YYYY-MM-DD`), or null to lift it.
 */
export function useSetDocumentsHold() {
  const refresh = useUsersRefresh();
  return useMutation({
    mutationFn: ({ id, until }: { id: number; until: string | null }) =>
      apiPut(`/users/${id}`, { documents_hold_until: until }),
    onSuccess: refresh,
  });
}

/** `POST /api/users/:id/logout-all`: every token of the account stops working. */
export function useLogoutEverywhere() {
  const refresh = useUsersRefresh();
  return useMutation({
    mutationFn: (id: number) => apiPost(`/users/${id}/logout-all`),
    onSuccess: refresh,
  });
}

/** `DELETE /api/admin/users/:id`: the account is deleted on request (its orders and payments stay). */
export function useDeleteAccount() {
  const refresh = useUsersRefresh();
  return useMutation({
    mutationFn: (id: number) => apiDelete(`/admin/users/${id}`),
    onSuccess: refresh,
  });
}

/** `PUT /api/subscriptions/:id { data: { extra_ads } }`: a provider's extra-ads allowance. */
export function useSetExtraAds() {
  const refresh = useUsersRefresh();
  return useMutation({
    mutationFn: ({ id, extraAds }: { id: number; extraAds: number }) =>
      apiPut(`/subscriptions/${id}`, { data: { extra_ads: extraAds } }),
    onSuccess: refresh,
  });
}
