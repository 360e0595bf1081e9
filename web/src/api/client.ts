import type { ApiErrorBody, QueryParams } from '@app/domain';
import { MESSAGES, toQueryString } from '@app/domain';
import { readItem, STORAGE_KEYS } from '../lib/storage.ts';

export { toQueryString } from '@app/domain';
export type { QueryParams, QueryValue } from '@app/domain';

/** Every call goes to the same origin; the Vite dev server proxies it to the API. */
export const API_BASE = '/api';

/**
 * The one error type the web client throws for a failed call: an HTTP error with Strapi's body
 * `{ data: null, error: { status, name, message, details } }`, any other non-2xx reply, a reply
 * that is not JSON, or a network failure (status 0).
 */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  /** HTTP status; 0 when no reply arrived. */
  readonly status: number;
  /** Strapi's error name, e.g. `ValidationError`, `ForbiddenError`; `NetworkError` for status 0. */
  readonly errorName: string;
  readonly details: unknown;

  constructor(status: number, message: string, errorName = 'ApplicationError', details: unknown = {}) {
    super(message);
    this.status = status;
    this.errorName = errorName;
    this.details = details;
  }

  get isNetworkError(): boolean {
    return this.status === 0;
  }
  get isBadRequest(): boolean {
    return this.status === 400;
  }
  get isUnauthorized(): boolean {
    return this.status === 401;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

function isStrapiErrorBody(body: unknown): body is ApiErrorBody {
  if (typeof body !== 'object' || body === null || !('error' in body)) return false;
  const error = (body as { error: unknown }).error;
  return (
    typeof error === 'object' &&
    error !== null &&
    typeof (error as { message?: unknown }).message === 'string'
  );
}

function isAbortError(error: unknown): boolean {
  return error instanceof DOMException && error.name === 'AbortError';
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  query?: QueryParams;
  /** A plain value is sent as JSON; FormData goes as multipart (the browser sets the boundary). */
  body?: unknown;
  signal?: AbortSignal;
  headers?: Record<string, string>;
  /** Send the session's bearer token when there is one (default true). */
  auth?: boolean;
}

/** Builds `/api/<path>?<query>`; `path` is relative to the API base, e.g. `/users/me`. */
export function buildApiUrl(path: string, query?: QueryParams): string {
  const cleanPath = path.startsWith('/') ? path : `/${path}`;
  const search = toQueryString(query);
  return `${API_BASE}${cleanPath}${search ? `?${search}` : ''}`;
}

async function readBody(response: Response): Promise<unknown> {
  if (response.status === 204) return undefined;
  const text = await response.text();
  if (text === '') return undefined;
  const type = response.headers.get('content-type') ?? '';
  if (!type.includes('json')) return text;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new ApiError(response.status, MESSAGES.toast.genericWarning, 'InvalidResponse');
  }
}

function networkError(cause: unknown): ApiError {
  return new ApiError(0, MESSAGES.toast.networkError, 'NetworkError', { cause: String(cause) });
}

/**
 * How calls travel: the browser's `fetch`. The server, rendering a public page, answers them itself
 * (server/src/http/plugins/server-render.ts sets its own through web/src/entry-server.tsx).
 */
let transport: typeof fetch = (...args) => fetch(...args);

/** Replaces how calls travel (the server's render only). */
export function setApiTransport(next: typeof fetch): void {
  transport = next;
}

/** Performs one API call and returns the parsed JSON body; throws ApiError on any failure. */
export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const { method = 'GET', query, body, signal, auth = true } = options;
  const headers: Record<string, string> = { Accept: 'application/json', ...options.headers };
  let payload: BodyInit | undefined;
  if (body instanceof FormData) {
    payload = body;
  } else if (body !== undefined) {
    headers['Content-Type'] = 'application/json';
    payload = JSON.stringify(body);
  }
  const token = auth ? readItem(STORAGE_KEYS.token) : null;
  if (token) headers.Authorization = `Bearer ${token}`;

  let response: Response;
  try {
    response = await transport(buildApiUrl(path, query), { method, headers, body: payload, signal });
  } catch (error) {
    // Cancellation is not a failure: TanStack Query and callers expect the AbortError itself.
    if (isAbortError(error)) throw error;
    throw networkError(error);
  }

  let parsed: unknown;
  try {
    parsed = await readBody(response);
  } catch (error) {
    if (isAbortError(error)) throw error;
    if (response.ok) throw error instanceof ApiError ? error : networkError(error);
    parsed = undefined; // an error reply without a readable body is reported by its status below
  }

  if (!response.ok) throw replyError(response.status, response.statusText, parsed);
  return parsed as T;
}

/**
 * `GET` of a file the API answers (a private document, an account's export), as a Blob: the bearer token
 * travels in the header, so the page hands the browser an object URL rather than a link carrying it.
 */
export async function apiBlob(
  path: string,
  options: CallOptions & { query?: QueryParams } = {},
): Promise<Blob> {
  const token = options.auth === false ? null : readItem(STORAGE_KEYS.token);
  const headers: Record<string, string> = { ...options.headers };
  if (token) headers.Authorization = `Bearer ${token}`;
  let response: Response;
  try {
    response = await transport(buildApiUrl(path, options.query), { headers, signal: options.signal });
  } catch (error) {
    if (isAbortError(error)) throw error;
    throw networkError(error);
  }
  if (!response.ok) {
    const parsed = await readBody(response).catch(() => undefined);
    throw replyError(response.status, response.statusText, parsed);
  }
  return response.blob();
}

/**
 * The error of a refused call from its status and parsed body: Strapi's error body when it is one,
 * else the status with `statusText` (or the generic warning). Every transport (fetch, the upload's
 * XMLHttpRequest) reads a refusal through this one function.
 */
export function replyError(status: number, statusText: string, parsed: unknown): ApiError {
  if (isStrapiErrorBody(parsed)) {
    const { error } = parsed;
    return new ApiError(
      typeof error.status === 'number' ? error.status : status,
      error.message,
      typeof error.name === 'string' ? error.name : 'ApplicationError',
      error.details ?? {},
    );
  }
  return new ApiError(status, statusText || MESSAGES.toast.genericWarning);
}

export interface CallOptions {
  signal?: AbortSignal;
  headers?: Record<string, string>;
  auth?: boolean;
}

export function apiGet<T>(path: string, query?: QueryParams, options: CallOptions = {}): Promise<T> {
  return apiRequest<T>(path, { ...options, method: 'GET', query });
}

export function apiPost<T>(path: string, body?: unknown, options: CallOptions = {}): Promise<T> {
  return apiRequest<T>(path, { ...options, method: 'POST', body });
}

export function apiPut<T>(path: string, body?: unknown, options: CallOptions = {}): Promise<T> {
  return apiRequest<T>(path, { ...options, method: 'PUT', body });
}

export function apiDelete<T>(path: string, query?: QueryParams, options: CallOptions = {}): Promise<T> {
  return apiRequest<T>(path, { ...options, method: 'DELETE', query });
}

/** One stored file as `POST /api/upload` returns it (Strapi's upload plugin shape). */
export interface UploadedFile {
  id: number;
  name: string;
  url: string;
  mime?: string;
  size?: number;
  formats?: Record<string, { url: string; width?: number; height?: number } | undefined> | null;
}
