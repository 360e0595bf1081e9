import { useState } from 'react';
import { Button, Card, Form, Modal } from 'react-bootstrap';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { MESSAGES, ZDeleteAccountForm, ZTwoFactorDisableForm } from '@app/domain';
import { TextField } from '../../ui/FormField.tsx';
import { PanelLoading } from '../../ui/PanelStatus.tsx';
import { useDeleteAccount } from './api.ts';
import { CodeField } from './CodeField.tsx';
import { DialogButtons } from './DialogButtons.tsx';
import { showIdentityErrors } from './identityErrors.ts';
import { useTwoFactorStatus } from './twoFactorApi.ts';

const D = MESSAGES.accountDeletion;

/**
 * My Profile's "Delete your account": what goes and what stays, then, in a dialog, the password (and a code
 * when two-factor sign-in is on). The server deletes the account and ends every session; the browser
 * forgets this one and goes home.
 */
export function DeleteAccountSection() {
  const [open, setOpen] = useState(false);
  return (
    <Card className="shadow-sm mt-3 border-danger-subtle">
      <Card.Body>
        <h2 className="h5">{D.title}</h2>
        <p>{D.intro}</p>
        <div className="row g-3">
          <div className="col-12 col-md-6">
            <h3 className="h6">{D.goesTitle}</h3>
            <ul className="small mb-0">
              {D.goes.map((line) => (
                <li key={line}>{line}</li>
              ))}
            </ul>
          </div>
          <div className="col-12 col-md-6">
            <h3 className="h6">{D.staysTitle}</h3>
            <ul className="small mb-0">
              {D.stays.map((line) => (
                <li key={line}>{line}</li>
              ))}
            </ul>
          </div>
        </div>
        <Button variant="outline-danger" className="mt-3" onClick={() => setOpen(true)}>
          <i className="bi bi-trash3 me-1" aria-hidden="true" />
          {D.open}
        </Button>
        {open && <DeleteDialog onClose={() => setOpen(false)} />}
      </Card.Body>
    </Card>
  );
}

function DeleteDialog({ onClose }: { onClose: () => void }) {
  const status = useTwoFactorStatus();
  // Unknown (its state could not be read): the code field shows, and the server ignores a code it needs not.
  const twoFactor = status.data ? status.data.enabled : status.isError;
  const remove = useDeleteAccount();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<{ password: string; code: string }>({
    resolver: zodResolver(twoFactor ? ZTwoFactorDisableForm : ZDeleteAccountForm),
    mode: 'onTouched',
    defaultValues: { password: '', code: '' },
  });
  const onSubmit = handleSubmit(async ({ password, code }) => {
    try {
      await remove.mutateAsync(twoFactor && code ? { password, code } : { password });
    } catch (error) {
      showIdentityErrors(error, setError);
    }
  });
  return (
    <Modal show onHide={onClose} centered aria-labelledby="delete-account-title">
      <Form noValidate onSubmit={onSubmit} aria-label={D.title}>
        <Modal.Header closeButton closeLabel={D.cancel}>
          <Modal.Title id="delete-account-title" as="h2" className="h5">
            {D.title}
          </Modal.Title>
        </Modal.Header>
        <Modal.Body>
          <p>{D.intro}</p>
          {status.isPending ? (
            <PanelLoading />
          ) : (
            <fieldset disabled={remove.isPending}>
              <TextField
                id="delete-account-password"
                label={D.password}
                type="password"
                autoComplete="current-password"
                registration={register('password')}
                error={errors.password}
              />
              {twoFactor && (
                <CodeField
                  id="delete-account-code"
                  registration={register('code')}
                  error={errors.code}
                  recovery
                />
              )}
            </fieldset>
          )}
        </Modal.Body>
        <DialogButtons
          onCancel={onClose}
          submitting={remove.isPending}
          disabled={status.isPending}
          variant="danger"
          cancelLabel={D.cancel}
        >
          {D.confirm}
        </DialogButtons>
      </Form>
    </Modal>
  );
}
