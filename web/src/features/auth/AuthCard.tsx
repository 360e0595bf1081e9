import type { ReactNode } from 'react';
import { Card, Col, Container, Row } from 'react-bootstrap';
import './auth.css';

interface AuthCardProps {
  title: string;
  intro?: ReactNode;
  /** Below the form, e.g. the link to the other guest screen. */
  footer?: ReactNode;
  /** Wider card for long forms (register). */
  wide?: boolean;
  children: ReactNode;
}

/** The frame of the guest screens (login, register, forgot and reset password): a centered card. */
export function AuthCard({ title, intro, footer, wide = false, children }: AuthCardProps) {
  return (
    <Container className="py-4 py-md-5">
      <Row className="justify-content-center">
        <Col xs={12} sm={11} md={wide ? 11 : 8} lg={wide ? 9 : 6} xl={wide ? 8 : 5}>
          <Card className="auth-card shadow-sm">
            <Card.Body className="p-3 p-sm-4">
              <h1 className="h3 mb-2">{title}</h1>
              {intro && <p className="text-body-secondary mb-4">{intro}</p>}
              {children}
            </Card.Body>
            {footer && <Card.Footer className="auth-card__footer text-center py-3">{footer}</Card.Footer>}
          </Card>
        </Col>
      </Row>
    </Container>
  );
}
