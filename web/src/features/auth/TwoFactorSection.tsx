import { useState } from 'react';
import { Alert, Button, Card, Form, Modal } from 'react-bootstrap';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { toast } from 'react-toastify';
import { MESSAGES, ZTwoFactorDisableForm } from '@app/domain';
import { isApiError } from '../../api/client.ts';
import { PanelLoading } from '../../ui/PanelStatus.tsx';
import { TextField } from '../../ui/FormField.tsx';
import { toastApiFailure } from '../../api/toastApiFailure.ts';
import { CodeField } from './CodeField.tsx';
import { DialogButtons } from './DialogButtons.tsx';
import { showIdentityErrors } from './identityErrors.ts';
import { RecoveryCodes } from './RecoveryCodes.tsx';
import { TwoFactorSetup } from './TwoFactorSetup.tsx';
import { useCodeForm } from './useCodeForm.ts';
import {
  useKeepEnrolledSession,
  useNewRecoveryCodes,
  useTwoFactorDisable,
  useTwoFactorStatus,
} from './twoFactorApi.ts';

const T = MESSAGES.twoFactor;

/** Turning it off: the password and a code (or a recovery code), in a dialog. */
function DisableDialog({ show, onClose }: { show: boolean; onClose: () => void }) {
  const disable = useTwoFactorDisable();
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors },
  } = useForm<{ password: string; code: string }>({
    resolver: zodResolver(ZTwoFactorDisableForm),
    mode: 'onTouched',
    defaultValues: { password: '', code: '' },
  });
  const close = () => {
    reset();
    onClose();
  };
  const handleDisable = handleSubmit(async (values) => {
    try {
      await disable.mutateAsync(values);
      toast.success(T.disabledToast);
      close();
    } catch (error) {
      showIdentityErrors(error, setError);
    }
  });
  return (
    <Modal show={show} onHide={close} centered aria-labelledby="two-factor-disable-title">
      <Form noValidate onSubmit={handleDisable} aria-label={T.disableTitle}>
        <Modal.Header closeButton closeLabel={T.cancel}>
          <Modal.Title id="two-factor-disable-title" as="h2" className="h5">
            {T.disableTitle}
          </Modal.Title>
        </Modal.Header>
        <Modal.Body>
          <p>{T.disableIntro}</p>
          <fieldset disabled={disable.isPending}>
            <TextField
              id="two-factor-disable-password"
              label={T.passwordLabel}
              type="password"
              autoComplete="current-password"
              registration={register('password')}
              error={errors.password}
            />
            <CodeField
              id="two-factor-disable-code"
              registration={register('code')}
              error={errors.code}
              recovery
            />
          </fieldset>
        </Modal.Body>
        <DialogButtons onCancel={close} submitting={disable.isPending} variant="danger">
          {T.disableConfirm}
        </DialogButtons>
      </Form>
    </Modal>
  );
}

/** New recovery codes: a current code, a confirmation (the old codes stop working), then the codes once. */
function NewCodesDialog({ show, onClose }: { show: boolean; onClose: () => void }) {
  const regenerate = useNewRecoveryCodes();
  const [codes, setCodes] = useState<string[] | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors },
  } = useCodeForm();
  const close = () => {
    reset();
    setCodes(null);
    onClose();
  };
  const handleRegenerate = handleSubmit(async ({ code }) => {
    try {
      const answer = await regenerate.mutateAsync(code);
      setCodes(answer.recovery_codes);
      toast.success(T.regeneratedToast);
    } catch (error) {
      if (isApiError(error) && error.isBadRequest) setError('code', { message: T.invalidEnrolCode });
      else
        toastApiFailure(error, {
          otherwise: isApiError(error) && error.status === 429 ? error.message : undefined,
        });
    }
  });
  return (
    <Modal show={show} onHide={close} centered aria-labelledby="two-factor-codes-title">
      <Modal.Header closeButton closeLabel={T.cancel}>
        <Modal.Title id="two-factor-codes-title" as="h2" className="h5">
          {T.regenerate}
        </Modal.Title>
      </Modal.Header>
      {codes ? (
        <>
          <Modal.Body>
            <RecoveryCodes codes={codes} />
          </Modal.Body>
          <Modal.Footer>
            <Button variant="accent" onClick={close}>
              {T.done}
            </Button>
          </Modal.Footer>
        </>
      ) : (
        <Form noValidate onSubmit={handleRegenerate} aria-label={T.regenerate}>
          <Modal.Body>
            <Alert variant="warning">{T.regenerateConfirm}</Alert>
            <fieldset disabled={regenerate.isPending}>
              <CodeField id="two-factor-codes-code" registration={register('code')} error={errors.code} />
            </fieldset>
          </Modal.Body>
          <DialogButtons onCancel={close} submitting={regenerate.isPending} variant="warning">
            {T.regenerate}
          </DialogButtons>
        </Form>
      )}
    </Modal>
  );
}

