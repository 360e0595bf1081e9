/** A card's message and mail panels, the conversations (Messages, Review Mail, one thread) and the unread count. */
export { useMessageRetention } from './api.ts';
export { useUnreadMessages } from './unread.ts';
export { ConversationList } from './ConversationList.tsx';
export { MessageRetentionNote } from './MessageRetentionNote.tsx';
export { default as MailPanel } from './MailPanel.tsx';
export { default as MessagePanel } from './MessagePanel.tsx';
export { default as ReportMessageDialog } from './ReportMessageDialog.tsx';
