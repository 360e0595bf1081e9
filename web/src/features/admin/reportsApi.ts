import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  ReportStatus,
  TAdminReportKind,
  THobbyistRatingKind,
  TScreeningReviewDecision,
  TScreeningReviewDetail,
} from '@app/domain';
import { HOBBYIST_RATING_PATHS } from '@app/domain';
import { apiDelete, apiGet, apiPost, apiPut } from '../../api/client.ts';
import { ADMIN_QUERY_KEY } from './adminApi.ts';

/**
 * The Reports page's calls (contract §6). The list is `GET /api/admin/reports`;
 * reports and screening flags are changed through `PUT /api/reports/:id`, contact messages through
 * `PUT /api/contact-messages/:id`, screening review requests through `PUT /api/admin/screening-reviews/:id`
 * (each `{ data: { status?, staff_note? } }`), and hiding the reported ad or place is
 * `POST /api/admin/reports/:id/hide`. A screening review request's entries are
 * `GET /api/admin/screening-reviews/:id`, removed through the screening routes' own deletes, and its outcome
 * is `POST /api/admin/screening-reviews/:id/decision`.
 */

export interface ReportChange {
  status?: ReportStatus;
  staff_note?: string;
}

export function updateReport(kind: TAdminReportKind, id: number, data: ReportChange) {
  const path =
    kind === 'contact' ? '/contact-messages' : kind === 'review' ? '/admin/screening-reviews' : '/reports';
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

const reviewKey = (id: number) => [...ADMIN_QUERY_KEY, 'screening-review', id] as const;

/** A screening review request with the entries about its number. */
export function useScreeningReview(id: number) {
  return useQuery({
    queryKey: reviewKey(id),
    queryFn: ({ signal }) =>
      apiGet<{ data: TScreeningReviewDetail }>(`/admin/screening-reviews/${id}`, undefined, { signal }),
    select: (body) => body.data,
  });
}

/** An entry the admin removes from the request's panel: a rating, a comment, or the number with all its entries. */
export type ScreeningEntry =
  | { type: 'rating'; id: number; kind: THobbyistRatingKind }
  | { type: 'comment'; id: number }
  | { type: 'record'; id: number };

const entryPath = (entry: ScreeningEntry) =>
  entry.type === 'rating'
    ? `/${HOBBYIST_RATING_PATHS[entry.kind]}/${entry.id}`
    : entry.type === 'comment'
      ? `/hobbyist-comments/${entry.id}`
      : `/customer-hobbyists/${entry.id}`;

/** Removes a screening entry (recorded by the server); the request's entries read afresh. */
export function useRemoveScreeningEntry() {
  const refresh = useAdminRefresh();
  return useMutation({
    mutationFn: (entry: ScreeningEntry) => apiDelete(entryPath(entry)),
    onSuccess: refresh,
  });
}

/** Sends a screening review request's outcome: it closes and the requester is e-mailed. */
export function useDecideScreeningReview() {
  const refresh = useAdminRefresh();
  return useMutation({
    mutationFn: ({ id, data }: { id: number; data: TScreeningReviewDecision }) =>
      apiPost<{ data: { mailed: boolean } }>(`/admin/screening-reviews/${id}/decision`, { data }),
    onSuccess: refresh,
  });
}
