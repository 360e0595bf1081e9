/** A card's message and mail panels, and the provider's review mail. */
export { useMessageRetention, useReplyToMessage, useReviewMail } from './api.ts';
export { MessageRetentionNote } from './MessageRetentionNote.tsx';
export type { ReviewMessage } from './api.ts';
export { default as MailPanel } from './MailPanel.tsx';
export { default as MessagePanel } from './MessagePanel.tsx';
export { default as ReportMessageDialog } from './ReportMessageDialog.tsx';
