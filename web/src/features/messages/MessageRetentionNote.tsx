import { fillTemplate, MESSAGES } from '@app/domain';
import { useMessageRetention } from './api.ts';

/**
 * "Messages and their replies are deleted N days after they are sent." once the setting is read (the Message
 * and Mail panels, Review Mail).
 */
export function MessageRetentionNote({ className = 'small text-body-secondary' }: { className?: string }) {
  const retention = useMessageRetention();
  if (retention.data === undefined) return null;
  return (
    <p className={className}>{fillTemplate(MESSAGES.cardMessages.retention, { days: retention.data })}</p>
  );
}
