import { ACCOUNT_MESSAGES } from './catalogue/accounts.ts';
import { ADMIN_PAGES_MESSAGES } from './catalogue/admin-pages.ts';
import { ADMIN_CONSOLE_MESSAGES } from './catalogue/admin-console.ts';
import { ADMIN_OPS_MESSAGES } from './catalogue/admin-ops.ts';
import { ADMIN_SETTINGS_MESSAGES } from './catalogue/admin-settings.ts';
import { AD_MESSAGES } from './catalogue/ads.ts';
import { BILLING_MESSAGES } from './catalogue/billing.ts';
import { COMMENT_MESSAGES } from './catalogue/comments.ts';
import { CONTENT_MESSAGES } from './catalogue/content.ts';
import { DIRECTORY_MESSAGES } from './catalogue/directory.ts';
import { MEDIA_MESSAGES } from './catalogue/media.ts';
import { MESSAGE_MESSAGES } from './catalogue/messages.ts';
import { PAGE_HEAD_MESSAGES } from './catalogue/page-heads.ts';
import { PLACE_MESSAGES } from './catalogue/places.ts';
import { PRIVACY_MESSAGES } from './catalogue/privacy.ts';
import { PROVIDER_CARD_MESSAGES } from './catalogue/provider-card.ts';
import { SCREENING_MESSAGES } from './catalogue/screening.ts';
import { SHOP_MESSAGES } from './catalogue/shop.ts';
import { TIP_MESSAGES } from './catalogue/tips.ts';
import { TRUST_MESSAGES } from './catalogue/trust.ts';
import { TWO_FACTOR_MESSAGES } from './catalogue/two-factor.ts';
import { VERIFICATION_MESSAGES } from './catalogue/verification.ts';

/**
 * The message catalogue: every label, button text, toast and validation message the spec gives,
 * in one place. Screens, schemas and tests import from here; nothing retypes these strings.
 */
export const MESSAGES = {
  site: {
    name: 'Live the Fantasy',
    slogan: 'Live the Fantasy!',
    copyrightYear: 2023,
  },
  nav: {
    eroticBody: 'Erotic Body Rubs',
    sexToy: 'Sex Toy Shops',
    stripClub: 'Strip Club Links',
    onlineStore: 'Online Store',
    postAd: 'Post Ad',
    feedback: 'Feedback and Contact Us',
    faq: 'FAQ',
    login: 'Login',
    register: 'Register',
    cart: 'Cart',
    logout: 'Logout',
    myProfile: 'My Profile',
    changePassword: 'Change Password',
    myAds: 'My Ads',
    myPlaces: 'My Places',
    myWallet: 'My Wallet',
    mySubscription: 'My Subscription',
    screenHobbyists: 'Screen Hobbyists',
    reviewMail: 'Review Mail',
    myOrders: 'My Orders',
    myPayments: 'My Payments',
    myProducts: 'My Products',
    mySales: 'My Sales',
    wishlist: 'Wishlist',
    account: 'My Account',
    toggle: 'Toggle navigation',
    cartItems: 'items in cart',
  },
  footer: {
    terms: 'Terms of Service',
    privacy: 'Privacy Policy',
    reportTrafficking: 'Report Trafficking',
    contactUs: 'Contact Us',
    twitter: 'X (Twitter)',
    facebook: 'Facebook',
    instagram: 'Instagram',
    social: 'Follow us',
  },
  toast: {
    genericWarning: 'Something went wrong. try again later',
    networkError: 'Network response was not ok',
    tryAgainLater: 'Please try again later',
    needLogin: 'Need to login',
  },
  validation: {
    emailRequired: 'Email is required',
    emailInvalid: 'Email is not valid',
    emailTooLong: 'Email is too long - should be 160 chars maximum',
    emailTooShort: 'Email is too short - should be 6 chars minimum',
    emailProfileTooLong: 'Email is too long - should be 64 chars maximum',
    /** A country that is neither a known two-letter code nor a country's English name (`countryField`). */
    countryUnknown: 'Unknown country: give its name (United States) or its two-letter code (US)',
    passwordRequired: 'Password is required',
    passwordTooShort: 'Password is too short - should be 6 chars minimum',
    passwordTooLong: 'Password is too long - should be 30 chars maximun',
    passwordsMustMatch: 'Passwords must match',
    nameRequired: 'Name is required',
    noteRequired: 'Note is required',
    tooShort: 'Too Short!',
    tooLong: 'Too Long!',
    firstNameRequired: 'First name is required',
    lastNameRequired: 'Last name is required',
    nameTooShort: 'Too Short!',
    nameTooLong: 'Too Long!',
    lettersOnly: 'Only letters are allowed',
    cityRequired: 'City is required',
    cityTooShort: 'City is too short - should be 4 chars minimum',
    cityTooLong: 'City is too long - should be 100 chars maximum',
    cityInvalid: 'Only letters, digits, spaces, commas and slashes are allowed',
    usernameRequired: 'Username is required',
    usernameTooShort: 'Username is too short - should be 2 chars minimum',
    usernameTooLong: 'Username is too long - should be 64 chars maximum',
    usernameInvalid: 'Only letters, digits, underscores and hyphens are allowed',
    phoneRequired: 'Phone number is required',
    phoneTooShort: 'Phone number is too short - should be 6 chars minimum',
    phoneTooLong: 'Phone number is too long - should be 14 chars maximum',
    phoneInvalid: 'Only digits and hyphens are allowed',
    dobRequired: 'Date of birth is required',
    dobInvalid: 'Date of birth is not valid',
    underAge: 'You must be at least 18 years old',
    userTypeRequired: 'Please select who you are',
    docsRequired: "Please upload your driver's licence or passport",
    termsRequired: 'You must agree before submitting.',
  },
  notFound: {
    title: 'Page not found',
    body: 'The page you are looking for does not exist or has moved.',
    home: 'Back to the listing',
  },
  home: {
    title: 'The directory is coming soon',
    comingSoon:
      'Soon you will browse providers here by location and category, with filters to narrow the list and pages to move through it.',
  },
  shell: {
    loading: 'Loading…',
    errorTitle: 'Something went wrong. try again later',
    reload: 'Reload the page',
    skipToContent: 'Skip to content',
  },
  ...ACCOUNT_MESSAGES,
  ...PRIVACY_MESSAGES,
  ...CONTENT_MESSAGES,
  ...BILLING_MESSAGES,
  ...PROVIDER_CARD_MESSAGES,
  ...COMMENT_MESSAGES,
  ...MESSAGE_MESSAGES,
  ...TIP_MESSAGES,
  ...DIRECTORY_MESSAGES,
  ...MEDIA_MESSAGES,
  ...AD_MESSAGES,
  ...PLACE_MESSAGES,
  ...SCREENING_MESSAGES,
  ...SHOP_MESSAGES,
  ...TRUST_MESSAGES,
  ...ADMIN_OPS_MESSAGES,
  ...TWO_FACTOR_MESSAGES,
  ...ADMIN_SETTINGS_MESSAGES,
  ...ADMIN_PAGES_MESSAGES,
  ...ADMIN_CONSOLE_MESSAGES,
  ...VERIFICATION_MESSAGES,
  ...PAGE_HEAD_MESSAGES,
} as const;
