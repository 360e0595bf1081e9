import { Form } from 'react-bootstrap';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { toast } from 'react-toastify';
import { MESSAGES } from '@app/domain';
import { TextField } from '../../ui/FormField.tsx';
import { SubmitButton } from '../../ui/SubmitButton.tsx';
import { AccountCard } from '../../ui/AccountCard.tsx';
import { useChangePassword } from './api.ts';
import { toastApiFailure } from '../../api/toastApiFailure.ts';
import { ZChangePasswordForm } from './schemas.ts';
import type { TChangePasswordForm } from './schemas.ts';

const M = MESSAGES.changePassword;
const EMPTY: TChangePasswordForm = { currentPassword: '', password: '', passwordConfirmation: '' };

/** /profile/changepassword (spec 000 §2): the new token and user are kept on success. */
export default function ChangePasswordPage() {
  const changePassword = useChangePassword();
  const {
    register,
    handleSubmit,
    reset,
    trigger,
    getFieldState,
    formState: { errors },
  } = useForm<TChangePasswordForm>({
    resolver: zodResolver(ZChangePasswordForm),
    mode: 'all',
    defaultValues: EMPTY,
  });
  // A changed password re-checks a confirmation already typed. (Registered in the JSX, in display
  // order, so a refused submit focuses the first invalid field.)
  const handlePasswordChange = () => {
    if (getFieldState('passwordConfirmation').isDirty) void trigger('passwordConfirmation');
  };

  const handleUpdate = handleSubmit(async (values) => {
    try {
      await changePassword.mutateAsync(values);
      toast.success(M.done);
      reset(EMPTY);
    } catch (error) {
      toastApiFailure(error);
    }
  });

  return (
    <AccountCard title={M.title}>
      <Form noValidate onSubmit={handleUpdate} aria-label={M.title} className="account-narrow-form">
        <fieldset disabled={changePassword.isPending}>
          <TextField
            id="change-current-password"
            label={M.currentPassword}
            type="password"
            autoComplete="current-password"
            registration={register('currentPassword')}
            error={errors.currentPassword}
          />
          <TextField
            id="change-new-password"
            label={M.newPassword}
            type="password"
            autoComplete="new-password"
            registration={register('password', { onChange: handlePasswordChange })}
            error={errors.password}
          />
          <TextField
            id="change-confirm-password"
            label={M.confirmPassword}
            type="password"
            autoComplete="new-password"
            registration={register('passwordConfirmation')}
            error={errors.passwordConfirmation}
            className="mb-4"
          />
          <SubmitButton submitting={changePassword.isPending}>{M.submit}</SubmitButton>
        </fieldset>
      </Form>
    </AccountCard>
  );
}
