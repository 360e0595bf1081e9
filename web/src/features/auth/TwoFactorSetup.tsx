import { useEffect, useRef, useState } from 'react';
import { Alert, Button, Form, Spinner } from 'react-bootstrap';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { toast } from 'react-toastify';
import { MESSAGES, ZTotpCodeForm, type TwoFactorSetup as SetupAnswer } from '@app/domain';
import { isApiError } from '../../api/client.ts';
import { TextField } from '../../ui/FormField.tsx';
import { SubmitButton } from '../../ui/SubmitButton.tsx';
import { toastApiFailure } from '../../api/toastApiFailure.ts';
import { useTwoFactorEnable, useTwoFactorSetup } from './twoFactorApi.ts';

const T = MESSAGES.twoFactor;

/** Ten recovery codes, shown once, with a button that copies them. */
export function RecoveryCodes({ codes }: { codes: readonly string[] }) {
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(codes.join('\n'));
      toast.success(T.copied);
    } catch {
      toast.warning(T.copyFailed);
    }
  };
  return (
    <section aria-labelledby="recovery-codes-title">
      <h2 id="recovery-codes-title" className="h5">
        {T.recoveryTitle}
      </h2>
      <p className="text-body-secondary">{T.recoveryIntro}</p>
      <ol
        className="recovery-codes row row-cols-2 list-unstyled font-monospace fs-5 mb-3"
        aria-label={T.recoveryTitle}
      >
        {codes.map((code) => (
          <li key={code} className="col py-1">
            {code}
          </li>
        ))}
      </ol>
      <Button variant="outline-secondary" size="sm" onClick={() => void copy()}>
        <i className="bi bi-clipboard me-1" aria-hidden="true" />
        {T.copy}
      </Button>
    </section>
  );
}

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
  const setup = useTwoFactorSetup();
  const enable = useTwoFactorEnable();
  const [secret, setSecret] = useState<SetupAnswer | null>(null);
  const [enabled, setEnabled] = useState<{ jwt: string; codes: string[] } | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    setFocus,
    formState: { errors },
  } = useForm<{ code: string }>({
    resolver: zodResolver(ZTotpCodeForm),
    mode: 'onTouched',
    defaultValues: { code: '' },
  });

  const start = () =>
    setup.mutate(undefined, {
      onSuccess: setSecret,
      onError: (error) =>
        toastApiFailure(error, { otherwise: isApiError(error) ? error.message : undefined }),
    });

  // The console's enrolment page starts at once (one setup call, also in React's strict mode).
  const started = useRef(false);
  useEffect(() => {
    if (!autoStart || started.current) return;
    started.current = true;
    start();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, on mount
  }, [autoStart]);

  const handleEnable = handleSubmit(async ({ code }) => {
    try {
      const answer = await enable.mutateAsync(code);
      setEnabled({ jwt: answer.jwt, codes: answer.recovery_codes });
      toast.success(T.enabledToast);
      onEnabled?.(answer.jwt);
    } catch (error) {
      if (isApiError(error) && error.isBadRequest) {
        setError('code', { message: T.invalidEnrolCode });
        setFocus('code');
      } else {
        // 409: set up again elsewhere, or on already; the message says which.
        toastApiFailure(error, {
          otherwise: isApiError(error) && error.status === 409 ? error.message : undefined,
        });
      }
    }
  });

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
    if (autoStart && !setup.isError) {
      return (
        <div className="py-3 text-center">
          <Spinner animation="border" role="status">
            <span className="visually-hidden">{MESSAGES.shell.loading}</span>
          </Spinner>
        </div>
      );
    }
    return (
      <Button variant="accent" onClick={start} disabled={setup.isPending}>
        {setup.isPending && (
          <Spinner as="span" animation="border" size="sm" className="me-1" aria-hidden="true" />
        )}
        {T.start}
      </Button>
    );
  }

  return (
    <section aria-labelledby="two-factor-enrol-title">
      <h2 id="two-factor-enrol-title" className="h5">
        {T.enrolTitle}
      </h2>
      {intro && <Alert variant="info">{intro}</Alert>}
      <p>{T.enrolIntro}</p>
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
      <Form noValidate onSubmit={handleEnable} aria-label={T.enrolTitle}>
        <fieldset disabled={enable.isPending}>
          <TextField
            id="two-factor-enrol-code"
            label={T.codeLabel}
            autoComplete="one-time-code"
            inputMode="numeric"
            maxLength={12}
            registration={register('code')}
            error={errors.code}
            help={T.codeHelp}
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
