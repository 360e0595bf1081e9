import { MESSAGES } from '../messages.ts';

const HOUR = 3600 * 1000;

/**
 * When a comment was written, as the card shows it (spec 001 §2): under 24 hours "N hour(s) ago",
 * under 240 hours "N day(s) ago", older "Commented on" and the date. `olderLabel` stands before the
 * date instead (nothing for a message: Review Mail's column already says "Sent").
 */
export function formatCommentTime(
  createdAt: string | Date,
  now: Date = new Date(),
  olderLabel: string = MESSAGES.comments.commentedOn,
): string {
  const at = typeof createdAt === 'string' ? new Date(createdAt) : createdAt;
  const hours = Math.max(0, Math.floor((now.getTime() - at.getTime()) / HOUR));
  if (hours < 24) return `${hours} ${hours === 1 ? 'hour' : 'hours'} ago`;
  if (hours < 240) {
    const days = Math.floor(hours / 24);
    return `${days} ${days === 1 ? 'day' : 'days'} ago`;
  }
  const date = at.toLocaleDateString('en-US', {
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    timeZone: 'UTC',
  });
  return olderLabel ? `${olderLabel} ${date}` : date;
}
