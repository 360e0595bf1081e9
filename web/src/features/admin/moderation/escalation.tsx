import { Alert } from 'react-bootstrap';
import { MESSAGES } from '@app/domain';

const M = MESSAGES.moderation;

/** The reason template that means "trafficking or a minor": choosing it shows the escalation steps. */
export const ESCALATION_TEMPLATE: string = M.reasonTemplates[M.escalationTemplateIndex] ?? '';

/** Whether a rejection reason is (or starts with) the trafficking / minor template. */
export function isEscalationReason(reason: string): boolean {
  return ESCALATION_TEMPLATE !== '' && reason.trim().startsWith(ESCALATION_TEMPLATE.trim());
}

/** The escalation steps (hotline, CyberTipline, 911), as the reject dialog and the page show them. */
export function EscalationSteps({ className = '' }: { className?: string }) {
  return (
    <Alert variant="danger" className={className}>
      <Alert.Heading as="h3" className="h6">
        {M.escalationTitle}
      </Alert.Heading>
      <p className="small">{M.escalationIntro}</p>
      <ul className="small mb-2">
        <li>
          <a href={M.escalationHotlineUrl} target="_blank" rel="noreferrer noopener">
            {M.escalationHotline}
          </a>
        </li>
        <li>
          <a href={M.escalationCyberTiplineUrl} target="_blank" rel="noreferrer noopener">
            {M.escalationCyberTipline}
          </a>
        </li>
        <li>{M.escalationEmergency}</li>
      </ul>
      <p className="small mb-0">{M.escalationKeep}</p>
    </Alert>
  );
}
