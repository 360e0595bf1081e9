import { useId, useState } from 'react';
import type { FormEvent } from 'react';
import { Button, Form, Offcanvas } from 'react-bootstrap';
import { useLocation, useNavigate } from 'react-router';
import { MESSAGES, toDirectorySearch } from '@app/domain';
import type { DirectoryQuery, LocationFilter } from '@app/domain';
import { useProviderCountByCountry } from '../api.ts';
import { DEFAULT_COUNTRY, firstPagePath } from '../filterUrl.ts';
import { withCount } from '../filters/FilterPanel.tsx';
import { getPickerLocation } from './locationLabel.ts';
import { CityChoices, StateChoices } from './LocationLists.tsx';
import { venueFindPath } from '../../../lib/venue.ts';

const T = MESSAGES.location;

/** The countries offered (spec 001 §9: only the United States). */
const COUNTRIES = [{ code: DEFAULT_COUNTRY, name: T.unitedStates }] as const;

export interface LocationPanelProps {
  show: boolean;
  /** The current listing query: its filters are kept, its location is where the picker starts. */
  query: DirectoryQuery;
  onClose: () => void;
}

/** Country, state and city lists with provider counts; Find applies them to the listing. */
function LocationForm({ query, onClose }: Omit<LocationPanelProps, 'show'>) {
  const navigate = useNavigate();
  const { pathname, search: currentSearch } = useLocation();
  const id = useId();
  const [location, setLocation] = useState<Required<LocationFilter>>(() => getPickerLocation(query.location));
  const countryCount = useProviderCountByCountry(location.country);

  const handleState = (state: string) => setLocation((current) => ({ ...current, state, city: [] }));
  const handleCity = (city: string, on: boolean) =>
    setLocation((current) => ({
      ...current,
      city: on ? [...current.city.filter((c) => c !== city), city] : current.city.filter((c) => c !== city),
    }));

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    const search = toDirectorySearch({ ...query, location });
    // On a venue page Find stays on that venue type with the new location.
    const venuePath = venueFindPath(pathname, currentSearch, toDirectorySearch({ filters: {}, location }));
    void navigate(venuePath ?? firstPagePath(search));
    onClose();
  };

  return (
    <Form onSubmit={handleSubmit} className="location-form d-flex flex-column h-100">
      <div className="location-form__lists flex-grow-1">
        <fieldset className="mb-3">
          <legend className="h6">{T.country}</legend>
          {COUNTRIES.map((country) => (
            <Form.Check
              key={country.code}
              type="radio"
              name={`${id}-country`}
              id={`${id}-country-${country.code}`}
              label={withCount(country.name, countryCount.data)}
              checked={location.country === country.code}
              onChange={() => setLocation({ country: country.code, state: '', city: [] })}
            />
          ))}
        </fieldset>
        <StateChoices id={id} country={location.country} state={location.state} onState={handleState} />
        <CityChoices id={id} state={location.state} cities={location.city} onCity={handleCity} />
      </div>
      <div className="location-form__actions pt-2">
        <Button type="submit" variant="accent" className="w-100">
          <i className="bi bi-search me-2" aria-hidden="true" />
          {T.find}
        </Button>
      </div>
    </Form>
  );
}

/**
 * The location picker's panel (spec 001 §2): Country (radio, United States only), State (radio) and
 * City (checkboxes), each with provider counts, and Find. Choosing a state clears the cities; Find
 * shows the listing for the country, state and cities, keeping the other filters, and closes.
 */
export default function LocationPanel({ show, query, onClose }: LocationPanelProps) {
  const titleId = useId();
  return (
    <Offcanvas
      show={show}
      onHide={onClose}
      placement="end"
      aria-labelledby={titleId}
      className="location-panel"
    >
      <Offcanvas.Header closeButton closeLabel={T.close}>
        <Offcanvas.Title id={titleId}>{T.title}</Offcanvas.Title>
      </Offcanvas.Header>
      <Offcanvas.Body>
        <LocationForm query={query} onClose={onClose} />
      </Offcanvas.Body>
    </Offcanvas>
  );
}
