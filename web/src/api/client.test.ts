import { describe, expect, it, vi } from 'vitest';
import { STORAGE_KEYS } from '../lib/storage.ts';
import { jsonResponse } from '../test/render.tsx';
import { ApiError, apiGet, apiPost } from './client.ts';

function mockFetch(response: Response | Error) {
  const fn = vi.fn(async (_url: string, _init?: RequestInit) => {
    if (response instanceof Error) throw response;
    return response;
  });
  vi.stubGlobal('fetch', fn);
  return fn;
}

describe('api client', () => {
  it('gets JSON with a Strapi query and no token for a visitor', async () => {
    const fetchMock = mockFetch(jsonResponse({ data: [] }));
    await expect(apiGet('/products', { pagination: { page: 2 }, populate: '*' })).resolves.toEqual({
      data: [],
    });
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/products?pagination[page]=2&populate=*');
    expect((init?.headers as Record<string, string>).Authorization).toBeUndefined();
  });

  it('posts JSON with the bearer token of the session', async () => {
    window.localStorage.setItem(STORAGE_KEYS.token, 'abc');
    const fetchMock = mockFetch(jsonResponse({ data: { id: 1 } }));
    await apiPost('/orders', { data: { amount: 10 } });
    const [, init] = fetchMock.mock.calls[0]!;
    expect(init?.method).toBe('POST');
    expect(init?.body).toBe('{"data":{"amount":10}}');
    expect(init?.headers).toMatchObject({ Authorization: 'Bearer abc', 'Content-Type': 'application/json' });
  });

  it("turns Strapi's error body into an ApiError", async () => {
    mockFetch(
      jsonResponse(
        {
          data: null,
          error: {
            status: 400,
            name: 'ValidationError',
            message: 'Invalid identifier or password',
            details: { errors: [] },
          },
        },
        400,
      ),
    );
    const error = await apiPost('/auth/local', {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 400,
      message: 'Invalid identifier or password',
      errorName: 'ValidationError',
      details: { errors: [] },
      isBadRequest: true,
    });
  });

  it('turns other failures into an ApiError too', async () => {
    mockFetch(new Response('<html>oops</html>', { status: 502, statusText: 'Bad Gateway' }));
    await expect(apiGet('/x')).rejects.toMatchObject({ status: 502, message: 'Bad Gateway' });

    mockFetch(new TypeError('Failed to fetch'));
    const error = await apiGet('/x').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 0, isNetworkError: true, message: 'Network response was not ok' });
  });
});
