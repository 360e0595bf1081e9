/**
 * Tips from a provider's card (billing area, spec 001 §5). Limits live in `billing/limits.ts` (TIP_LIMITS); the
 * texts that name them agree with it.
 */
export const TIP_MESSAGES = {
  tip: {
    button: 'TIP $',
    title: 'Tip',
    qrAlt: 'Payment QR code',
    payTo: 'Pay to',
    steps: [
      'Scan the code.',
      'Enter the total amount.',
      'Pay it.',
      'Enter the transaction ID on the tips form.',
      'Verify and submit.',
    ],
    amount: 'Tip amount ($)',
    transactionId: 'Transaction ID',
    submit: 'Submit',
    close: 'Close',
    paid: 'Your Tip is paid successfully',
    failed: 'Something went wrong. try again later',
    badRequest: 'Something Went Worng!!!',
    amountRequired: 'Tip amount is required',
    amountPositive: 'Tip amount must be more than 0',
    amountTooLarge: 'Tip amount must be 10000 or less',
    amountCents: 'Tip amount can have at most 2 decimals',
    transactionIdRequired: 'Transaction ID is required',
    transactionIdTooLong: 'Transaction ID is too long - should be 100 chars maximum',
    transactionIdUsed: 'This transaction ID has already been used for a tip',
    /** Followed by the operator's cap as money: 'Tip amount must be at most $1,000.00'. */
    amountOverCap: 'Tip amount must be at most',
    tooMany: 'Too many tips sent, please try again later',
    paymentStatusInvalid: "Payment status must be 'verified' or 'rejected'",
  },
} as const;
