import { useEffect, useState } from 'react';
import { Alert, Col, Form, Row } from 'react-bootstrap';
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link, useNavigate } from 'react-router';
import { MESSAGES, USER_TYPES } from '@app/domain';
import { isApiError } from '../../api/client.ts';
import { focusFirstInvalidField } from '../../ui/focusFirstInvalidField.ts';
import { CheckboxField, FileField, SelectField, TextField } from '../../ui/FormField.tsx';
import { serverFieldErrors, useServerFieldErrors } from '../../ui/serverFieldErrors.ts';
import { SubmitButton } from '../../ui/SubmitButton.tsx';
import { useRegister, type DocumentUploads } from './api.ts';
import { AuthCard } from './AuthCard.tsx';
import { ProfileFields } from './ProfileFields.tsx';
import { isUserType, REGISTER_FIELDS, toFileArray, ZRegisterForm } from './schemas.ts';
import type { TRegisterForm, TRegisterFormInput } from './schemas.ts';

const M = MESSAGES.register;
const baseResolver = zodResolver(ZRegisterForm);
const USER_TYPE_OPTIONS = USER_TYPES.map((type) => ({ value: type, label: type }));
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
 * /register (spec 001 §2, §5): every field checked on change and blur; a Provider also uploads an ID
 * document. Success does not sign in: a Provider goes on to the packages, anyone else to /login.
 */
export default function RegisterPage() {
  const navigate = useNavigate();
  const registration = useRegister();
  // The ID documents already uploaded by an earlier try, reused when the same files are sent again:
  // a box kept for the life of the form, read and written only while registering (not rendered).
  const [uploads] = useState<{ current: DocumentUploads | null }>(() => ({ current: null }));
  const [serverError, setServerError] = useState<string | null>(null);
  const serverFields = useServerFieldErrors(baseResolver);
  const {
    register,
    handleSubmit,
    control,
    trigger,
    getFieldState,
    getValues,
    setFocus,
    formState: { errors },
  } = useForm<TRegisterFormInput, unknown, TRegisterForm>({
    resolver: serverFields.resolver,
    mode: 'all',
    defaultValues: DEFAULT_VALUES,
    // The profile fields register in their own component, so react-hook-form's order of registration
    // is not the screen's: a refused submit focuses the first invalid field in the form's own order.
    shouldFocusError: false,
  });
  const isProvider = useWatch({ control, name: 'user_type' }) === 'Provider';
  // The first field a refusal named, focused once the form is enabled again (a disabled control
  // takes no focus). Each refusal sets a new object, so the same field named twice is focused twice.
  const [refused, setRefused] = useState<{ field: RegisterField } | null>(null);
  useEffect(() => {
    if (!registration.isPending && refused) setFocus(refused.field);
  }, [registration.isPending, refused, setFocus]);

  // A changed password re-checks a confirmation already typed, so "Passwords must match" follows both;
  // a changed type re-checks documents already picked.
  const handlePasswordChange = () => {
    if (getFieldState('cpassword').isDirty) void trigger('cpassword');
  };
  const handleUserTypeChange = () => {
    if (getFieldState('docs').isTouched || getFieldState('docs').isDirty) void trigger('docs');
  };

  const handleRegister = handleSubmit(async (form) => {
    setServerError(null);
    if (!isUserType(form.user_type)) return; // the schema already refused it
    const { docs, terms: _terms, user_type, ...fields } = form;
    try {
      const { user } = await registration.mutateAsync({
        payload: { ...fields, user_type },
        documents: user_type === 'Provider' ? toFileArray(docs) : [],
        uploads,
      });
      navigate((user.user_type ?? user_type) === 'Provider' ? '/package' : '/login');
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

  return (
    <AuthCard
      wide
      title={M.title}
      intro={M.intro}
      footer={
        <>
          {M.haveAccount} <Link to="/Login">{M.loginLink}</Link>
        </>
      }
    >
      {serverError && (
        <Alert variant="warning" dismissible onClose={() => setServerError(null)}>
          {serverError}
        </Alert>
      )}
      <Form noValidate onSubmit={handleRegister} aria-label={M.title}>
        <fieldset disabled={registration.isPending}>
          <Row className="gx-3">
            <ProfileFields idPrefix="register" labels={M} register={register} errors={errors}>
              <Col md={6}>
                <TextField
                  id="register-username"
                  label={M.username}
                  autoComplete="username"
                  registration={register('username')}
                  error={errors.username}
                />
              </Col>
              <Col md={6}>
                <TextField
                  id="register-email"
                  label={M.email}
                  type="email"
                  registration={register('email')}
                  error={errors.email}
                />
              </Col>
              <Col md={6}>
                <TextField
                  id="register-password"
                  label={M.password}
                  type="password"
                  autoComplete="new-password"
                  registration={register('password', { onChange: handlePasswordChange })}
                  error={errors.password}
                  help={M.passwordHint}
                  helpBlock
                />
              </Col>
              <Col md={6}>
                <TextField
                  id="register-cpassword"
                  label={M.confirmPassword}
                  type="password"
                  autoComplete="new-password"
                  registration={register('cpassword')}
                  error={errors.cpassword}
                />
              </Col>
            </ProfileFields>
            <Col md={6}>
              <SelectField
                id="register-user-type"
                label={M.userType}
                placeholder={M.userTypePlaceholder}
                options={USER_TYPE_OPTIONS}
                registration={register('user_type', { onChange: handleUserTypeChange })}
                error={errors.user_type}
              />
            </Col>
            {isProvider && (
              <Col xs={12}>
                <FileField
                  id="register-docs"
                  label={M.docs}
                  accept="image/*"
                  multiple
                  registration={register('docs')}
                  error={errors.docs}
                  help={M.docsHelp}
                  helpBlock
                />
              </Col>
            )}
          </Row>
          <CheckboxField
            id="register-terms"
            label={M.terms}
            registration={register('terms')}
            error={errors.terms}
            className="mb-4"
          />
          <SubmitButton submitting={registration.isPending} className="w-100">
            {M.submit}
          </SubmitButton>
        </fieldset>
      </Form>
    </AuthCard>
  );
}
