import { useId, useState, useTransition } from 'react';
import { Form } from 'react-bootstrap';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Link, useLocation, useNavigate } from 'react-router';
import { isTwoFactorChallenge, MESSAGES, toUserType, ZLoginForm } from '@app/domain';
import type { TLoginForm } from '@app/domain';
import { getRedirectTarget } from '../../app/guards.tsx';
import { ME_QUERY_KEY, useSession } from '../../app/session.tsx';
import { TextField } from '../../ui/FormField.tsx';
import { SubmitButton } from '../../ui/SubmitButton.tsx';
import { signIn as requestSignIn } from './api.ts';
import type { AuthResponse } from './api.ts';
import { AuthCard } from './AuthCard.tsx';
import { toastApiFailure } from '../../api/toastApiFailure.ts';
import { SIGN_IN_FAILURE } from './feedback.ts';
import { TwoFactorSignInStep } from './TwoFactorSignInStep.tsx';

const M = MESSAGES.login;

/** A provider's home: Provider Details (spec 001 §2 "Provider area"). */
export const PROVIDER_HOME = '/provider';

/**
 * Where a successful login goes: the page the visitor was sent here from (see RequireAuth), else a
 * provider's home, else the listing.
 */
export function getLoginTarget(state: unknown, userType: unknown): string {
  const remembered = getRedirectTarget(state);
  if (remembered !== '/' || toUserType(userType) !== 'Provider') return remembered;
  return PROVIDER_HOME;
}

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

/** Signs the session in with an answer and goes on to the remembered page (or the user's own start). */
function useFinishSignIn() {
  const location = useLocation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { login } = useSession();
  const [, startTransition] = useTransition();

  return (auth: AuthResponse, remember: boolean) => {
    const target = getLoginTarget(location.state, auth.user.user_type);
    // The session refetches the user when the id changes; it already has the fresh one.
    queryClient.setQueryData([...ME_QUERY_KEY, auth.user.id], auth.user);
    // The session and the navigation commit in one render, so the guest guard (which sends a
    // signed-in user on to the remembered page or '/') never sees the user still on /login.
    startTransition(async () => {
      login(auth.jwt, auth.user, { remember });
      await navigate(target, { replace: true });
    });
  };
}

/**
 * /login (spec 000 §2): e-mail and password; once signed in, back to the remembered page, else a
 * provider to Provider Details and anyone else to the listing. An account with two-factor sign-in
 * is asked for its code in a second step first.
 */
export default function LoginPage() {
  const finishSignIn = useFinishSignIn();
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
    else finishSignIn(answer, remember);
  });

  if (challenge !== null) {
    return (
      <AuthCard title={MESSAGES.twoFactor.verifyTitle} intro={MESSAGES.twoFactor.verifyIntro}>
        <TwoFactorSignInStep
          mfaToken={challenge}
          onSignedIn={(auth) => finishSignIn(auth, remember)}
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