/** Two-factor sign-in is on: the recovery codes left, new codes, and off (not for the admin). */
function TwoFactorOn({ data }: { data: NonNullable<ReturnType<typeof useTwoFactorStatus>['data']> }) {
  const [dialog, setDialog] = useState<'disable' | 'codes' | null>(null);
  return (
    <>
      <dl className="row mb-3">
        <dt className="col-sm-4">{T.recoveryCodesLeft}</dt>
        <dd className="col-sm-8 mb-0" data-field={T.recoveryCodesLeft}>
          {data.recovery_codes_left}
        </dd>
      </dl>
      <div className="d-flex flex-wrap gap-2 align-items-center">
        <Button variant="outline-secondary" size="sm" onClick={() => setDialog('codes')}>
          <i className="bi bi-key me-1" aria-hidden="true" />
          {T.regenerate}
        </Button>
        {data.required ? (
          <small className="text-body-secondary">{T.adminKeeps}</small>
        ) : (
          <Button variant="outline-danger" size="sm" onClick={() => setDialog('disable')}>
            <i className="bi bi-shield-x me-1" aria-hidden="true" />
            {T.disable}
          </Button>
        )}
      </div>
      <NewCodesDialog show={dialog === 'codes'} onClose={() => setDialog(null)} />
      {!data.required && <DisableDialog show={dialog === 'disable'} onClose={() => setDialog(null)} />}
    </>
  );
}

/**
 * My Profile's "Two-factor sign-in": optional for everyone, required for the admin (who
 * may not turn it off). Off: set it up (QR code, secret, first code, recovery codes). On: new recovery
 * codes, or off with the password and a code.
 */
export function TwoFactorSection() {
  const status = useTwoFactorStatus();
  const keepSession = useKeepEnrolledSession();
  const [settingUp, setSettingUp] = useState(false);
  const data = status.data;

  let body;
  if (settingUp) {
    // Stays on screen while the session takes the new token and the state is read again.
    body = (
      <TwoFactorSetup
        intro={data?.required ? T.adminEnrolIntro : undefined}
        autoStart
        onEnabled={keepSession}
        onDone={() => setSettingUp(false)}
        onCancel={() => setSettingUp(false)}
      />
    );
  } else if (!data) {
    body = status.isError ? (
      <Alert variant="warning" className="d-flex flex-wrap align-items-center gap-2 mb-0">
        {T.loadFailed}
        <Button variant="outline-secondary" size="sm" onClick={() => void status.refetch()}>
          {MESSAGES.directory.retry}
        </Button>
      </Alert>
    ) : (
      <PanelLoading />
    );
  } else if (!data.enabled) {
    body = (
      <>
        {data.required && <Alert variant="warning">{T.adminEnrolIntro}</Alert>}
        <Button variant="accent" onClick={() => setSettingUp(true)}>
          {T.start}
        </Button>
      </>
    );
  } else {
    body = <TwoFactorOn data={data} />;
  }

  return (
    <Card className="shadow-sm mt-4" as="section" aria-labelledby="two-factor-title">
      <Card.Header className="d-flex flex-wrap justify-content-between align-items-center gap-2 bg-transparent">
        <h2 id="two-factor-title" className="h5 mb-0">
          <i className="bi bi-shield-lock me-2" aria-hidden="true" />
          {T.title}
        </h2>
        {data && (
          <span className={`badge ${data.enabled ? 'text-bg-success' : 'text-bg-secondary'}`}>
            {T.status}: {data.enabled ? T.statusOn : T.statusOff}
          </span>
        )}
      </Card.Header>
      <Card.Body>
        <p className="text-body-secondary">{T.intro}</p>
        {body}
      </Card.Body>
    </Card>
  );
}
