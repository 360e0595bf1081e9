import { useId } from 'react';
import { Row } from 'react-bootstrap';
import { AD_LIMITS, MESSAGES } from '@app/domain';
import { CheckboxField, TextAreaField } from '../../../ui/FormField.tsx';
import type { AdForm } from './adFieldParts.tsx';
import { AdLocationFields } from './AdLocationFields.tsx';
import { AdProfileFields, AdTermsFields } from './AdProfileFields.tsx';
import { AdServicesFields } from './AdServicesFields.tsx';

const F = MESSAGES.adForm;

/** The location, lookups and every answer of an ad (spec 001 §2 "Create ad form", §3 "Ad (as posted)"). */
export function AdDetailsFields({ form }: { form: AdForm }) {
  const idBase = useId();
  const id = (name: string) => `${idBase}-${name}`;
  const {
    register,
    formState: { errors },
  } = form;
  return (
    <>
      <Row className="gx-3">
        <AdProfileFields form={form} id={id} />
        <AdLocationFields form={form} id={id} />
        <AdTermsFields form={form} id={id} />
      </Row>
      <AdServicesFields form={form} id={id} />
      <CheckboxField
        id={id('other')}
        label={F.otherServices}
        registration={register('services_provided_approval')}
        error={errors.services_provided_approval}
      />
      <TextAreaField
        id={id('message')}
        label={F.message}
        rows={3}
        maxLength={AD_LIMITS.message}
        registration={register('message')}
        error={errors.message}
      />
    </>
  );
}
