import type { TwoFactorStatus } from '@app/domain';
import { MESSAGES } from '@app/domain';
import { apiBlob, apiDelete, apiGet, apiPost, apiPut, isApiError } from '../../api/client.ts';
import type { QueryParams } from '../../api/client.ts';

/**
 * The admin console's calls (contract "Web"): thin helpers over the web client, so every
 * console call sends the session's token and fails with the one `ApiError`. Paths are the API's own,
 * relative to `/api` (`/admin/moderation`, `/providers/12`).
 */

/** One page of an `/api/admin/*` list (contract: `{ data, meta.pagination }`). */
export interface AdminPage<T> {
  data: T[];
  meta: { pagination: { page: number; pageSize: number; pageCount: number; total: number } };
}

/** The console's page size unless a page says otherwise (the contract's default). */
export const ADMIN_PAGE_SIZE = 20;

/** The root of every console query key: a decision anywhere can refresh all of them at once. */
export const ADMIN_QUERY_KEY = ['admin'] as const;

export function adminGet<T>(path: string, query?: QueryParams, signal?: AbortSignal): Promise<T> {
  return apiGet<T>(path, query, { signal });
}

export function adminPut<T>(path: string, body?: unknown): Promise<T> {
  return apiPut<T>(path, body);
}

export function adminPost<T>(path: string, body?: unknown): Promise<T> {
  return apiPost<T>(path, body);
}

export function adminDelete<T>(path: string): Promise<T> {
  return apiDelete<T>(path);
}

/**
 * The text to show for a failed console call: the server's own message for an answer it gave (a 409
 * "cannot be approved until…" says why), the generic warning for anything else.
 */
export function adminErrorMessage(
  error: unknown,
  fallback: string = MESSAGES.adminConsole.dialog.actionFailed,
): string {
  if (!isApiError(error) || error.isNetworkError) return fallback;
  // A 400 at a field carries the plain text in `details.errors[].message`; its top-level message starts
  // with the field's path (`data.payment_status: …`), which means nothing to the admin.
  const detail = fieldMessage(error.details);
  if (detail) return detail;
  return error.message ? error.message.replace(/^data(?:\.[\w[\]]+)+: /, '') : fallback;
}

/** The first field error's own message in a Strapi `details` (`{ errors: [{ path, message }] }`). */
function fieldMessage(details: unknown): string | undefined {
  if (typeof details !== 'object' || details === null) return undefined;
  const errors = (details as { errors?: unknown }).errors;
  if (!Array.isArray(errors)) return undefined;
  const message = (errors[0] as { message?: unknown } | undefined)?.message;
  return typeof message === 'string' && message ? message : undefined;
}

// ---- two-factor ---------------------------------------------------------------------------------

export const TWO_FACTOR_STATUS_QUERY_KEY = ['auth', '2fa'] as const;

/** `GET /api/auth/2fa`: whether the account has two-factor sign-in and this token was given a code. */
export function fetchTwoFactorStatus(signal?: AbortSignal): Promise<TwoFactorStatus> {
  return apiGet<TwoFactorStatus>('/auth/2fa', undefined, { signal });
}

// ---- private files ------------------------------------------------------------------------------

/**
 * A private file's bytes (`GET /api/upload/files/:id/content`, the ID documents) with the session's
 * token in the Authorization header, never in the URL: the console shows them from an object URL.
 * The server records each admin view in the audit log.
 */
export function fetchPrivateFile(id: number, signal?: AbortSignal): Promise<Blob> {
  return apiBlob(`/upload/files/${id}/content`, signal ? { signal } : {});
}
