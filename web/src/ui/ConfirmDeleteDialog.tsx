import { useId } from 'react';
import type { ReactNode } from 'react';
import { Button, Modal } from 'react-bootstrap';
import { MESSAGES } from '@app/domain';
import { SubmitButton } from './SubmitButton.tsx';

const C = MESSAGES.confirmDelete;

/**
 * The one delete confirmation (spec 001 §2 "My Ads", "Places"): 'Confirm deletion', the prompt
 * ('Delete this place?' unless the screen gives its own), Delete and Close. Delete stays busy while
 * `deleting`; the screen closes the dialog once the deletion is done. It stacks above a dialog it
 * was opened from. A screen whose action is not a deletion names its own title, buttons and button
 * colour (My Orders' 'Cancel order', the admin console's confirmations).
 */
export function ConfirmDeleteDialog({
  show,
  deleting,
  prompt = C.prompt,
  title = C.title,
  confirmLabel = C.delete,
  closeLabel = C.close,
  confirmVariant = 'danger',
  children,
  onConfirm,
  onClose,
}: {
  show: boolean;
  deleting: boolean;
  prompt?: ReactNode;
  title?: string;
  confirmLabel?: string;
  closeLabel?: string;
  /** The confirm button's colour: red for a deletion, a screen's own for other actions. */
  confirmVariant?: string;
  /** More body after the prompt (what the action will do, a warning). */
  children?: ReactNode;
  onConfirm: () => void;
  onClose: () => void;
}) {
  const titleId = useId();
  return (
    <Modal
      show={show}
      onHide={onClose}
      centered
      aria-labelledby={titleId}
      className="modal--confirm"
      backdropClassName="modal-backdrop--confirm"
    >
      <Modal.Header closeButton closeLabel={closeLabel}>
        <Modal.Title id={titleId} as="h2" className="h5">
          {title}
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>
        {prompt}
        {children}
      </Modal.Body>
      <Modal.Footer>
        <form
          onSubmit={(event) => {
            event.preventDefault();
            onConfirm();
          }}
        >
          <SubmitButton submitting={deleting} variant={confirmVariant}>
            {confirmLabel}
          </SubmitButton>
        </form>
        <Button variant="secondary" onClick={onClose} disabled={deleting}>
          {closeLabel}
        </Button>
      </Modal.Footer>
    </Modal>
  );
}
