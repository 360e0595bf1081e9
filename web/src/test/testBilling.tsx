import { STORAGE_KEYS } from '../lib/storage.ts';
import { jsonResponse } from './render.tsx';
import type { ApiCall } from './api.ts';

export const PROVIDER = {
  id: 42,
  username: 'pro',
  first_name: 'Pia',
  last_name: 'Pro',
  user_type: 'Provider',
};
export const HOBBYIST = {
  id: 41,
  username: 'hob',
  first_name: 'Hal',
  last_name: 'Hobbs',
  user_type: 'Hobbyist',
};

export function signInAs(user: { id: number }) {
  window.localStorage.setItem(STORAGE_KEYS.token, 'jwt');
  window.localStorage.setItem(STORAGE_KEYS.userId, String(user.id));
  window.localStorage.setItem(STORAGE_KEYS.user, JSON.stringify(user));
}

/** Packages as `GET /api/packages` lists them: $100 for 1 month and $250 for 3. */
export const PACKAGES = [
  {
    id: 1,
    attributes: {
      name: 'Basic',
      total_price: 100,
      validity: 1,
      number_of_ads_per_day: 2,
      price_per_day: 3.33,
    },
  },
  {
    id: 2,
    attributes: {
      name: 'Premium',
      total_price: 250,
      validity: 3,
      number_of_ads_per_day: 5,
      price_per_day: 2.78,
    },
  },
];

/** 8% tax and a $2.50 fee: Basic costs $110.50, Premium $272.50. */
export const COSTS = { processing_fee: 2.5, tax: 8, shipping_cost: '0' };

export function list(data: unknown[], page = 1, pageCount = 1, pageSize = 10) {
  return jsonResponse({ data, meta: { pagination: { page, pageSize, pageCount, total: data.length } } });
}

export function wallet(overrides: Record<string, unknown> = {}) {
  return {
    totalCredit: 0,
    totalDebit: 0,
    totalCreditPackage: 0,
    totalIncome: 0,
    totalWalletBalance: 0,
    pending: { totalCredit: 0, totalDebit: 0, count: 0 },
    months: [],
    ...overrides,
  };
}

/** The catalogue calls every billing screen makes: packages, costs, payment info, the user. */
export function answerCommon(call: ApiCall, user: object | null): Response | undefined {
  if (call.path === '/users/me' && user) return jsonResponse(user);
  if (call.path === '/packages') return list(PACKAGES);
  if (call.path === '/processing-costs') return list([{ id: 1, attributes: COSTS }]);
  if (call.path === '/payment-info') {
    return jsonResponse({ data: { address: 'PAY-ADDRESS-1', qr: 'data:image/png;base64,iVBORw0KGgo=' } });
  }
  return undefined;
}
