/**
 * What public pages say of themselves to search engines and link previews: their titles and
 * descriptions (web/src/app/head.tsx; the server writes them into the pages it renders).
 */
export const PAGE_HEAD_MESSAGES = {
  pageHead: {
    /** A page's `<title>`: `{name}` the page's own name. */
    title: '{name} | Live the Fantasy!',
    /** A listing's later page: `{title}` the first page's title. */
    pageN: '{title}, page {page}',
    /** The home listing at its default location. */
    homeTitle: 'Live the Fantasy! Adult entertainers and agencies by location',
    homeDescription:
      'Browse adult entertainers and agencies by location and category: photos, services, donations, reactions and ' +
      'comments. Everyone listed is 18 or older.',
    /** The listing of a state or city: `{place}` "San Jose, CA" or "CA". */
    listingTitle: 'Providers in {place} | Live the Fantasy!',
    listingDescription:
      'Adult entertainers and agencies in {place}: photos, services, donations, reactions and comments. Everyone ' +
      'listed is 18 or older.',
    venuesDescription: '{kind} listed on Live the Fantasy: addresses, opening hours, photos and reviews.',
    /** A place's page: `{type}` its kind, `{place}` its city and state. */
    venueTitle: '{name}, {type} in {place} | Live the Fantasy!',
    venueDescription: '{name}: {type} in {place}. Address, opening hours, photos and reviews.',
    shopDescription:
      'Adult products from the vendors of Live the Fantasy: browse, add to your cart and check out.',
    productDescription: '{name}: {price} in the Live the Fantasy online store.',
    packagesDescription:
      'The packages providers buy to show their ads on Live the Fantasy, and what each includes.',
    termsDescription: 'The terms of service of Live the Fantasy: who may use the site and how.',
    privacyDescription:
      'What Live the Fantasy keeps about you, for how long, and how to ask for it or have it deleted.',
    reportTraffickingDescription:
      'Report trafficking or a listing of concern: the national hotline and a form that reaches our staff.',
    faqDescription:
      'Answers to common questions about Live the Fantasy: accounts, ads, payments, safety and privacy.',
    contactDescription: 'Write to the staff of Live the Fantasy: feedback, questions and requests.',
    screeningReviewDescription:
      'Ask the staff of Live the Fantasy to review the screening entries about your phone number.',
  },
} as const;
