import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ReportStatus, TAdminReportKind } from '@app/domain';
import { apiPost, apiPut } from '../../api/client.ts';
import { ADMIN_QUERY_KEY } from './adminApi.ts';

/**
 * The Reports page's calls (contract §6). The list is `GET /api/admin/reports`;
 * reports and screening flags are changed through `PUT /api/reports/:id`, contact messages through
 * `PUT /api/contact-messages/:id` (both `{ data: { status?, staff_note? } }`), and hiding the reported
 * ad or place is `POST /api/admin/reports/:id/hide`.
 */

export interface ReportChange {
  status?: ReportStatus;
  staff_note?: string;
}

export function updateReport(kind: TAdminReportKind, id: number, data: ReportChange) {
  const path = kind === 'contact' ? '/contact-messages' : '/reports';
  return apiPut(`${path}/${id}`, { data });
}

/** After a change: the queue, the dashboard's sizes and the account pages (which list reports) read afresh. */
function useAdminRefresh() {
  const queryClient = useQueryClient();
  return () => void queryClient.invalidateQueries({ queryKey: ADMIN_QUERY_KEY });
}

export function useUpdateReport() {
  const refresh = useAdminRefresh();
  return useMutation({
    mutationFn: ({ kind, id, data }: { kind: TAdminReportKind; id: number; data: ReportChange }) =>
      updateReport(kind, id, data),
    onSuccess: refresh,
  });
}

/** `POST /api/admin/reports/:id/hide`: the reported ad or place goes back to pending review. */
export function useHideReported() {
  const refresh = useAdminRefresh();
  return useMutation({
    mutationFn: (id: number) => apiPost(`/admin/reports/${id}/hide`),
    onSuccess: refresh,
  });
}
