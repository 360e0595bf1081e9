import { useEffect, useId } from 'react';
import { Col, Row } from 'react-bootstrap';
import { useWatch } from 'react-hook-form';
import type { UseFormReturn } from 'react-hook-form';
import type { z } from 'zod';
import { DEFAULT_COUNTRY, MESSAGES, PLACE_LIMITS } from '@app/domain';
import type { TPlaceForm, ZPlaceForm } from '@app/domain';
import { SelectField, TextField } from '../../ui/FormField.tsx';
import { useLocationOptions } from '../directory/index.ts';
import type { Place } from './api.ts';
import { usePlaceTypes } from './api.ts';

const F = MESSAGES.placeForm;

/** What the add and edit forms hold (strings as typed). */
export type PlaceFormValues = z.input<typeof ZPlaceForm>;
export type PlaceForm = UseFormReturn<PlaceFormValues, unknown, TPlaceForm>;

export const EMPTY_PLACE_FORM: PlaceFormValues = {
  name: '',
  vendor_type: '',
  location: '',
  city: '',
  state: '',
  postal_code: '',
  country: DEFAULT_COUNTRY,
  phone: '',
  email: '',
  website: '',
};

/** The edit form's values from a stored place and its address. */
export function toPlaceFormValues(place: Place): PlaceFormValues {
  const a = place.attributes;
  const address = a.address?.data?.attributes;
  return {
    name: a.name ?? '',
    vendor_type: a.vendor_type?.data ? String(a.vendor_type.data.id) : '',
    location: address?.location ?? '',
    city: address?.city ?? '',
    state: address?.state ?? '',
    postal_code: address?.postal_code ?? '',
    country: address?.country || DEFAULT_COUNTRY,
    phone: a.phone ?? '',
    email: a.email ?? '',
    website: a.website ?? '',
  };
}

/** The address part of the form, as `POST`/`PUT /api/addresses` take it. */
export function addressOf(values: TPlaceForm) {
  return {
    location: values.location,
    city: values.city,
    state: values.state,
    postal_code: values.postal_code,
    country: values.country,
  };
}

/** The place's own details, as `POST`/`PUT /api/vendors` take them (website '' means none). */
export function detailsOf(values: TPlaceForm) {
  return {
    name: values.name,
    vendor_type: Number(values.vendor_type),
    phone: values.phone,
    email: values.email,
    website: values.website ? values.website : null,
  };
}

/** A required field's group: its label gets the red mark (styles in places.css). */
const REQUIRED = 'mb-3 place-field--required';

/**
 * The place's fields (spec 001 §2 "Places", 000 §5 "Vendor create"): name, place type, address,
 * city, state, postal code, country, phone and email required; website optional. Country is the
 * United States only; the state comes from the state list and the city from the chosen state's.
 */
export function PlaceFields({ form }: { form: PlaceForm }) {
  const idBase = useId();
  const id = (name: string) => `${idBase}-${name}`;
  const {
    register,
    setValue,
    getValues,
    control,
    formState: { errors },
  } = form;
  const state = useWatch({ control, name: 'state' }) ?? '';
  const city = useWatch({ control, name: 'city' }) ?? '';
  const types = usePlaceTypes();
  const { stateOptions, cityOptions, loaded } = useLocationOptions(DEFAULT_COUNTRY, state, city);
  const [statesLoaded, citiesLoaded] = loaded;

  // A select filled before its options arrived shows its value once they are there.
  useEffect(() => {
    for (const name of ['vendor_type', 'state', 'city'] as const) setValue(name, getValues(name));
  }, [types.data, statesLoaded, citiesLoaded, getValues, setValue]);

  const required = <N extends keyof PlaceFormValues>(name: N) => ({ ...register(name), required: true });

  const typeOptions = (types.data ?? []).map((t) => ({ value: String(t.id), label: t.attributes.name }));

  return (
    <Row className="gx-3">
      <Col sm={6}>
        <TextField
          id={id('name')}
          label={F.name}
          maxLength={PLACE_LIMITS.nameMax}
          registration={required('name')}
          error={errors.name}
          className={REQUIRED}
        />
      </Col>
      <Col sm={6}>
        <SelectField
          id={id('type')}
          label={F.type}
          placeholder={F.choose}
          options={typeOptions}
          registration={required('vendor_type')}
          error={errors.vendor_type}
          className={REQUIRED}
          help={types.isError ? F.loadFailed : undefined}
          helpBlock
        />
      </Col>
      <Col xs={12}>
        <TextField
          id={id('address')}
          label={F.address}
          autoComplete="street-address"
          maxLength={PLACE_LIMITS.location}
          registration={required('location')}
          error={errors.location}
          className={REQUIRED}
        />
      </Col>
      <Col sm={6}>
        <SelectField
          id={id('country')}
          label={F.country}
          options={[{ value: DEFAULT_COUNTRY, label: F.unitedStates }]}
          registration={required('country')}
          error={errors.country}
          className={REQUIRED}
        />
      </Col>
      <Col sm={6}>
        <SelectField
          id={id('state')}
          label={F.state}
          placeholder={F.choose}
          options={stateOptions}
          registration={{ ...register('state', { onChange: () => setValue('city', '') }), required: true }}
          error={errors.state}
          className={REQUIRED}
        />
      </Col>
      <Col sm={6}>
        <SelectField
          id={id('city')}
          label={F.city}
          placeholder={F.choose}
          options={cityOptions}
          registration={required('city')}
          error={errors.city}
          className={REQUIRED}
        />
      </Col>
      <Col sm={6}>
        <TextField
          id={id('postal-code')}
          label={F.postalCode}
          autoComplete="postal-code"
          maxLength={PLACE_LIMITS.postalCode}
          registration={required('postal_code')}
          error={errors.postal_code}
          className={REQUIRED}
        />
      </Col>
      <Col sm={6}>
        <TextField
          id={id('phone')}
          label={F.phone}
          type="tel"
          inputMode="numeric"
          autoComplete="tel"
          maxLength={PLACE_LIMITS.phoneMax}
          registration={required('phone')}
          error={errors.phone}
          className={REQUIRED}
        />
      </Col>
      <Col sm={6}>
        <TextField
          id={id('email')}
          label={F.email}
          type="email"
          maxLength={PLACE_LIMITS.email}
          registration={required('email')}
          error={errors.email}
          className={REQUIRED}
        />
      </Col>
      <Col xs={12}>
        <TextField
          id={id('website')}
          label={F.website}
          autoComplete="url"
          placeholder="https://"
          maxLength={PLACE_LIMITS.website}
          registration={register('website')}
          error={errors.website}
        />
      </Col>
    </Row>
  );
}
