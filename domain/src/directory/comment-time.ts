const HOUR = 3600 * 1000;

/**
 * When a comment was written, as the card shows it (spec 001 §2): under 24 hours "N hour(s) ago",
 * under 240 hours "N day(s) ago", older "Commented on" and the date.
 */
export function formatCommentTime(createdAt: string | Date, now: Date = new Date()): string {
  const at = typeof createdAt === 'string' ? new Date(createdAt) : createdAt;
  const hours = Math.max(0, Math.floor((now.getTime() - at.getTime()) / HOUR));
  if (hours < 24) return `${hours} ${hours === 1 ? 'hour' : 'hours'} ago`;
  if (hours < 240) {
    const days = Math.floor(hours / 24);
    return `${days} ${days === 1 ? 'day' : 'days'} ago`;
  }
  return `Commented on ${at.toLocaleDateString('en-US', { year: 'numeric', month: 'short', day: 'numeric', timeZone: 'UTC' })}`;
}
