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
    /** The admin console's action on an account's page. */
    adminAction: 'Delete account',
    adminConfirm:
      'Delete this account? Its profile, ads, places, products, files, messages and activity go; its orders and payments stay as "deleted account". This cannot be undone.',
    adminDeleted: 'The account was deleted.',
    deletedAccount: 'deleted account',
    cannotUnblock: 'A deleted account cannot be unblocked',
  },
} as const;
