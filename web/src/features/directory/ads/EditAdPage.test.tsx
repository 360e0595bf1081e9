import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { MESSAGES } from '@app/domain';
import { jsonResponse } from '../../../test/render.tsx';
import { errorResponse, mockApi } from '../../../test/api.ts';
import type { ApiCall } from '../../../test/api.ts';
import EditAdPage from './EditAdPage.tsx';
import {
  answerLookups,
  buildOwnAd,
  currentAnswer,
  fileOf,
  pickFiles,
  renderAdPage,
  stubObjectUrls,
  type,
} from '../../../test/testAds.tsx';
import { uploadFile } from '../../../api/upload.ts';

vi.mock('../../../api/upload.ts', () => ({ uploadFile: vi.fn() }));

const F = MESSAGES.adForm;
const A = MESSAGES.ads;
const uploads = vi.mocked(uploadFile);

beforeEach(() => {
  let nextId = 200;
  uploads.mockReset();
  uploads.mockImplementation(async (file) => {
    nextId += 1;
    return { id: nextId, name: file.name, url: `/uploads/${file.name}` };
  });
});

const AD = buildOwnAd(7, {
  title: 'Sunset sessions',
  kissing: null,
  kissing_types: 'Heavy, Light',
  personality: 'Dominant,Confident',
  state: 'CA',
  city: 'Redding',
});

/** Another provider's approved ad: public, so the server answers it to anyone. */
const THEIRS = buildOwnAd(8, {
  title: 'Their public ad',
  review: 'approved',
  user: { data: { id: 99, attributes: { username: 'someone' } } },
});

function editApi(answerPut: (call: ApiCall) => Response = () => jsonResponse({ data: AD })) {
  return mockApi((call) => {
    if (call.path === '/subscriptions/current') return currentAnswer({ allowed: 5, posted: 1, remaining: 4 });
    if (call.path === '/providers' && call.method === 'GET')
      return jsonResponse({
        data: [],
        meta: { pagination: { page: 1, pageSize: 10, pageCount: 0, total: 0 } },
      });
    if (call.path === '/providers/7' && call.method === 'GET') return jsonResponse({ data: AD });
    if (call.path === '/providers/8' && call.method === 'GET') return jsonResponse({ data: THEIRS });
    if (call.path === '/providers/404' && call.method === 'GET') return errorResponse(404, 'Not Found');
    if (call.path === '/providers/7' && call.method === 'PUT') return answerPut(call);
    return answerLookups(call);
  });
}

const renderEdit = (id: string) =>
  renderAdPage(`/ads/edit/${id}`, [{ path: '/ads/edit/:id', element: <EditAdPage /> }]);
const puts = (calls: ApiCall[]) => calls.filter((call) => call.method === 'PUT');

