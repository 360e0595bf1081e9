import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { MESSAGES } from '@app/domain';
import { jsonResponse } from '../../test/render.tsx';
import { errorResponse, mockApi } from '../../test/api.ts';
import type { ApiCall } from '../../test/api.ts';
import { fileOf, pickFiles, stubObjectUrls, type } from '../../test/testAds.tsx';
import { uploadFile } from '../../api/upload.ts';
import AddProductPage from './AddProductPage.tsx';
import { answerVendorLookups, buildProduct, renderVendorPage } from './testProducts.tsx';

vi.mock('../../api/upload.ts', () => ({ uploadFile: vi.fn() }));

const F = MESSAGES.productForm;
const V = MESSAGES.validation;
const uploads = vi.mocked(uploadFile);

let events: string[] = [];

beforeEach(() => {
  events = [];
  let nextId = 500;
  uploads.mockReset();
  uploads.mockImplementation(async (file, purpose) => {
    events.push(`upload ${file.name} ${purpose}`);
    nextId += 1;
    return { id: nextId, name: file.name, url: `/uploads/${file.name}` };
  });
});

function addProductApi(
  answerCreate: (call: ApiCall) => Response = () => jsonResponse({ data: buildProduct(9) }),
) {
  return mockApi((call) => {
    if (call.path === '/products' && call.method === 'POST') {
      events.push('POST /products');
      return answerCreate(call);
    }
    return answerVendorLookups(call);
  });
}

const renderAddProduct = () =>
  renderVendorPage('/products/add', [{ path: '/products/add', element: <AddProductPage /> }]);
const submit = () => fireEvent.click(screen.getByRole('button', { name: F.submit }));
const errorOf = (label: string) => {
  const control = screen.getByLabelText(label, { exact: true, selector: 'input, textarea' });
  return control.getAttribute('aria-invalid') === 'true'
    ? (document.getElementById(`${control.id}-error`)?.textContent ?? '')
    : null;
};

function fillForm(price = '25') {
  type(F.name, 'Massage Oil — Lavender');
  type(F.description, 'A calm blend for the evening');
  type(F.price, price);
}

