import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { MESSAGES } from '@app/domain';
import SettingsPage from './SettingsPage.tsx';
import { callsTo, errorResponse, jsonResponse, mockAdminApi, paged, renderAdminPage } from './testAdmin.tsx';
import type { ApiCall } from './testAdmin.tsx';

const M = MESSAGES.adminSettings;
const F = M.fields;
const P = MESSAGES.adminPages.settings;

const PACKAGES = [
  {
    id: 1,
    attributes: {
      name: 'Basic',
      total_price: 100,
      validity: 1,
      number_of_ads_per_day: 2,
      price_per_day: 3.33,
      retired: false,
    },
  },
  {
    id: 2,
    attributes: {
      name: 'Old',
      total_price: 50,
      validity: 1,
      number_of_ads_per_day: 1,
      price_per_day: 1.67,
      retired: true,
    },
  },
];
const SETTINGS = {
  payment_address: 'PAY-TO: shop@example.test',
  document_retention_days: 30,
  message_retention_days: 90,
  tip_max_amount: 1000,
  tips_per_hour: 20,
  screening_reads_per_day: 500,
  twitter_url: 'https://x.com/livethefantasy',
  facebook_url: '',
  instagram_url: '',
};

function renderSettings(extra: (call: ApiCall) => Response | undefined = () => undefined) {
  const calls = mockAdminApi((call) => {
    const own = extra(call);
    if (own) return own;
    if (call.method !== 'GET') return undefined;
    switch (call.path) {
      case '/packages':
        return jsonResponse(paged(PACKAGES));
      case '/processing-costs':
        return jsonResponse(
          paged([{ id: 3, attributes: { processing_fee: 2.5, tax: 8, shipping_cost: '0' } }]),
        );
      case '/admin/settings':
        return jsonResponse({ data: SETTINGS });
      case '/payment-info':
        return jsonResponse({
          data: { address: SETTINGS.payment_address, qr: 'data:image/png;base64,iVBORw0KGgo=' },
        });
      case '/cities':
        return jsonResponse(
          paged([
            {
              id: 44,
              attributes: {
                city_name: 'San Jose',
                state_code: 'CA',
                state_name: 'California',
                country_code: 'US',
              },
            },
          ]),
        );
      case '/languages':
        return jsonResponse(paged([{ id: 5, attributes: { lang_name: 'English' } }]));
      default:
        return undefined;
    }
  });
  renderAdminPage(<SettingsPage />, { path: '/admin/settings' });
  return calls;
}

const packageRow = (name: string) => screen.getByText(name).closest('tr') as HTMLElement;

