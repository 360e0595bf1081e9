import { vi } from 'vitest';
import { jsonResponse } from './render.tsx';

/** One call the page made, as the mocked API saw it. */
export interface ApiCall {
  method: string;
  /** Path without the `/api` prefix, e.g. `/auth/local`. */
  path: string;
  search: URLSearchParams;
  /** Parsed JSON, the FormData of an upload, or undefined. */
  body: unknown;
  authorization: string | null;
}

export type ApiHandler = (call: ApiCall) => Response | undefined | Promise<Response | undefined>;

/**
 * Replaces `fetch` with a fake API: `handler` answers each call (undefined means 404) and every call
 * is recorded, in order, in the returned array.
 */
export function mockApi(handler: ApiHandler): ApiCall[] {
  const calls: ApiCall[] = [];
  const answer = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input), 'http://localhost');
    const headers = new Headers(init.headers);
    let body: unknown = init.body;
    if (typeof init.body === 'string') body = JSON.parse(init.body) as unknown;
    const call: ApiCall = {
      method: init.method ?? 'GET',
      path: url.pathname.replace(/^\/api/, ''),
      search: url.searchParams,
      body,
      authorization: headers.get('Authorization'),
    };
    calls.push(call);
    return (
      (await handler(call)) ??
      jsonResponse({ data: null, error: { status: 404, name: 'NotFoundError', message: 'Not Found' } }, 404)
    );
  });
  vi.stubGlobal('fetch', answer);
  vi.stubGlobal('XMLHttpRequest', xhrOver(answer));
  return calls;
}

/** An XMLHttpRequest stand-in (the uploader's transport) that asks the same fake API as `fetch`. */
function xhrOver(answer: (input: string, init: RequestInit) => Promise<Response>) {
  return class FakeXhr {
    status = 0;
    responseText = '';
    upload: { onprogress?: (event: ProgressEvent) => void } = {};
    onload?: () => void;
    onerror?: () => void;
    onabort?: () => void;
    private method = 'GET';
    private url = '';
    private headers: Record<string, string> = {};
    open(method: string, url: string) {
      this.method = method;
      this.url = url;
    }
    setRequestHeader(name: string, value: string) {
      this.headers[name] = value;
    }
    send(body: FormData) {
      void answer(this.url, { method: this.method, headers: this.headers, body }).then(async (response) => {
        this.status = response.status;
        this.responseText = await response.text();
        this.onload?.();
      });
    }
  };
}

/** A Strapi-style error reply. */
export function errorResponse(status: number, message: string, details: unknown = {}): Response {
  const name = status === 400 ? 'ValidationError' : 'ApplicationError';
  return jsonResponse({ data: null, error: { status, name, message, details } }, status);
}
