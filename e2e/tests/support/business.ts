import type { APIRequestContext } from '@playwright/test';
import { expect } from '@playwright/test';
import { signInThroughApi, uniqueId, type AccountData } from './accounts.ts';
import { ADMIN } from './admin.ts';
import { pngFile } from './png.ts';

/** The administrator the e2e server starts with (playwright.config.ts); signed in with a code (admin.ts). */
export { ADMIN };

/** Calls the API as `account` (signed in fresh), answering the parsed body; fails the test on a non-200. */
export async function apiAs<T = { data: { id: number; attributes: Record<string, unknown> } }>(
  request: APIRequestContext,
  account: Pick<AccountData, 'email' | 'password'>,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  path: string,
  data?: unknown,
): Promise<T> {
  const { jwt } = await signInThroughApi(request, account);
  const response = await request.fetch(path, {
    method,
    headers: { authorization: `Bearer ${jwt}` },
    ...(data !== undefined ? { data } : {}),
  });
  expect(response.status(), `${method} ${path}: ${await response.text()}`).toBe(200);
  return (await response.json()) as T;
}

/** The id of a seeded package by name (Starter, Standard, Premium). */
export async function packageId(request: APIRequestContext, name: string): Promise<number> {
  const response = await request.get(`/api/packages?filters[name][$eq]=${name}`);
  const body = (await response.json()) as { data: { id: number }[] };
  return body.data[0]!.id;
}

/** Buys a package over the API as the provider, paid by a made-up transaction id. */
export async function buyPackage(
  request: APIRequestContext,
  provider: Pick<AccountData, 'email' | 'password'>,
  name = 'Starter',
) {
  return apiAs(request, provider, 'POST', '/api/subscriptions', {
    data: { package: await packageId(request, name), transaction_id: `E2E-${uniqueId()}` },
  });
}

/** Uploads PNG images (public) as `account`; answers their ids. */
export async function uploadImages(
  request: APIRequestContext,
  account: Pick<AccountData, 'email' | 'password'>,
  count: number,
  purpose?: 'docs',
): Promise<number[]> {
  const { jwt } = await signInThroughApi(request, account);
  const form = new FormData();
  for (let i = 0; i < count; i++) {
    const file = pngFile(`photo-${i}.png`, 48, [200, 80 + i * 50, 120]);
    form.append('files', new Blob([new Uint8Array(file.buffer)], { type: file.mimeType }), file.name);
  }
  if (purpose) form.append('purpose', purpose);
  const response = await request.post('/api/upload', {
    multipart: form,
    headers: { authorization: `Bearer ${jwt}` },
  });
  expect(response.ok(), await response.text()).toBe(true);
  return ((await response.json()) as { id: number }[]).map((f) => f.id);
}

/** Posts an ad over the API as the provider (who needs an active subscription); answers its id. */
export async function postAd(
  request: APIRequestContext,
  provider: Pick<AccountData, 'email' | 'password'>,
  title: string,
): Promise<number> {
  const images = await uploadImages(request, provider, 1);
  const docs = await uploadImages(request, provider, 1, 'docs');
  const body = await apiAs(request, provider, 'POST', '/api/providers', {
    data: { title, name: 'Aria', state: 'CA', city: 'San Jose', age: 30, images, docs },
  });
  return body.data.id;
}

/** The admin marks the provider's ID verified (`PUT /api/users/:id {verification}`). */
export async function verifyProvider(request: APIRequestContext, userId: number) {
  await apiAs(request, ADMIN, 'PUT', `/api/users/${userId}`, { verification: 'verified' });
}

/**
 * The admin approves an ad (`PUT /api/providers/:id {review: 'approved'}`), verifying its owner's ID
 * first: an ad of an unverified provider cannot be approved.
 */
export async function approveAd(request: APIRequestContext, id: number) {
  const ad = await apiAs<{
    data: { attributes: { user: { data: { id: number; attributes: { verification?: string | null } } } } };
  }>(request, ADMIN, 'GET', `/api/providers/${id}?populate=user`);
  const owner = ad.data.attributes.user.data;
  if (owner.attributes.verification !== 'verified') await verifyProvider(request, owner.id);
  await apiAs(request, ADMIN, 'PUT', `/api/providers/${id}`, { data: { review: 'approved' } });
}

/** The admin approves the owner's pending changes to an approved ad or place, as the Changes queue shows them. */
export async function approveRevision(request: APIRequestContext, type: 'ad' | 'place', id: number) {
  const queue = await apiAs<{ data: { id: number; revision: { id: number; updatedAt: string } }[] }>(
    request,
    ADMIN,
    'GET',
    `/api/admin/moderation?type=${type}&queue=changes&pagination[pageSize]=100`,
  );
  const item = queue.data.find((i) => i.id === id);
  expect(item, `${type} ${id} in the changes queue`).toBeDefined();
  await apiAs(request, ADMIN, 'PUT', `/api/admin/revisions/${item!.revision.id}`, {
    data: { review: 'approved', updatedAt: item!.revision.updatedAt },
  });
}

/** The id of a place type by its `type` text (eroticbody, sextoy, stripclub). */
export async function placeTypeId(request: APIRequestContext, type: string): Promise<number> {
  const body = (await (await request.get('/api/vendor-types')).json()) as {
    data: { id: number; attributes: { type: string } }[];
  };
  return body.data.find((t) => t.attributes.type === type)!.id;
}

/** Adds a place over the API as the provider (address, then the place with an uploaded image); its id. */
export async function addPlace(
  request: APIRequestContext,
  provider: Pick<AccountData, 'email' | 'password'>,
  place: { name: string; type: string; city: string; state?: string },
): Promise<number> {
  const [image] = await uploadImages(request, provider, 1);
  const address = await apiAs(request, provider, 'POST', '/api/addresses', {
    data: {
      location: '1 Placeholder Way',
      city: place.city,
      state: place.state ?? 'CA',
      postal_code: '94000',
      country: 'US',
    },
  });
  const body = await apiAs(request, provider, 'POST', '/api/vendors', {
    data: {
      name: place.name,
      vendor_type: await placeTypeId(request, place.type),
      address: address.data.id,
      phone: '5550100100',
      email: 'place@example.com',
      image,
    },
  });
  return body.data.id;
}

/** The admin approves a place (`PUT /api/vendors/:id {review: 'approved'}`). */
export async function approvePlace(request: APIRequestContext, id: number) {
  await apiAs(request, ADMIN, 'PUT', `/api/vendors/${id}`, { data: { review: 'approved' } });
}
