import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { ApiList, AuditLogAttributes } from '@app/domain';
import { MESSAGES } from '@app/domain';
import { ApiError, apiGet, buildApiUrl } from '../../api/client.ts';
import type { QueryParams } from '../../api/client.ts';
import { readItem, STORAGE_KEYS } from '../../lib/storage.ts';

/**
 * The Audit log page's calls (contract §1): the entries as a Strapi list, the
 * actions for the filter, and the CSV export fetched with the session's token (never in the URL).
 */

/** The page's filters as typed: every one optional ('' is no filter). */
export interface AuditFilters {
  /** An exact action, e.g. `user.block`. */
  action: string;
  /** An admin's account id. */
  actor: string;
  /** A record (`provider:12`) or a record type alone (`provider`: every record of it). */
  subject: string;
}

export const EMPTY_AUDIT_FILTERS: AuditFilters = { action: '', actor: '', subject: '' };

export type AuditEntry = ApiList<AuditLogAttributes>['data'][number];

/** The Strapi `filters` of the page's filters: a subject without an id matches every record of its type. */
export function auditFilterParams(filters: AuditFilters): QueryParams {
  const action = filters.action.trim();
  const actor = filters.actor.trim();
  const subject = filters.subject.trim();
  const where: Record<string, QueryParams> = {};
  if (action) where.action = { $eq: action };
  if (actor) where.actor = { id: { $eq: actor } };
  if (subject) {
    // `provider:12` is one record; `provider` or `provider:` every record of that type.
    const type = subject.endsWith(':') ? subject.slice(0, -1) : subject;
    where.subject = type.includes(':') ? { $eq: subject } : { $startsWith: `${type}:` };
  }
  return Object.keys(where).length > 0 ? { filters: where } : {};
}

/** The CSV export's query: the same filters as plain parameters. */
export function auditCsvParams(filters: AuditFilters): QueryParams {
  return {
    action: filters.action.trim() || undefined,
    actor: filters.actor.trim() || undefined,
    subject: filters.subject.trim() || undefined,
  };
}

export function fetchAuditLog(filters: AuditFilters, page: number, pageSize: number, signal?: AbortSignal) {
  return apiGet<ApiList<AuditLogAttributes>>(
    '/audit-logs',
    {
      ...auditFilterParams(filters),
      populate: { actor: { fields: ['username', 'email'] } },
      sort: 'id:desc',
      pagination: { page, pageSize },
    },
    { signal },
  );
}

export function useAuditLog(filters: AuditFilters, page: number, pageSize: number) {
  return useQuery({
    queryKey: ['admin', 'audit-log', filters, page, pageSize],
    queryFn: ({ signal }) => fetchAuditLog(filters, page, pageSize, signal),
    placeholderData: keepPreviousData,
  });
}

/** The distinct actions recorded so far (`GET /api/admin/audit-actions`). */
export function useAuditActions() {
  return useQuery({
    queryKey: ['admin', 'audit-actions'],
    queryFn: ({ signal }) =>
      apiGet<{ data: string[] }>('/admin/audit-actions', undefined, { signal }).then((res) => res.data),
    staleTime: 60_000,
  });
}

/**
 * `GET /api/admin/audit-logs.csv` with the filters, as a Blob: the bearer token goes in the header,
 * so the page hands the browser an object URL rather than a link carrying the token.
 */
export async function fetchAuditCsv(filters: AuditFilters): Promise<Blob> {
  const token = readItem(STORAGE_KEYS.token);
  let response: Response;
  try {
    response = await fetch(buildApiUrl('/admin/audit-logs.csv', auditCsvParams(filters)), {
      headers: { Accept: 'text/csv', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
    });
  } catch {
    throw new ApiError(0, MESSAGES.toast.networkError, 'NetworkError');
  }
  if (!response.ok) throw new ApiError(response.status, MESSAGES.auditLog.exportFailed);
  return response.blob();
}

const LABELS = MESSAGES.auditLog;

/** A recorded action as the page shows it: its friendly name, 'Other change (api.put)', or as recorded. */
export function auditActionLabel(action: string): string {
  const known = LABELS.actionLabels[action];
  if (known) return known;
  if (action.startsWith('api.')) return LABELS.otherChange.replace('{action}', action);
  return action;
}

/** A recorded record as the page shows it: `provider:325` is 'Ad #325'; an unknown type as recorded. */
export function auditSubjectLabel(subject: string): string {
  const colon = subject.indexOf(':');
  if (colon <= 0) return subject;
  const type = LABELS.subjectTypes[subject.slice(0, colon)];
  const id = subject.slice(colon + 1);
  if (!type || id === '') return subject;
  const template = /^\d+$/.test(id) ? LABELS.subjectNumbered : LABELS.subjectNamed;
  return template.replace('{type}', type).replace('{id}', id);
}

/** The filters kept in the page's URL (`?actor=1&action=user.block&subject=provider&page=2`). */
export function auditFiltersFromParams(params: URLSearchParams): AuditFilters {
  return {
    action: params.get('action') ?? '',
    actor: params.get('actor') ?? '',
    subject: params.get('subject') ?? '',
  };
}
