import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { MESSAGES } from '@app/domain';
import { jsonResponse } from '../../test/render.tsx';
import { errorResponse, mockApi } from '../../test/api.ts';
import type { ApiCall } from '../../test/api.ts';
import { fileOf, pickFiles, stubObjectUrls, type } from '../../test/testAds.tsx';
import { uploadFile } from '../../api/upload.ts';
import EditProductPage from './EditProductPage.tsx';
import { answerVendorLookups, buildProduct, ownerOf, renderVendorPage } from './testProducts.tsx';

vi.mock('../../api/upload.ts', () => ({ uploadFile: vi.fn() }));

const F = MESSAGES.productForm;
const uploads = vi.mocked(uploadFile);

beforeEach(() => {
  uploads.mockReset();
  uploads.mockResolvedValue({ id: 900, name: 'new.jpg', url: '/uploads/new.jpg' });
});

const OWN = buildProduct(9, { name: 'Massage Oil — Lavender', description: 'Calming blend', price: 25 });

function editApi(
  options: {
    answerPut?: (call: ApiCall) => Response;
    answerGet?: () => Response | Promise<Response>;
  } = {},
) {
  const { answerPut = () => jsonResponse({ data: OWN }), answerGet = () => jsonResponse({ data: OWN }) } =
    options;
  return mockApi((call) => {
    if (call.path === '/products/9' && call.method === 'GET') return answerGet();
    if (call.path === '/products/9' && call.method === 'PUT') return answerPut(call);
    // Another vendor's product: the shop shows it to anyone.
    if (call.path === '/products/8' && call.method === 'GET')
      return jsonResponse({ data: buildProduct(8, { name: 'Their Candle', user: ownerOf(7) }) });
    if (call.path === '/products/404') return errorResponse(404, 'Product not found');
    return answerVendorLookups(call);
  });
}

const renderEdit = (path: string) =>
  renderVendorPage(path, [{ path: '/products/edit/:id', element: <EditProductPage /> }]);
const value = (label: string) =>
  (screen.getByLabelText(label, { exact: true, selector: 'input, textarea' }) as HTMLInputElement).value;
const errorOf = (label: string) => {
  const control = screen.getByLabelText(label, { exact: true, selector: 'input, textarea' });
  return control.getAttribute('aria-invalid') === 'true'
    ? (document.getElementById(`${control.id}-error`)?.textContent ?? '')
    : null;
};

