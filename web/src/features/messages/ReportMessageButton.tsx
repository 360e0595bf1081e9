import { lazy, Suspense, useState } from 'react';
import { Button } from 'react-bootstrap';
import { MESSAGES } from '@app/domain';

// The dialog and its form load when the button is first pressed.
const ReportMessageDialog = lazy(() => import('./ReportMessageDialog.tsx'));

/** "Report" under a message (or its reply) on a card: opens the report dialog. */
export function ReportMessageButton({ postId }: { postId: number }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      {/* Named apart from the card's own Report (the listing), its visible word first. */}
      <Button
        variant="link"
        size="sm"
        className="p-0 small text-body-secondary"
        aria-label={MESSAGES.cardMessages.reportTitle}
        onClick={() => setOpen(true)}
      >
        <i className="bi bi-flag me-1" aria-hidden="true" />
        {MESSAGES.cardMessages.report}
      </Button>
      {open && (
        <Suspense fallback={null}>
          <ReportMessageDialog messageId={postId} onHide={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
