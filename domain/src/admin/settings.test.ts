import { describe, expect, it } from 'vitest';
import { MESSAGES } from '../messages.ts';
import {
  packagePricePerDayCents,
  ZAdminSettingsUpdate,
  ZAuditCsvQuery,
  ZCityCreate,
  ZPackageCreate,
  ZPackageUpdate,
  ZProcessingCostCreate,
  ZPlaceTypeCreate,
} from './settings.ts';

const M = MESSAGES.adminSettings;
const messages = (r: { success: boolean; error?: { issues: { message: string }[] } }) =>
  r.success ? [] : r.error!.issues.map((i) => i.message);

describe('admin settings schemas', () => {
  it('reads dollars as numbers or text with at most two decimals', () => {
    const base = { name: 'Gold', validity: 1, number_of_ads_per_day: 2 };
    expect(ZPackageCreate.parse({ ...base, total_price: '12.50' }).total_price).toBe(12.5);
    expect(ZPackageCreate.parse({ ...base, total_price: 0 }).total_price).toBe(0);
    expect(messages(ZPackageCreate.safeParse({ ...base, total_price: 1.234 }))).toEqual([M.amountInvalid]);
    expect(messages(ZPackageCreate.safeParse({ ...base, total_price: '1e3' }))).toEqual([M.amountInvalid]);
    expect(messages(ZPackageCreate.safeParse({ ...base, total_price: -1 }))).toEqual([M.packagePriceRange]);
    expect(messages(ZPackageCreate.safeParse({ ...base, total_price: '' }))).toEqual([M.amountInvalid]);
  });

  it('reads whole numbers as numbers or digits', () => {
    expect(
      ZPackageCreate.parse({ name: 'A', total_price: 1, validity: '3', number_of_ads_per_day: 2 }).validity,
    ).toBe(3);
    expect(
      messages(
        ZPackageCreate.safeParse({ name: 'A', total_price: 1, validity: '3.5', number_of_ads_per_day: 2 }),
      ),
    ).toEqual([M.validityRange]);
  });

  it('wants at least one field on a change', () => {
    expect(messages(ZPackageUpdate.safeParse({}))).toEqual([M.nothingToChange]);
    expect(ZPackageUpdate.parse({ retired: true })).toEqual({ retired: true });
    expect(messages(ZAdminSettingsUpdate.safeParse({}))).toEqual([M.nothingToChange]);
  });

  it('keeps shipping as the spec’s text and the tax to four decimals', () => {
    expect(ZProcessingCostCreate.parse({ processing_fee: '2.50', tax: '8.125', shipping_cost: 0 })).toEqual({
      processing_fee: 2.5,
      tax: 8.125,
      shipping_cost: '0',
    });
    expect(
      ZProcessingCostCreate.parse({ processing_fee: 0, tax: 0, shipping_cost: '4.99' }).shipping_cost,
    ).toBe('4.99');
    expect(
      messages(ZProcessingCostCreate.safeParse({ processing_fee: 0, tax: 8.00001, shipping_cost: 0 })),
    ).toEqual([M.taxRange]);
  });

  it('normalises lookup codes', () => {
    expect(ZCityCreate.parse({ city_name: ' Reno ', state_code: 'nv' })).toEqual({
      city_name: 'Reno',
      state_code: 'NV',
      country_code: 'US',
    });
    expect(messages(ZPlaceTypeCreate.safeParse({ type: 'Sex Toys', name: 'X' }))).toEqual([M.typeInvalid]);
  });

  it('reads the export filters, empty meaning none', () => {
    expect(ZAuditCsvQuery.parse({ action: '', actor: '', subject: '' })).toEqual({
      action: undefined,
      actor: undefined,
      subject: undefined,
    });
    expect(ZAuditCsvQuery.parse({ actor: '7', subject: 'provider' })).toMatchObject({
      actor: 7,
      subject: 'provider',
    });
    expect(ZAuditCsvQuery.safeParse({ actor: 'x' }).success).toBe(false);
  });

  it('prices a day as the seeded packages have it', () => {
    expect(packagePricePerDayCents(2999, 1)).toBe(100);
    expect(packagePricePerDayCents(7999, 3)).toBe(89);
    expect(packagePricePerDayCents(14999, 6)).toBe(83);
  });
});
