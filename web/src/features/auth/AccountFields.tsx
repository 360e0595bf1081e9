import { Col } from 'react-bootstrap';
import type { UseFormRegister } from 'react-hook-form';
import { MESSAGES } from '@app/domain';
import { TextField, type FieldErrorLike, type TextFieldProps } from '../../ui/FormField.tsx';
import type { TRegisterFormInput } from './schemas.ts';

const M = MESSAGES.register;

type AccountFieldName = 'username' | 'email' | 'password' | 'cpassword';
type AccountFieldProps = Pick<TextFieldProps, 'label' | 'type' | 'autoComplete' | 'help' | 'helpBlock'>;

/** The account's own fields, in the order they are shown, each with what its control needs. */
const ACCOUNT_FIELDS: readonly { name: AccountFieldName; props: AccountFieldProps }[] = [
  { name: 'username', props: { label: M.username, autoComplete: 'username' } },
  { name: 'email', props: { label: M.email, type: 'email' } },
  {
    name: 'password',
    props: {
      label: M.password,
      type: 'password',
      autoComplete: 'new-password',
      help: M.passwordHint,
      helpBlock: true,
    },
  },
  { name: 'cpassword', props: { label: M.confirmPassword, type: 'password', autoComplete: 'new-password' } },
];

/**
 * Register's account fields: username, e-mail, password (with its hint) and its confirmation, the
 * columns of the form's `<Row>`, two to a row from the `md` breakpoint.
 */
export function AccountFields({
  register,
  errors,
  onPasswordChange,
}: {
  register: UseFormRegister<TRegisterFormInput>;
  errors: Partial<Record<AccountFieldName, FieldErrorLike>>;
  /** A changed password re-checks its confirmation. */
  onPasswordChange: () => void;
}) {
  return (
    <>
      {ACCOUNT_FIELDS.map(({ name, props }) => (
        <Col md={6} key={name}>
          <TextField
            id={`register-${name}`}
            {...props}
            registration={register(name, name === 'password' ? { onChange: onPasswordChange } : undefined)}
            error={errors[name]}
          />
        </Col>
      ))}
    </>
  );
}