describe('SettingsPage', { timeout: 30_000 }, () => {
  it('says that changes apply to new purchases only and lists every package, retired ones too', async () => {
    renderSettings();
    expect(screen.getByText(M.intro)).toBeTruthy();
    const basic = packageRow(await screen.findByText('Basic').then((el) => el.textContent!));
    expect(within(basic).getByText('$100.00')).toBeTruthy();
    expect(within(basic).getByText(F.offered)).toBeTruthy();
    expect(within(basic).getByRole('button', { name: M.retire })).toBeTruthy();
    const old = packageRow('Old');
    expect(within(old).getByText(F.retiredState)).toBeTruthy();
    expect(within(old).getByRole('button', { name: M.unretire })).toBeTruthy();
  });

  it('creates a package in the modal form checked with the domain schema', async () => {
    const calls = renderSettings((call) =>
      call.method === 'POST' && call.path === '/packages'
        ? jsonResponse({ data: { id: 3, attributes: {} } })
        : undefined,
    );
    await screen.findByText('Basic');
    fireEvent.click(
      within(screen.getByRole('region', { name: M.sections.packages })).getByRole('button', { name: M.add }),
    );
    const dialog = await screen.findByRole('dialog', { name: P.newPackage });
    fireEvent.click(within(dialog).getByRole('button', { name: M.save }));
    expect(await within(dialog).findByText(M.nameRequired)).toBeTruthy();
    expect(callsTo(calls, 'POST', '/packages')).toHaveLength(0);

    fireEvent.change(within(dialog).getByLabelText(F.packageName), { target: { value: 'Gold' } });
    fireEvent.change(within(dialog).getByLabelText(F.totalPrice), { target: { value: '199.99' } });
    fireEvent.change(within(dialog).getByLabelText(F.validity), { target: { value: '3' } });
    fireEvent.change(within(dialog).getByLabelText(F.adsPerDay), { target: { value: '4' } });
    fireEvent.click(within(dialog).getByRole('button', { name: M.save }));
    expect(await screen.findByText(M.created)).toBeTruthy();
    expect(callsTo(calls, 'POST', '/packages')[0]!.body).toEqual({
      data: { name: 'Gold', total_price: 199.99, validity: 3, number_of_ads_per_day: 4 },
    });
  });

  it('edits a package with PUT and its values filled in', async () => {
    const calls = renderSettings((call) =>
      call.method === 'PUT' && call.path === '/packages/1'
        ? jsonResponse({ data: { id: 1, attributes: {} } })
        : undefined,
    );
    await screen.findByText('Basic');
    fireEvent.click(within(packageRow('Basic')).getByRole('button', { name: M.edit }));
    const dialog = await screen.findByRole('dialog', { name: P.editPackage });
    const price = within(dialog).getByLabelText(F.totalPrice) as HTMLInputElement;
    expect(price.value).toBe('100');
    fireEvent.change(price, { target: { value: '120' } });
    fireEvent.click(within(dialog).getByRole('button', { name: M.save }));
    expect(await screen.findByText(M.updated)).toBeTruthy();
    expect(callsTo(calls, 'PUT', '/packages/1')[0]!.body).toEqual({
      data: { name: 'Basic', total_price: 120, validity: 1, number_of_ads_per_day: 2 },
    });
  });

  it('retires after a confirmation and offers a retired package again', async () => {
    const calls = renderSettings((call) =>
      call.method === 'PUT' ? jsonResponse({ data: { id: 1, attributes: {} } }) : undefined,
    );
    await screen.findByText('Basic');
    fireEvent.click(within(packageRow('Basic')).getByRole('button', { name: M.retire }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(M.confirmRetire)).toBeTruthy();
    expect(callsTo(calls, 'PUT', '/packages/1')).toHaveLength(0);
    fireEvent.click(within(dialog).getByRole('button', { name: M.retire }));
    expect(await screen.findByText(M.retired)).toBeTruthy();
    expect(callsTo(calls, 'PUT', '/packages/1')[0]!.body).toEqual({ data: { retired: true } });

    fireEvent.click(within(packageRow('Old')).getByRole('button', { name: M.unretire }));
    expect(await screen.findByText(M.unretired)).toBeTruthy();
    expect(callsTo(calls, 'PUT', '/packages/2')[0]!.body).toEqual({ data: { retired: false } });
  });

  it('asks before deleting a package and shows the 409 that says to retire it', async () => {
    const calls = renderSettings((call) =>
      call.method === 'DELETE' && call.path === '/packages/1'
        ? errorResponse(409, M.packageInUse)
        : undefined,
    );
    await screen.findByText('Basic');
    fireEvent.click(within(packageRow('Basic')).getByRole('button', { name: M.delete }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(M.confirmDeletePackage)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: M.delete }));
    expect(await screen.findByText(M.packageInUse)).toBeTruthy();
    expect(callsTo(calls, 'DELETE', '/packages/1')).toHaveLength(1);
  });

  it('saves the processing costs in force in place', async () => {
    const calls = renderSettings((call) =>
      call.method === 'PUT' && call.path === '/processing-costs/3'
        ? jsonResponse({ data: { id: 3, attributes: {} } })
        : undefined,
    );
    const fee = (await screen.findByLabelText(F.processingFee)) as HTMLInputElement;
    await waitFor(() => expect(fee.value).toBe('2.5'));
    expect((screen.getByLabelText(F.tax) as HTMLInputElement).value).toBe('8');
    fireEvent.change(screen.getByLabelText(F.tax), { target: { value: '9.25' } });
    fireEvent.change(screen.getByLabelText(F.shippingCost), { target: { value: '4.5' } });
    const section = screen.getByRole('region', { name: M.sections.processingCosts });
    fireEvent.click(within(section).getByRole('button', { name: M.save }));
    await waitFor(() => expect(callsTo(calls, 'PUT', '/processing-costs/3')).toHaveLength(1));
    expect(callsTo(calls, 'PUT', '/processing-costs/3')[0]!.body).toEqual({
      data: { processing_fee: 2.5, tax: 9.25, shipping_cost: '4.5' },
    });
  });

  it('saves the payment address alone, shows the QR code payers see, and checks the retention days', async () => {
    const calls = renderSettings((call) =>
      call.method === 'PUT' && call.path === '/admin/settings'
        ? jsonResponse({ data: { ...SETTINGS, payment_address: 'Pay to me' } })
        : undefined,
    );
    const address = (await screen.findByLabelText(F.paymentAddress)) as HTMLTextAreaElement;
    expect(address.value).toBe(SETTINGS.payment_address);
    expect(await screen.findByRole('img', { name: MESSAGES.packages.qrAlt })).toBeTruthy();
    fireEvent.change(address, { target: { value: 'Pay to me' } });
    fireEvent.click(
      within(screen.getByRole('region', { name: M.sections.payment })).getByRole('button', { name: M.save }),
    );
    await waitFor(() => expect(callsTo(calls, 'PUT', '/admin/settings')).toHaveLength(1));
    expect(callsTo(calls, 'PUT', '/admin/settings')[0]!.body).toEqual({
      data: { payment_address: 'Pay to me' },
    });

    const retention = screen.getByLabelText(F.documentRetentionDays);
    fireEvent.change(retention, { target: { value: '0' } });
    fireEvent.click(
      within(screen.getByRole('region', { name: M.sections.retention })).getByRole('button', {
        name: M.save,
      }),
    );
    expect(await screen.findByText(M.retentionRange)).toBeTruthy();
    expect(callsTo(calls, 'PUT', '/admin/settings')).toHaveLength(1);

    fireEvent.change(retention, { target: { value: '60' } });
    fireEvent.click(
      within(screen.getByRole('region', { name: M.sections.retention })).getByRole('button', {
        name: M.save,
      }),
    );
    await waitFor(() => expect(callsTo(calls, 'PUT', '/admin/settings')).toHaveLength(2));
    expect(callsTo(calls, 'PUT', '/admin/settings')[1]!.body).toEqual({
      data: { document_retention_days: 60, message_retention_days: 90 },
    });
    expect((screen.getByLabelText(F.messageRetentionDays) as HTMLInputElement).value).toBe('90');

    fireEvent.change(screen.getByLabelText(F.tipsPerHour), { target: { value: '5' } });
    fireEvent.click(
      within(screen.getByRole('region', { name: M.sections.tips })).getByRole('button', { name: M.save }),
    );
    await waitFor(() => expect(callsTo(calls, 'PUT', '/admin/settings')).toHaveLength(3));
    expect(callsTo(calls, 'PUT', '/admin/settings')[2]!.body).toEqual({
      data: { tip_max_amount: 1000, tips_per_hour: 5 },
    });

    fireEvent.change(screen.getByLabelText(F.screeningReadsPerDay), { target: { value: '300' } });
    fireEvent.click(
      within(screen.getByRole('region', { name: M.sections.screening })).getByRole('button', {
        name: M.save,
      }),
    );
    await waitFor(() => expect(callsTo(calls, 'PUT', '/admin/settings')).toHaveLength(4));
    expect(callsTo(calls, 'PUT', '/admin/settings')[3]!.body).toEqual({
      data: { screening_reads_per_day: 300 },
    });
  });

  it("saves the footer's social links: https:// addresses or empty, checked at the field", async () => {
    const calls = renderSettings((call) =>
      call.method === 'PUT' && call.path === '/admin/settings'
        ? jsonResponse({ data: { ...SETTINGS, twitter_url: '', facebook_url: 'https://facebook.com/ltf' } })
        : undefined,
    );
    const section = await screen.findByRole('region', { name: M.sections.social });
    const twitter = within(section).getByLabelText(F.twitterUrl) as HTMLInputElement;
    expect(twitter.value).toBe(SETTINGS.twitter_url);
    expect(twitter.getAttribute('type')).toBe('url');
    const facebook = within(section).getByLabelText(F.facebookUrl) as HTMLInputElement;
    expect(within(section).getByText(M.hints.social)).toBeTruthy();

    // Another network's page over http, or a script: refused at the field, nothing sent.
    for (const bad of ['http://facebook.com/ltf', 'javascript:alert(1)']) {
      fireEvent.change(facebook, { target: { value: bad } });
      fireEvent.click(within(section).getByRole('button', { name: M.save }));
      expect(await within(section).findByText(M.socialUrlInvalid)).toBeTruthy();
    }
    expect(callsTo(calls, 'PUT', '/admin/settings')).toHaveLength(0);

    fireEvent.change(facebook, { target: { value: ' https://facebook.com/ltf ' } });
    fireEvent.change(twitter, { target: { value: '' } });
    fireEvent.click(within(section).getByRole('button', { name: M.save }));
    await waitFor(() => expect(callsTo(calls, 'PUT', '/admin/settings')).toHaveLength(1));
    expect(callsTo(calls, 'PUT', '/admin/settings')[0]!.body).toEqual({
      data: { twitter_url: '', facebook_url: 'https://facebook.com/ltf', instagram_url: '' },
    });
  });

  it('lists, searches, adds, renames and deletes lookup entries; a 409 shows the server message', async () => {
    const calls = renderSettings((call) => {
      if (call.method === 'POST' && call.path === '/cities')
        return jsonResponse({ data: { id: 45, attributes: {} } });
      if (call.method === 'PUT' && call.path === '/languages/5')
        return jsonResponse({ data: { id: 5, attributes: {} } });
      if (call.method === 'DELETE' && call.path === '/cities/44') return errorResponse(409, M.lookupInUse);
      return undefined;
    });
    const lookups = screen.getByRole('region', { name: P.lookups });
    const city = (await within(lookups).findByText('San Jose')).closest('tr') as HTMLElement;
    expect(within(city).getByText('CA')).toBeTruthy();

    fireEvent.change(within(lookups).getByLabelText(MESSAGES.adminConsole.filters.search), {
      target: { value: 'san' },
    });
    fireEvent.click(within(lookups).getByRole('button', { name: MESSAGES.adminConsole.filters.search }));
    await waitFor(() =>
      expect(callsTo(calls, 'GET', '/cities').at(-1)!.search.get('filters[city_name][$containsi]')).toBe(
        'san',
      ),
    );

    fireEvent.click(within(lookups).getByRole('button', { name: M.add }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText(F.cityName), { target: { value: 'Fresno' } });
    fireEvent.change(within(dialog).getByLabelText(F.stateCode), { target: { value: 'ca' } });
    fireEvent.click(within(dialog).getByRole('button', { name: M.save }));
    expect(await screen.findByText(M.created)).toBeTruthy();
    expect(callsTo(calls, 'POST', '/cities')[0]!.body).toEqual({
      data: { city_name: 'Fresno', state_code: 'CA', country_code: 'US' },
    });

    fireEvent.click(within(city).getByRole('button', { name: M.delete }));
    const confirm = await screen.findByRole('dialog');
    expect(within(confirm).getByText(M.confirmDelete)).toBeTruthy();
    fireEvent.click(within(confirm).getByRole('button', { name: M.delete }));
    expect(await screen.findByText(M.lookupInUse)).toBeTruthy();

    fireEvent.click(within(lookups).getByRole('tab', { name: M.sections.languages }));
    const english = (await within(lookups).findByText('English')).closest('tr') as HTMLElement;
    fireEvent.click(within(english).getByRole('button', { name: P.editEntry }));
    const rename = await screen.findByRole('dialog');
    const name = within(rename).getByLabelText(F.langName) as HTMLInputElement;
    expect(name.value).toBe('English');
    fireEvent.change(name, { target: { value: 'British English' } });
    fireEvent.click(within(rename).getByRole('button', { name: M.save }));
    expect(await screen.findByText(M.updated)).toBeTruthy();
    expect(callsTo(calls, 'PUT', '/languages/5')[0]!.body).toEqual({
      data: { lang_name: 'British English' },
    });
  });
});
