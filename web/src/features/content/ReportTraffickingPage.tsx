import { Col, Container, Row } from 'react-bootstrap';
import { MESSAGES, TRAFFICKING_HOTLINE } from '@app/domain';
import { HOTLINE_SMS, HOTLINE_TEL, HotlineText } from './HotlineLinks.tsx';
import { ReportForm } from './ReportForm.tsx';
import { CONTENT_COPY } from './copy.ts';
import './content.css';
import { sectionHead, usePageHead } from '../../app/head.tsx';

const M = MESSAGES.report;

/** The hotline sentence without the hotline's name, which is the heading above it. */
const HOTLINE_DETAIL = (() => {
  const rest = M.hotline.replace(`${TRAFFICKING_HOTLINE.name}: `, '');
  return rest.charAt(0).toUpperCase() + rest.slice(1);
})();

/**
 * Report Trafficking (spec 000 §2): the national hotline first, then a report to the site's staff.
 * Needs no login; the form posts with a plain fetch and says clearly when sending failed.
 */
export default function ReportTraffickingPage() {
  usePageHead(
    sectionHead(
      MESSAGES.footer.reportTrafficking,
      MESSAGES.pageHead.reportTraffickingDescription,
      '/reporttrafficking',
    ),
  );
  return (
    <Container className="content-page py-4 py-md-5">
      <h1 className="content-page__title">{M.title}</h1>
      <p className="lead text-body-secondary mb-4">{CONTENT_COPY.report.intro}</p>
      <Row className="g-4">
        <Col lg={5}>
          <section className="hotline" aria-labelledby="hotline-name">
            <h2 id="hotline-name" className="hotline__name mb-2">
              {TRAFFICKING_HOTLINE.name}
            </h2>
            <p className="hotline__lead fs-5">
              <HotlineText text={HOTLINE_DETAIL} />
            </p>
            <div className="d-grid gap-2 mb-3">
              <a href={HOTLINE_TEL} className="btn btn-accent btn-lg fw-bold">
                <i className="bi bi-telephone-fill me-2" aria-hidden="true" />
                {M.call}
              </a>
              <a href={HOTLINE_SMS} className="btn btn-outline-light btn-lg fw-semibold">
                <i className="bi bi-chat-text me-2" aria-hidden="true" />
                {M.text}
              </a>
            </div>
            <p className="hotline__emergency fw-semibold mb-0" role="note">
              <i className="bi bi-exclamation-triangle-fill me-2 text-accent" aria-hidden="true" />
              {M.emergency}
            </p>
          </section>
        </Col>
        <Col lg={7}>
          <section className="content-card" aria-labelledby="report-form-title">
            <h2 id="report-form-title" className="h4">
              {M.formTitle}
            </h2>
            <p className="text-body-secondary">{CONTENT_COPY.report.formIntro}</p>
            <ReportForm />
          </section>
        </Col>
      </Row>
    </Container>
  );
}
