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
    contactUs: 'Contact Us',
    howToBuy: 'Packages are bought by paying through the payment QR code and entering the transaction id.',
    empty: 'No packages are on offer right now.',
    /** Spec 000 §8. */
    added: 'Subscription Added!',
    failed: 'Something went worng!!!',
    transactionIdBlank: 'Transaction Id cannot be blank!!!!',
  },
  subscription: {
    active: 'Active',
    inactive: 'Inactive',
    /** Spec 001 §8: posting without an active subscription. */
    needPackage: 'Need to buy a package to post ads',
    /** Spec 001 §2 "My Ads" when nothing remains. */
    refill: 'Please contact to admin to refill your number of ads',
    transactionIdUsed: 'This transaction id has already paid for something else',
    unknownPackage: 'No such package',
    notProvider: 'Only providers buy packages',
  },
  wallet: {
    /** `POST /api/transactions` from anyone but the admin: nobody writes credits to themselves. */
    adminOnly: 'Only an administrator can add wallet entries; wallet entries come from payments',
  },
} as const;
