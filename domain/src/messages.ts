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
    myOrders: 'My Orders',
    myProducts: 'My Products',
    account: 'My Account',
    toggle: 'Toggle navigation',
    cartItems: 'items in cart',
  },
  footer: {
    terms: 'Terms of Service',
    privacy: 'Privacy Policy',
    reportTrafficking: 'Report Trafficking',
    contactUs: 'Contact Us',
    twitter: 'Twitter',
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
} as const;
