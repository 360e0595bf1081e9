/** Posting, editing and reviewing ads; My Ads (spec 001 §2, §4, §8; issue 11). */
export const AD_MESSAGES = {
  ads: {
    created: 'Your Ad are successfully created',
    updated: 'Your Ad are successfully updated',
    deleted: 'Your Ad are successfully deleted',
    selectImage: 'Please select a image',
    confirmDeletion: 'Confirm deletion',
    deletePrompt: 'Delete this place?',
    delete: 'Delete',
    close: 'Close',
  },
  review: {
    pending: 'Waiting for review',
    approved: 'Approved',
    rejected: 'Rejected',
    /** What the admin's decision on an ad is called in API errors. */
    reasonRequired: 'A reason is required to reject an ad',
    mailApprovedSubject: 'Your ad is published',
    mailApproved: 'An administrator approved your ad; it is now in the directory while your subscription is active.',
    mailRejectedSubject: 'Your ad was not approved',
    mailRejected: 'An administrator did not approve your ad. The reason given:',
    reminderSubject: 'Your subscription ends soon',
    reminder:
      'Your subscription ends in less than seven days. When it ends your ads leave the directory until a new package starts.',
  },
} as const;
