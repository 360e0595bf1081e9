import { screen } from '@testing-library/react';
import type { ProviderAttributes } from '@app/domain';
import { STORAGE_KEYS } from '../lib/storage.ts';
import { jsonResponse, renderRoutes } from './render.tsx';
import type { ApiCall } from './api.ts';
import { ProviderCard } from '../features/directory/ProviderCard.tsx';

/** A listed provider as the listing passes it to the card. */
export function buildProvider(id = 7, overrides: Partial<ProviderAttributes> = {}) {
  const attributes: ProviderAttributes = {
    title: 'Sunset sessions in San Jose',
    name: 'Ava',
    country: 'US',
    state: 'CA',
    city: 'San Jose',
    age: 27,
    phone: '555-010-2030',
    call: 'Outcall/Incall',
    massage: 'yes',
    threesome: 'no',
    kissing: 'yes',
    kissing_types: 'Light,Moderate',
    fellatio: 'no',
    fellatio_type: null,
    cunnilingus: 'yes',
    anilingus: 'no',
    anilingus_act: null,
    vaginal: 'yes',
    vaginal_type: 'CFS',
    anal: 'no',
    anal_activity: null,
    cum: 'CIM',
    cum_type: 'Swallow,Spit',
    personality: 'Confident',
    grooming: 'Trimmed',
    donation_half_hour: 120,
    donation_hour: 200,
    message: 'Dinner dates',
    services_provided_approval: true,
    isShowed: true,
    likes_count: 3,
    dislikes_count: 1,
    averages_count: 2,
    comments_count: 0,
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
    images: {
      data: [
        {
          id: 1,
          attributes: {
            name: 'a.jpg',
            url: '/uploads/a.jpg',
            formats: { small: { url: '/uploads/small_a.jpg' } },
          },
        },
        { id: 2, attributes: { name: 'b.jpg', url: '/uploads/b.jpg', formats: null } },
      ],
    },
    video: { data: null },
    language: { data: { id: 1, attributes: { lang_name: 'English' } } },
    race: { data: { id: 2, attributes: { race_name: 'Latina' } } },
    ...overrides,
  };
  return { id, attributes };
}

export const HOBBYIST = {
  id: 41,
  username: 'hob',
  first_name: 'Hal',
  last_name: 'Hobbs',
  user_type: 'Hobbyist',
};
export const PROVIDER_USER = {
  id: 42,
  username: 'pro',
  first_name: 'Pia',
  last_name: 'Pro',
  user_type: 'Provider',
};

export function signInAs(user: { id: number }) {
  window.localStorage.setItem(STORAGE_KEYS.token, 'jwt');
  window.localStorage.setItem(STORAGE_KEYS.userId, String(user.id));
  window.localStorage.setItem(STORAGE_KEYS.user, JSON.stringify(user));
}

/** Answers the session's own refresh (`/users/me`) with `user`, so a signed-in test stays signed in. */
export function answerMe(call: ApiCall, user: object | null): Response | undefined {
  if (call.path === '/users/me' && user) return jsonResponse(user);
  return undefined;
}

export const emptyList = () =>
  jsonResponse({ data: [], meta: { pagination: { page: 1, pageSize: 25, pageCount: 0, total: 0 } } });

export function list(data: unknown[]) {
  return jsonResponse({
    data,
    meta: { pagination: { page: 1, pageSize: 100, pageCount: 1, total: data.length } },
  });
}

/** The cards as the listing shows them: the first one is the page's first (`priority`). */
export function renderCards(providers: ReturnType<typeof buildProvider>[]) {
  return renderRoutes([
    {
      path: '/',
      element: (
        <>
          {providers.map((provider, index) => (
            <ProviderCard key={provider.id} provider={provider} priority={index === 0} />
          ))}
        </>
      ),
    },
    { path: '/login', element: <p>login page</p> },
  ]);
}

export const button = (name: string) => screen.getByRole('button', { name });
export const posts = (calls: ApiCall[]) => calls.filter((call) => call.method === 'POST');
