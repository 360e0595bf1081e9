/**
 * Moderation and risk signals: the explanations of the risk signals the server
 * computes for an ad or a place, and the texts of the admin console's Moderation page. The admin console is
 * "not shown" in the spec: these texts are ours. `{name}` placeholders are filled by `fillTemplate`
 * (`domain/src/trust/signals.ts`).
 */
export const TRUST_MESSAGES = {
  riskSignals: {
    /** `{terms}`: the youth-suggestive terms found, comma-separated. */
    youth_wording:
      'Youth-suggestive wording: {terms}. Research on trafficking of minors in online ads names such words as a warning sign; read the ad with care.',
    /** `{age}`: the age the ad gives; `{terms}` as above. */
    age_near_18_with_youth_wording:
      'The ad gives the age {age} together with youth-suggestive wording ({terms}). Check the ID verification and the photos closely.',
    /** `{count}`: other accounts; `{phone}`: the number's digits. */
    shared_phone:
      'The phone number {phone} is also on ads of {count} other account(s). One number on several accounts can mean one person manages several advertisers.',
    /** `{count}`: matching pictures; `{distance}`: the smallest difference found (0 = the same picture). */
    shared_photo:
      'A photo of this record looks like {count} picture(s) on records of other accounts (difference {distance} of 64). The same photo under several accounts can be a stolen or managed picture.',
    /** `{count}`: cities; `{cities}`: their names; `{distance}`: how the distance was judged. */
    many_cities:
      'This account posted ads in {count} cities far apart within 24 hours ({cities}; {distance}). Frequent moves between cities are one trafficking indicator, and also ordinary touring: check the rest.',
    /** `{price}`: the ad's hourly rate; `{median}`: the city's median; `{count}`: public ads compared. */
    price_below_median:
      'The hourly rate {price} is less than half the median {median} of {count} public ads in the same city.',
    /** `{found}`: what was found, with the field it was in. */
    hidden_contact:
      'Contact details in the text: {found}. Obscured phone numbers and contacts outside the contact fields are a research-backed warning sign, and against the posting rules.',
    /** How many cities were judged far apart. */
    distanceKm: 'more than {km} km apart',
    distanceStates: 'in different states (no coordinates known for some cities)',
    /** The finds of `hidden_contact`, as `{found}` lists them. */
    found: {
      phoneWords: 'a phone number written in words',
      phoneSpaced: 'a phone number with spaced digits',
      email: 'an e-mail address',
      emailWords: 'an e-mail address written with "at"/"dot"',
      handle: 'a messaging handle',
      url: 'a link',
      inField: 'in',
    },
    /** Short names of the kinds, for badges. */
    labels: {
      youth_wording: 'Youth wording',
      age_near_18_with_youth_wording: 'Age near 18 with youth wording',
      shared_phone: 'Shared phone',
      shared_photo: 'Shared photo',
      many_cities: 'Many cities',
      price_below_median: 'Low price',
      hidden_contact: 'Hidden contact',
    },
    /** Shown with every list of signals: they sort the queue, the moderator decides. */
    neverDecide: 'Signals only sort the queue and point at what to check. They never decide on their own.',
    none: 'No risk signals.',
    score: 'Risk score',
  },
  /**
   * Changes to an approved ad or place wait for review while the approved version stays public
   * (docs/decisions/0015-pending-revisions.md): the owner's badges and mails, the moderator's queue.
   */
  revisions: {
    /** The owner's badge on My Ads, My Places and the edit form. */
    waiting: 'Changes waiting for review',
    rejected: 'Changes not approved',
    /** The owner's note under the badge. */
    waitingHelp: 'Your ad stays public as it was approved until an administrator reviews your changes.',
    placeWaitingHelp:
      'Your place stays public as it was approved until an administrator reviews your changes.',
    /** Followed by the reason. */
    rejectedHelp: 'The public version is unchanged. The reason given:',
    /** The toast after an owner saved changes to an approved record. */
    savedForReview: 'Saved. Your changes wait for review; the approved version stays public until then.',
    mailApprovedSubject: 'Your changes are published',
    mailApproved: 'An administrator approved your changes; they are now public.',
    mailRejectedSubject: 'Your changes were not approved',
    mailRejected:
      'An administrator did not approve your changes; the approved version stays public. The reason given:',
    reasonRequired: 'A reason is required to reject changes',
    notFound: 'No changes wait for review here',
    changedSince:
      'The owner changed these changes since you opened them; reload the queue and review them again.',
    /** The moderator's queue. */
    tab: 'Changes',
    queueTitle: 'Changes to approved records',
    emptyQueue: 'No changes wait for review.',
    diffTitle: 'What changes',
    field: 'Field',
    before: 'Public now',
    after: 'Proposed',
    empty: '(empty)',
    /** A staged or shown file in the diff (its link's text and its thumbnail's alt text). */
    file: 'File',
    approveConfirm: 'Publish these changes? They replace the public version at once.',
    approvedToast: 'Changes published.',
    rejectedToast: 'Changes rejected; the owner is told why.',
    signalsOnNew: 'Risk signals of the record with these changes',
  },
  moderation: {
    title: 'Moderation',
    ads: 'Ads',
    places: 'Places',
    emptyQueue: 'Nothing waits for review. Well done.',
    pending: 'Pending review',
    submitted: 'Submitted',
    updated: 'Updated',
    riskSignals: 'Risk signals',
    owner: 'Owner',
    ownerSince: 'Member since',
    ownerBlocked: 'Blocked account',
    otherAds: 'Other ads of this account',
    otherPlaces: 'Other places of this account',
    noOtherAds: 'None.',
    photos: 'Photos',
    approve: 'Approve',
    reject: 'Reject',
    approveConfirm: 'Approve this record? It becomes public at once.',
    approved: 'Approved',
    rejected: 'Rejected with the reason given. The owner is told by e-mail.',
    rejectTitle: 'Reject with a reason',
    reasonLabel: 'Reason',
    reasonHelp:
      'The owner reads this reason on their list and in the e-mail. Pick a template or write your own.',
    templatesLabel: 'Templates',
    reasonRequired: 'Please give a reason',
    cancel: 'Cancel',
    confirmReject: 'Reject',
    needsVerifiedOwner: "The owner's ID is not verified yet: the ad cannot be approved.",
    /** Rejection templates: tame, plain reasons the moderator can pick and edit. */
    reasonTemplates: [
      'Photos are not allowed: please use your own photos only, without nudity, text or contact details.',
      'Contact details are not allowed in the text: please use the phone field only.',
      'Information is missing or unclear: please complete the listing and submit it again.',
      'This duplicates another listing: please keep one listing and remove the copy.',
      // Sent to the owner as it is: neutral on purpose, so a suspected trafficker is not warned.
      'This listing breaks our terms of service and cannot be published.',
      'Other: ',
    ],
    /** What each template's quick-pick button says to the moderator (the owner reads the template itself). */
    reasonTemplateLabels: [
      'Photos not allowed',
      'Contact details in the text',
      'Missing information',
      'Duplicate listing',
      'Trafficking or minor concern (the owner reads a neutral reason)',
      'Other',
    ],
    /** The template that means "trafficking or a minor": choosing it shows the escalation steps. */
    escalationTemplateIndex: 4,
    escalationTitle: 'Escalate: possible trafficking or a minor',
    escalationIntro:
      'If you believe someone is being trafficked or a minor is involved, do not contact the advertiser. Keep the record (do not delete it) and report it:',
    escalationHotline:
      'National Human Trafficking Hotline: call 1-888-373-7888 or text 233733 (24 hours, confidential).',
    escalationHotlineUrl: 'https://humantraffickinghotline.org',
    escalationCyberTipline:
      'Content involving a minor: report it to the NCMEC CyberTipline at https://report.cybertip.org or call 1-800-843-5678.',
    escalationCyberTiplineUrl: 'https://report.cybertip.org',
    escalationEmergency: 'If someone is in immediate danger, call 911.',
    escalationKeep:
      'Do not download, copy or forward images that may show a minor: report them to NCMEC instead. Note the record number in the reason.',
  },
} as const;
