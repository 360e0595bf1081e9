import { Alert, Button, Form, Spinner } from 'react-bootstrap';
import { MESSAGES, type TwoFactorSetup as SetupAnswer } from '@app/domain';
import { SubmitButton } from '../../ui/SubmitButton.tsx';
import { CodeField } from './CodeField.tsx';
import { RecoveryCodes } from './RecoveryCodes.tsx';
import { useEnrolment } from './useEnrolment.ts';

const T = MESSAGES.twoFactor;

interface TwoFactorSetupProps {
  /** Above the QR code: why (the console says the admin must). */
  intro?: string;
  /** Start at once (the console's enrolment page) instead of showing the start button. */
  autoStart?: boolean;
  /** Right after the first code turned it on: the new session token (given a code). */
  onEnabled?: (jwt: string) => void;
  /** Once the recovery codes were seen: the new session token. */
  onDone: (jwt: string) => void;
  /** Shows a Cancel button while setting up (the profile). */
  onCancel?: () => void;
}

/** Before the secret: the start button, or a spinner while an automatic start runs. */
function SetupStart({
  waiting,
  starting,
  onStart,
}: {
  waiting: boolean;
  starting: boolean;
  onStart: () => void;
}) {
  if (waiting) {
    return (
      <div className="py-3 text-center">
        <Spinner animation="border" role="status">
          <span className="visually-hidden">{MESSAGES.shell.loading}</span>
        </Spinner>
      </div>
    );
  }
  return (
    <Button variant="accent" onClick={onStart} disabled={starting}>
      {starting && <Spinner as="span" animation="border" size="sm" className="me-1" aria-hidden="true" />}
      {T.start}
    </Button>
  );
}

/** The QR code for the authenticator app, and the secret as text for apps without a camera. */
function SecretPanel({ secret }: { secret: SetupAnswer }) {
  return (
    <div className="d-flex flex-column flex-sm-row gap-4 align-items-center align-items-sm-start mb-3">
      <img src={secret.qr} alt={T.qrAlt} width={200} height={200} className="border rounded bg-white p-1" />
      <div className="w-100">
        <p className="mb-1 fw-semibold" id="two-factor-secret-label">
          {T.secretLabel}
        </p>
        <code
          className="d-block fs-6 text-break user-select-all mb-1"
          aria-labelledby="two-factor-secret-label"
        >
          {secret.secret.replace(/(.{4})(?=.)/g, '$1 ')}
        </code>
        <small className="text-body-secondary">{T.secretHelp}</small>
      </div>
    </div>
  );
}

/**
 * Turning two-factor sign-in on, the same on the profile and the console's enrolment page:
 * a QR code for the authenticator app and the secret as text for apps without a camera, a Code field
 * for its first code, then the ten recovery codes shown once.
 */
export function TwoFactorSetup({
  intro,
  autoStart = false,
  onEnabled,
  onDone,
  onCancel,
}: TwoFactorSetupProps) {
  const { setup, enable, secret, enabled, form, start, handleEnable } = useEnrolment(autoStart, onEnabled);

  if (enabled) {
    return (
      <div>
        <RecoveryCodes codes={enabled.codes} />
        <Button className="mt-3" variant="accent" onClick={() => onDone(enabled.jwt)}>
          {T.done}
        </Button>
      </div>
    );
  }
  if (!secret) {
    return <SetupStart waiting={autoStart && !setup.isError} starting={setup.isPending} onStart={start} />;
  }
  return (
    <section aria-labelledby="two-factor-enrol-title">
      <h2 id="two-factor-enrol-title" className="h5">
        {T.enrolTitle}
      </h2>
      {intro && <Alert variant="info">{intro}</Alert>}
      <p>{T.enrolIntro}</p>
      <SecretPanel secret={secret} />
      <Form noValidate onSubmit={handleEnable} aria-label={T.enrolTitle}>
        <fieldset disabled={enable.isPending}>
          <CodeField
            id="two-factor-enrol-code"
            registration={form.register('code')}
            error={form.formState.errors.code}
          />
          <div className="d-flex gap-2">
            <SubmitButton submitting={enable.isPending}>{T.enable}</SubmitButton>
            {onCancel && (
              <Button variant="outline-secondary" onClick={onCancel}>
                {T.cancel}
              </Button>
            )}
          </div>
        </fieldset>
      </Form>
    </section>
  );
}
