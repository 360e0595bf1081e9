/** Leaving the site: deleting one's account (My Profile), and the admin deleting one (decision 0020). */
export const PRIVACY_MESSAGES = {
  accountDeletion: {
    title: 'Delete your account',
    intro:
      'Deleting your account cannot be undone. You are signed out everywhere and cannot sign in again with this account.',
    goesTitle: 'What goes',
    goes: [
      'your profile: username, e-mail address, names, phone, date of birth, city and picture',
      'your ads, places and products, with their photos, videos and ID documents',
      'your messages and conversations, reactions, comments, reviews and saved providers',
      'the screening entries you wrote',
    ],
    staysTitle: 'What stays, without your name',
    stays: [
      'orders a seller must ship or has shipped, and the payments and wallet records the books need, shown as "deleted account"',
      'the record that the account was deleted, in our audit log',
    ],
    open: 'Delete my account',
    password: 'Your password',
    code: 'Code from your authenticator app',
    codeHint: 'Two-factor sign-in is on: enter a current code or a recovery code.',
    confirm: 'Delete my account for good',
    cancel: 'Cancel',
    notFound: 'Account not found',
    notAdmin: 'An administrator account cannot be deleted',
    onHold: 'This account is under a legal hold and cannot be deleted until the hold ends',
    /** The admin console's action on an account's page. */
    adminAction: 'Delete account',
    adminConfirm:
      'Delete this account? Its profile, ads, places, products, files, messages and activity go; its orders and payments stay as "deleted account". This cannot be undone.',
    adminDeleted: 'The account was deleted.',
    deletedAccount: 'deleted account',
    cannotUnblock: 'A deleted account cannot be unblocked',
  },
  /** My Profile's "Download your data", and the console's export for a person on request. */
  dataExport: {
    title: 'Download your data',
    intro:
      'One zip file with everything the site keeps of your account: your profile, ads, places, products, orders, sales, wallet, tips, reactions, comments, messages, saved items, the screening entries you wrote, sessions and two-factor state (never passwords or secrets), and the files you uploaded. It is prepared in a minute or two and offered for 7 days.',
    request: 'Prepare my data',
    requested: 'Your data is being prepared.',
    oncePerDay: 'You can ask for your data once a day',
    notFound: 'Export not found',
    download: 'Download',
    states: {
      pending: 'Being prepared',
      running: 'Being prepared',
      ready: 'Ready',
      failed: 'Could not be prepared',
    },
    asked: 'Asked',
    until: 'Offered until',
    refresh: 'Check again',
    none: 'No export yet.',
    /** The console's action and list on an account's page. */
    adminAction: 'Export data',
    adminRequested: 'The export is being prepared; it is listed here when ready.',
    adminTitle: 'Data exports',
  },
} as const;
