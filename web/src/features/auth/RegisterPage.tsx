import { Alert, Col, Form, Row } from 'react-bootstrap';
import { Link } from 'react-router';
import { MESSAGES, USER_TYPES, userTypeLabel } from '@app/domain';
import { CheckboxField, FileField, SelectField } from '../../ui/FormField.tsx';
import { SubmitButton } from '../../ui/SubmitButton.tsx';
import { AccountFields } from './AccountFields.tsx';
import { AuthCard } from './AuthCard.tsx';
import { ProfileFields } from './ProfileFields.tsx';
import { useRegisterForm } from './useRegisterForm.ts';

const M = MESSAGES.register;
const USER_TYPE_OPTIONS = USER_TYPES.map((type) => ({ value: type, label: userTypeLabel(type) }));

/**
 * /register (spec 001 §2, §5): every field checked on change and blur; a Provider also uploads an ID
 * document. Success signs in (decision 0030): a Provider goes on to the packages, anyone else to the
 * listing, each with "Account created" and a welcome.
 */
export default function RegisterPage() {
  const state = useRegisterForm();
  const {
    register,
    formState: { errors },
  } = state.form;

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
      {state.serverError && (
        <Alert variant="warning" dismissible onClose={state.clearServerError}>
          {state.serverError}
        </Alert>
      )}
      <Form noValidate onSubmit={state.handleRegister} aria-label={M.title}>
        <fieldset disabled={state.pending}>
          <Row className="gx-3">
            <ProfileFields idPrefix="register" labels={M} register={register} errors={errors}>
              <AccountFields
                register={register}
                errors={errors}
                onPasswordChange={state.handlePasswordChange}
              />
            </ProfileFields>
            <Col md={6}>
              <SelectField
                id="register-user-type"
                label={M.userType}
                placeholder={M.userTypePlaceholder}
                options={USER_TYPE_OPTIONS}
                registration={register('user_type', { onChange: state.handleUserTypeChange })}
                error={errors.user_type}
              />
            </Col>
            {state.isProvider && (
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
          <SubmitButton submitting={state.pending} className="w-100">
            {M.submit}
          </SubmitButton>
        </fieldset>
      </Form>
    </AuthCard>
  );
}
