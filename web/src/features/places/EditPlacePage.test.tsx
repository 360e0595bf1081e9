import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { MESSAGES } from '@app/domain';
import { jsonResponse } from '../../test/render.tsx';
import { errorResponse, mockApi } from '../../test/api.ts';
import { fileOf, pickFiles, type } from '../../test/testAds.tsx';
import { uploadFile } from '../../api/upload.ts';
import EditPlacePage from './EditPlacePage.tsx';
import {
  answerPlaceLookups,
  buildPlace,
  pageOf,
  PROVIDER_USER,
  renderPlacePage,
} from '../../test/testPlaces.tsx';

vi.mock('../../api/upload.ts', () => ({ uploadFile: vi.fn() }));

const F = MESSAGES.placeForm;
const P = MESSAGES.places;
const uploads = vi.mocked(uploadFile);

beforeEach(() => {
  uploads.mockReset();
  uploads.mockResolvedValue({ id: 900, name: 'new.jpg', url: '/uploads/new.jpg' });
});

const ownerOf = (id: number) => ({
  data: { id, attributes: {} },
});

function editApi() {
  return mockApi((call) => {
    if (call.path === '/vendors/9' && call.method === 'GET')
      return jsonResponse({ data: buildPlace(9, { name: 'Quiet Rooms', user: ownerOf(PROVIDER_USER.id) }) });
    // Another provider's approved place: the API shows it to anyone.
    if (call.path === '/vendors/8' && call.method === 'GET')
      return jsonResponse({
        data: buildPlace(8, { name: 'Their Rooms', review: 'approved', user: ownerOf(7) }),
      });
    if (call.path === '/vendors/9' && call.method === 'PUT') return jsonResponse({ data: buildPlace(9) });
    if (call.path === '/addresses/109' && call.method === 'PUT')
      return jsonResponse({ data: { id: 109, attributes: {} } });
    if (call.path === '/vendors/404') return errorResponse(404, 'Not Found');
    if (call.path === '/vendors' && call.method === 'GET')
      return pageOf([buildPlace(3, { name: 'Listed place' })]);
    return answerPlaceLookups(call);
  });
}

const renderEdit = (path: string) =>
  renderPlacePage(path, [{ path: '/place/edit/:id', element: <EditPlacePage /> }]);

describe('EditPlacePage', { timeout: 20_000 }, () => {
  it('fills the form from the place, saves the address then the place', async () => {
    const calls = editApi();
    renderEdit('/place/edit/9');
    await screen.findByRole('form', { name: F.details });
    await waitFor(() =>
      expect((screen.getByLabelText(F.name) as HTMLInputElement).value).toBe('Quiet Rooms'),
    );
    await screen.findByRole('option', { name: 'San Jose' });
    expect((screen.getByLabelText(F.city) as HTMLSelectElement).value).toBe('San Jose');
    type(F.name, 'Quieter Rooms');
    fireEvent.click(screen.getByRole('button', { name: F.save }));
    expect(await screen.findByText(P.updated)).toBeTruthy();
    const writes = calls.filter((call) => call.method === 'PUT');
    expect(writes.map((call) => call.path)).toEqual(['/addresses/109', '/vendors/9']);
    expect(writes[1]?.body).toEqual({
      data: {
        name: 'Quieter Rooms',
        vendor_type: 1,
        phone: '5550102030',
        email: 'place@example.test',
        website: 'https://place.example.test',
      },
    });
  });

  it('replaces the image in its own form', async () => {
    const calls = editApi();
    renderEdit('/place/edit/9');
    await screen.findByRole('form', { name: F.changeImage });
    pickFiles(F.changeImage, [fileOf('new.jpg', 'image/jpeg')]);
    fireEvent.click(screen.getAllByRole('button', { name: MESSAGES.adForm.upload })[0]!);
    expect(await screen.findByText(P.imageUpdated)).toBeTruthy();
    const put = calls.find((call) => call.method === 'PUT');
    expect(put?.path).toBe('/vendors/9');
    expect(put?.body).toEqual({ data: { image: 900 } });
  });

  it("shows Not Found for another provider's place and none of its fields", async () => {
    const calls = editApi();
    renderEdit('/place/edit/8');
    expect(await screen.findByRole('heading', { name: MESSAGES.notFound.title })).toBeTruthy();
    expect(screen.queryByRole('form', { name: F.details })).toBeNull();
    expect(screen.queryByDisplayValue('Their Rooms')).toBeNull();
    expect(calls.some((call) => call.method === 'PUT')).toBe(false);
  });

  it('shows Not Found for a missing place, and My Places for a non-numeric id', async () => {
    editApi();
    const { unmount } = renderEdit('/place/edit/404');
    expect(await screen.findByRole('heading', { name: MESSAGES.notFound.title })).toBeTruthy();
    unmount();
    renderEdit('/place/edit/abc');
    expect(await screen.findByRole('article', { name: 'Listed place' })).toBeTruthy();
  });
});
