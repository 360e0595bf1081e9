/** Screening of hobbyists by providers (spec 001 §2 "Screen hobbyists", §4, §5, §8). */
export const SCREENING_MESSAGES = {
  screening: {
    title: 'Screen Hobbyists',
    intro:
      'Providers only: look a phone number up before you meet someone, and share what you know with other providers. Entries show their date; flag one you think is abusive or false.',
    search: 'Search Phone Number',
    addPhone: 'Add Phone Number',
    phoneNumber: 'Phone Number',
    add: 'Add',
    close: 'Close',
    like: 'Like',
    average: 'Avg.',
    dislike: 'Dislike',
    comments: 'Comments',
    comment: 'Comment',
    post: 'Post',
    addedOn: 'Added on',
    empty: 'No phone numbers found.',
    listFailed: 'Something went wrong. try again later',
    flag: 'Flag as abusive or false',
    flagged: 'Thank you. The site staff will review this comment.',
    flagReason: 'Flagged by a provider as abusive or false',
    remove: 'Remove',
    noComments: 'No comments yet.',
    pages: 'Screening pages',
    /** The search finds the digits anywhere in a number (decision 0035). */
    searchHelp: 'Digits only, anywhere in the number: 555-123 and 1234 both find 5551234567.',
    /** The search box holds text without a digit: nothing is searched. */
    searchNeedsDigits: 'Type the digits of a phone number to search; letters are not searched.',
    added: 'Phone number added',
    existing: 'This number is already listed: here is its record.',
    commentsOn: 'Comments on',
    deleteComment: 'Delete',
    commentDeleted: 'Your comment was deleted',
    deleteCommentPrompt: 'Delete your comment?',
    ratings: 'Ratings',
    own: 'You',
    // Validation (spec 001 §5 "Screening": non-empty).
    phoneRequired: 'Phone number is required',
    phoneInvalid: 'Invalid phone number',
    commentRequired: 'Comment is required',
    commentTooLong: 'Comment is too long - should be 1000 chars maximum',
    dailyLimit: 'You have reached the daily limit for screening entries; please try again tomorrow',
    providersOnly: 'Screening is for provider accounts only',
    /** The 403s of a provider who may not screen (yet): the screening page shows them instead of the list. */
    verificationPending:
      'Screening opens once an administrator has verified your ID. Your verification is still pending.',
    verificationRejected:
      'Screening is closed to your account: an administrator rejected your ID verification.',
    suspended: 'An administrator has suspended screening for your account.',
    readLimit: 'You have reached the daily limit of screening reads; please try again tomorrow',
    accountNotFound: 'Provider account not found',
    suspendedRequired: 'Say whether screening is suspended (true or false)',
    ownFlag: 'You cannot flag your own comment',
    phoneTaken: 'This phone number is already listed',
    /** Parallel rating clicks kept replacing each other (a 409). */
    ratingChanged: 'The rating changed meanwhile, please try again',
  },
  /**
   * A screening review request: anyone asks the staff to review the entries about a phone number from a
   * public page; the request is an entry of the console's reports queue; the requester gets the outcome
   * by e-mail.
   */
  screeningReview: {
    title: 'Ask for a screening review',
    intro:
      'Verified providers on this site may keep notes about the phone numbers of people who contact them. If you think the entries about your number are wrong or should not be there, tell us here. Our staff review them, remove what should not be there, and e-mail you the outcome.',
    privacyNote:
      'We never say whether a number has entries, and we use your e-mail address only to answer this request. We may ask you to show that the number is yours.',
    phone: 'Phone number',
    phoneHelp: 'The number the entries are about, with or without spaces and country code.',
    dispute: 'What do you dispute?',
    disputeHelp: 'What you think is wrong, and what you would like us to do.',
    email: 'Your e-mail address',
    emailHelp: 'We send the outcome to this address.',
    submit: 'Send request',
    sentTitle: 'Request received',
    sent: 'Thank you. Your request number is #{id}. We will e-mail the outcome to the address you gave.',
    another: 'Send another request',
    disputeRequired: 'Say what you dispute',
    disputeTooShort: 'Please say a little more (10 characters at least)',
    disputeTooLong: 'Too long - should be 2000 chars maximum',
    tooMany: 'Too many requests from your address. Please try again in an hour.',
    // The outcome mail: the same words whatever was decided (the requester may not own the number, so the mail
    // must not tell whether it had entries), the staff's note if any, and where to ask more.
    mailSubject: 'Your screening review request #{id}',
    mailBody:
      'We have reviewed your request about the phone number you gave. Where entries about it were wrong or should not have been there, we removed them.',
    mailNote: 'A note from our staff:',
    mailFooter:
      'You receive this e-mail because this address was given on the screening review page of Live the Fantasy. If you have a question, answer through the Contact Us page: {link}\n',
    // The console: the request in the reports queue, the number's entries beside it, the outcome.
    entries: 'Entries for this number',
    entriesHelp:
      'Records whose number is this one, or this one with a country code written or left out (up to 3 digits). Removals are recorded in the audit log.',
    noEntries: 'No entries for this number.',
    entriesFailed: 'The entries could not be loaded.',
    addedOn: 'Added on {date}',
    ratings: 'Ratings: {likes} like, {averages} average, {dislikes} dislike',
    by: 'by',
    removeComment: 'Remove comment',
    removeRating: 'Remove rating',
    removeRecord: 'Remove the number and all its entries',
    confirmRemoveTitle: 'Remove this entry?',
    confirmRemoveComment: 'The comment is deleted for every provider. The removal is recorded.',
    confirmRemoveRating: 'The rating is deleted for every provider. The removal is recorded.',
    confirmRemoveRecord:
      'The number, its ratings and its comments are deleted for every provider. The removal is recorded.',
    removed: 'Removed',
    removeFailed: 'The entry could not be removed.',
    outcome: 'Outcome',
    outcomes: {
      removed: 'Entries removed',
      partly: 'Some entries removed',
      kept: 'Entries kept',
      none: 'No entries for this number',
    },
    outcomeHelp:
      "For the staff's record: the e-mail says the same whatever you choose, so it never tells whether the number had entries.",
    outcomePlaceholder: 'Choose…',
    outcomeRequired: 'Choose the outcome before sending it',
    reply: 'Note to the requester (optional, sent in the e-mail)',
    replyHelp: "Never name a provider or quote an entry: the requester may not be the number's owner.",
    replyTooLong: 'The note is too long - should be 1000 chars maximum',
    decide: 'Send the outcome and close',
    decided: 'The outcome was e-mailed and the request closed',
    decidedNotMailed:
      'The request is closed, but the e-mail could not be sent: write to the requester yourself.',
    decidedOn: 'Closed on {date}: {outcome}',
    notMailed: 'The e-mail could not be sent: write to the requester yourself.',
    alreadyDecided: 'This request is closed: its outcome was sent already',
    truncated: 'More than 20 records match this number: the closest 20 are shown.',
    closeWithOutcome: 'Close a screening review request by sending its outcome',
    notFound: 'Screening review request not found',
  },
  /** The console's Screening access page: read volume per provider account, suspend and restore. */
  adminScreening: {
    intro:
      'Screening rows each provider account was answered (records, ratings and comments; a request that finds nothing counts as one). Suspend an account to shut it out of screening at once.',
    search: 'Search accounts',
    searchPlaceholder: 'Username or e-mail',
    caption: 'Screening access by provider account',
    account: 'Account',
    verification: 'Verification',
    readsToday: 'Reads today',
    reads7Days: 'Reads, 7 days',
    access: 'Screening',
    allowed: 'Allowed',
    suspended: 'Suspended',
    suspend: 'Suspend',
    restore: 'Restore',
    confirmSuspend: 'Suspend screening for this account? It loses access on its next request.',
    suspendedToast: 'Screening suspended',
    restoredToast: 'Screening restored',
    failed: 'The change could not be saved.',
    empty: 'No provider accounts found.',
    loadFailed: 'The list could not be loaded.',
    pages: 'Screening access pages',
    dailyCap: 'Daily cap per account',
  },
} as const;
