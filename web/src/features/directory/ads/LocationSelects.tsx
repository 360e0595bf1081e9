import { useEffect } from 'react';
import { Col } from 'react-bootstrap';
import { useWatch } from 'react-hook-form';
import type { FieldValues, RegisterOptions, UseFormReturn } from 'react-hook-form';
import { DEFAULT_COUNTRY } from '@app/domain';
import { SelectField } from '../../../ui/FormField.tsx';
import { useLocationOptions } from './api.ts';

/** The values of a form with a location: the ad's and the place's. */
interface LocationValues extends FieldValues {
  country: string;
  state: string;
  city: string;
}

/** The location selects' texts, as the ad and place forms name them. */
export interface LocationTexts {
  country: string;
  unitedStates: string;
  state: string;
  city: string;
  choose: string;
  /** Given: a city list that could not be loaded clears the city and says this under it. */
  cityListFailed?: string;
}

/**
 * Where an ad or a place is: the country (the United States only), then the state and the city from
 * their lists; a new state clears the city. A select filled before its options arrived shows its
 * value once they are there. With `requiredClass` each is required, that class on its group.
 */
export function LocationSelects<T extends LocationValues>({
  form,
  id,
  texts,
  requiredClass,
}: {
  form: UseFormReturn<T, unknown, unknown>;
  id: (name: string) => string;
  texts: LocationTexts;
  requiredClass?: string;
}) {
  // Only the three location fields are touched here, which every such form has.
  const own = form as unknown as UseFormReturn<LocationValues>;
  const { setValue, getValues, control, register } = own;
  const [state, city] = useWatch({ control, name: ['state', 'city'] });
  const { stateOptions, cityOptions, cityListFailed, loaded } = useLocationOptions(
    DEFAULT_COUNTRY,
    state ?? '',
    city ?? '',
  );
  const [statesLoaded, citiesLoaded] = loaded;
  const showCityFailure = cityListFailed && texts.cityListFailed !== undefined;

  // Spec 001 §5: with no city list loaded, the city is cleared.
  useEffect(() => {
    if (showCityFailure && getValues('city') !== '') setValue('city', '', { shouldValidate: false });
  }, [showCityFailure, getValues, setValue]);

  useEffect(() => {
    for (const name of ['state', 'city'] as const) setValue(name, getValues(name));
  }, [statesLoaded, citiesLoaded, getValues, setValue]);

  const field = (name: keyof LocationValues & string, options?: RegisterOptions<LocationValues>) => ({
    registration: { ...register(name, options), ...(requiredClass !== undefined ? { required: true } : {}) },
    error: own.formState.errors[name],
    className: requiredClass,
  });

  return (
    <>
      <Col sm={6}>
        <SelectField
          id={id('country')}
          label={texts.country}
          options={[{ value: DEFAULT_COUNTRY, label: texts.unitedStates }]}
          {...field('country')}
        />
      </Col>
      <Col sm={6}>
        <SelectField
          id={id('state')}
          label={texts.state}
          placeholder={texts.choose}
          options={stateOptions}
          {...field('state', { onChange: () => setValue('city', '') })}
        />
      </Col>
      <Col sm={6}>
        <SelectField
          id={id('city')}
          label={texts.city}
          placeholder={texts.choose}
          options={showCityFailure ? [] : cityOptions}
          help={showCityFailure ? texts.cityListFailed : undefined}
          helpBlock
          {...field('city')}
        />
      </Col>
    </>
  );
}
