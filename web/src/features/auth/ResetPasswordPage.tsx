import { Alert, Form } from 'react-bootstrap';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { toast } from 'react-toastify';
import { MESSAGES } from '@app/domain';
import { isApiError } from '../../api/client.ts';
import { TextField } from '../../ui/FormField.tsx';
import { SubmitButton } from '../../ui/SubmitButton.tsx';
import { serverFieldErrors } from '../../ui/serverFieldErrors.ts';
import { useResetPassword } from './api.ts';
import { AuthCard } from './AuthCard.tsx';
import { ZResetPasswordForm } from './schemas.ts';
import type { TResetPasswordForm } from './schemas.ts';

const M = MESSAGES.resetPassword;

/**
 * /resetPassword?code=… (the link of the forgot-password e-mail): choose a new password, then sign in
 * with it on /login. A missing or refused code asks for a new link.
 */
export default function ResetPasswordPage() {
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const code = searchParams.get('code')?.trim() ?? '';
  const resetPassword = useResetPassword();
  const {
    register,
    handleSubmit,
    trigger,
    getFieldState,
    formState: { errors },
  } = useForm<TResetPasswordForm>({
    resolver: zodResolver(ZResetPasswordForm),
    mode: 'all',
    defaultValues: { password: '', passwordConfirmation: '' },
  });
  // A changed password re-checks a confirmation already typed. (Registered in the JSX, in display
  // order, so a refused submit focuses the first invalid field.)
  const handlePasswordChange = () => {
    if (getFieldState('passwordConfirmation').isDirty) void trigger('passwordConfirmation');
  };

  const handleReset = handleSubmit(async ({ password, passwordConfirmation }) => {
    try {
      await resetPassword.mutateAsync({ code, password, passwordConfirmation });
      toast.success(M.done);
      navigate('/login', { replace: true });
    } catch (error) {
      // A refused new password (too common, the username…) says why; any other 400 is the link.
      const refusedPassword = serverFieldErrors(error).find(({ field }) => field === 'password');
      if (refusedPassword) toast.error(refusedPassword.message);
      else if (isApiError(error) && error.isBadRequest) toast.error(M.invalidLink);
      else toast.warning(MESSAGES.toast.genericWarning);
    }
  });

  const footer = <Link to="/forgotPassword">{M.requestNewLink}</Link>;
  if (code === '') {
    return (
      <AuthCard title={M.title} footer={footer}>
        <Alert variant="warning" className="mb-0">
          {M.invalidLink}
        </Alert>
      </AuthCard>
    );
  }

  return (
    <AuthCard title={M.title} intro={M.intro} footer={footer}>
      <Form noValidate onSubmit={handleReset} aria-label={M.title}>
        <fieldset disabled={resetPassword.isPending}>
          <TextField
            id="reset-password"
            label={M.password}
            type="password"
            autoComplete="new-password"
            registration={register('password', { onChange: handlePasswordChange })}
            error={errors.password}
          />
          <TextField
            id="reset-password-confirmation"
            label={M.confirmPassword}
            type="password"
            autoComplete="new-password"
            registration={register('passwordConfirmation')}
            error={errors.passwordConfirmation}
          />
          <SubmitButton submitting={resetPassword.isPending} className="w-100">
            {M.submit}
          </SubmitButton>
        </fieldset>
      </Form>
    </AuthCard>
  );
}
