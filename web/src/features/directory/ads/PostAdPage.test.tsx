import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { MESSAGES } from '@app/domain';
import { jsonResponse } from '../../../test/render.tsx';
import { errorResponse, mockApi } from '../../../test/api.ts';
import type { ApiCall } from '../../../test/api.ts';
import PostAdPage from './PostAdPage.tsx';
import {
  answerLookups,
  currentAnswer,
  PROVIDER_USER,
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

/** The order of events: each upload (file name and purpose) and each API write. */
let events: string[] = [];

beforeEach(() => {
  events = [];
  let nextId = 100;
  uploads.mockReset();
  uploads.mockImplementation(async (file, purpose, onProgress) => {
    events.push(`upload ${file.name} ${purpose}`);
    onProgress?.(50);
    nextId += 1;
    return { id: nextId, name: file.name, url: `/uploads/${file.name}` };
  });
});

function postAdApi(
  quota: { allowed: number; posted: number; remaining: number } | null,
  answerPost: () => Response = () => jsonResponse({ data: { id: 77, attributes: {} } }),
  me: () => Record<string, unknown> = () => PROVIDER_USER,
) {
  return mockApi((call: ApiCall) => {
    if (call.path === '/subscriptions/current') return currentAnswer(quota);
    if (call.path === '/users/me') return jsonResponse(me());
    if (call.path === '/providers' && call.method === 'POST') {
      events.push('POST /providers');
      return answerPost();
    }
    return answerLookups(call);
  });
}

const renderPostAd = () => renderAdPage('/ads/submit', [{ path: '/ads/submit', element: <PostAdPage /> }]);

async function fillDetails() {
  type(F.name, 'Ava');
  type(F.title, 'Evening companion');
  await screen.findByRole('option', { name: 'California' });
  fireEvent.change(screen.getByLabelText(F.state), { target: { value: 'CA' } });
  await screen.findByRole('option', { name: 'San Jose' });
  fireEvent.change(screen.getByLabelText(F.city), { target: { value: 'San Jose' } });
  type(F.age, '27');
}

/** Submitting runs several uploads and renders: generous under a loaded machine. */
const SLOW = { timeout: 8000 };

const submit = () => fireEvent.click(screen.getByRole('button', { name: F.submit }));

describe('PostAdPage: who may post', { timeout: 20_000 }, () => {
  it('sends a provider without an active subscription to the packages with a warning', async () => {
    postAdApi(null);
    renderPostAd();
    expect(await screen.findByText('packages page')).toBeTruthy();
    expect(await screen.findByText(MESSAGES.subscription.needPackage)).toBeTruthy();
  });

  it('shows only the buy-package link when no ads remain', async () => {
    postAdApi({ allowed: 2, posted: 2, remaining: 0 });
    renderPostAd();
    const link = await screen.findByRole('link', { name: A.buyPackage });
    expect(link.getAttribute('href')).toBe('/ads/packages');
    expect(screen.getByText(MESSAGES.subscription.refill)).toBeTruthy();
    expect(screen.queryByRole('form', { name: F.createTitle })).toBeNull();
  });
});

describe('PostAdPage: the form', { timeout: 20_000 }, () => {
  it('labels every field of the spec and previews the ad with the directory card', async () => {
    stubObjectUrls();
    postAdApi({ allowed: 5, posted: 1, remaining: 4 });
    renderPostAd();
    await screen.findByRole('form', { name: F.createTitle });
    for (const label of [
      F.images,
      F.docs,
      F.video,
      F.name,
      F.language,
      F.country,
      F.state,
      F.city,
      F.race,
      F.age,
      F.call,
      F.phone,
      F.title,
      F.donationHalfHour,
      F.donationHour,
      F.otherServices,
      F.message,
    ])
      expect(screen.getByLabelText(label, { exact: true })).toBeTruthy();
    expect(within(screen.getByLabelText(F.call)).getByRole('option', { name: F.callBoth })).toBeTruthy();
    expect(
      within(screen.getByLabelText(F.country))
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual([F.unitedStates]);

    type(F.title, 'Evening companion');
    pickFiles(F.images, [fileOf('a.jpg', 'image/jpeg'), fileOf('b.jpg', 'image/jpeg')]);
    const preview = screen.getByRole('region', { name: F.preview });
    expect(within(preview).getByRole('heading', { name: 'Evening companion' })).toBeTruthy();
    expect(
      within(preview)
        .getByRole('img', { name: /1 of 2/ })
        .getAttribute('src'),
    ).toBe('blob:preview-1');
    // Only what a saved ad needs is left out of the preview.
    expect(within(preview).queryByRole('button', { name: MESSAGES.cardActions.like })).toBeNull();
  });

  it('links the service options: a sub-option sets its parent to yes, No clears them', async () => {
    postAdApi({ allowed: 5, posted: 1, remaining: 4 });
    renderPostAd();
    await screen.findByRole('form', { name: F.createTitle });
    const kissing = screen.getByRole('group', { name: MESSAGES.cardDetails.kissing });
    const light = screen.getByRole('checkbox', { name: 'Light' });
    fireEvent.click(light);
    expect((within(kissing).getByRole('radio', { name: F.yes }) as HTMLInputElement).checked).toBe(true);
    fireEvent.click(within(kissing).getByRole('radio', { name: F.no }));
    expect((light as HTMLInputElement).checked).toBe(false);

    // The cum choice opens the mouth options.
    const swallow = screen.getByRole('checkbox', { name: 'Swallow' }) as HTMLInputElement;
    expect(swallow.disabled).toBe(true);
    fireEvent.click(screen.getByRole('radio', { name: 'CIM' }));
    expect(swallow.disabled).toBe(false);
    fireEvent.click(swallow);
    expect(swallow.checked).toBe(true);
    fireEvent.click(
      within(screen.getByRole('group', { name: MESSAGES.cardDetails.cum })).getByRole('radio', {
        name: F.no,
      }),
    );
    expect(swallow.checked).toBe(false);
    expect(swallow.disabled).toBe(true);
  });

  it("warns 'Please select a image' and sends nothing without an image", async () => {
    const calls = postAdApi({ allowed: 5, posted: 1, remaining: 4 });
    renderPostAd();
    await screen.findByRole('form', { name: F.createTitle });
    await fillDetails();
    pickFiles(F.docs, [fileOf('id.png', 'image/png')]);
    submit();
    expect(await screen.findAllByText(A.selectImage)).not.toHaveLength(0);
    expect(uploads).not.toHaveBeenCalled();
    expect(calls.some((call) => call.method === 'POST')).toBe(false);
  });

  it('requires the ID documents and names the missing fields', async () => {
    postAdApi({ allowed: 5, posted: 1, remaining: 4 });
    renderPostAd();
    await screen.findByRole('form', { name: F.createTitle });
    pickFiles(F.images, [fileOf('a.jpg', 'image/jpeg')]);
    submit();
    expect(await screen.findByText(MESSAGES.validation.docsRequired)).toBeTruthy();
    expect((await screen.findAllByText(F.required)).length).toBeGreaterThan(0);
    expect(uploads).not.toHaveBeenCalled();
  });

  it('uploads the images, then the video, then the documents, then posts the ad and goes home', async () => {
    stubObjectUrls();
    const calls = postAdApi({ allowed: 5, posted: 1, remaining: 4 });
    renderPostAd();
    await screen.findByRole('form', { name: F.createTitle });
    await fillDetails();
    // Donations take cents.
    type(F.donationHalfHour, '150.50');
    type(F.donationHour, '250.5');
    fireEvent.click(screen.getByRole('checkbox', { name: 'Heavy' }));
    pickFiles(F.images, [fileOf('a.jpg', 'image/jpeg'), fileOf('b.jpg', 'image/jpeg')]);
    pickFiles(F.video, [fileOf('clip.webm', 'video/webm')]);
    pickFiles(F.docs, [fileOf('id.png', 'image/png')]);
    submit();

    expect(await screen.findByText('home page', undefined, SLOW)).toBeTruthy();
    expect(await screen.findByText(A.created)).toBeTruthy();
    expect(events).toEqual([
      'upload a.jpg public',
      'upload b.jpg public',
      'upload clip.webm public',
      'upload id.png docs',
      'POST /providers',
    ]);
    const post = calls.find((call) => call.method === 'POST' && call.path === '/providers');
    expect(post?.body).toMatchObject({
      data: {
        name: 'Ava',
        title: 'Evening companion',
        country: 'US',
        state: 'CA',
        city: 'San Jose',
        age: 27,
        donation_half_hour: 150.5,
        donation_hour: 250.5,
        kissing: 'yes',
        kissing_types: ['Heavy'],
        images: [101, 102],
        video: 103,
        docs: [104],
      },
    });
  });

  it("shows the server's message on a refused ad, and a failed upload's reason", async () => {
    postAdApi({ allowed: 5, posted: 1, remaining: 4 }, () => errorResponse(400, 'Unknown language 9'));
    renderPostAd();
    await screen.findByRole('form', { name: F.createTitle });
    await fillDetails();
    pickFiles(F.images, [fileOf('a.jpg', 'image/jpeg')]);
    pickFiles(F.docs, [fileOf('id.png', 'image/png')]);
    submit();
    expect(await screen.findByText('Unknown language 9', undefined, SLOW)).toBeTruthy();
    expect(screen.queryByText('home page')).toBeNull();

    // A second try does not upload the same files again.
    const { ApiError } = await import('../../../api/client.ts');
    uploads.mockClear();
    pickFiles(F.video, [fileOf('long.mp4', 'video/mp4')]);
    uploads.mockRejectedValueOnce(new ApiError(400, MESSAGES.videoUpload.tooLong));
    await waitFor(
      () =>
        expect((screen.getByRole('button', { name: F.submit }) as HTMLButtonElement).disabled).toBe(false),
      SLOW,
    );
    submit();
    expect(await screen.findByText(MESSAGES.videoUpload.tooLong, undefined, SLOW)).toBeTruthy();
    expect(uploads.mock.calls.map(([file]) => file.name)).toEqual(['long.mp4']);
  });
});

describe('PostAdPage: a provider whose ID is verified (decision 0034)', { timeout: 20_000 }, () => {
  const QUOTA = { allowed: 5, posted: 1, remaining: 4 };

  it('asks for no ID document: the form says the ID is verified and posts the ad without one', async () => {
    const calls = postAdApi(QUOTA, undefined, () => ({ ...PROVIDER_USER, verification: 'verified' }));
    renderPostAd();
    await screen.findByRole('form', { name: F.createTitle });
    expect(await screen.findByText(F.docsVerified)).toBeTruthy();
    expect(screen.queryByLabelText(F.docs, { exact: true })).toBeNull();
    await fillDetails();
    pickFiles(F.images, [fileOf('a.jpg', 'image/jpeg')]);
    submit();

    expect(await screen.findByText('home page', undefined, SLOW)).toBeTruthy();
    expect(events).toEqual(['upload a.jpg public', 'POST /providers']);
    const post = calls.find((call) => call.method === 'POST' && call.path === '/providers');
    expect(post?.body).toMatchObject({ data: { images: [101], docs: [] } });
  });

  it('shows the upload again when the server asks for a document after all (the staff asked again)', async () => {
    let verification = 'verified';
    postAdApi(
      QUOTA,
      () => {
        verification = 'pending';
        return errorResponse(400, `data.docs: ${MESSAGES.adErrors.docsRequired}`, {
          errors: [{ path: ['data', 'docs'], message: MESSAGES.adErrors.docsRequired }],
        });
      },
      () => ({ ...PROVIDER_USER, verification }),
    );
    renderPostAd();
    await screen.findByText(F.docsVerified);
    await fillDetails();
    pickFiles(F.images, [fileOf('a.jpg', 'image/jpeg')]);
    submit();
    expect(await screen.findByLabelText(F.docs, { exact: true }, SLOW)).toBeTruthy();
    expect(screen.queryByText(F.docsVerified)).toBeNull();
    expect(screen.queryByText('home page')).toBeNull();
  });
});
