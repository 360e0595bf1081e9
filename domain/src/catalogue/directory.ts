import { SERVICE_LABELS } from './service-labels.ts';

/** The provider listing, its Categories panel, the header location picker and pagination (spec 001 §1, §2, §4). */
export const DIRECTORY_MESSAGES = {
  directory: {
    title: 'Providers',
    rolePlay: 'All performances are role playing only and no illegal activity is implied.',
    providerOne: 'provider',
    providerMany: 'providers',
    empty: 'No providers match these filters.',
    emptyHint: 'Try removing a filter or choosing another location.',
    failed: 'The listing could not be loaded.',
    retry: 'Try again',
    firstPage: 'Go to the first page',
    clearFilters: 'Clear all filters',
    listLabel: 'Provider listing',
  },
  /** The header's search of the directory (domain/src/directory/search.ts). */
  search: {
    label: 'Search',
    /** The header's search form as a landmark, apart from a page's own searches. */
    landmark: 'Search providers',
    placeholder: 'Name, city or phone',
    submit: 'Show results',
    /** Above the listing while a term is set: `{term}` the term. */
    resultsFor: 'Results for “{term}”',
    clear: 'Clear search',
  },
  filters: {
    title: 'Categories',
    show: 'Show categories',
    hide: 'Hide categories',
    language: 'Language',
    race: 'Race',
    call: 'Call',
    age: 'Age',
    donation: 'Donation',
    ...SERVICE_LABELS,
    yes: 'Yes',
    no: 'No',
    na: 'N/A',
    incall: 'Incall',
    outcall: 'Outcall',
    both: 'Both',
    give: 'Give to provider',
    receive: 'Receive from provider',
    anilingusBoth: 'Both',
    cim: 'CIM',
    cumAnywhere: 'Anywhere',
    subtypes: 'Types',
    ageMin: 'Minimum age',
    ageMax: 'Maximum age',
    donationMin: 'Minimum per hour',
    donationMax: 'Maximum per hour',
    rangeNa: 'N/A (any)',
    loading: 'Loading…',
    /** The panel as a sheet on narrow screens: its close button and the button that shows the listing. */
    closeSheet: 'Close categories',
    /** `{count}` the listing's total for the chosen filters, as the listing writes it. */
    showResults: 'Show {count} results',
    showOneResult: 'Show 1 result',
    /** The chosen filters above the listing, each a button that removes it. */
    chosenLabel: 'Chosen filters',
    /** A chosen option: `{section}` the section's name, `{option}` the option's. */
    chip: '{section}: {option}',
    /** A chosen range: `{min}` and `{max}` the values, with their unit. */
    chipRange: '{min}–{max}',
    /** The chip's name: `{filter}` its text. */
    removeChip: 'Remove {filter}',
  },
  location: {
    choose: 'Choose location',
    title: 'Location',
    country: 'Country',
    state: 'State',
    city: 'City',
    find: 'Find',
    close: 'Close',
    unitedStates: 'United States',
    noCities: 'No providers in this state yet.',
    chooseState: 'Choose a state to see its cities.',
    loading: 'Loading…',
  },
  /**
   * The provider's home, Provider Details (spec 001 §2 "Provider area"): four tabs, each leading to
   * its screen. A tab's label is the spec's name with its parenthesised note (`label (note)`).
   */
  providerHome: {
    title: 'Provider Details',
    intro: 'Everything you do as a provider starts here.',
    tabsLabel: 'Provider tasks',
    providersOnly: 'Provider Details is for provider accounts.',
    /** The ads tab's list of the provider's ads, each a link to its page. */
    adPages: 'Your ads’ pages',
    /** Ads, wallet and subscription pages opened by another account type (spec 001 §6). */
    pageForProviders: 'This page is for provider accounts.',
    backToProfile: 'Go to My Profile',
    createAd: {
      label: 'Create New Ad',
      note: '',
      text: 'Post a new ad with your photos, a short video, your services and your ID documents. Your ad appears in the listing once an administrator has approved it.',
      action: 'Create New Ad',
    },
    myAds: {
      label: 'Edit/View Your Ads',
      note: 'Add Time',
      text: 'See every ad you posted with its review state and the day it expires with your subscription; edit or delete an ad. To add time, buy a package before your subscription ends: the new one starts when the current one ends.',
      action: 'Open My Ads',
      secondary: 'Buy a package',
    },
    reviewMail: {
      label: 'Review Mail',
      note: 'Arrange Time & Place',
      text: 'Read the messages hobbyists send from your ads and reply on the site to arrange a time and place.',
      action: 'Open Review Mail',
    },
    screenHobbyists: {
      label: 'Screen Hobbyists',
      note: 'Rate/Comment on Hobbyists',
      text: 'Look up a hobbyist by phone number, and rate and comment on the hobbyists you have met so other providers can screen them.',
      action: 'Open Screen Hobbyists',
    },
  },
  pagination: {
    label: 'Listing pages',
    prev: 'Prev',
    next: 'Next',
    page: 'Page',
    more: 'More pages',
  },
} as const;
