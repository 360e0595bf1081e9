import type { ReactNode } from 'react';
import { Col, Row } from 'react-bootstrap';
import { AccountCard } from '../../../ui/AccountCard.tsx';
import './ads.css';

/** The ad form's page: the form's card under its title, and beside it (below on a phone) the preview. */
export function AdFormLayout({
  title,
  preview,
  children,
}: {
  title: string;
  preview: ReactNode;
  children: ReactNode;
}) {
  return (
    <Row className="g-4">
      <Col xl={7}>
        <AccountCard title={title}>{children}</AccountCard>
      </Col>
      <Col xl={5}>
        <div className="ad-preview__sticky">{preview}</div>
      </Col>
    </Row>
  );
}
