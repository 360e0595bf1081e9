import { SERVICE_LABELS } from './service-labels.ts';

/**
 * The provider card (directory area, spec 001 §2, §8): its photos, details panel and action bar, and the errors
 * of a request that names a provider (a reaction, a comment, a message, a tip).
 */
export const PROVIDER_CARD_MESSAGES = {
  cardActions: {
    like: 'Like',
    average: 'Avg.',
    dislike: 'Dislike',
    comment: 'Comment',
    play: 'Play',
    message: 'Message',
    mail: 'Mail',
    tip: 'TIP $',
    hobbyistsOnly: 'Only hobbyists can react, comment, message and tip',
    loginToReact: 'Need to login',
  },
  /** The provider card itself: photos, details panel, action bar and panel hints (spec 001 §2). */
  card: {
    photoAlt: 'Photo of',
    photoOf: 'of',
    noPhoto: 'No photo yet',
    previous: 'Previous photo',
    next: 'Next photo',
    details: 'Details',
    showDetails: 'Show details',
    closeDetails: 'Close details',
    actions: 'Card actions',
    report: 'Report',
    reportListing: 'Provider',
    videoTitle: 'Video',
    videoUnsupported: 'Your browser cannot play this video.',
    close: 'Close',
    loading: 'Loading…',
    loadFailed: 'This could not be loaded. Please try again later.',
    loginHint: 'Log in as a hobbyist to react, comment, message and tip.',
    login: 'Login',
    commentsCount: 'comments',
  },
  cardDetails: {
    name: 'Name',
    location: 'Location',
    language: 'Language',
    age: 'Age',
    race: 'Race',
    ...SERVICE_LABELS,
    other: 'Other',
    phone: 'Phone',
    yes: 'Yes',
    no: 'No',
    na: 'N/A',
    price: 'Donation',
    halfHour: 'half hour',
    hour: 'hour',
    callBoth: 'Incall & Outcall',
    onRequest: 'Other services provided upon request/approval',
  },
  /** An ad's own page (`/ads/{id}/{slug}`): what the card shows, in full, with the provider's other ads. */
  adPage: {
    /** The page's `<title>`: `{name}` the stage name, `{place}` the city and state. */
    documentTitle: '{name} in {place} | Live the Fantasy!',
    /** The page's description for search engines and link previews. */
    description: '{title}: {name}, {age}, in {place}. Photos, details, donation, reactions and comments.',
    idVerified: 'ID verified',
    idVerifiedHint: 'An admin has checked this provider’s ID.',
    breadcrumb: 'Breadcrumb',
    home: 'Providers',
    moreFromProvider: 'More from this provider',
    moreInCity: 'More providers in {city}',
    noneInCity: 'No other providers in {city} right now.',
    openAd: 'Open the ad of {name}',
    loadFailed: 'This ad could not be loaded. Please try again later.',
    notFound: 'This ad is not available.',
    notFoundHint: 'It may have been taken down or be waiting for review.',
    backToListing: 'Back to the providers',
  },
  providerRefErrors: {
    providerRequired: 'Provider is required',
    providerNotFound: 'Provider not found',
    hobbyistsOnly: 'Only hobbyists may do this',
  },
} as const;
