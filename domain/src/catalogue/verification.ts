/**
 * ID verification of providers and the admin console's Users and Verifications pages (issue 14, items 5
 * and 8). The admin console is "not shown" in the spec: these texts are ours.
 */
export const VERIFICATION_MESSAGES = {
  verification: {
    /** The states as people read them (`VERIFICATION_STATES`). */
    states: { pending: 'Pending', verified: 'Verified', rejected: 'Rejected' },
    title: 'ID verification',
    state: 'Verification',
    reason: 'Reason',
    verifiedAt: 'Verified on',
    /** The provider's profile: what each state means for them. */
    pendingHelp:
      'Our staff will check your ID documents. Your ads are published once your ID is verified and the ad is approved.',
    verifiedHelp: 'Your ID has been verified.',
    rejectedHelp:
      'Your ID could not be verified. Please contact us through the Feedback and Contact Us page.',
    // Errors.
    reasonRequired: 'Please give a reason of 3 to 500 characters',
    reasonTooLong: 'The reason is too long - 500 characters maximum',
    notProvider: 'Only provider accounts are verified',
    adminOnly: 'Only an administrator may decide on a verification',
    approveNeedsVerified: "This ad cannot be approved until its provider's ID is verified",
    // Mails to the provider.
    mailVerifiedSubject: 'Your ID has been verified',
    mailVerified:
      'Good news: the site staff checked your ID documents and verified your account. Your ads can now be approved and published.',
    mailRejectedSubject: 'Your ID could not be verified',
    mailRejected:
      'The site staff checked your ID documents and could not verify your account, for this reason:',
    mailFooter: 'Your documents are deleted from our servers a few weeks after this decision.',
  },
  adminUsers: {
    // Users page.
    title: 'Users',
    search: 'Search',
    searchPlaceholder: 'Name, e-mail, username or phone',
    type: 'Account type',
    status: 'Status',
    all: 'All',
    active: 'Active',
    blocked: 'Blocked',
    admin: 'Admin',
    verification: 'Verification',
    twoFactor: 'Two-factor',
    twoFactorOn: 'On',
    twoFactorOff: 'Off',
    username: 'Username',
    email: 'E-mail',
    name: 'Name',
    phone: 'Phone',
    dob: 'Date of birth',
    age: 'Age',
    city: 'City',
    role: 'Role',
    joined: 'Joined',
    open: 'Open',
    noUsers: 'No accounts match.',
    pages: 'User pages',
    // An account's page.
    account: 'Account',
    ads: 'Ads',
    places: 'Places',
    products: 'Products',
    orders: 'Orders',
    payments: 'Payments',
    reports: 'Reports about this account',
    subscriptions: 'Subscriptions',
    audit: 'Audit trail',
    noAds: 'No ads.',
    noPlaces: 'No places.',
    noProducts: 'No products.',
    noOrders: 'No orders.',
    noPayments: 'No payments.',
    noReports: 'No reports.',
    noSubscriptions: 'No subscriptions.',
    noAudit: 'Nothing recorded yet.',
    archived: 'Archived',
    extraAds: 'Extra ads',
    saveExtraAds: 'Save',
    extraAdsSaved: 'Extra ads saved',
    // Actions.
    block: 'Block',
    unblock: 'Unblock',
    logoutAll: 'Sign out everywhere',
    markVerified: 'Mark verified',
    reject: 'Reject',
    viewDocument: 'View document',
    cancel: 'Cancel',
    // Confirmations (actions that cannot be undone, or that end sessions).
    confirmBlock:
      'Block this account? Its ads and places disappear, its reviews stop counting and it is signed out everywhere.',
    confirmUnblock: 'Unblock this account? Its content shows again where it is approved.',
    confirmLogoutAll: 'Sign this account out on every device?',
    confirmVerify:
      "Mark this provider's ID as verified? Check that the date of birth makes them 18 or older.",
    confirmReject: "Reject this provider's ID? They are told the reason by e-mail.",
    // Toasts.
    blockedToast: 'The account was blocked',
    unblockedToast: 'The account was unblocked',
    loggedOutToast: 'The account was signed out everywhere',
    verifiedToast: 'The provider was verified',
    rejectedToast: 'The verification was rejected',
    actionFailed: 'Something went wrong. try again later',
    // Verifications page.
    verificationsTitle: 'Verifications',
    verificationState: 'State',
    documents: 'Documents',
    documentsDeleted: 'Documents deleted',
    noDocuments: 'No documents.',
    decisions: 'Decisions',
    decidedBy: 'Decided by',
    decidedAt: 'Decided on',
    documentKinds: 'Documents looked at',
    reasonLabel: 'Reason',
    reasonHelp: 'Required when rejecting; the provider receives it by e-mail.',
    underAge: 'Younger than 18 by this date of birth',
    noDob: 'No date of birth given',
    noVerifications: 'No providers in this state.',
    verificationPages: 'Verification pages',
  },
} as const;