describe('AddProductPage', { timeout: 20_000 }, () => {
  it('has the Image picker, Name, Description, Price and Submit, and previews the picked image', async () => {
    stubObjectUrls();
    addProductApi();
    renderAddProduct();
    await screen.findByRole('form', { name: F.addTitle });
    expect(screen.getByRole('heading', { level: 1, name: 'Add New Product' })).toBeTruthy();
    for (const label of ['Image', 'Name', 'Description', 'Price'])
      expect(screen.getByLabelText(label, { exact: true })).toBeTruthy();
    expect(screen.getByLabelText(F.image).getAttribute('type')).toBe('file');
    expect(screen.getByRole('button', { name: 'Submit' })).toBeTruthy();
    expect(screen.queryByRole('img', { name: F.preview })).toBeNull();
    pickFiles(F.image, [fileOf('lavender.jpg', 'image/jpeg')]);
    expect((await screen.findByRole('img', { name: F.preview })).getAttribute('src')).toMatch(
      /^blob:preview-/,
    );
  });

  it("refuses an empty form with the spec's messages and sends nothing", async () => {
    const calls = addProductApi();
    renderAddProduct();
    await screen.findByRole('form', { name: F.addTitle });
    submit();
    await waitFor(() => expect(errorOf(F.name)).toBe(V.nameRequired));
    expect(errorOf(F.description)).toBe(F.descriptionRequired);
    expect(errorOf(F.price)).toBe(F.priceRequired);
    expect(errorOf(F.image)).toBe('Please select a image');
    expect(uploads).not.toHaveBeenCalled();
    expect(calls.some((call) => call.method !== 'GET')).toBe(false);
  });

  it("says 'Too Short!', 'Invalid price' for 12.505 and 'Please select a image' without a picture", async () => {
    const calls = addProductApi();
    renderAddProduct();
    await screen.findByRole('form', { name: F.addTitle });
    type(F.name, 'A');
    type(F.description, 'B');
    type(F.price, '12.505');
    submit();
    await waitFor(() => expect(errorOf(F.name)).toBe('Too Short!'));
    expect(errorOf(F.description)).toBe('Too Short!');
    expect(errorOf(F.price)).toBe('Invalid price');
    expect(errorOf(F.image)).toBe('Please select a image');
    for (const price of ['abc', '-3', '12345678901', '0', '0.00', '12,50']) {
      type(F.price, price);
      await waitFor(() => expect(errorOf(F.price)).toBe('Invalid price'));
    }
    // Cents are a price: 12.50 and 12.5 alike.
    for (const price of ['12', '12.50', '12.5']) {
      type(F.price, price);
      await waitFor(() => expect(errorOf(F.price)).toBeNull());
    }
    expect(screen.getByLabelText(F.price).getAttribute('inputmode')).toBe('decimal');

    // A valid form without a picture still waits for one.
    fillForm();
    submit();
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText(F.image)));
    expect(errorOf(F.image)).toBe('Please select a image');
    expect(uploads).not.toHaveBeenCalled();
    expect(calls.some((call) => call.method !== 'GET')).toBe(false);
  });

  it('refuses a picked file that is not an image', async () => {
    addProductApi();
    renderAddProduct();
    await screen.findByRole('form', { name: F.addTitle });
    pickFiles(F.image, [fileOf('notes.pdf', 'application/pdf')]);
    await waitFor(() => expect(errorOf(F.image)).toBe('Please select a image'));
  });

  it('uploads the picture, then creates the product (no user sent) and goes to My Products', async () => {
    stubObjectUrls();
    const calls = addProductApi();
    renderAddProduct();
    await screen.findByRole('form', { name: F.addTitle });
    pickFiles(F.image, [fileOf('lavender.jpg', 'image/jpeg')]);
    fillForm();
    submit();

    expect(await screen.findByText('my products page', undefined, { timeout: 8000 })).toBeTruthy();
    expect(await screen.findByText('Your Product are successfully added')).toBeTruthy();
    expect(events).toEqual(['upload lavender.jpg public', 'POST /products']);
    const post = calls.find((call) => call.path === '/products' && call.method === 'POST');
    expect(post?.body).toEqual({
      data: {
        name: 'Massage Oil — Lavender',
        description: 'A calm blend for the evening',
        price: 25,
        picture: 501,
      },
    });
    expect((post?.body as { data: object }).data).not.toHaveProperty('user');
  });

  it("shows the server's field errors on the fields and keeps the uploaded picture for the next try", async () => {
    let refuse = true;
    const calls = addProductApi(() =>
      refuse
        ? errorResponse(400, 'data.price: Price can be at most $100,000', {
            errors: [
              { path: ['data', 'price'], message: 'Price can be at most $100,000', name: 'ValidationError' },
            ],
          })
        : jsonResponse({ data: buildProduct(9) }),
    );
    renderAddProduct();
    await screen.findByRole('form', { name: F.addTitle });
    pickFiles(F.image, [fileOf('lavender.jpg', 'image/jpeg')]);
    fillForm('90000');
    submit();
    await waitFor(() => expect(errorOf(F.price)).toBe('Price can be at most $100,000'));
    expect(screen.queryByText('Network response was not ok')).toBeNull();
    expect(screen.queryByText('my products page')).toBeNull();

    refuse = false;
    type(F.price, '900');
    await waitFor(() => expect(errorOf(F.price)).toBeNull());
    submit();
    expect(await screen.findByText('my products page', undefined, { timeout: 8000 })).toBeTruthy();
    expect(events).toEqual(['upload lavender.jpg public', 'POST /products', 'POST /products']);
    const posts = calls.filter((call) => call.method === 'POST');
    expect((posts[1]?.body as { data: { price: number; picture: number } }).data).toMatchObject({
      price: 900,
      picture: 501,
    });
  });

  it("shows a refused picture under the picker, and anything else as 'Network response was not ok'", async () => {
    let answer = () =>
      errorResponse(400, 'Please select a image', {
        errors: [{ path: ['data', 'picture'], message: 'Please select a image' }],
      });
    addProductApi(() => answer());
    renderAddProduct();
    await screen.findByRole('form', { name: F.addTitle });
    pickFiles(F.image, [fileOf('lavender.jpg', 'image/jpeg')]);
    fillForm();
    submit();
    await waitFor(() => expect(errorOf(F.image)).toBe('Please select a image'));
    expect(screen.queryByText('Network response was not ok')).toBeNull();

    answer = () => errorResponse(500, 'Internal Server Error');
    pickFiles(F.image, [fileOf('other.jpg', 'image/jpeg')]);
    submit();
    expect(await screen.findByText('Network response was not ok')).toBeTruthy();
    expect(screen.queryByText('my products page')).toBeNull();
    expect(screen.getByRole('button', { name: F.submit }).hasAttribute('disabled')).toBe(false);
  });

  it("shows the server's refusal of the file (415) on the Image field, with no broken preview", async () => {
    stubObjectUrls();
    const { ApiError } = await import('../../api/client.ts');
    const refusal = 'This file is not a recognised file type';
    uploads.mockRejectedValue(new ApiError(415, refusal, 'UnsupportedMediaTypeError'));
    const calls = addProductApi();
    renderAddProduct();
    await screen.findByRole('form', { name: F.addTitle });
    pickFiles(F.image, [fileOf('fake.png', 'image/png')]);
    // The browser cannot decode a text file named .png: the preview goes away instead of showing broken.
    const preview = await screen.findByRole('img', { name: F.preview });
    expect(preview.className).toContain('opacity-0');
    fireEvent.error(preview);
    await waitFor(() => expect(screen.queryByRole('img', { name: F.preview })).toBeNull());
    fillForm();
    submit();
    await waitFor(() => expect(errorOf(F.image)).toBe(refusal));
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText(F.image)));
    expect(screen.queryByText(F.pictureFailed)).toBeNull();
    expect(screen.queryByRole('progressbar')).toBeNull();
    expect(calls.some((call) => call.method === 'POST')).toBe(false);
  });

  it('shows a decoded preview, and the progress bar only while the picture uploads', async () => {
    stubObjectUrls();
    let finish: (value: { id: number; name: string; url: string }) => void = () => undefined;
    uploads.mockImplementation(
      (_file, _purpose, onProgress) =>
        new Promise((resolve) => {
          onProgress?.(40);
          finish = resolve;
        }),
    );
    addProductApi();
    renderAddProduct();
    await screen.findByRole('form', { name: F.addTitle });
    pickFiles(F.image, [fileOf('lavender.jpg', 'image/jpeg')]);
    const preview = await screen.findByRole('img', { name: F.preview });
    fireEvent.load(preview);
    expect(preview.className).not.toContain('opacity-0');
    // Picked, not uploading: no empty bar.
    expect(screen.queryByRole('progressbar')).toBeNull();
    fillForm();
    submit();
    expect(
      (await screen.findByRole('progressbar', { name: 'lavender.jpg' })).getAttribute('aria-valuenow'),
    ).toBe('40');
    finish({ id: 501, name: 'lavender.jpg', url: '/uploads/lavender.jpg' });
    expect(await screen.findByText('my products page', undefined, { timeout: 8000 })).toBeTruthy();
  });

  it("says 'Please try again later' when the upload fails, and creates nothing", async () => {
    uploads.mockRejectedValue(new Error('offline'));
    const calls = addProductApi();
    renderAddProduct();
    await screen.findByRole('form', { name: F.addTitle });
    pickFiles(F.image, [fileOf('lavender.jpg', 'image/jpeg')]);
    fillForm();
    submit();
    expect(await screen.findByText(F.pictureFailed)).toBeTruthy();
    expect(calls.some((call) => call.method === 'POST')).toBe(false);
  });
});
