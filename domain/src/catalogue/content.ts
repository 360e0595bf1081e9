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
  },
  disclaimer: {
    title: 'Disclaimer',
    accept: 'Accept',
  },
} as const;
