import { useEffect, useId } from 'react';
import type { ReactNode } from 'react';
import { Col, Form, Row } from 'react-bootstrap';
import { useWatch } from 'react-hook-form';
import type { FieldError, UseFormReturn } from 'react-hook-form';
import {
  AD_LIMITS,
  CALL_OPTIONS,
  CUM_MOUTH,
  CUM_OPTIONS,
  CUM_PLACES,
  DEFAULT_COUNTRY,
  GROOMING,
  isCumMouthEnabled,
  MESSAGES,
  PERSONALITY,
  setCumChoice,
  setServiceAnswer,
  SUBTYPES,
  toggleCumType,
  toggleServiceSubtype,
} from '@app/domain';
import type { AdFormValues, CumChoice, CumTypeOption, ParentKey, TAdForm, YesNoAnswer } from '@app/domain';
import { CheckboxField, SelectField, TextAreaField, TextField } from '../../../ui/FormField.tsx';
import { useLanguages, useRaces } from '../api.ts';
import { useLocationOptions } from './api.ts';

const F = MESSAGES.adForm;
const S = MESSAGES.cardDetails;

export type AdForm = UseFormReturn<AdFormValues, unknown, TAdForm>;

const CALL_LABELS: Record<string, string> = {
  Incall: MESSAGES.filters.incall,
  Outcall: MESSAGES.filters.outcall,
  'Outcall/Incall': F.callBoth,
};
const CALL_CHOICES = CALL_OPTIONS.map((value) => ({ value, label: CALL_LABELS[value] ?? value }));
const CUM_LABELS: Record<string, string> = {
  no: F.no,
  CIM: MESSAGES.filters.cim,
  Anywhere: MESSAGES.filters.cumAnywhere,
  'N/A': F.na,
};
const SUBTYPE_LABELS: Record<string, string> = { Give: F.give, Receive: F.receive, Both: F.both };
const YES_NO_CHOICES = [
  { value: 'yes', label: F.yes },
  { value: 'no', label: F.no },
] as const;

/** A number input in the kit's shape: a visible label, its error below, the same ARIA wiring. */
function NumberField({
  id,
  label,
  error,
  help,
  min,
  step,
  registration,
}: {
  id: string;
  label: string;
  error?: FieldError;
  help?: string;
  min: number;
  step: number;
  registration: ReturnType<AdForm['register']>;
}) {
  const describedBy = [error ? `${id}-error` : null, help ? `${id}-help` : null].filter(Boolean).join(' ');
  return (
    <Form.Group controlId={id} className="mb-3">
      <Form.Label>{label}</Form.Label>
      <Form.Control
        type="number"
        inputMode={step < 1 ? 'decimal' : 'numeric'}
        min={min}
        step={step}
        isInvalid={!!error}
        aria-invalid={!!error}
        aria-describedby={describedBy || undefined}
        {...registration}
      />
      {error?.message && (
        <Form.Control.Feedback type="invalid" id={`${id}-error`}>
          {error.message}
        </Form.Control.Feedback>
      )}
      {help && <Form.Text id={`${id}-help`}>{help}</Form.Text>}
    </Form.Group>
  );
}

/** A group of inline radios or checkboxes under a legend (the field's visible name). */
function Choices({
  legend,
  children,
  className,
}: {
  legend: string;
  children: ReactNode;
  className?: string;
}) {
  return (
    <fieldset className={`ad-choices ${className ?? ''}`}>
      <legend className="ad-choices__legend">{legend}</legend>
      <div className="ad-choices__options">{children}</div>
    </fieldset>
  );
}

