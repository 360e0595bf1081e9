import { useId, useState } from 'react';
import { Form } from 'react-bootstrap';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { Link } from 'react-router';
import { isTwoFactorChallenge, MESSAGES, ZLoginForm } from '@app/domain';
import type { TLoginForm } from '@app/domain';
import { TextField } from '../../ui/FormField.tsx';
import { SubmitButton } from '../../ui/SubmitButton.tsx';
import { signIn as requestSignIn } from './api.ts';
import { AuthCard } from './AuthCard.tsx';
import { toastApiFailure } from '../../api/toastApiFailure.ts';
import { SIGN_IN_FAILURE } from './feedback.ts';
import { TwoFactorSignInStep } from './TwoFactorSignInStep.tsx';
import { useStartSession } from './useStartSession.ts';

const M = MESSAGES.login;

/**
 * Remember Me and the link to reset a forgotten password, under the password. Remember Me, off unless
 * ticked, keeps the session past the browser's closing; left off, it ends with the browser (decision 0035).
 */
function RememberAndForgot({
  remember,
  onRemember,
}: {
  remember: boolean;
  onRemember: (on: boolean) => void;
}) {
  const rememberId = useId();
  return (
    <div className="mb-4">
      <div className="d-flex flex-wrap justify-content-between align-items-center gap-2">
        <Form.Check
          type="checkbox"
          id={rememberId}
          label={M.rememberMe}
          name="remember"
          checked={remember}
          onChange={(event) => onRemember(event.currentTarget.checked)}
          aria-describedby={`${rememberId}-help`}
        />
        <Link to="/forgotPassword">{M.forgotPassword}</Link>
      </div>
      <Form.Text id={`${rememberId}-help`} className="d-block">
        {M.rememberMeHelp}
      </Form.Text>
    </div>
  );
}

/**
 * /login (spec 000 §2): e-mail and password; once signed in, back to the remembered page, else a
 * provider to Provider Details and anyone else to the listing. An account with two-factor sign-in
 * is asked for its code in a second step first.
 */
export default function LoginPage() {
  const finishSignIn = useStartSession();
  const signIn = useMutation({
    mutationFn: ({ email, password }: TLoginForm) => requestSignIn(email, password),
  });
  /** The challenge of a right password for an account with two-factor sign-in: the code step. */
  const [challenge, setChallenge] = useState<string | null>(null);
  /** Remember Me: off unless ticked. */
  const [remember, setRemember] = useState(false);
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<TLoginForm>({
    resolver: zodResolver(ZLoginForm),
    mode: 'all',
    defaultValues: { email: '', password: '' },
  });

  const handleLogin = handleSubmit(async (values) => {
    let answer: Awaited<ReturnType<typeof requestSignIn>>;
    try {
      answer = await signIn.mutateAsync(values);
    } catch (error) {
      toastApiFailure(error, SIGN_IN_FAILURE);
      return;
    }
    if (isTwoFactorChallenge(answer)) setChallenge(answer.mfa_token);
    else finishSignIn(answer, { remember });
  });

  if (challenge !== null) {
    return (
      <AuthCard title={MESSAGES.twoFactor.verifyTitle} intro={MESSAGES.twoFactor.verifyIntro}>
        <TwoFactorSignInStep
          mfaToken={challenge}
          onSignedIn={(auth) => finishSignIn(auth, { remember })}
          onRestart={() => setChallenge(null)}
        />
      </AuthCard>
    );
  }

  return (
    <AuthCard
      title={M.title}
      intro={M.intro}
      footer={
        <>
          {M.noAccount} <Link to="/Register">{M.registerLink}</Link>
        </>
      }
    >
      <Form noValidate onSubmit={handleLogin} aria-label={M.title}>
        <fieldset disabled={signIn.isPending}>
          <TextField
            id="login-email"
            label={M.email}
            type="email"
            registration={register('email')}
            error={errors.email}
          />
          <TextField
            id="login-password"
            label={M.password}
            type="password"
            autoComplete="current-password"
            registration={register('password')}
            error={errors.password}
          />
          <RememberAndForgot remember={remember} onRemember={setRemember} />
          <SubmitButton submitting={signIn.isPending} className="w-100">
            {M.submit}
          </SubmitButton>
        </fieldset>
      </Form>
    </AuthCard>
  );
}
