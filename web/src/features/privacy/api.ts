import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiBlob, apiGet, apiPost } from '../../api/client.ts';

/** An export of an account's data as its list answers it. */
export interface DataExport {
  id: number;
  /** `running` while it is being written. */
  state: 'pending' | 'running' | 'ready' | 'failed';
  size: number | null;
  createdAt: string;
  readyAt: string | null;
  expiresAt: string | null;
}

/** Where an account's exports are listed and asked for: its own, or (the console) another's. */
const base = (userId?: number) =>
  userId === undefined ? '/account/exports' : `/admin/users/${userId}/exports`;

/**
 * The exports of the signed-in account (or, for the admin, of `userId`), newest first; asked again every few
 * seconds while one is being prepared.
 */
export function useExports(userId?: number) {
  return useQuery({
    queryKey: ['exports', userId ?? 'own'],
    queryFn: ({ signal }) =>
      apiGet<{ data: DataExport[] }>(base(userId), undefined, { signal }).then((b) => b.data),
    refetchInterval: (query) =>
      query.state.data?.some((e) => e.state === 'pending' || e.state === 'running') ? 3_000 : false,
  });
}

/** Asks for a new export (one a day for one's own; the admin's on a person's request). */
export function useRequestExport(userId?: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => apiPost<{ data: DataExport }>(base(userId)),
    onSettled: () => client.invalidateQueries({ queryKey: ['exports', userId ?? 'own'] }),
  });
}

/** Downloads an export's zip with the session's token, then hands it to the browser as a file. */
export async function downloadExport(id: number): Promise<void> {
  const blob = await apiBlob(`/account/exports/${id}/download`);
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = `live-the-fantasy-data-${id}.zip`;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
