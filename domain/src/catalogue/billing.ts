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
    empty: 'No packages are on offer right now.',
    /** Package price = total_price + tax percent + processing fee (spec 000 §9). */
    price: 'Price',
    priceHelp: 'Package price, tax and processing fee included.',
    useWallet: 'Use wallet balance',
    /** Followed by the verified balance as money. */
    walletBalance: 'Wallet balance',
    walletHelp: 'Only verified payments count towards the balance you can spend.',
    walletPart: 'Paid from wallet',
    amountToPay: 'Amount to pay',
    nothingToPay: 'Your wallet covers the whole price: nothing is left to pay.',
    payment: 'Payment',
    qrAlt: 'Payment QR code',
    payTo: 'Pay to',
    steps: [
      'Scan the code.',
      'Enter the amount to pay.',
      'Pay it.',
      'Enter the transaction ID below.',
      'Verify and submit.',
    ],
    transactionId: 'Transaction Id',
    submit: 'Submit',
    /** Signed in, but not a provider: the cards only. */
    providersOnly: 'Packages are bought by provider accounts. Sign in as a provider to buy one.',
    loadFailed: 'This could not be loaded. Please try again later.',
    /** Spec 000 §8. */
    added: 'Subscription Added!',
    failed: 'Something went worng!!!',
    transactionIdBlank: 'Transaction Id cannot be blank!!!!',
  },
  subscription: {
    title: 'My Subscription',
    current: 'Current subscription',
    packageName: 'Package',
    numberOfAds: 'Number of ads',
    posted: 'Posted',
    remaining: 'Remaining',
    startDate: 'Start date',
    endDate: 'End date',
    paymentState: 'Payment',
    paymentStates: { pending: 'Pending', verified: 'Verified', rejected: 'Rejected' },
    paymentHelp: {
      pending: 'An administrator is checking your payment. The package works meanwhile.',
      verified: 'Your payment has been checked.',
      rejected:
        'Your payment could not be verified, so this subscription is inactive and its ads are hidden.',
    },
    status: 'Status',
    active: 'Active',
    inactive: 'Inactive',
    none: 'You have no active subscription.',
    buyPackage: 'Buy a package',
    history: 'Subscription history',
    historyEmpty: 'No subscriptions yet.',
    price: 'Price',
    amountPaid: 'Amount paid',
    transactionId: 'Transaction Id',
    /** Spec 001 §8: posting without an active subscription. */
    needPackage: 'Need to buy a package to post ads',
    /** Spec 001 §2 "My Ads" when nothing remains. */
    refill: 'Please contact to admin to refill your number of ads',
    transactionIdUsed: 'This transaction id, or one that looks the same, has already paid for something else',
    unknownPackage: 'No such package',
    notProvider: 'Only providers buy packages',
    tooMany: 'Too many purchases in a short time. Please try again later.',
  },
  wallet: {
    title: 'My Wallet',
    /** The header's wallet button (providers) and its modal (spec 000 §2; 'Expences' is the spec's spelling). */
    button: 'Wallet',
    modalTitle: 'Wallet',
    walletBalance: 'Wallet Balance',
    totalIncome: 'Total Income',
    totalExpences: 'Total Expences',
    close: 'Close',
    /** My Wallet (spec 000 §2). */
    balance: 'Balance',
    income: 'Total income',
    expenses: 'Total expenses',
    pending: 'Waiting for verification',
    /** Followed by the pending credits as money. */
    pendingHelp: 'Payments an administrator has not verified yet are not in the balance:',
    /**
     * Under the expenses while a package purchase waits for its payment to be checked (its price is spent,
     * its payment not yet counted as income); followed by the amount.
     */
    pendingPackage: 'Package purchase waiting for the payment to be checked:',
    recent: 'Recent transactions',
    date: 'Date',
    type: 'Type',
    for: 'For',
    amount: 'Amount',
    paymentState: 'Payment',
    credit: 'Credit',
    debit: 'Debit',
    tip: 'Tip',
    package: 'Package',
    other: 'Other',
    empty: 'No transactions yet.',
    chart: 'Income and expenses per month',
    month: 'Month',
    chartIncome: 'Income',
    chartExpenses: 'Expenses',
    chartEmpty: 'Nothing earned or spent in the last 12 months.',
    /** `POST /api/transactions` from anyone but the admin: nobody writes credits to themselves. */
    adminOnly: 'Only an administrator can add wallet entries; wallet entries come from payments',
  },
  /** A hobbyist's tips and paid orders with their payments' states (the account menu's My Payments). */
  myPayments: {
    title: 'My Payments',
    intro: 'Your tips and the orders you paid, and whether an administrator has checked each payment.',
    perPage: 'Payments per page',
    pages: 'My Payments pages',
    retry: 'Try again',
    empty: 'No payments yet. The tips you send and the orders you pay show here.',
    payment: 'Payment',
    date: 'Date',
    transactionId: 'Transaction ID',
    amount: 'Amount',
    status: 'Status',
    /** Followed by the ad's name: 'Tip to Ruby'. */
    tipTo: 'Tip to',
    tipToDeletedAd: 'Tip to an ad that was deleted',
    /** Followed by the order's number: 'Order #12'. */
    order: 'Order',
    /** After an order's number of products: '3 products'. */
    products: 'product(s)',
    /** `GET /api/my-payments` from an account that is not a hobbyist's (and the page's note). */
    hobbyistsOnly: 'My Payments lists the tips and orders of hobbyist accounts',
  },
  /** Every form and route that takes a transaction id (tips, packages, checkouts, wallet entries). */
  transactionIds: {
    /** A typed id with a character outside the plain set (docs/decisions/0014-transaction-id-plain-set.md). */
    characters:
      'A transaction id holds only letters A-Z, digits, spaces and - _ . : / #. Type it as your payment app shows it.',
    /** A package purchase's transaction id over its length. */
    tooLong: 'Transaction id is too long (100 characters at most)',
  },
  /** The pager of the subscription and wallet tables. */
  /** Under the wallet's and the subscription's tables; Prev, Next and page numbers are `pagination`'s. */
  pager: {
    label: 'Table pages',
    pageSize: 'Rows per page',
    /** The button beside the warning of a table that could not be loaded. */
    retry: 'Try again',
  },
} as const;
