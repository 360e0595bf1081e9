import { Alert, Card } from 'react-bootstrap';
import { MESSAGES } from '@app/domain';
import { useSession } from '../../../app/session.tsx';
import { ConversationList, MessageRetentionNote } from '../../messages/index.ts';

const M = MESSAGES.reviewMail;

/**
 * Review Mail (the provider sidebar's Review Mail link): the provider's inbox, the conversations hobbyists
 * started from the provider's ads, newest first, each with its unread count; each opens its thread, where
 * the provider answers on the site.
 */
export default function ReviewMailPage() {
  const { userType } = useSession();
  const isProvider = userType === 'Provider';
  return (
    <Card className="shadow-sm">
      <Card.Header className="bg-transparent">
        <h1 className="h4 mb-0">{M.title}</h1>
        <p className="text-body-secondary small mb-0">{M.subtitle}</p>
      </Card.Header>
      <Card.Body>
        {!isProvider ? (
          <Alert variant="info" className="mb-0">
            {M.providersOnly}
          </Alert>
        ) : (
          <>
            <p className="small">{MESSAGES.conversations.providerIntro}</p>
            <MessageRetentionNote />
            <ConversationList empty={MESSAGES.conversations.empty} />
          </>
        )}
      </Card.Body>
    </Card>
  );
}
