/**
 * Two-factor sign-in: required for the admin, optional for everyone else from the
 * profile. The spec shows no such screens: these texts are ours.
 */
export const TWO_FACTOR_MESSAGES = {
  twoFactor: {
    title: 'Two-factor sign-in',
    // Errors.
    required: 'Confirm your sign-in with a code from your authenticator app to use the admin console.',
    adminRequired: 'An administrator must keep two-factor sign-in on.',
    invalidCode: 'The code is not valid. Try the current code from your app, or a recovery code.',
    // Where no recovery code counts (turning it on, new recovery codes): no word of recovery codes.
    invalidEnrolCode: 'The code is not valid. Enter the current 6-digit code from your app.',
    codeRequired: 'Enter the code from your authenticator app.',
    alreadyEnabled: 'Two-factor sign-in is already on.',
    notEnabled: 'Two-factor sign-in is not on.',
    setupFirst: 'Start the setup again: scan the new QR code, then enter its code.',
    signInExpired: 'Your sign-in took too long. Please sign in again.',
    challengeSpent: 'Too many wrong codes for this sign-in. Please sign in again.',
    // The lock's length is TWO_FACTOR_GUARD.lockMs (server/src/modules/auth/two-factor.codes.ts).
    codeLocked: 'Too many wrong codes. Try again in 15 minutes, or sign in with a recovery code.',
    lockedEmailSubject: 'Wrong two-factor codes on your account',
    lockedEmailText:
      'Someone entered your password and then many wrong two-factor codes, so for the next 15 minutes no code from your app is accepted for your account. If this was not you, your password is known to someone else: change it now. On the sign-in page choose "Forgot Password ?" (or open the link below) to get a reset link by e-mail; a new password ends their sign-ins and lifts this lock at once. Until then you can still sign in with one of your recovery codes (like abcd-1234) in place of the app\'s code.',
    // Login's second step.
    codeLabel: 'Code',
    codeHelp: 'The 6-digit code from your authenticator app.',
    recoveryHint: 'Lost your phone? Use a recovery code instead (like abcd-1234); each works once.',
    verifyTitle: 'Enter your code',
    verifyIntro: 'Your account has two-factor sign-in. Open your authenticator app for the code.',
    verify: 'Verify',
    backToLogin: 'Back to login',
    // Profile and console enrolment.
    intro:
      'Two-factor sign-in asks for a code from an authenticator app (such as Google Authenticator, Microsoft Authenticator or 1Password) after your password, so a stolen password alone cannot open your account.',
    statusOn: 'On',
    statusOff: 'Off',
    status: 'Status',
    recoveryCodesLeft: 'Recovery codes left',
    loadFailed: 'The two-factor settings could not be loaded.',
    enrolTitle: 'Set up two-factor sign-in',
    enrolIntro:
      'Scan this QR code with your authenticator app, then enter the 6-digit code it shows to turn two-factor sign-in on.',
    adminEnrolIntro:
      'The admin console needs two-factor sign-in. Set it up once; after that every new sign-in asks for a code.',
    qrAlt: 'QR code for your authenticator app',
    secretLabel: 'Or enter this key in your app',
    secretHelp: 'For apps without a camera: choose "enter a setup key", time based.',
    start: 'Set up two-factor sign-in',
    enable: 'Turn on',
    cancel: 'Cancel',
    recoveryTitle: 'Your recovery codes',
    recoveryIntro:
      'Keep these ten codes somewhere safe, such as a password manager. Each one signs you in once if you lose your phone. They are shown only now.',
    copy: 'Copy the codes',
    copied: 'The recovery codes were copied.',
    copyFailed: 'Could not copy: select the codes and copy them yourself.',
    done: 'I have saved my codes',
    regenerate: 'New recovery codes',
    regenerateIntro: 'Makes ten new recovery codes; the old ones stop working.',
    regenerateConfirm: 'Make new recovery codes? Your old codes will stop working.',
    disable: 'Turn off',
    disableTitle: 'Turn off two-factor sign-in',
    disableIntro:
      'Your account will be protected by your password only. Enter your password and a code to turn it off.',
    disableConfirm: 'Turn off',
    passwordLabel: 'Password',
    adminKeeps: 'Administrators must keep two-factor sign-in on.',
    // Toasts.
    enabledToast: 'Two-factor sign-in is on.',
    disabledToast: 'Two-factor sign-in is off.',
    regeneratedToast: 'New recovery codes were made.',
    // The console's enrolment page.
    consoleTitle: 'Admin console: two-factor sign-in',
  },
} as const;