describe('EditAdPage', { timeout: 20_000 }, () => {
  it('shows the My Ads list for a non-numeric id', async () => {
    const calls = editApi();
    renderEdit('abc');
    expect(await screen.findByRole('heading', { name: MESSAGES.myAds.title })).toBeTruthy();
    expect(await screen.findByText(MESSAGES.myAds.empty)).toBeTruthy();
    expect(calls.some((call) => call.path.startsWith('/providers/'))).toBe(false);
  });

  it("shows Not Found for another provider's ad or a missing one, never its form", async () => {
    const calls = editApi();
    const { unmount } = renderEdit('8');
    expect(await screen.findByRole('heading', { name: MESSAGES.notFound.title })).toBeTruthy();
    expect(screen.queryByRole('form', { name: F.details })).toBeNull();
    expect(screen.queryByDisplayValue('Their public ad')).toBeNull();
    unmount();
    renderEdit('404');
    expect(await screen.findByRole('heading', { name: MESSAGES.notFound.title })).toBeTruthy();
    expect(puts(calls)).toEqual([]);
  });

  it('loads the ad with its lists split on commas and saves the details', async () => {
    const calls = editApi();
    renderEdit('7');
    const form = await screen.findByRole('form', { name: F.details });
    expect(screen.getByText(A.backToReview)).toBeTruthy();
    await waitFor(() =>
      expect((screen.getByLabelText(F.title) as HTMLInputElement).value).toBe('Sunset sessions'),
    );
    expect((screen.getByRole('checkbox', { name: 'Light' }) as HTMLInputElement).checked).toBe(true);
    expect((screen.getByRole('checkbox', { name: 'Heavy' }) as HTMLInputElement).checked).toBe(true);
    expect((screen.getByRole('checkbox', { name: 'Moderate' }) as HTMLInputElement).checked).toBe(false);
    const kissing = screen.getByRole('group', { name: MESSAGES.cardDetails.kissing });
    expect((within(kissing).getByRole('radio', { name: F.yes }) as HTMLInputElement).checked).toBe(true);
    expect((screen.getByRole('checkbox', { name: 'Dominant' }) as HTMLInputElement).checked).toBe(true);
    await waitFor(() => expect((screen.getByLabelText(F.city) as HTMLSelectElement).value).toBe('Redding'));

    type(F.title, 'Sunrise sessions');
    fireEvent.click(within(form).getByRole('button', { name: F.save }));
    expect(await screen.findByText(A.updated, undefined, { timeout: 5000 })).toBeTruthy();
    const [put] = puts(calls);
    expect(put?.path).toBe('/providers/7');
    expect(put?.body).toMatchObject({
      data: { title: 'Sunrise sessions', kissing: 'yes', kissing_types: ['Light', 'Heavy'], city: 'Redding' },
    });
    const data = (put?.body as { data: Record<string, unknown> }).data;
    expect(data).not.toHaveProperty('images');
    expect(data).not.toHaveProperty('video');
  });

  it("shows the server's message when the details are refused", async () => {
    editApi(() => errorResponse(400, 'Unknown race 99'));
    renderEdit('7');
    const form = await screen.findByRole('form', { name: F.details });
    await waitFor(() =>
      expect((screen.getByLabelText(F.title) as HTMLInputElement).value).toBe('Sunset sessions'),
    );
    fireEvent.click(within(form).getByRole('button', { name: F.save }));
    expect(await screen.findByText('Unknown race 99', undefined, { timeout: 5000 })).toBeTruthy();
  });

  it('replaces the images with a separate upload, and the video with another', async () => {
    stubObjectUrls();
    const calls = editApi();
    renderEdit('7');
    await screen.findByRole('form', { name: F.details });

    const images = screen.getByRole('form', { name: F.changeImage });
    fireEvent.click(within(images).getByRole('button', { name: F.upload }));
    expect(await screen.findByText(A.selectImage, { selector: '.Toastify *' })).toBeTruthy();
    expect(uploads).not.toHaveBeenCalled();

    pickFiles(F.changeImage, [fileOf('n1.jpg', 'image/jpeg'), fileOf('n2.jpg', 'image/jpeg')]);
    fireEvent.click(within(images).getByRole('button', { name: F.upload }));
    expect(await screen.findByText(A.updated, undefined, { timeout: 5000 })).toBeTruthy();
    expect(uploads.mock.calls.map(([file, purpose]) => `${file.name} ${purpose}`)).toEqual([
      'n1.jpg public',
      'n2.jpg public',
    ]);
    expect(puts(calls).map((call) => call.body)).toEqual([{ data: { images: [201, 202] } }]);

    pickFiles(F.changeVideo, [fileOf('clip.mp4', 'video/mp4')]);
    fireEvent.click(
      within(screen.getByRole('form', { name: F.changeVideo })).getByRole('button', { name: F.upload }),
    );
    await waitFor(() => expect(puts(calls)).toHaveLength(2));
    expect(puts(calls)[1]?.body).toEqual({ data: { video: 203 } });
  });
});