/** The location, lookups and every answer of an ad (spec 001 §2 "Create ad form", §3 "Ad (as posted)"). */
export function AdDetailsFields({ form }: { form: AdForm }) {
  const idBase = useId();
  const id = (name: string) => `${idBase}-${name}`;
  const {
    register,
    setValue,
    getValues,
    control,
    formState: { errors },
  } = form;
  const values = useWatch({ control }) as AdFormValues;
  const languages = useLanguages();
  const races = useRaces();
  const { stateOptions, cityOptions, cityListFailed, loaded } = useLocationOptions(
    DEFAULT_COUNTRY,
    values.state ?? '',
    values.city ?? '',
  );
  const [statesLoaded, citiesLoaded] = loaded;

  // Spec 001 §5: with no city list loaded, the city is cleared.
  useEffect(() => {
    if (cityListFailed && getValues('city') !== '') setValue('city', '', { shouldValidate: false });
  }, [cityListFailed, getValues, setValue]);

  // A select filled before its options arrived shows its value once they are there.
  useEffect(() => {
    for (const name of ['language', 'race', 'state', 'city'] as const) setValue(name, getValues(name));
  }, [languages.data, races.data, statesLoaded, citiesLoaded, getValues, setValue]);

  const apply = (patch: Partial<AdFormValues>) => {
    for (const [key, value] of Object.entries(patch) as [keyof AdFormValues, never][])
      setValue(key, value, { shouldDirty: true });
  };

  const lookupOptions = (
    list: { id: number; attributes: { lang_name?: string; race_name?: string } }[] | undefined,
  ) =>
    (list ?? [])
      .filter((item) => item.id > 0)
      .map((item) => ({
        value: String(item.id),
        label: item.attributes.lang_name ?? item.attributes.race_name ?? '',
      }));

  const yesNo = (name: 'massage' | 'threesome' | 'cunnilingus' | ParentKey, label: string) => (
    <div className="ad-service__answer">
      <Choices legend={label}>
        {YES_NO_CHOICES.map((choice) => (
          <Form.Check
            key={choice.value}
            inline
            type="radio"
            id={id(`${name}-${choice.value}`)}
            label={choice.label}
            value={choice.value}
            {...register(name, {
              onChange: (event: { target: { value: string } }) => {
                if (name in SUBTYPES)
                  apply(setServiceAnswer(name as ParentKey, event.target.value as YesNoAnswer));
              },
            })}
          />
        ))}
      </Choices>
    </div>
  );

  const service = (parent: ParentKey, label: string) => {
    const { key, options } = SUBTYPES[parent];
    const chosen = values[key] ?? [];
    return (
      <div className="ad-service" key={parent}>
        {yesNo(parent, label)}
        <Choices legend={`${label} · ${F.subtypes}`} className="ad-service__types">
          {options.map((option) => (
            <Form.Check
              key={option}
              inline
              type="checkbox"
              id={id(`${key}-${option}`)}
              label={SUBTYPE_LABELS[option] ?? option}
              checked={chosen.includes(option)}
              onChange={(event) =>
                apply(toggleServiceSubtype(getValues(), parent, option, event.target.checked))
              }
            />
          ))}
        </Choices>
      </div>
    );
  };

  const listChoice = (name: 'personality' | 'grooming', label: string, options: readonly string[]) => (
    <Choices legend={label}>
      {options.map((option) => (
        <Form.Check
          key={option}
          inline
          type="checkbox"
          id={id(`${name}-${option}`)}
          label={option}
          checked={(values[name] ?? []).includes(option)}
          onChange={(event) => {
            const current = getValues(name);
            apply({
              [name]: options.filter((o) => (o === option ? event.target.checked : current.includes(o))),
            });
          }}
        />
      ))}
    </Choices>
  );

  const mouthEnabled = isCumMouthEnabled(values.cum ?? '');
  const cumType = (option: CumTypeOption, disabled = false) => (
    <Form.Check
      key={option}
      inline
      type="checkbox"
      id={id(`cum-${option}`)}
      label={option}
      disabled={disabled}
      checked={(values.cum_type ?? []).includes(option)}
      onChange={(event) => apply(toggleCumType(getValues(), option, event.target.checked))}
    />
  );

  return (
    <>
      <Row className="gx-3">
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
        <Col sm={6}>
          <SelectField
            id={id('country')}
            label={F.country}
            options={[{ value: DEFAULT_COUNTRY, label: F.unitedStates }]}
            registration={register('country')}
            error={errors.country}
          />
        </Col>
        <Col sm={6}>
          <SelectField
            id={id('state')}
            label={F.state}
            placeholder={F.choose}
            options={stateOptions}
            registration={register('state', { onChange: () => setValue('city', '') })}
            error={errors.state}
          />
        </Col>
        <Col sm={6}>
          <SelectField
            id={id('city')}
            label={F.city}
            placeholder={F.choose}
            options={cityListFailed ? [] : cityOptions}
            registration={register('city')}
            error={errors.city}
            help={cityListFailed ? F.cityListFailed : undefined}
            helpBlock
          />
        </Col>
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
      </Row>

      <section className="ad-services mb-3" aria-labelledby={id('services')}>
        <h2 id={id('services')} className="h6 ad-services__title">
          {F.servicesOptions}
        </h2>
        <div className="ad-service">{yesNo('massage', S.massage)}</div>
        <div className="ad-service">{yesNo('threesome', S.threesome)}</div>
        {service('kissing', S.kissing)}
        {service('fellatio', S.fellatio)}
        <div className="ad-service">{yesNo('cunnilingus', S.cunnilingus)}</div>
        {service('anilingus', S.anilingus)}
        {service('vaginal', S.vaginal)}
        {service('anal', S.anal)}
        <div className="ad-service">
          <div className="ad-service__answer">
            <Choices legend={S.cum}>
              {CUM_OPTIONS.map((option) => (
                <Form.Check
                  key={option}
                  inline
                  type="radio"
                  id={id(`cum-choice-${option}`)}
                  label={CUM_LABELS[option] ?? option}
                  value={option}
                  {...register('cum', {
                    onChange: (event: { target: { value: string } }) =>
                      apply(setCumChoice(getValues(), event.target.value as CumChoice)),
                  })}
                />
              ))}
            </Choices>
          </div>
          <Choices legend={`${S.cum} · ${F.cumMouth}`} className="ad-service__types">
            {CUM_MOUTH.map((option) => cumType(option, !mouthEnabled))}
          </Choices>
          <Choices legend={`${S.cum} · ${F.cumPlaces}`} className="ad-service__types">
            {CUM_PLACES.map((option) => cumType(option))}
          </Choices>
        </div>
        <div className="ad-service">{listChoice('personality', S.personality, PERSONALITY)}</div>
        <div className="ad-service">{listChoice('grooming', S.grooming, GROOMING)}</div>
      </section>

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
