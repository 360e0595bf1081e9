import { useEffect, useRef, useState } from 'react';
import { toast } from 'react-toastify';
import { MESSAGES, type TwoFactorSetup as SetupAnswer } from '@app/domain';
import { isApiError } from '../../api/client.ts';
import { toastApiFailure } from '../../api/toastApiFailure.ts';
import { useTwoFactorEnable, useTwoFactorSetup } from './twoFactorApi.ts';
import { useCodeForm } from './useCodeForm.ts';

const T = MESSAGES.twoFactor;

/**
 * Turning two-factor sign-in on: the setup call (at once with `autoStart`, once even in React's strict
 * mode) gives the secret; the first code turns it on and gives the recovery codes and a new session token.
 */
export function useEnrolment(autoStart: boolean, onEnabled: ((jwt: string) => void) | undefined) {
  const setup = useTwoFactorSetup();
  const enable = useTwoFactorEnable();
  const [secret, setSecret] = useState<SetupAnswer | null>(null);
  const [enabled, setEnabled] = useState<{ jwt: string; codes: string[] } | null>(null);
  const form = useCodeForm();

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

  const handleEnable = form.handleSubmit(async ({ code }) => {
    try {
      const answer = await enable.mutateAsync(code);
      setEnabled({ jwt: answer.jwt, codes: answer.recovery_codes });
      toast.success(T.enabledToast);
      onEnabled?.(answer.jwt);
    } catch (error) {
      if (isApiError(error) && error.isBadRequest) {
        form.setError('code', { message: T.invalidEnrolCode });
        form.setFocus('code');
      } else {
        // 409: set up again elsewhere, or on already; the message says which.
        toastApiFailure(error, {
          otherwise: isApiError(error) && error.status === 409 ? error.message : undefined,
        });
      }
    }
  });

  return { setup, enable, secret, enabled, form, start, handleEnable };
}
