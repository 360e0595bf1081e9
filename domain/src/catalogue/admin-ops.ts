/**
 * The admin console's Payments, Reports and Dashboard pages: labels, buttons,
 * confirmations, toasts, the payment flags' explanations and the server's messages. The console is "not
 * shown" in the spec, so these texts are ours; they live here once, like every other text.
 */
export const ADMIN_OPS_MESSAGES = {
  payments: {
    title: 'Payments',
    intro:
      'Subscriptions, orders and tips paid by transaction id. Check each id against the payments received, then verify or reject it. Pending payments come first.',
    kind: 'Kind',
    status: 'Status',
    search: 'Search',
    searchHelp: 'Transaction id, username or e-mail',
    all: 'All',
    kinds: { subscription: 'Subscription', order: 'Order', tip: 'Tip' },
    states: { pending: 'Pending', verified: 'Verified', rejected: 'Rejected' },
    columns: {
      date: 'Date',
      kind: 'Kind',
      payer: 'Payer',
      amount: 'Amount',
      transactionId: 'Transaction id',
      status: 'Status',
      description: 'Description',
      flags: 'Flags',
      actions: 'Actions',
    },
    verify: 'Verify',
    reject: 'Reject',
    cancel: 'Cancel',
    confirmVerifyTitle: 'Verify this payment?',
    confirmVerify: 'Mark the payment verified only once the amount has arrived under this transaction id.',
    confirmRejectTitle: 'Reject this payment?',
    confirmReject: {
      subscription:
        'The subscription stops: its ads leave the directory, and any wallet part it spent returns to the wallet.',
      order: 'The order is cancelled. This cannot be undone.',
      tip: "The tip does not count in the provider's wallet; a verified tip is reversed by a new ledger row. This cannot be undone.",
    },
    verified: 'Payment verified',
    rejected: 'Payment rejected',
    failed: 'The payment could not be updated.',
    loadFailed: 'The payments could not be loaded.',
    empty: 'No payments match.',
    noTransactionId: '(none)',
    /** A rejected payment is not verified later (`PUT /api/tips/:id`, 409). */
    decisionFinal: 'This payment was rejected; the decision is final.',
    /** In the actions cell of a rejected tip or order: nothing is left to decide. */
    decisionFinalShort: 'Decision final',
    /** The confirmation of rejecting a paid order: the server refuses once a line has shipped. */
    rejectPaidOrder: 'A paid order can be rejected only until its first item ships.',
    /** A description's parts: `Order #12 · 3 items`, `Tip to Aria`. */
    orderLabel: 'Order #',
    itemOne: 'item',
    itemMany: 'items',
    tipTo: 'Tip to',
    flagKinds: { malformed: 'Malformed id', duplicate: 'Duplicate id' },
    /** Before the code points of an id's characters outside the plain set: "Hidden characters: U+200B". */
    hiddenCharacters: 'Hidden characters:',
    flags: {
      malformedBlank: 'No transaction id was given.',
      malformedShort: 'The id is shorter than 6 characters: payment apps give longer ids.',
      malformedRepeated: 'The id repeats one character only.',
      malformedCharacters:
        'The id holds characters other than letters A-Z, digits, spaces and - _ . : / # (some may be invisible).',
      /** Followed by the other payments, e.g. "Order #4, Tip #2". */
      duplicate:
        'The same id, or one that looks the same (other case, spaces, dashes, look-alike or invisible characters), was given for another payment:',
    },
  },
  adminReports: {
    title: 'Reports',
    intro:
      "Reports of listings and concerns, providers' screening flags, screening review requests and contact messages. Open each report, note what you did, and hide the reported ad or place when it breaks the rules.",
    kind: 'Kind',
    status: 'Status',
    all: 'All',
    openAndReviewed: 'New and in progress',
    kinds: {
      report: 'Report',
      flag: 'Screening flag',
      contact: 'Contact message',
      review: 'Screening review',
    },
    states: { open: 'New', reviewed: 'In progress', closed: 'Closed' },
    /** The `reason` of a screening flag and of a contact message in the list. */
    flagReason: 'Screening flag',
    contactReason: 'Contact message',
    reviewReason: 'Screening review request',
    columns: {
      date: 'Date',
      kind: 'Kind',
      reason: 'Reason',
      details: 'Details',
      from: 'From',
      item: 'Reported item',
      status: 'Status',
      handledBy: 'Handled by',
      actions: 'Actions',
    },
    links: {
      provider: 'Ad',
      vendor: 'Place',
      'hobbyist-comment': 'Screening comment',
      message: 'Message',
      url: 'Link',
    },
    anonymous: 'Anonymous',
    hide: 'Hide item',
    confirmHideTitle: 'Hide the reported item?',
    confirmHide:
      'The ad or place leaves the site and goes back to pending review until an admin approves it again.',
    hidden: 'The item is hidden and back in review',
    staffNote: 'Internal note',
    staffNoteHelp: 'Seen by the staff only.',
    saveNote: 'Save note',
    saved: 'Saved',
    failed: 'The change could not be saved.',
    loadFailed: 'The reports could not be loaded.',
    empty: 'Nothing to handle.',
    nothingToHide: 'This report names no ad or place to hide.',
    staffNoteTooLong: 'The note is too long - should be 2000 chars maximum',
    updateEmpty: 'Send status or staff_note',
  },
  dashboard: {
    title: 'Dashboard',
    loadFailed: 'The dashboard could not be loaded.',
    cards: {
      ads: 'Pending ads',
      places: 'Pending places',
      verifications: 'Verifications',
      payments: 'Payments',
      reports: 'Open reports',
    },
    openQueue: 'Open the queue',
    charts: {
      signups: 'Sign-ups per week',
      revenue: 'Revenue per month',
      publicAds: 'Public ads',
    },
    series: {
      Hobbyist: 'Hobbyists',
      Provider: 'Providers',
      Vender: 'Vendors',
      subscriptions: 'Subscriptions',
      orders: 'Orders',
      tips: 'Tips',
      verified: 'verified',
      pending: 'pending',
      publicAds: 'Public ads',
    },
    week: 'Week of',
    month: 'Month',
    mail: {
      title: 'Mail',
      waiting: 'Mail waiting',
      failed: 'Mail failed',
      waitingHint:
        'Not sent yet: the mail server did not take it. It is tried again for two days. If this number keeps growing, check SMTP_URL and the mail server.',
      failedHint:
        'Given up: the mail server refused it, or it could not be sent within two days. These people did not get the mail. Kept 30 days.',
    },
  },
} as const;
