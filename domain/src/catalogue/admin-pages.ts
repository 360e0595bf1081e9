/**
 * The texts of the admin console's Payments, Reports, Users, Settings and Audit log pages that the areas' own catalogues (`admin-ops.ts`, `admin-settings.ts`, `verification.ts`)
 * do not hold: page navigation, the quick actions and the headings of an account's page. The console is
 * "not shown" in the spec, so these texts are ours.
 */
export const ADMIN_PAGES_MESSAGES = {
  adminPages: {
    reports: {
      close: 'Close report',
      closed: 'Report closed',
      /** On a report's card once its ad or place was hidden from this page (until the page reloads). */
      itemHidden: 'Item hidden, back in review',
      noDetails: 'No details given.',
      /** The link of a report whose item is not known. */
      noItem: 'None',
      /** Beside a reported ad: its owner's page in the console. */
      owner: 'Owner',
    },
    users: {
      back: 'Back to users',
      notFound: 'No account with this id.',
      loadFailed: 'The account could not be loaded.',
      usersLoadFailed: 'The accounts could not be loaded.',
      details: 'Details',
      review: 'Review',
      shown: 'Shown',
      yes: 'Yes',
      no: 'No',
      /** An ad of a blocked account: the directory hides it whatever its own flag says. */
      hiddenBlocked: 'Hidden: account blocked',
      /** A subscription's period, from its start and end dates against today. */
      period: 'Period',
      periods: { current: 'Current', upcoming: 'Upcoming', ended: 'Ended' },
      price: 'Price',
      total: 'Total',
      payment: 'Payment',
      package: 'Package',
      start: 'Start',
      end: 'End',
      item: 'Item',
      extraAdsInvalid: 'Enter a whole number from 0 to 10000',
    },
    settings: {
      lookups: 'Lookups',
      lookupsLabel: 'Lookup lists',
      newPackage: 'New package',
      editPackage: 'Edit package',
      newEntry: 'New entry',
      editEntry: 'Rename',
      currentQr: 'The QR code payers see now',
      perDayDays: 'A month counts as 30 days; the price per day is computed.',
    },
    audit: {
      download: 'Save audit-log.csv',
      preparing: 'Preparing…',
      changes: 'Change',
      noChange: 'No before or after recorded.',
      removed: 'removed',
      added: 'added',
    },
  },
} as const;
