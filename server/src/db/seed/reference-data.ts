/** Reference data seeded on every start (idempotently). Operators change it later in the admin area. */
export const US_STATE_CODES = [
  'AL', 'AK', 'AZ', 'AR', 'CA', 'CO', 'CT', 'DE', 'DC', 'FL', 'GA', 'HI', 'ID', 'IL', 'IN', 'IA', 'KS',
  'KY', 'LA', 'ME', 'MD', 'MA', 'MI', 'MN', 'MS', 'MO', 'MT', 'NE', 'NV', 'NH', 'NJ', 'NM', 'NY', 'NC',
  'ND', 'OH', 'OK', 'OR', 'PA', 'RI', 'SC', 'SD', 'TN', 'TX', 'UT', 'VT', 'VA', 'WA', 'WV', 'WI', 'WY',
] as const;

export const LANGUAGES = [
  'English', 'Spanish', 'French', 'German', 'Italian', 'Portuguese', 'Russian', 'Chinese', 'Japanese',
  'Korean', 'Vietnamese', 'Tagalog', 'Arabic', 'Hindi', 'Polish',
];

export const RACES = [
  'Asian', 'Black', 'Caucasian', 'Latina', 'Middle Eastern', 'Mixed', 'Native American', 'Pacific Islander',
  'South Asian',
];

/** Prices in cents. */
export const PACKAGES = [
  { name: 'Starter', total_price: 2999, validity: 1, number_of_ads_per_day: 1, price_per_day: 100 },
  { name: 'Standard', total_price: 7999, validity: 3, number_of_ads_per_day: 3, price_per_day: 89 },
  { name: 'Premium', total_price: 14999, validity: 6, number_of_ads_per_day: 5, price_per_day: 83 },
];

/** Fee in cents; tax in percent; shipping '0' means free. */
export const PROCESSING_COSTS = { processing_fee: 250, tax: 8, shipping_cost: '0' };
