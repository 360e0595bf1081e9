import { Button, Form } from 'react-bootstrap';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { toast } from 'react-toastify';
import { MESSAGES, ZTwoFactorCodeForm } from '@app/domain';
import { isApiError } from '../../api/client.ts';
import { TextField } from '../../ui/FormField.tsx';
import { SubmitButton } from '../../ui/SubmitButton.tsx';
import { completeSignIn, type AuthResponse } from './api.ts';
import { toastApiFailure } from '../../api/toastApiFailure.ts';
import { SIGN_IN_FAILURE } from './feedback.ts';

const T = MESSAGES.twoFactor;

interface CodeValues {
  code: string;
}

interface TwoFactorSignInStepProps {
  /** The challenge `POST /api/auth/local` answered. */
  mfaToken: string;
  onSignedIn: (auth: AuthResponse) => void;
  /** Back to the password: the challenge expired, or the person asks. */
  onRestart: () => void;
}

/**
 * The login's second step for an account with two-factor sign-in: the code from the
 * authenticator app, or a recovery code. A wrong code says so at the field; a challenge that expired
 * (five minutes) goes back to the password.
 */
export function TwoFactorSignInStep({ mfaToken, onSignedIn, onRestart }: TwoFactorSignInStepProps) {
  const verify = useMutation({ mutationFn: (code: string) => completeSignIn(mfaToken, code) });
  const {
    register,
    handleSubmit,
    setError,
    setFocus,
    formState: { errors },
  } = useForm<CodeValues>({
    resolver: zodResolver(ZTwoFactorCodeForm),
    mode: 'onTouched',
    defaultValues: { code: '' },
  });

  const handleVerify = handleSubmit(async ({ code }) => {
    let auth: AuthResponse;
    try {
      auth = await verify.mutateAsync(code);
    } catch (error) {
      if (isApiError(error) && error.isUnauthorized) {
        // The server says why: the challenge expired, or it was spent on too many wrong codes.
        toast.error(error.message === T.challengeSpent ? T.challengeSpent : T.signInExpired);
        onRestart();
      } else if (isApiError(error) && error.isBadRequest) {
        setError('code', { message: T.invalidCode });
        setFocus('code');
      } else {
        toastApiFailure(error, SIGN_IN_FAILURE);
      }
      return;
    }
    onSignedIn(auth);
  });

  return (
    <Form noValidate onSubmit={handleVerify} aria-label={T.verifyTitle}>
      <fieldset disabled={verify.isPending}>
        <TextField
          id="login-code"
          label={T.codeLabel}
          autoComplete="one-time-code"
          maxLength={32}
          registration={register('code')}
          error={errors.code}
          help={
            <>
              {T.codeHelp} {T.recoveryHint}
            </>
          }
          helpBlock
        />
        <SubmitButton submitting={verify.isPending} className="w-100 mb-2">
          {T.verify}
        </SubmitButton>
        <Button variant="link" className="w-100" onClick={onRestart}>
          {T.backToLogin}
        </Button>
      </fieldset>
    </Form>
  );
}
