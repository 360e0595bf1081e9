import { fireEvent, screen } from '@testing-library/react';
import { onTestFinished, vi } from 'vitest';
import type { RouteObject } from 'react-router';
import { jsonResponse, renderRoutes } from './render.tsx';
import type { ApiCall } from './api.ts';
import { answerMe, buildProvider, list, PROVIDER_USER, signInAs } from './testCard.tsx';
import type { OwnAd } from '../features/directory/ads/api.ts';

export { PROVIDER_USER };

/** `GET /api/subscriptions/current` with an active subscription, or none. */
export function currentAnswer(quota: { allowed: number; posted: number; remaining: number } | null) {
  return jsonResponse({
    data: quota
      ? {
          subscription: {
            id: 3,
            attributes: {
              start_date: '2026-11-01T00:00:00.000Z',
              end_date: '2027-02-01T00:00:00.000Z',
              payment_status: 'verified',
              isActive: true,
              status: 'Active',
              ads_allowed: quota.allowed,
              extra_ads: 0,
            },
          },
          quota,
          subscribed: true,
        }
      : { subscription: null, quota: { allowed: 0, posted: 0, remaining: 0 }, subscribed: false },
  });
}

/** The lookups of the ad form: languages and races (with the N/A entry), states and cities. */
export function answerLookups(call: ApiCall): Response | undefined {
  if (call.path === '/languages')
    return list([
      { id: 1, attributes: { lang_name: 'English', provider: 3 } },
      { id: 2, attributes: { lang_name: 'French', provider: 1 } },
      { id: 0, attributes: { lang_name: 'N/A', provider: 0 } },
    ]);
  if (call.path === '/races')
    return list([
      { id: 4, attributes: { race_name: 'Latina', provider: 2 } },
      { id: 0, attributes: { race_name: 'N/A', provider: 0 } },
    ]);
  if (call.path === '/states')
    return list([
      { id: 5, attributes: { state_name: 'California', state_code: 'CA' } },
      { id: 6, attributes: { state_name: 'Nevada', state_code: 'NV' } },
    ]);
  if (call.path === '/cities') {
    const state = call.search.get('filters[state_code][$eq]');
    const names = state === 'CA' ? ['Redding', 'San Jose'] : ['Reno'];
    return list(
      names.map((city_name, i) => ({
        id: i + 1,
        attributes: { city_name, state_code: state, state_name: '' },
      })),
    );
  }
  return answerMe(call, PROVIDER_USER);
}

/** An ad as its owner reads it (populate=*). */
/** One of the signed-in provider's ads (its `user` is `PROVIDER_USER`, as `populate=*` answers it). */
export function buildOwnAd(id: number, overrides: Partial<OwnAd['attributes']> = {}): OwnAd {
  const { attributes } = buildProvider(id, { state: 'CA', city: 'Redding', ...overrides });
  return {
    id,
    attributes: {
      review: 'pending',
      review_reason: null,
      ...attributes,
      user: { data: { id: PROVIDER_USER.id, attributes: { username: PROVIDER_USER.username } } },
      ...overrides,
    },
  };
}

export function renderAdPage(path: string, routes: RouteObject[]) {
  signInAs(PROVIDER_USER);
  return renderRoutes(
    [
      ...routes,
      { path: '/', element: <p>home page</p> },
      { path: '/ads/packages', element: <p>packages page</p> },
      { path: '/ads/submit', element: <p>post ad page</p> },
    ],
    [path],
  );
}

/** Object URLs for jsdom's File. */
export function stubObjectUrls() {
  const original = { createObjectURL: URL.createObjectURL, revokeObjectURL: URL.revokeObjectURL };
  let n = 0;
  Object.assign(URL, { createObjectURL: () => `blob:preview-${(n += 1)}`, revokeObjectURL: vi.fn() });
  onTestFinished(() => {
    Object.assign(URL, original);
  });
}

export const fileOf = (name: string, type: string) => new File(['x'], name, { type });

export function pickFiles(label: string, files: File[]) {
  fireEvent.change(screen.getByLabelText(label, { selector: 'input' }), { target: { files } });
}

export function type(label: string, value: string) {
  const input = screen.getByLabelText(label, { exact: true });
  fireEvent.change(input, { target: { value } });
  fireEvent.blur(input);
}
