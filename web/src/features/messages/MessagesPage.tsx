import { Card } from 'react-bootstrap';
import { MESSAGES } from '@app/domain';
import { ConversationList } from './ConversationList.tsx';
import { MessageRetentionNote } from './MessageRetentionNote.tsx';

const C = MESSAGES.conversations;

/** Messages (the account menu): a hobbyist's conversations with providers' ads, newest first. */
export default function MessagesPage() {
  return (
    <Card className="shadow-sm">
      <Card.Header className="bg-transparent">
        <h1 className="h4 mb-0">{C.title}</h1>
      </Card.Header>
      <Card.Body>
        <p className="small">{C.intro}</p>
        <MessageRetentionNote />
        <ConversationList empty={C.hobbyistEmpty} />
      </Card.Body>
    </Card>
  );
}
