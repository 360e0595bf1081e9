import { useEffect } from 'react';
import { Col } from 'react-bootstrap';
import { AD_LIMITS, CALL_OPTIONS, MESSAGES } from '@app/domain';
import { SelectField, TextField } from '../../../ui/FormField.tsx';
import { useLanguages, useRaces } from '../api.ts';
import { NumberField } from './adFieldParts.tsx';
import type { AdFieldsProps } from './adFieldParts.tsx';

const F = MESSAGES.adForm;

const CALL_LABELS: Record<string, string> = {
  Incall: MESSAGES.filters.incall,
  Outcall: MESSAGES.filters.outcall,
  'Outcall/Incall': F.callBoth,
};
const CALL_CHOICES = CALL_OPTIONS.map((value) => ({ value, label: CALL_LABELS[value] ?? value }));

function lookupOptions(
  list: { id: number; attributes: { lang_name?: string; race_name?: string } }[] | undefined,
) {
  return (list ?? [])
    .filter((item) => item.id > 0)
    .map((item) => ({
      value: String(item.id),
      label: item.attributes.lang_name ?? item.attributes.race_name ?? '',
    }));
}

/** Who the ad is: the name, the title, the language and the race (the last two from their lookups). */
export function AdProfileFields({ form, id }: AdFieldsProps) {
  const {
    register,
    setValue,
    getValues,
    formState: { errors },
  } = form;
  const languages = useLanguages();
  const races = useRaces();

  // A select filled before its options arrived shows its value once they are there.
  useEffect(() => {
    for (const name of ['language', 'race'] as const) setValue(name, getValues(name));
  }, [languages.data, races.data, getValues, setValue]);

  return (
    <>
      <Col sm={6}>
        <TextField
          id={id('name')}
          label={F.name}
          maxLength={AD_LIMITS.text}
          registration={register('name')}
          error={errors.name}
        />
      </Col>
      <Col sm={6}>
        <TextField
          id={id('title')}
          label={F.title}
          maxLength={AD_LIMITS.text}
          registration={register('title')}
          error={errors.title}
        />
      </Col>
      <Col sm={6}>
        <SelectField
          id={id('language')}
          label={F.language}
          placeholder={F.choose}
          options={lookupOptions(languages.data)}
          registration={register('language')}
          error={errors.language}
        />
      </Col>
      <Col sm={6}>
        <SelectField
          id={id('race')}
          label={F.race}
          placeholder={F.choose}
          options={lookupOptions(races.data)}
          registration={register('race')}
          error={errors.race}
        />
      </Col>
    </>
  );
}

/** The ad's terms: the age, incall or outcall, the phone and the two donations. */
export function AdTermsFields({ form, id }: AdFieldsProps) {
  const {
    register,
    formState: { errors },
  } = form;
  return (
    <>
      <Col sm={6}>
        <NumberField
          id={id('age')}
          label={F.age}
          min={AD_LIMITS.minAge}
          step={1}
          registration={register('age')}
          error={errors.age}
        />
      </Col>
      <Col sm={6}>
        <SelectField
          id={id('call')}
          label={F.call}
          placeholder={F.choose}
          options={CALL_CHOICES}
          registration={register('call')}
          error={errors.call}
        />
      </Col>
      <Col sm={6}>
        <TextField
          id={id('phone')}
          label={F.phone}
          type="tel"
          inputMode="tel"
          autoComplete="tel"
          maxLength={AD_LIMITS.phone}
          registration={register('phone')}
          error={errors.phone}
        />
      </Col>
      <Col sm={6}>
        <NumberField
          id={id('donation-half-hour')}
          label={F.donationHalfHour}
          min={0}
          step={0.01}
          help={F.donationHelp}
          registration={register('donation_half_hour')}
          error={errors.donation_half_hour}
        />
      </Col>
      <Col sm={6}>
        <NumberField
          id={id('donation-hour')}
          label={F.donationHour}
          min={0}
          step={0.01}
          help={F.donationHelp}
          registration={register('donation_hour')}
          error={errors.donation_hour}
        />
      </Col>
    </>
  );
}