describe('EditProductPage', { timeout: 20_000 }, () => {
  it('shows a loading indicator until the product is loaded, then fills the form', async () => {
    let release: (response: Response) => void = () => undefined;
    editApi({ answerGet: () => new Promise<Response>((resolve) => (release = resolve)) });
    renderEdit('/products/edit/9');
    expect(await screen.findByRole('status')).toBeTruthy();
    expect(screen.getByText(MESSAGES.shell.loading)).toBeTruthy();
    expect(screen.queryByRole('form', { name: F.details })).toBeNull();
    release(jsonResponse({ data: OWN }));
    await screen.findByRole('form', { name: F.details });
    expect(screen.queryByRole('status')).toBeNull();
    await waitFor(() => expect(value(F.name)).toBe('Massage Oil — Lavender'));
    expect(value(F.description)).toBe('Calming blend');
    expect(value(F.price)).toBe('25');
    expect(screen.getByRole('heading', { level: 1, name: 'Edit Product' })).toBeTruthy();
    expect(screen.getByRole('img', { name: 'Massage Oil — Lavender' }).getAttribute('src')).toBe(
      '/uploads/small_oil9.jpg',
    );
  });

  it('saves Name, Description and Price, says so and goes to My Products', async () => {
    const calls = editApi();
    renderEdit('/products/edit/9');
    await screen.findByRole('form', { name: F.details });
    await waitFor(() => expect(value(F.name)).toBe('Massage Oil — Lavender'));
    type(F.name, 'Massage Oil — Rose');
    type(F.price, '30.50');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Your Product are successfully updated')).toBeTruthy();
    expect(await screen.findByText('my products page')).toBeTruthy();
    const puts = calls.filter((call) => call.method === 'PUT');
    expect(puts.map((call) => call.path)).toEqual(['/products/9']);
    expect(puts[0]?.body).toEqual({
      data: { name: 'Massage Oil — Rose', description: 'Calming blend', price: 30.5 },
    });
  });

  it("checks the details before saving and says 'Network response was not ok' when the save fails", async () => {
    const calls = editApi({ answerPut: () => errorResponse(500, 'Internal Server Error') });
    renderEdit('/products/edit/9');
    await screen.findByRole('form', { name: F.details });
    await waitFor(() => expect(value(F.price)).toBe('25'));
    type(F.price, '12.555');
    fireEvent.click(screen.getByRole('button', { name: F.save }));
    await waitFor(() => expect(errorOf(F.price)).toBe('Invalid price'));
    expect(calls.some((call) => call.method === 'PUT')).toBe(false);

    type(F.price, '13');
    fireEvent.click(screen.getByRole('button', { name: F.save }));
    expect(await screen.findByText('Network response was not ok')).toBeTruthy();
    expect(calls.filter((call) => call.method === 'PUT')).toHaveLength(1);
    expect(screen.queryByText('my products page')).toBeNull();
  });

  it("replaces the picture in its own form: upload, then PUT {picture}, 'Your place are successfully updated'", async () => {
    stubObjectUrls();
    const calls = editApi();
    renderEdit('/products/edit/9');
    await screen.findByRole('form', { name: F.changeImage });
    expect(screen.getByText(F.currentImage)).toBeTruthy();
    pickFiles(F.image, [fileOf('new.jpg', 'image/jpeg')]);
    expect((await screen.findByRole('img', { name: F.preview })).getAttribute('src')).toMatch(/^blob:/);
    fireEvent.click(screen.getByRole('button', { name: 'Upload' }));
    expect(await screen.findByText('Your place are successfully updated')).toBeTruthy();
    expect(uploads).toHaveBeenCalledTimes(1);
    expect(uploads.mock.calls[0]?.[1]).toBe('public');
    const puts = calls.filter((call) => call.method === 'PUT');
    expect(puts.map((call) => call.path)).toEqual(['/products/9']);
    expect(puts[0]?.body).toEqual({ data: { picture: 900 } });
    await waitFor(() => expect(screen.queryByRole('img', { name: F.preview })).toBeNull());
  });

  it("says 'Please try again later' when the picture cannot be saved, and asks for a picture first", async () => {
    const calls = editApi({ answerPut: () => errorResponse(500, 'Internal Server Error') });
    renderEdit('/products/edit/9');
    await screen.findByRole('form', { name: F.changeImage });
    fireEvent.click(screen.getByRole('button', { name: F.upload }));
    await waitFor(() => expect(errorOf(F.image)).toBe('Please select a image'));
    expect(uploads).not.toHaveBeenCalled();

    pickFiles(F.image, [fileOf('new.jpg', 'image/jpeg')]);
    fireEvent.click(screen.getByRole('button', { name: F.upload }));
    expect(await screen.findByText('Please try again later')).toBeTruthy();
    expect(calls.filter((call) => call.method === 'PUT')).toHaveLength(1);
    expect(screen.queryByText(F.pictureUpdated)).toBeNull();
  });

  it("shows the server's refusal of the file on the Image field, and no preview of a file that is no image", async () => {
    stubObjectUrls();
    const { ApiError } = await import('../../api/client.ts');
    const refusal = 'This file is not a recognised file type';
    uploads.mockRejectedValue(new ApiError(415, refusal, 'UnsupportedMediaTypeError'));
    const calls = editApi();
    renderEdit('/products/edit/9');
    await screen.findByRole('form', { name: F.changeImage });
    // A text file named .png: the browser cannot decode it, so no broken preview is left.
    pickFiles(F.image, [fileOf('fake.png', 'image/png')]);
    fireEvent.error(await screen.findByRole('img', { name: F.preview }));
    await waitFor(() => expect(screen.queryByRole('img', { name: F.preview })).toBeNull());

    fireEvent.click(screen.getByRole('button', { name: F.upload }));
    await waitFor(() => expect(errorOf(F.image)).toBe(refusal));
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText(F.image)));
    expect(screen.queryByText('Please try again later')).toBeNull();
    // The refused file keeps no (empty) progress bar.
    expect(screen.getByText('fake.png')).toBeTruthy();
    expect(screen.queryByRole('progressbar')).toBeNull();
    expect(calls.some((call) => call.method === 'PUT')).toBe(false);
  });

  it("shows Not Found for another vendor's product and none of its fields", async () => {
    const calls = editApi();
    renderEdit('/products/edit/8');
    expect(await screen.findByRole('heading', { name: MESSAGES.notFound.title })).toBeTruthy();
    expect(screen.queryByRole('form')).toBeNull();
    expect(screen.queryByDisplayValue('Their Candle')).toBeNull();
    expect(calls.some((call) => call.method === 'PUT')).toBe(false);
  });

  it('says a missing product or a malformed id is not found', async () => {
    const calls = editApi();
    const { unmount } = renderEdit('/products/edit/404');
    expect(await screen.findByRole('heading', { name: MESSAGES.notFound.title })).toBeTruthy();
    expect(screen.queryByText('Network response was not ok')).toBeNull();
    unmount();
    renderEdit('/products/edit/abc');
    expect(await screen.findByText(F.notFound)).toBeTruthy();
    expect(calls.some((call) => call.path === '/products/abc')).toBe(false);
  });

  it("says 'Network response was not ok' when the product cannot be loaded", async () => {
    editApi({ answerGet: () => errorResponse(500, 'Internal Server Error') });
    renderEdit('/products/edit/9');
    expect(await screen.findAllByText('Network response was not ok')).toHaveLength(2);
    expect(screen.queryByRole('form')).toBeNull();
    expect(screen.getByRole('button', { name: MESSAGES.myProducts.retry })).toBeTruthy();
  });
});
