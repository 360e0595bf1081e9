import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { MESSAGES } from '@app/domain';
import { jsonResponse } from '../../test/render.tsx';
import { errorResponse, mockApi } from '../../test/api.ts';
import type { ApiCall } from '../../test/api.ts';
import { fileOf, pickFiles, type } from '../../test/testAds.tsx';
import { uploadFile } from '../../api/upload.ts';
import AddPlacePage from './AddPlacePage.tsx';
import { answerPlaceLookups, buildPlace, renderPlacePage } from '../../test/testPlaces.tsx';

vi.mock('../../api/upload.ts', () => ({ uploadFile: vi.fn() }));

const F = MESSAGES.placeForm;
const P = MESSAGES.places;
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

function addPlaceApi(answerVendor: () => Response = () => jsonResponse({ data: buildPlace(9) })) {
  return mockApi((call: ApiCall) => {
    if (call.path === '/addresses' && call.method === 'POST') {
      events.push('POST /addresses');
      return jsonResponse({ data: { id: 31, attributes: (call.body as { data: object }).data } });
    }
    if (call.path === '/addresses/31' && call.method === 'PUT') {
      events.push('PUT /addresses/31');
      return jsonResponse({ data: { id: 31, attributes: {} } });
    }
    if (call.path === '/vendors' && call.method === 'POST') {
      events.push('POST /vendors');
      return answerVendor();
    }
    return answerPlaceLookups(call);
  });
}

const renderAddPlace = () =>
  renderPlacePage('/place/add', [{ path: '/place/add', element: <AddPlacePage /> }]);
const submit = () => fireEvent.click(screen.getByRole('button', { name: F.submit }));

async function fillForm() {
  type(F.name, 'Quiet Rooms');
  await screen.findByRole('option', { name: 'Erotic Body Rubs' });
  fireEvent.change(screen.getByLabelText(F.type), { target: { value: '1' } });
  type(F.address, '1 Main St');
  await screen.findByRole('option', { name: 'California' });
  fireEvent.change(screen.getByLabelText(F.state), { target: { value: 'CA' } });
  await screen.findByRole('option', { name: 'San Jose' });
  fireEvent.change(screen.getByLabelText(F.city), { target: { value: 'San Jose' } });
  type(F.postalCode, '95112');
  type(F.phone, '5550102030');
  type(F.email, 'rooms@example.test');
}

describe('AddPlacePage', { timeout: 20_000 }, () => {
  it('labels every field, marks the required ones and says the place waits for review', async () => {
    addPlaceApi();
    renderAddPlace();
    await screen.findByRole('form', { name: F.addTitle });
    expect(screen.getByText(F.intro)).toBeTruthy();
    for (const label of [
      F.name,
      F.type,
      F.address,
      F.city,
      F.state,
      F.postalCode,
      F.country,
      F.phone,
      F.email,
    ]) {
      const control = screen.getByLabelText(label, { exact: true });
      expect(control.hasAttribute('required')).toBe(true);
      expect(control.closest('.place-field--required')).toBeTruthy();
    }
    expect(screen.getByLabelText(F.website).hasAttribute('required')).toBe(false);
    expect(
      screen.getByLabelText(F.image, { selector: 'input' }).closest('.place-field--required'),
    ).toBeTruthy();
    expect(
      screen.getByLabelText(F.video, { selector: 'input' }).closest('.place-field--required'),
    ).toBeNull();
    expect(
      within(screen.getByLabelText(F.country))
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual([F.unitedStates]);
    // The place types come from the server.
    await screen.findByRole('option', { name: 'Strip Club Links' });
    expect(
      within(screen.getByLabelText(F.type))
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual([F.choose, 'Erotic Body Rubs', 'Sex Toy Shops', 'Strip Club Links']);
  });

  it("shows the spec's messages for every missing field and the image, and sends nothing", async () => {
    const calls = addPlaceApi();
    renderAddPlace();
    await screen.findByRole('form', { name: F.addTitle });
    type(F.phone, '555-01');
    submit();
    expect(await screen.findByText(F.typeRequired)).toBeTruthy();
    for (const message of [
      V.nameRequired,
      F.addressRequired,
      F.postalCodeRequired,
      F.cityRequired,
      F.stateRequired,
      F.phoneInvalid,
      V.emailRequired,
    ])
      expect(screen.getByText(message)).toBeTruthy();
    const image = screen.getByLabelText(F.image, { selector: 'input' });
    expect(image.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(`${image.id}-error`)?.textContent).toBe(F.required);
    expect(uploads).not.toHaveBeenCalled();
    expect(calls.some((call) => call.method !== 'GET')).toBe(false);
  });

  it('uploads the image, creates the address, then the place, and goes to My Places', async () => {
    const calls = addPlaceApi();
    renderAddPlace();
    await screen.findByRole('form', { name: F.addTitle });
    await fillForm();
    pickFiles(F.image, [fileOf('front.jpg', 'image/jpeg')]);
    submit();

    expect(await screen.findByText('my places page', undefined, { timeout: 8000 })).toBeTruthy();
    expect(await screen.findByText(P.submitted)).toBeTruthy();
    expect(events).toEqual(['upload front.jpg public', 'POST /addresses', 'POST /vendors']);
    const address = calls.find((call) => call.path === '/addresses');
    expect(address?.body).toEqual({
      data: { location: '1 Main St', city: 'San Jose', state: 'CA', postal_code: '95112', country: 'US' },
    });
    const vendor = calls.find((call) => call.path === '/vendors' && call.method === 'POST');
    expect(vendor?.body).toEqual({
      data: {
        name: 'Quiet Rooms',
        vendor_type: 1,
        phone: '5550102030',
        email: 'rooms@example.test',
        website: null,
        address: 31,
        image: 501,
      },
    });
  });

  it("shows the server's refusal and reuses the address on the next try", async () => {
    let refuse = true;
    addPlaceApi(() =>
      refuse
        ? errorResponse(400, 'Invalid phone number', {
            errors: [{ path: ['phone'], message: 'Invalid phone number' }],
          })
        : jsonResponse({ data: buildPlace(9) }),
    );
    renderAddPlace();
    await screen.findByRole('form', { name: F.addTitle });
    await fillForm();
    pickFiles(F.image, [fileOf('front.jpg', 'image/jpeg')]);
    submit();
    expect(await screen.findByText(F.phoneInvalid)).toBeTruthy();
    refuse = false;
    await waitFor(() =>
      expect((screen.getByRole('button', { name: F.submit }) as HTMLButtonElement).disabled).toBe(false),
    );
    submit();
    expect(await screen.findByText('my places page', undefined, { timeout: 8000 })).toBeTruthy();
    // The image was uploaded once; the second try updated the address made by the first.
    expect(events).toEqual([
      'upload front.jpg public',
      'POST /addresses',
      'POST /vendors',
      'PUT /addresses/31',
      'POST /vendors',
    ]);
  });
});
