import { TRAFFICKING_HOTLINE } from '../constants.ts';

/** Static pages, the disclaimer box, contact and report forms (spec 000 §1, §2, §5, §8; 001 §1). */
export const CONTENT_MESSAGES = {
  contact: {
    title: 'Contact Us',
    name: 'Name',
    email: 'Email',
    note: 'Note',
    submit: 'Submit',
    sent: 'Your Message is successfully send',
    sending: 'Sending…',
  },
  report: {
    title: 'Report Trafficking',
    hotline: `${TRAFFICKING_HOTLINE.name}: call ${TRAFFICKING_HOTLINE.phone} or text ${TRAFFICKING_HOTLINE.text}. Toll-free, 24 hours a day, 7 days a week.`,
    formTitle: 'Report a listing or a concern to our staff',
    reason: 'Reason',
    details: 'Details',
    listing: 'Listing link or ID (optional)',
    email: 'Your email (optional)',
    submit: 'Send Report',
    sent: 'Thank you. Your report has been sent to our staff.',
    reasonRequired: 'Reason is required',
    button: 'Report',
    call: `Call ${TRAFFICKING_HOTLINE.phone}`,
    text: `Text ${TRAFFICKING_HOTLINE.text}`,
    emergency: 'If someone is in immediate danger, call 911.',
    reasonPlaceholder: 'Choose a reason…',
    failed: 'Your report could not be sent.',
    dialogTitle: 'Report this listing',
    close: 'Close',
  },
  disclaimer: {
    title: 'Disclaimer',
    accept: 'Accept',
    ageTitle: 'Adults only',
    age: [
      'This website lists adult entertainment services and contains material intended for adults only.',
      'By entering you confirm that you are 18 years of age or older, and that viewing adult content is legal where you are.',
    ],
    traffickingTitle: 'Zero tolerance for human trafficking',
    trafficking: [
      'We do not tolerate human trafficking, exploitation or the involvement of anyone under 18. Listings that suggest either are removed and reported to the authorities.',
    ],
    traffickingReport: 'Report trafficking or a concern to our staff',
    paidTitle: 'Terms on paid services',
    paidTerms: [
      'All fees are in U.S. dollars and exclude taxes.',
      'Subscriptions renew automatically. Cancel through the help centre before the next billing period to stop the next charge.',
      'All payments are final: no refunds.',
      'Billing errors must be reported within 120 days.',
      'Paid services are delivered instantly.',
    ],
    acceptHint: 'Tick Accept to confirm you are 18 or older and agree to these terms, our',
    and: 'and',
  },
  terms: {
    title: 'Terms of Service',
  },
  privacy: {
    title: 'Privacy Policy',
  },
  faq: {
    title: 'Frequently Asked Questions',
  },
} as const;
