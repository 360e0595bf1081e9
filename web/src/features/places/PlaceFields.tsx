import { useEffect, useId } from 'react';
import { Col, Row } from 'react-bootstrap';
import type { UseFormReturn } from 'react-hook-form';
import type { z } from 'zod';
import { zodResolver } from '@hookform/resolvers/zod';
import { DEFAULT_COUNTRY, MESSAGES, PLACE_LIMITS } from '@app/domain';
import { ZPlaceForm } from '@app/domain';
import type { TPlaceForm } from '@app/domain';
import { SelectField, TextField } from '../../ui/FormField.tsx';
import { useCheckedForm } from '../../ui/useCheckedForm.ts';
import { LocationSelects } from '../directory/index.ts';
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

const resolver = zodResolver(ZPlaceForm);

/** The add and edit forms' state, empty at first. */
export function usePlaceForm(): PlaceForm {
  return useCheckedForm<PlaceFormValues, TPlaceForm>(resolver, EMPTY_PLACE_FORM);
}

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

/** What a field of the place's form is given: its id, its registration (required unless told) and error. */
function useBind(form: PlaceForm) {
  const idBase = useId();
  const id = (name: string) => `${idBase}-${name}`;
  const bind = (name: keyof PlaceFormValues, idName: string = name, required = true) => ({
    id: id(idName),
    registration: required ? { ...form.register(name), required: true } : form.register(name),
    error: form.formState.errors[name],
    className: required ? REQUIRED : undefined,
  });
  return { id, bind };
}

type Bind = ReturnType<typeof useBind>['bind'];

/** The place's name and its type (from the place types, loaded once). */
function PlaceNameFields({ form, bind }: { form: PlaceForm; bind: Bind }) {
  const { setValue, getValues } = form;
  const types = usePlaceTypes();
  // A select filled before its options arrived shows its value once they are there.
  useEffect(() => {
    setValue('vendor_type', getValues('vendor_type'));
  }, [types.data, getValues, setValue]);
  const typeOptions = (types.data ?? []).map((t) => ({ value: String(t.id), label: t.attributes.name }));
  return (
    <>
      <Col sm={6}>
        <TextField label={F.name} maxLength={PLACE_LIMITS.nameMax} {...bind('name')} />
      </Col>
      <Col sm={6}>
        <SelectField
          label={F.type}
          placeholder={F.choose}
          options={typeOptions}
          help={types.isError ? F.loadFailed : undefined}
          helpBlock
          {...bind('vendor_type', 'type')}
        />
      </Col>
    </>
  );
}

/** How to reach the place: its phone and e-mail (required) and its website (optional). */
function PlaceContactFields({ bind }: { bind: Bind }) {
  return (
    <>
      <Col sm={6}>
        <TextField
          label={F.phone}
          type="tel"
          inputMode="numeric"
          autoComplete="tel"
          maxLength={PLACE_LIMITS.phoneMax}
          {...bind('phone')}
        />
      </Col>
      <Col sm={6}>
        <TextField label={F.email} type="email" maxLength={PLACE_LIMITS.email} {...bind('email')} />
      </Col>
      <Col xs={12}>
        <TextField
          label={F.website}
          autoComplete="url"
          placeholder="https://"
          maxLength={PLACE_LIMITS.website}
          {...bind('website', 'website', false)}
        />
      </Col>
    </>
  );
}

/**
 * The place's fields (spec 001 §2 "Places", 000 §5 "Vendor create"): name, place type, address,
 * city, state, postal code, country, phone and email required; website optional. Country is the
 * United States only; the state comes from the state list and the city from the chosen state's.
 */
export function PlaceFields({ form }: { form: PlaceForm }) {
  const { id, bind } = useBind(form);
  return (
    <Row className="gx-3">
      <PlaceNameFields form={form} bind={bind} />
      <Col xs={12}>
        <TextField
          label={F.address}
          autoComplete="street-address"
          maxLength={PLACE_LIMITS.location}
          {...bind('location', 'address')}
        />
      </Col>
      <LocationSelects form={form} id={id} texts={F} requiredClass={REQUIRED} />
      <Col sm={6}>
        <TextField
          label={F.postalCode}
          autoComplete="postal-code"
          maxLength={PLACE_LIMITS.postalCode}
          {...bind('postal_code', 'postal-code')}
        />
      </Col>
      <PlaceContactFields bind={bind} />
    </Row>
  );
}
