import type { ReactNode } from 'react';
import { Button, Modal } from 'react-bootstrap';
import { MESSAGES } from '@app/domain';
import { SubmitButton } from '../../ui/SubmitButton.tsx';

const T = MESSAGES.twoFactor;

/**
 * The buttons of a dialog that asks for the password (and a code): Cancel, then its action, busy while the
 * call runs (two-factor's dialogs, deleting the account).
 */
export function DialogButtons({
  onCancel,
  submitting,
  disabled = false,
  variant,
  children,
  cancelLabel = T.cancel,
}: {
  onCancel: () => void;
  submitting: boolean;
  /** Not yet usable (what the dialog needs is still loading). */
  disabled?: boolean;
  cancelLabel?: string;
  variant: string;
  children: ReactNode;
}) {
  return (
    <Modal.Footer>
      <Button variant="outline-secondary" onClick={onCancel}>
        {cancelLabel}
      </Button>
      <SubmitButton submitting={submitting} disabled={disabled} variant={variant}>
        {children}
      </SubmitButton>
    </Modal.Footer>
  );
}
