import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { MESSAGES } from '@app/domain';
import { jsonResponse } from '../../test/render.tsx';
import { mockApi } from '../../test/api.ts';
import type { ApiCall } from '../../test/api.ts';
import MyPlacesPage from './MyPlacesPage.tsx';
import type { Place } from './api.ts';
import {
  answerPlaceLookups,
  buildPlace,
  pageOf,
  PROVIDER_USER,
  renderPlacePage,
} from '../../test/testPlaces.tsx';

const M = MESSAGES.myPlaces;
const P = MESSAGES.places;
const C = MESSAGES.confirmDelete;
const R = MESSAGES.review;

function myPlacesApi(answerList: (call: ApiCall) => Response = () => pageOf([])) {
  return mockApi((call) => {
    if (call.path === '/vendors' && call.method === 'GET') return answerList(call);
    if (call.path.startsWith('/vendors/') && call.method === 'DELETE')
      return jsonResponse({ data: buildPlace(Number(call.path.split('/')[2])) });
    return answerPlaceLookups(call);
  });
}

const renderMyPlaces = () =>
  renderPlacePage('/place/view', [{ path: '/place/view', element: <MyPlacesPage /> }]);
const card = (name: string) => screen.getByRole('article', { name });

describe('MyPlacesPage', { timeout: 20_000 }, () => {
  it("lists the owner's places newest first with type, address, review state, Edit and Add Place", async () => {
    const places: Place[] = [
      buildPlace(8, { name: 'New one', review: 'pending' }),
      buildPlace(7, { name: 'Turned down', review: 'rejected', review_reason: 'Blurry picture' }),
      buildPlace(6, { name: 'Live one', review: 'approved', image: { data: null } }),
    ];
    const calls = myPlacesApi(() => pageOf(places));
    renderMyPlaces();
    await screen.findByRole('article', { name: 'New one' });

    const fresh = card('New one');
    expect(within(fresh).getByText('Erotic Body Rubs')).toBeTruthy();
    expect(within(fresh).getByText('1 Main St, San Jose, CA, 95112, US')).toBeTruthy();
    expect(within(fresh).getByText(R.pending)).toBeTruthy();
    expect(within(fresh).getByRole('img').getAttribute('src')).toBe('/uploads/thumbnail_p8.jpg');
    expect(within(fresh).getByRole('link', { name: MESSAGES.myAds.edit }).getAttribute('href')).toBe(
      '/place/edit/8',
    );
    expect(within(card('Turned down')).getByText(R.rejected)).toBeTruthy();
    expect(within(card('Turned down')).getByText(`${M.reason}: Blurry picture`)).toBeTruthy();
    expect(within(card('Live one')).getByText(R.approved)).toBeTruthy();
    expect(
      within(card('Live one')).getByRole('img', { name: MESSAGES.venues.placeholderImage }),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: M.addPlace }).getAttribute('href')).toBe('/place/add');

    const list = calls.find((call) => call.path === '/vendors');
    expect(list?.search.get('filters[user][id][$eq]')).toBe(String(PROVIDER_USER.id));
    expect(list?.search.get('sort')).toBe('id:desc');
    expect(list?.search.get('populate')).toBe('*');
    expect(list?.search.get('pagination[pageSize]')).toBe('10');
  });

  it('asks before deleting: Close keeps the place, Delete deletes it', async () => {
    const calls = myPlacesApi(() => pageOf([buildPlace(7, { name: 'Old one' })]));
    renderMyPlaces();
    await screen.findByRole('article', { name: 'Old one' });

    fireEvent.click(within(card('Old one')).getByRole('button', { name: P.delete }));
    let dialog = await screen.findByRole('dialog', { name: C.title });
    expect(within(dialog).getByText(C.prompt)).toBeTruthy();
    const close = within(dialog)
      .getAllByRole('button', { name: C.close })
      .find((b) => b.textContent === C.close);
    fireEvent.click(close!);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.some((call) => call.method === 'DELETE')).toBe(false);

    fireEvent.click(within(card('Old one')).getByRole('button', { name: P.delete }));
    dialog = await screen.findByRole('dialog', { name: C.title });
    fireEvent.click(within(dialog).getByRole('button', { name: P.delete }));
    expect(await screen.findByText(P.deleted)).toBeTruthy();
    expect(calls.filter((call) => call.method === 'DELETE').map((call) => call.path)).toEqual(['/vendors/7']);
    await waitFor(() => expect(calls.filter((call) => call.path === '/vendors').length).toBe(2));
  });

  it('offers page sizes 10 to 40 and moves through the pages', async () => {
    const calls = myPlacesApi((call) => {
      const pageNo = Number(call.search.get('pagination[page]'));
      return pageOf([buildPlace(100 - pageNo, { name: `Place on page ${pageNo}` })], pageNo, 3, 25);
    });
    renderMyPlaces();
    await screen.findByRole('article', { name: 'Place on page 1' });
    fireEvent.click(
      within(screen.getByRole('navigation', { name: M.pages })).getByRole('button', {
        name: MESSAGES.pagination.next,
      }),
    );
    expect(await screen.findByRole('article', { name: 'Place on page 2' })).toBeTruthy();
    fireEvent.change(screen.getByLabelText(M.pageSize), { target: { value: '30' } });
    expect(await screen.findByRole('article', { name: 'Place on page 1' })).toBeTruthy();
    const last = calls.filter((call) => call.path === '/vendors').at(-1);
    expect(last?.search.get('pagination[pageSize]')).toBe('30');
    expect(
      within(screen.getByLabelText(M.pageSize))
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['10', '20', '30', '40']);
  });
});
