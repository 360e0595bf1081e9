import { useEffect } from 'react';
import { Col } from 'react-bootstrap';
import { useWatch } from 'react-hook-form';
import { DEFAULT_COUNTRY, MESSAGES } from '@app/domain';
import { SelectField } from '../../../ui/FormField.tsx';
import { useLocationOptions } from './api.ts';
import type { AdFieldsProps } from './adFieldParts.tsx';

const F = MESSAGES.adForm;

/** Where the ad is: the country, then the state and the city from their lists. */
export function AdLocationFields({ form, id }: AdFieldsProps) {
  const {
    register,
    setValue,
    getValues,
    control,
    formState: { errors },
  } = form;
  const [state, city] = useWatch({ control, name: ['state', 'city'] });
  const { stateOptions, cityOptions, cityListFailed, loaded } = useLocationOptions(
    DEFAULT_COUNTRY,
    state ?? '',
    city ?? '',
  );
  const [statesLoaded, citiesLoaded] = loaded;

  // Spec 001 §5: with no city list loaded, the city is cleared.
  useEffect(() => {
    if (cityListFailed && getValues('city') !== '') setValue('city', '', { shouldValidate: false });
  }, [cityListFailed, getValues, setValue]);

  // A select filled before its options arrived shows its value once they are there.
  useEffect(() => {
    for (const name of ['state', 'city'] as const) setValue(name, getValues(name));
  }, [statesLoaded, citiesLoaded, getValues, setValue]);

  return (
    <>
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
    </>
  );
}
