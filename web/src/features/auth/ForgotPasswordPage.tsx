import { Form } from 'react-bootstrap';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link } from 'react-router';
import { toast } from 'react-toastify';
import { MESSAGES, ZForgotPasswordForm } from '@app/domain';
import { isApiError } from '../../api/client.ts';
import { TextField } from '../../ui/FormField.tsx';
import { SubmitButton } from '../../ui/SubmitButton.tsx';
import { useSendResetLink } from './api.ts';
import { AuthCard } from './AuthCard.tsx';

const M = MESSAGES.forgotPassword;

/** The toast for a failed request (spec 001 §8): a bad request reads as wrong credentials. */
function toastSendFailure(error: unknown): void {
  if (isApiError(error) && error.isBadRequest) toast.error(MESSAGES.login.invalidCredentials);
  else if (isApiError(error) && !error.isNetworkError && error.status < 500) toast.error(error.message);
  else toast.warning(MESSAGES.toast.genericWarning);
}

/** /forgotPassword (spec 001 §2): one e-mail field; the server mails a reset link. */
export default function ForgotPasswordPage() {
  const sendLink = useSendResetLink();
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm<{ email: string }>({
    resolver: zodResolver(ZForgotPasswordForm),
    mode: 'all',
    defaultValues: { email: '' },
  });

  const handleSend = handleSubmit(async ({ email }) => {
    try {
      await sendLink.mutateAsync(email);
      toast.success(M.sent);
      reset();
    } catch (error) {
      toastSendFailure(error);
    }
  });

  return (
    <AuthCard title={M.title} intro={M.intro} footer={<Link to="/login">{M.backToLogin}</Link>}>
      <Form noValidate onSubmit={handleSend} aria-label={M.title}>
        <fieldset disabled={sendLink.isPending}>
          <TextField
            id="forgot-email"
            label={M.email}
            type="email"
            registration={register('email')}
            error={errors.email}
          />
          <SubmitButton submitting={sendLink.isPending} className="w-100">
            {M.submit}
          </SubmitButton>
        </fieldset>
      </Form>
    </AuthCard>
  );
}
