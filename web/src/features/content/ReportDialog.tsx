import { lazy, Suspense, useId, useState } from 'react';
import { Button, Modal } from 'react-bootstrap';
import type { ButtonProps } from 'react-bootstrap';
import { MESSAGES } from '@app/domain';
import { PanelLoading } from '../../ui/PanelStatus.tsx';
import './content.css';

const M = MESSAGES.report;

// Loaded when the dialog first opens: the pages that show a Report button do not carry the form's code.
const ReportForm = lazy(() => import('./ReportForm.tsx').then((m) => ({ default: m.ReportForm })));

interface ReportDialogProps {
  show: boolean;
  onHide: () => void;
  /** The listing being reported (its link or id), prefilled in the form. */
  listing?: string;
}

/** The report form in a modal, for reporting a listing from where it is shown. */
export function ReportDialog({ show, onHide, listing }: ReportDialogProps) {
  const titleId = useId();
  return (
    <Modal show={show} onHide={onHide} aria-labelledby={titleId} centered scrollable>
      <Modal.Header closeButton closeLabel={M.close}>
        <Modal.Title id={titleId} as="h2" className="h5">
          <i className="bi bi-flag me-2 text-accent" aria-hidden="true" />
          {listing ? M.dialogTitle : M.formTitle}
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>
        <p className="small text-body-secondary">{M.emergency}</p>
        <Suspense fallback={<PanelLoading />}>
          <ReportForm listing={listing} />
        </Suspense>
      </Modal.Body>
    </Modal>
  );
}

interface ReportButtonProps {
  listing?: string;
  variant?: ButtonProps['variant'];
  size?: ButtonProps['size'];
  className?: string;
}

/** A "Report" button that opens the ReportDialog, e.g. on a directory card. */
export function ReportButton({
  listing,
  variant = 'outline-secondary',
  size = 'sm',
  className,
}: ReportButtonProps) {
  const [show, setShow] = useState(false);
  return (
    <>
      <Button variant={variant} size={size} className={className} onClick={() => setShow(true)}>
        <i className="bi bi-flag me-1" aria-hidden="true" />
        {M.button}
      </Button>
      <ReportDialog show={show} onHide={() => setShow(false)} listing={listing} />
    </>
  );
}
