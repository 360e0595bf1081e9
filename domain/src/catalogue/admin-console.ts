/**
 * The admin console's frame and shared parts: the sidebar, the page titles, the
 * shared table and dialog texts, the filters, the two-factor gate and the Dashboard. The admin console is
 * "not shown" in the spec: these texts are ours. Page-specific texts live with their area
 * (`moderation`, `riskSignals`, `adminUsers`, `adminSettings`, …).
 */
export const ADMIN_CONSOLE_MESSAGES = {
  adminConsole: {
    /** The account menu's item and the console's name. */
    title: 'Admin console',
    menuItem: 'Admin console',
    /** The sidebar, in display order. */
    nav: {
      label: 'Admin console sections',
      dashboard: 'Dashboard',
      moderation: 'Moderation',
      verifications: 'Verifications',
      payments: 'Payments',
      reports: 'Reports',
      users: 'Users',
      screening: 'Screening access',
      settings: 'Settings',
      auditLog: 'Audit log',
      /** The phone's menu button and the offcanvas title. */
      openMenu: 'Console menu',
      closeMenu: 'Close',
    },
    /** Page titles (`<h1>` of each page). */
    titles: {
      dashboard: 'Dashboard',
      moderation: 'Moderation',
      verifications: 'Verifications',
      payments: 'Payments',
      reports: 'Reports',
      users: 'Users',
      userDetail: 'Account',
      screening: 'Screening access',
      settings: 'Settings',
      auditLog: 'Audit log',
    },
    /** Shared list texts (AdminTable). */
    table: {
      noItems: 'No items',
      loadFailed: 'The list could not be loaded.',
      retry: 'Retry',
      pages: 'Pages',
      perPage: 'Per page',
      total: 'Total',
      actions: 'Actions',
    },
    /** Shared dialog texts (ConfirmDialog, reason dialogs). */
    dialog: {
      confirmTitle: 'Please confirm',
      confirm: 'Confirm',
      cancel: 'Cancel',
      close: 'Close',
      actionFailed: 'Something went wrong. try again later',
    },
    /** Shared filter labels. */
    filters: {
      label: 'Filters',
      search: 'Search',
      searchPlaceholder: 'Search…',
      state: 'State',
      status: 'Status',
      kind: 'Kind',
      type: 'Type',
      all: 'All',
    },
    /** StatusBadge's labels of the states the console shows. */
    statuses: {
      pending: 'Pending',
      approved: 'Approved',
      verified: 'Verified',
      rejected: 'Rejected',
      active: 'Active',
      blocked: 'Blocked',
      open: 'New',
      reviewed: 'In progress',
      closed: 'Closed',
      none: 'None',
    },
    /** The two-factor gate in front of the console. */
    gate: {
      loadFailed: 'Your two-factor sign-in state could not be read.',
      reSignInTitle: 'Enter your code to continue',
      reSignIn:
        'This session was started without a code from your authenticator app. Sign in again: after your password the login asks for the code.',
      reSignInButton: 'Sign in again',
    },
    /** The Dashboard's texts not in `MESSAGES.dashboard` (item 2). */
    dashboard: {
      queues: 'Waiting for you',
      /** A chart's data also as a table, for screen readers. */
      chartTable: 'The chart as a table',
    },
    /** The Moderation page's parts not in `moderation`. */
    moderationPage: {
      tabsLabel: 'Queue',
      weight: 'Weight',
      riskScore: 'Risk score',
      approveTitle: 'Approve',
      escalatedTitle: 'Rejected #{id}: escalate it now',
      dismiss: 'Done',
      photoAlt: 'Photo {n} of {name}',
      noPhotos: 'No photos.',
      openAccount: 'Open the account',
      decisionFailed: 'The decision could not be saved.',
      escalationShow: 'Escalation steps',
      verificationLabel: 'ID verification',
      emailLabel: 'E-mail',
      usernameLabel: 'Username',
      statusLabel: 'Status',
    },
    /** The Verifications page's parts not in `adminUsers`. */
    verificationsPage: {
      documentTitle: 'Document',
      documentFailed: 'The document could not be opened.',
      documentFallback: 'This file cannot be shown here.',
      documentsDeletedOn: 'Documents deleted on {date}',
      documentsKept: 'Documents kept',
      yearsOld: '{age} years',
      submitted: 'Signed up',
      none: '—',
    },
    /** The provider's page: the risk signals panel (admins only). */
    signalsPanel: {
      title: 'Risk signals (staff only)',
      loadFailed: 'The risk signals could not be loaded.',
    },
  },
} as const;
