import { useId } from 'react';
import { Form } from 'react-bootstrap';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link, useLocation, useNavigate } from 'react-router';
import { MESSAGES, ZLoginForm } from '@app/domain';
import type { TLoginForm } from '@app/domain';
import { getRedirectTarget } from '../../app/guards.tsx';
import { TextField } from '../../ui/FormField.tsx';
import { SubmitButton } from '../../ui/SubmitButton.tsx';
import { useSignIn } from './api.ts';
import { AuthCard } from './AuthCard.tsx';
import { toastSignInFailure } from './feedback.ts';

const M = MESSAGES.login;

/** /login (spec 000 §2): e-mail and password; back to the remembered page, or home, once signed in. */
export default function LoginPage() {
  const location = useLocation();
  const navigate = useNavigate();
  const signIn = useSignIn();
  const rememberId = useId();
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
    try {
      await signIn.mutateAsync(values);
      navigate(getRedirectTarget(location.state), { replace: true });
    } catch (error) {
      toastSignInFailure(error);
    }
  });

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
          <div className="d-flex flex-wrap justify-content-between align-items-center gap-2 mb-4">
            {/* The spec's Remember Me does nothing: the session always stays until Logout. */}
            <Form.Check type="checkbox" id={rememberId} label={M.rememberMe} name="remember" defaultChecked />
            <Link to="/forgotPassword">{M.forgotPassword}</Link>
          </div>
          <SubmitButton submitting={signIn.isPending} className="w-100">
            {M.submit}
          </SubmitButton>
        </fieldset>
      </Form>
    </AuthCard>
  );
}
