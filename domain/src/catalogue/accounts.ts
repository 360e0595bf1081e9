/** Account screens: login, register, forgot/reset/change password, profile (spec 000 §2, §5, §8; 001 §2, §5, §8). */
export const ACCOUNT_MESSAGES = {
  /**
   * The account types as people read them (`userTypeLabel`): the stored and sent value `Vender` (spec 000 §3)
   * is shown as "Vendor", the spelling the spec's roles and menus use.
   */
  accountTypes: {
    Hobbyist: 'Hobbyist',
    Provider: 'Provider',
    Vender: 'Vendor',
  },
  login: {
    title: 'Login',
    email: 'Email',
    password: 'Password',
    forgotPassword: 'Forgot Password ?',
    rememberMe: 'Remember Me',
    /** Under Remember Me (decision 0035): what ticking it does. */
    rememberMeHelp: 'Stay signed in after the browser closes. Leave it off on a shared computer.',
    submit: 'Sign In',
    noAccount: "Don't have an account?",
    registerLink: 'Register',
    invalidCredentials: 'Invalid email or password',
    blocked: 'Your account has been blocked by an administrator',
    tooManyAttempts: 'Too many failed sign-in attempts. Please wait a few minutes and try again.',
    /** The server's answer to wrong credentials (Strapi's text); the login screen shows invalidCredentials. */
    invalidIdentifier: 'Invalid identifier or password',
    intro: 'Welcome back. Sign in to manage your account.',
  },
  register: {
    title: 'Register',
    username: 'Username',
    email: 'Email',
    password: 'Password',
    confirmPassword: 'Confirm Password',
    firstName: 'First Name',
    lastName: 'Last Name',
    phoneNumber: 'Phone Number',
    dob: 'Date of Birth',
    city: 'Nearest City',
    userType: 'I am / We are',
    userTypePlaceholder: 'Choose…',
    docs: "Driver's licence or passport",
    docsHelp: 'Images only. Your documents are private: only the site staff can see them.',
    terms: 'I agree to the Terms of Service and Privacy Policy and confirm that I am 18 or older.',
    passwordHint: '* Min 6 letter, with at least a symbol, upper and lower case letters and a number',
    submit: 'Submit',
    haveAccount: 'Already have an account?',
    loginLink: 'Login',
    taken: 'Email or Username are already taken',
    docsInvalid: 'Your documents could not be attached. Please upload them again.',
    docsDailyLimit:
      "Today's limit for documents uploaded without an account from your address has been reached. Please try again tomorrow.",
    docsImagesOnly: 'Please choose image files only (JPEG, PNG, WebP)',
    intro: 'Create your free account. All fields are required.',
    /** The toast once the account exists (and is signed in, decision 0030). */
    created: 'Account created',
  },
  /**
   * The new account's welcome, once, after registering (decision 0030): what to do next for its type,
   * each step a link. Keyed by the account type's wire value.
   */
  welcome: {
    title: 'Welcome to Live the Fantasy',
    dismiss: 'Close the welcome',
    Provider: {
      intro: 'Your account is ready. To be listed in the directory:',
      steps: {
        packages: { text: 'Buy a package: it sets how many ads you can post.', link: 'See the packages' },
        postAd: {
          text: 'Post your ad. Our staff check your ID and the ad before it shows.',
          link: 'Post an ad',
        },
      },
    },
    Hobbyist: {
      intro: 'Your account is ready. Here is what you can do:',
      steps: {
        browse: { text: 'Browse the providers, with filters for what you like.', link: 'Browse' },
        saved: { text: 'Save the ones you like with the heart on their card.', link: 'Saved providers' },
        messages: { text: 'Message a provider from their card; replies arrive here.', link: 'Messages' },
      },
    },
    Vender: {
      intro: 'Your account is ready. To sell in the Online Store:',
      steps: {
        addProduct: { text: 'Add your products, with a picture and a price.', link: 'Add a product' },
        sales: { text: 'Follow the orders of your products.', link: 'My Sales' },
      },
    },
  },
  forgotPassword: {
    title: 'Forget Password',
    email: 'Email',
    submit: 'Submit',
    sent: 'Check you registered email for the reset password link',
    backToLogin: 'Back to Login',
    intro: "Enter the email of your account and we'll send you a link to choose a new password.",
  },
  resetPassword: {
    title: 'Reset Password',
    password: 'New Password',
    confirmPassword: 'Confirm New Password',
    submit: 'Reset Password',
    done: 'Your password are successfully updated',
    invalidLink: 'This reset link is invalid or has expired. Please ask for a new one.',
    emailSubject: 'Reset your password',
    emailIntro:
      'Someone asked to reset the password of your Live the Fantasy account. Open this link within one hour to choose a new password:',
    emailIgnore: 'If you did not ask for this, ignore this e-mail: your password stays the same.',
    intro: 'Choose a new password for your account.',
    requestNewLink: 'Ask for a new link',
  },
  changePassword: {
    title: 'Change Password',
    currentPassword: 'Current Password',
    newPassword: 'New Password',
    confirmPassword: 'Confirm New Password',
    submit: 'Update',
    done: 'Your password are successfully updated',
    wrongCurrent: 'The provided current password is invalid',
    sameAsCurrent: 'Your new password must be different than your current password',
  },
  /** What registration, reset and change password refuse beyond the 6-64 rule. */
  passwordPolicy: {
    tooCommon: 'This password is one of the most common passwords. Please choose a less common one.',
    sameAsUsername: 'Your password must not be your username',
    sameAsEmail: 'Your password must not be your email',
  },
  profile: {
    title: 'My Profile',
    name: 'Name',
    address: 'Address',
    dob: 'Date of Birth',
    phoneNumber: 'Phone Number',
    email: 'Email',
    username: 'User Name',
    role: 'Role',
    editLink: 'Edit Profile',
    avatarAlt: 'Profile picture',
    notSet: 'Not set',
    signOutEverywhere: 'Sign out everywhere',
    signOutEverywhereHelp: 'Ends every session of your account, on this device and on any other.',
  },
  profileEdit: {
    title: 'Edit My Profile',
    avatar: 'Profile Picture',
    upload: 'Upload',
    firstName: 'First Name',
    lastName: 'Last Name',
    phoneNumber: 'Phone Number',
    dob: 'Date of Birth',
    address: 'Address',
    save: 'Save',
    saved: 'Your profile are successfully updated',
    pictureSaved: 'Your profile picture are successfully updated',
    avatarInvalid: 'Choose a public picture that you uploaded',
    cannotBlockSelf: 'You cannot block your own account',
    previewAlt: 'Preview of the new profile picture',
    chooseImage: 'Choose an image (JPEG, PNG or WebP)',
    details: 'Your details',
    backToProfile: 'Back to My Profile',
  },
} as const;
