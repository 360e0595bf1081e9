import type { RouteObject } from 'react-router';
import { jsonResponse, renderRoutes } from './render.tsx';
import type { ApiCall } from './api.ts';
import { answerLookups } from './testAds.tsx';
import { answerMe, HOBBYIST, list, PROVIDER_USER, signInAs } from './testCard.tsx';
import type { Place, PlaceWithRelations, VenueReview } from '../features/places/api.ts';

export { HOBBYIST, PROVIDER_USER };

export const TEST_PLACE_TYPES = [
  { id: 1, attributes: { type: 'eroticbody', name: 'Erotic Body Rubs' } },
  { id: 2, attributes: { type: 'sextoy', name: 'Sex Toy Shops' } },
  { id: 3, attributes: { type: 'stripclub', name: 'Strip Club Links' } },
];

/** A place as `GET /api/vendors` answers it with image, address and type populated. */
export function buildPlace(id: number, overrides: Partial<PlaceWithRelations> = {}): Place {
  return {
    id,
    attributes: {
      name: `Place ${id}`,
      phone: '5550102030',
      email: 'place@example.test',
      website: 'https://place.example.test',
      rating: 0,
      review_count: 0,
      last_review_at: '',
      has_video: 0,
      review: 'pending',
      review_reason: null,
      createdAt: '2026-11-01T00:00:00.000Z',
      updatedAt: '2026-11-01T00:00:00.000Z',
      vendor_type: { data: TEST_PLACE_TYPES[0]! as never },
      address: {
        data: {
          id: 100 + id,
          attributes: {
            location: '1 Main St',
            city: 'San Jose',
            state: 'CA',
            postal_code: '95112',
            country: 'US',
          },
        },
      },
      image: {
        data: {
          id: 200 + id,
          attributes: {
            url: `/uploads/p${id}.jpg`,
            name: `p${id}.jpg`,
            formats: { thumbnail: { url: `/uploads/thumbnail_p${id}.jpg` } },
          },
        },
      },
      video: { data: null },
      ...overrides,
    },
  };
}

export function buildReview(
  id: number,
  rating: number,
  review: string,
  author: { id: number; username: string } = { id: 77, username: 'hugo77' },
): VenueReview {
  return {
    id,
    attributes: {
      rating,
      review,
      createdAt: '2026-11-20T10:00:00.000Z',
      updatedAt: '2026-11-20T10:00:00.000Z',
      user: {
        data: { id: author.id, attributes: { username: author.username, first_name: null, last_name: null } },
      },
    },
  };
}

export function pageOf(data: unknown[], page = 1, pageCount = 1, total = data.length, pageSize = 10) {
  return jsonResponse({ data, meta: { pagination: { page, pageSize, pageCount, total } } });
}

/** The lookups every place screen may call: place types, states, cities and the session's user. */
export function answerPlaceLookups(call: ApiCall, user: object | null = PROVIDER_USER): Response | undefined {
  if (call.path === '/vendor-types') return list(TEST_PLACE_TYPES);
  if (call.path === '/users/me') return answerMe(call, user);
  return answerLookups(call);
}

export function renderPlacePage(
  path: string,
  routes: RouteObject[],
  user: { id: number } | null = PROVIDER_USER,
) {
  if (user) signInAs(user);
  const standIns: RouteObject[] = [
    { path: '/login', element: <p>login page</p> },
    { path: '/place/view', element: <p>my places page</p> },
    { path: '/place/add', element: <p>add place page</p> },
  ];
  return renderRoutes(
    [...routes, ...standIns.filter((r) => !routes.some((own) => own.path === r.path))],
    [path],
  );
}
