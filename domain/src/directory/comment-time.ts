import { MESSAGES } from '../messages.ts';
import { fillTemplate } from '../text.ts';

const MINUTE = 60 * 1000;
const HOUR = 60 * MINUTE;
const A = MESSAGES.comments.ago;

/** `count` of a unit, in its singular or plural text. */
const ago = (count: number, one: string, many: string) => fillTemplate(count === 1 ? one : many, { count });

/**
 * When a comment was written, as the card shows it (spec 001 §2): under 24 hours "N hour(s) ago",
 * under 240 hours "N day(s) ago", older "Commented on" and the date. A fresh one reads "just now" (under a
 * minute) or "N minute(s) ago" (under an hour), never "0 hours ago" (decision 0035); a time a little ahead
 * of the reader's clock is fresh too. `olderLabel` stands before the date instead (nothing for a message:
 * Review Mail's column already says "Sent").
 */
export function formatCommentTime(
  createdAt: string | Date,
  now: Date = new Date(),
  olderLabel: string = MESSAGES.comments.commentedOn,
): string {
  const at = typeof createdAt === 'string' ? new Date(createdAt) : createdAt;
  const elapsed = Math.max(0, now.getTime() - at.getTime());
  if (elapsed < MINUTE) return A.justNow;
  if (elapsed < HOUR) return ago(Math.floor(elapsed / MINUTE), A.minute, A.minutes);
  const hours = Math.floor(elapsed / HOUR);
  if (hours < 24) return ago(hours, A.hour, A.hours);
  if (hours < 240) return ago(Math.floor(hours / 24), A.day, A.days);
  const date = at.toLocaleDateString('en-US', {
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    timeZone: 'UTC',
  });
  return olderLabel ? `${olderLabel} ${date}` : date;
}
