import type { ReactNode } from 'react';
import { Card } from 'react-bootstrap';

/** The frame of a form page in the account area: a card headed by the page's title. */
export function AccountCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card className="shadow-sm">
      <Card.Header className="bg-transparent">
        <h1 className="h4 mb-0">{title}</h1>
      </Card.Header>
      <Card.Body>{children}</Card.Body>
    </Card>
  );
}
