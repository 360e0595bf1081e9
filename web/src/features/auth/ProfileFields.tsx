import type { ReactNode } from 'react';
import { Col } from 'react-bootstrap';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { TextField } from '../../ui/FormField.tsx';
import type { FieldErrorLike } from '../../ui/FormField.tsx';
import { latestAdultBirthDate } from './schemas.ts';

/** The fields of a person's profile, asked by register and by Edit My Profile alike. */
type ProfileFieldName = 'first_name' | 'last_name' | 'phone_number' | 'dob' | 'city';

interface ProfileFieldLabels {
  firstName: string;
  lastName: string;
  phoneNumber: string;
  dob: string;
  city: string;
}

interface ProfileFieldsProps {
  /** Starts each control's id, e.g. `register` gives `register-first-name`. */
  idPrefix: string;
  labels: ProfileFieldLabels;
  /** The form's `register`. */
  register: (name: ProfileFieldName) => UseFormRegisterReturn;
  errors: Partial<Record<ProfileFieldName, FieldErrorLike>>;
  /** Fields the form shows between the name and the phone number (register's account fields). */
  children?: ReactNode;
  /** The city on a row of its own, when no field follows it. */
  fullWidthCity?: boolean;
}

/**
 * First and last name, phone number, date of birth (18 or older) and city: the columns of a
 * `<Row>`, two to a row from the `md` breakpoint.
 */
export function ProfileFields({
  idPrefix,
  labels,
  register,
  errors,
  children,
  fullWidthCity = false,
}: ProfileFieldsProps) {
  return (
    <>
      <Col md={6}>
        <TextField
          id={`${idPrefix}-first-name`}
          label={labels.firstName}
          autoComplete="given-name"
          registration={register('first_name')}
          error={errors.first_name}
        />
      </Col>
      <Col md={6}>
        <TextField
          id={`${idPrefix}-last-name`}
          label={labels.lastName}
          autoComplete="family-name"
          registration={register('last_name')}
          error={errors.last_name}
        />
      </Col>
      {children}
      <Col md={6}>
        <TextField
          id={`${idPrefix}-phone`}
          label={labels.phoneNumber}
          type="tel"
          inputMode="tel"
          autoComplete="tel"
          registration={register('phone_number')}
          error={errors.phone_number}
        />
      </Col>
      <Col md={6}>
        <TextField
          id={`${idPrefix}-dob`}
          label={labels.dob}
          type="date"
          max={latestAdultBirthDate()}
          autoComplete="bday"
          registration={register('dob')}
          error={errors.dob}
        />
      </Col>
      <Col {...(fullWidthCity ? { xs: 12 } : { md: 6 })}>
        <TextField
          id={`${idPrefix}-city`}
          label={labels.city}
          autoComplete="address-level2"
          registration={register('city')}
          error={errors.city}
        />
      </Col>
    </>
  );
}
