/**
 * Our own prose for the content pages: intros, help texts, section headings and FAQ questions.
 * It is not spec text, so it stays here, loaded with the pages that show it, rather than in the
 * message catalogue every first load carries. Spec labels, buttons and toasts are in MESSAGES.
 */
export const CONTENT_COPY = {
  contact: {
    intro:
      'Questions, feedback or a problem with a listing? Send a message to the site administrator and we will reply by e-mail.',
    legalHint: "Law enforcement: start your note with 'Legal' so it reaches the right person quickly.",
    elsewhere: 'Looking for something else?',
  },
  report: {
    intro:
      'If you believe someone is being trafficked, forced or coerced, or is under 18, contact the hotline. Trained advocates answer around the clock, in many languages, and you can stay anonymous.',
    formIntro:
      'Tell our staff about a listing or anything that worries you. No account is needed. Every report is reviewed, and listings that break our rules are removed and, where required, passed to law enforcement.',
    detailsHelp: 'What did you see? Anything that helps us find and check it.',
    listingHelp: 'Paste the link to the listing or its number, if the report is about one.',
    emailHelp: 'Only if you would like a reply. Leave it empty to report anonymously.',
    failedHint: 'Please try again in a moment. If someone is in danger, call the hotline or 911 now.',
  },
  legal: {
    updated: 'Last updated: 1 January 2023',
    contents: 'On this page',
  },
  terms: {
    introduction: 'Introduction',
    eligibility: 'Adults only',
    trafficking: 'Zero tolerance for trafficking and minors',
    cookies: 'Cookies',
    license: 'License',
    comments: 'User Comments',
    hyperlinking: 'Hyperlinking to our Content',
    iframes: 'iFrames',
    liability: 'Content Liability',
    paidServices: 'Paid Services',
    bans: 'Account Suspension and Bans',
    reservation: 'Reservation of Rights',
    linkRemoval: 'Removal of links from our website',
    law: 'Governing Law',
    disclaimer: 'Disclaimer',
  },
  privacy: [
    'Who we are and what this policy covers',
    'Information you give us',
    'Payment information',
    'Information collected automatically',
    'Cookies and browser storage',
    'How we use your information',
    'Sharing and disclosure',
    'Identity documents and photos',
    'Security and retention',
    'Your choices and how to contact us',
  ],
  /** Sub-headings inside the privacy policy's numbered sections. */
  privacyParts: {
    screening: 'Hobbyist screening by providers',
  },
  faq: {
    intro: 'Quick answers to the questions we hear most.',
    moreHelp: 'Still have a question? Write to us on the',
    moreHelpEnd: 'page.',
    contactAdmin: 'How do I contact the site administrator?',
    legalContact: 'How can law enforcement send a legal request?',
    ageRule: 'Who can use this site?',
    postAd: 'How do I post an ad?',
    payment: 'How does payment by QR code and transaction ID work?',
    reportListing: 'How do I report a listing?',
    deleteAccount: 'How do I delete my account?',
    messagesPrivate: 'Who can read my messages, and how long are they kept?',
    exportData: 'How do I get a copy of my data?',
    screeningStores: 'What does Screen Hobbyists store, and who can see it?',
    screeningReview: 'How can I ask for an entry about my phone number to be reviewed or removed?',
  },
} as const;

/** The anchor of the privacy policy's screening part (section 2), linked from the FAQ. */
export const PRIVACY_SCREENING_ANCHOR = 'privacy-screening';
