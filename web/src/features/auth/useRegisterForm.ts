import { useEffect, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useNavigate } from 'react-router';
import { toast } from 'react-toastify';
import { MESSAGES } from '@app/domain';
import { isApiError } from '../../api/client.ts';
import { focusFirstInvalidField } from '../../ui/focusFirstInvalidField.ts';
import { serverFieldErrors, useServerFieldErrors } from '../../ui/serverFieldErrors.ts';
import { toUserType } from '@app/domain';
import { markWelcome } from '../../app/Welcome.tsx';
import { useRegister, type DocumentUploads } from './api.ts';
import { useStartSession } from './useStartSession.ts';
import { isUserType, REGISTER_FIELDS, toFileArray, ZRegisterForm } from './schemas.ts';
import type { TRegisterForm, TRegisterFormInput } from './schemas.ts';

const M = MESSAGES.register;
const baseResolver = zodResolver(ZRegisterForm);
const DEFAULT_VALUES: TRegisterFormInput = {
  username: '',
  email: '',
  password: '',
  cpassword: '',
  first_name: '',
  last_name: '',
  phone_number: '',
  dob: '',
  city: '',
  user_type: '',
  docs: undefined,
  terms: false,
};

type RegisterField = (typeof REGISTER_FIELDS)[number];

function isRegisterField(field: string): field is RegisterField {
  return (REGISTER_FIELDS as readonly string[]).includes(field);
}

/**
 * The first field a refusal named, focused once the form is enabled again (a disabled control takes no
 * focus). Each refusal sets a new object, so the same field named twice is focused twice.
 */
function useRefusedFocus(pending: boolean, setFocus: (field: RegisterField) => void) {
  const [refused, setRefused] = useState<{ field: RegisterField } | null>(null);
  useEffect(() => {
    if (!pending && refused) setFocus(refused.field);
  }, [pending, refused, setFocus]);
  return setRefused;
}

/**
 * The register form's state: every field checked on change and blur, the server's refusals on the fields
 * it names (invalid until their value changes) and its message; success says "Account created", signs in
 * and goes on to /package (a Provider) or the listing (decision 0030).
 */
export function useRegisterForm() {
  const navigate = useNavigate();
  const startSession = useStartSession();
  const registration = useRegister();
  // The ID documents already uploaded by an earlier try, reused when the same files are sent again:
  // a box kept for the life of the form, read and written only while registering (not rendered).
  const [uploads] = useState<{ current: DocumentUploads | null }>(() => ({ current: null }));
  const [serverError, setServerError] = useState<string | null>(null);
  const serverFields = useServerFieldErrors(baseResolver);
  const form = useForm<TRegisterFormInput, unknown, TRegisterForm>({
    resolver: serverFields.resolver,
    mode: 'all',
    defaultValues: DEFAULT_VALUES,
    // The profile fields register in their own component, so react-hook-form's order of registration
    // is not the screen's: a refused submit focuses the first invalid field in the form's own order.
    shouldFocusError: false,
  });
  const { handleSubmit, control, trigger, getFieldState, getValues } = form;
  const isProvider = useWatch({ control, name: 'user_type' }) === 'Provider';
  const setRefused = useRefusedFocus(registration.isPending, form.setFocus);

  // A changed password re-checks a confirmation already typed, so "Passwords must match" follows both;
  // a changed type re-checks documents already picked.
  const handlePasswordChange = () => {
    if (getFieldState('cpassword').isDirty) void trigger('cpassword');
  };
  const handleUserTypeChange = () => {
    if (getFieldState('docs').isTouched || getFieldState('docs').isDirty) void trigger('docs');
  };

  const handleRegister = handleSubmit(async (values) => {
    setServerError(null);
    if (!isUserType(values.user_type)) return; // the schema already refused it
    const { docs, terms: _terms, user_type, ...fields } = values;
    try {
      const auth = await registration.mutateAsync({
        payload: { ...fields, user_type },
        documents: user_type === 'Provider' ? toFileArray(docs) : [],
        uploads,
      });
      const provider = (toUserType(auth.user.user_type) ?? user_type) === 'Provider';
      toast.success(M.created);
      if (auth.jwt) {
        // Signed in at once (decision 0030): a provider on to the packages, anyone else to the listing,
        // each with a welcome saying what to do next.
        markWelcome(auth.user.id);
        startSession(auth, { startPath: provider ? '/package' : '/' });
      } else {
        void navigate(provider ? '/package' : '/login');
      }
    } catch (error) {
      // The fields the server names stay invalid until their value changes.
      const named = serverFieldErrors(error).filter(({ field }) => isRegisterField(field));
      for (const { field, message } of named)
        serverFields.reject(field, getValues(field as RegisterField), message);
      if (named.length > 0) {
        void trigger(named.map(({ field }) => field as RegisterField));
        const first = REGISTER_FIELDS.find((f) => named.some((n) => n.field === f));
        if (first) setRefused({ field: first });
      }
      setServerError(
        isApiError(error) && !error.isNetworkError ? error.message : MESSAGES.toast.genericWarning,
      );
    }
  }, focusFirstInvalidField);

  return {
    form,
    isProvider,
    pending: registration.isPending,
    serverError,
    clearServerError: () => setServerError(null),
    handleRegister,
    handlePasswordChange,
    handleUserTypeChange,
  };
}
