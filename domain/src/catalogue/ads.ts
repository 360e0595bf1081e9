/** Posting, editing and reviewing ads; My Ads (spec 001 §2, §4, §8). */
export const AD_MESSAGES = {
  ads: {
    created: 'Your Ad are successfully created',
    updated: 'Your Ad are successfully updated',
    deleted: 'Your Ad are successfully deleted',
    selectImage: 'Please select a image',
    delete: 'Delete',
    /** Spec 001 §2 "Provider area": the link shown instead of the form when no ads remain. */
    buyPackage: 'Click here to buy package',
    noAdsLeft: 'You have posted all the ads your package allows.',
    /** Spec 001 §4 "Edit ad": new photos or a new video are checked before they show (decision 0015). */
    backToReview:
      'Changes to an approved ad, new photos or a new video included, wait for review while the approved version stays public.',
  },
  /**
   * The one delete confirmation (spec 001 §2 "My Ads", "Places"): My Ads, My Places, venue reviews and
   * screening comments; a screen may give its own prompt.
   */
  confirmDelete: {
    title: 'Confirm deletion',
    prompt: 'Delete this place?',
    delete: 'Delete',
    close: 'Close',
  },
  /** The create and edit forms (spec 001 §2 "Create ad form", §3 "Ad (as posted)"). */
  adForm: {
    createTitle: 'Create New Ad',
    editTitle: 'Edit Ad',
    intro: 'Fill in your ad. A new ad is checked by an administrator before it shows in the directory.',
    images: 'Images',
    imagesHelp: 'You can choose several images. Recommended size 1080x920.',
    tooManyImages: 'At most 10 images; the first 10 were kept.',
    docs: 'Provider ID',
    docsHelp: "Your driver's licence or passport, as images (required). Only the site staff can see them.",
    /** Shown instead of the ID upload to a provider whose ID the staff verified (decision 0034). */
    docsVerified: 'Your ID is verified: this ad needs no ID document.',
    video: 'Video',
    videoHelp: 'MP4 or WebM, at most 30 seconds.',
    videoType: 'Please choose an MP4 or WebM video.',
    chosenFiles: 'Chosen files',
    uploaded: 'uploaded',
    name: 'Stage Name',
    language: 'Language',
    country: 'Country',
    unitedStates: 'United States',
    state: 'Region/State',
    city: 'City',
    cityListFailed: 'The city list could not be loaded. Please try again later.',
    race: 'Race',
    age: 'Age',
    call: 'Call Type',
    callBoth: 'Both',
    phone: 'Phone',
    title: 'Title',
    donationHalfHour: 'Donation per half hour',
    donationHour: 'Donation per hour',
    donationHelp: 'U.S. dollars.',
    choose: 'Choose…',
    yes: 'Yes',
    no: 'No',
    na: 'N/A',
    subtypes: 'Types',
    give: 'Give',
    receive: 'Receive',
    both: 'Both',
    cumMouth: 'In the mouth',
    cumPlaces: 'Elsewhere',
    servicesOptions: 'Services options',
    otherServices: 'Other Services Provided Upon Request/Approval',
    message: 'Message',
    submit: 'Submit',
    save: 'Save',
    preview: 'Preview',
    previewHint: 'This is how your ad will look in the directory.',
    previewTitle: 'Your ad title',
    previewName: 'Your stage name',
    required: 'Required',
    notANumber: 'Please enter a number',
    changeImage: 'Change Image',
    changeImageHelp: "The new images replace all of the ad's current images.",
    changeVideo: 'Change Video',
    upload: 'Upload',
    details: 'Details',
    notFound: 'This ad could not be found.',
  },
  /** Spec 001 §2 "My Ads". */
  myAds: {
    title: 'My Ads',
    posted: 'Posted',
    remaining: 'Remaining',
    postAds: 'Post Ads',
    pageSize: 'Ads per page',
    empty: 'You have not posted any ads yet.',
    expires: 'Expires',
    notListed:
      'You have no active subscription, so your ads are not in the directory. Buy a package to show them again.',
    edit: 'Edit',
    photoOf: 'Photo of',
    noPhoto: 'No photo',
    reason: 'Reason',
    pages: 'Ad pages',
    loadFailed: 'Your ads could not be loaded.',
    retry: 'Try again',
  },
  adErrors: {
    /** Followed by the state code. */
    unknownState: 'Choose a state from the list; unknown state',
    /** Followed by the city name. */
    unknownCity: 'Choose a city of the chosen state; unknown city',
    /** An ID document must be a file of its own (it turns private). */
    docShown: 'This picture is shown on an ad or a profile; upload the ID document on its own. File',
    /** A new ad without an ID document from a provider whose ID is not verified (or asked for again). */
    docsRequired: 'Please add your ID document',
  },
  review: {
    pending: 'Waiting for review',
    approved: 'Approved',
    rejected: 'Rejected',
    /** What the admin's decision on an ad is called in API errors. */
    reasonRequired: 'A reason is required to reject an ad',
    mailApprovedSubject: 'Your ad is published',
    mailApproved:
      'An administrator approved your ad; it is now in the directory while your subscription is active.',
    mailRejectedSubject: 'Your ad was not approved',
    mailRejected: 'An administrator did not approve your ad. The reason given:',
    reminderSubject: 'Your subscription ends soon',
    reminder:
      'Your subscription ends in less than seven days. When it ends your ads leave the directory until a new package starts.',
  },
} as const;
