/** Packages, wallet and subscription screens (spec 000 §2, §8). */
export const BILLING_MESSAGES = {
  packages: {
    title: 'Packages',
    intro: 'Choose a package to post ads. Prices are in U.S. dollars and include tax and the processing fee.',
    validity: 'Validity',
    months: 'month(s)',
    adsPerDay: 'Number of ads per day',
    pricePerDay: 'Price per day',
    total: 'Total',
    select: 'Select',
    selected: 'Selected Package',
    skip: 'Skip',
    loginToBuy: 'Login to buy a package',
    howToBuy:
      'Packages are bought by paying through the payment QR code and entering the transaction id. Online purchase opens soon; until then, contact us and we will set up your package.',
    contactUs: 'Contact Us',
    empty: 'No packages are on offer right now.',
  },
} as const;
