import type { ReactNode } from 'react';
import { Col, Container, Row } from 'react-bootstrap';
import { CONTENT_COPY } from './copy.ts';
import './content.css';

export interface LegalSection {
  /** Anchor id, also used by the table of contents. */
  id: string;
  heading: string;
  body: ReactNode;
}

interface LegalPageProps {
  title: string;
  updated: string;
  intro?: ReactNode;
  sections: LegalSection[];
  /** Prefix headings with their number ("1. …"), as the privacy policy does. */
  numbered?: boolean;
}

/** The frame of a long legal page: title, date, a table of contents and the sections. */
export function LegalPage({ title, updated, intro, sections, numbered = false }: LegalPageProps) {
  const headingText = (section: LegalSection, index: number) =>
    numbered ? `${index + 1}. ${section.heading}` : section.heading;

  return (
    <Container className="content-page py-4 py-md-5">
      <header className="legal mb-3">
        <h1 className="content-page__title">{title}</h1>
        <p className="text-body-secondary small mb-0">{updated}</p>
      </header>
      <Row className="g-4">
        <Col lg={8} as="article" className="legal">
          {intro}
          {sections.map((section, index) => (
            <section key={section.id} id={section.id} aria-labelledby={`${section.id}-heading`}>
              <h2 id={`${section.id}-heading`}>{headingText(section, index)}</h2>
              {section.body}
            </section>
          ))}
        </Col>
        <Col lg={4} className="order-first order-lg-last">
          <nav className="legal-toc" aria-label={CONTENT_COPY.legal.contents}>
            <p className="fw-semibold mb-2">{CONTENT_COPY.legal.contents}</p>
            <ol>
              {sections.map((section) => (
                <li key={section.id}>
                  <a href={`#${section.id}`}>{section.heading}</a>
                </li>
              ))}
            </ol>
          </nav>
        </Col>
      </Row>
    </Container>
  );
}
