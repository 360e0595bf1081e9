/**
 * Messages from a provider's card, the mail relay and the provider's Review Mail (spec 001 §5, "Provider area").
 * Limits live in `messages/limits.ts` (MESSAGE_LIMITS); the texts that name them agree with it.
 */
export const MESSAGE_MESSAGES = {
  cardMessages: {
    title: 'Messages',
    placeholder: 'Write a message…',
    send: 'Send',
    empty: 'No messages yet.',
    required: 'Message is required',
    tooLong: 'Message is too long - should be 2000 chars maximum',
    /** Before the provider's answer (from Review Mail) under a hobbyist's message. */
    reply: 'Answer from the provider:',
    /** Under the messages of a card and on Review Mail: the operator's retention (`{days}`). */
    retention: 'Messages and their replies are deleted {days} days after they are sent.',
    retentionOneDay: 'Messages and their replies are deleted one day after they are sent.',
    /** Reporting a message to the staff (Review Mail). */
    report: 'Report',
    reportTitle: 'Report this message',
    reportIntro:
      'The message, its reply and who sent it go to our staff with your reason. The sender is not told.',
    reportReason: 'Reason',
    reportDetails: 'What happened (optional)',
    reportSend: 'Send report',
    reportClose: 'Close',
    reportSent: 'Thank you: the message was sent to our staff.',
    /** The first line of such a report's details in the staff's queue. */
    reportedMessage: 'A message reported by one of its two sides',
    reportRefused: 'Only the sender of a message and the provider it was sent to may report it',
  },
  mailRelay: {
    title: 'Mail',
    to: 'To',
    message: 'Message',
    send: 'Send',
    sent: 'Your Message is successfully send',
    required: 'Message is required',
    tooLong: 'Message is too long - should be 2000 chars maximum',
    subjectPrefix: 'Message from',
    subjectSuffix: 'via Live the Fantasy',
    tooMany: 'Too many messages sent, please try again later',
    /** Under the Mail panel's form: what the provider will see of the sender. */
    notice:
      'The provider sees your username and your message, never your e-mail address. They answer on the site, and their answer reaches you by e-mail from Live the Fantasy.',
    /** The relayed mail to the provider; `{username}` is the sender's username, never their address. */
    body: "{username} sent you a message about your ad #{ad} on Live the Fantasy:\n\n{message}\n\nTo answer, open Review Mail on the site and choose Reply: {link}\nYour answer is sent from Live the Fantasy; neither of you sees the other's e-mail address. Replying to this e-mail does not reach {username}.\n",
  },
  /** A provider's answer from Review Mail, relayed to the hobbyist by mail from the site's address. */
  replyMail: {
    subject: 'An answer to your message about "{ad}" via Live the Fantasy',
    body: 'The provider of the ad "{ad}" answered your message through Live the Fantasy:\n\n{reply}\n\nYour message:\n{message}\n\nThis answer came through the site: the provider does not see your e-mail address. Write again from the ad\'s card on the site: {link}\n',
  },
  /** The provider's Review Mail page (spec 001 "Provider area": Review Mail, Arrange Time & Place). */
  reviewMail: {
    title: 'Review Mail',
    subtitle: 'Arrange Time & Place',
    intro:
      "Messages hobbyists send from your ads' cards (Message and Mail), newest first. Answer with Reply to arrange a time and place: the hobbyist receives your answer by e-mail from the site, with your ad's title and never your e-mail address.",
    from: 'From',
    reply: 'Reply',
    replyTo: 'Reply to',
    replyLabel: 'Your reply',
    sendReply: 'Send reply',
    cancel: 'Cancel',
    replied: 'Your reply',
    replySent: 'Your reply was sent',
    replyRequired: 'Reply is required',
    replyTooLong: 'Reply is too long - should be 2000 chars maximum',
    alreadyReplied: 'You have already replied to this message',
    replyRefused: 'Only the provider this message was sent to may reply',
    tooMany: 'Too many replies sent, please try again later',
    ad: 'Ad',
    message: 'Message',
    sent: 'Sent',
    empty: 'No messages yet.',
    providersOnly: 'Review Mail is for provider accounts.',
    pages: 'Message pages',
  },
} as const;
