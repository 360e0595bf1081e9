/**
 * Messages from a provider's card, the Mail panel, the conversations and the provider's Review Mail (spec 001 §5,
 * "Provider area"; decision 0019).
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
    /** Who wrote a message of the ad's owner, on the card. */
    fromProvider: 'The provider',
    /** Under the messages of a card and on Review Mail: the operator's retention (`{days}`). */
    retention: 'Messages are deleted {days} days after they are sent.',
    retentionOneDay: 'Messages are deleted one day after they are sent.',
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
    tooMany: 'Too many messages sent, please try again later',
    /** Under the Mail panel's form: what the provider will see of the sender. */
    notice:
      'The provider sees your username and your message, never your e-mail address or phone. The message starts a conversation in Messages, where their answer appears.',
    /** After sending: where the conversation is. */
    openConversation: 'Open the conversation',
  },
  /**
   * The mail that announces a new message: no address, no phone, no name and no message text, only a link
   * to the conversation (and how to stop these mails).
   */
  newMessageMail: {
    subject: 'You have a new message on Live the Fantasy',
    body: 'You have a new message on Live the Fantasy.\n\nRead it and answer on the site: {link}\n\nFor your privacy this e-mail holds no message text, and neither side sees the other\'s e-mail address or phone. To stop these e-mails, untick "E-mail me when I get a new message" on My Profile: {profile}\n',
  },
  /** Conversations: the hobbyist's Messages and the provider's Review Mail, and one thread. */
  conversations: {
    title: 'Messages',
    intro:
      "Your conversations with providers, newest first. Neither side sees the other's e-mail address or phone.",
    providerIntro:
      "Conversations hobbyists started from your ads' cards, newest first. Answer on the site to arrange a time and place: the hobbyist sees your ad's title, never your e-mail address or phone.",
    empty: 'No conversations yet.',
    hobbyistsOnly: 'Messages is for hobbyist accounts; providers find their conversations in Review Mail.',
    hobbyistEmpty: "No conversations yet. Start one from a provider's card (Mail).",
    unread: '{count} unread',
    unreadLabel: 'unread messages',
    you: 'You',
    open: 'Open',
    about: 'About the ad',
    back: 'All conversations',
    older: 'Show older messages',
    noMessages: 'No messages in this conversation: older ones were deleted.',
    notFound: 'This conversation does not exist or is not yours.',
    write: 'Your message',
    send: 'Send',
    sent: 'Message sent',
    required: 'Message is required',
    tooLong: 'Message is too long - should be 2000 chars maximum',
    tooMany: 'Too many messages sent, please try again later',
    block: 'Block',
    unblock: 'Unblock',
    blockConfirm:
      'Block this person? Neither of you can send new messages in any conversation between you until you unblock. What was written stays, so it can still be reported.',
    blocked: 'Blocked: no new messages can be sent.',
    blockedByMe: 'You blocked this person. Unblock to write again.',
    blockedByThem: 'You cannot send messages in this conversation.',
    blockedToast: 'Blocked',
    unblockedToast: 'Unblocked',
    /** The 403 of a message to or from someone blocked. */
    blockedRefused: 'You cannot send messages to this person',
    pages: 'Conversation pages',
    mailSetting: 'E-mail me when I get a new message',
    mailSettingHint: "The e-mail holds only a link, never the message or anyone's address.",
    mailSettingSaved: 'Your choice was saved',
  },
  /** The provider's Review Mail page (spec 001 "Provider area": Review Mail, Arrange Time & Place). */
  reviewMail: {
    title: 'Review Mail',
    subtitle: 'Arrange Time & Place',
    replyRefused: 'Only the provider this message was sent to may reply',
    providersOnly: 'Review Mail is for provider accounts.',
  },
} as const;
