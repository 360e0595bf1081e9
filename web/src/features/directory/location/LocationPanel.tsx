import { useEffect, useId, useRef, useState } from 'react';
import type { FormEvent } from 'react';
import { Button, Form, Offcanvas, Spinner } from 'react-bootstrap';
import { useLocation, useNavigate } from 'react-router';
import { MESSAGES, toDirectorySearch } from '@app/domain';
import type { DirectoryQuery, LocationFilter } from '@app/domain';
import { useCitiesByState, useProviderCountByCountry, useStatesByCountry } from '../api.ts';
import { DEFAULT_COUNTRY, firstPagePath } from '../filterUrl.ts';
import { withCount } from '../filters/FilterPanel.tsx';
import { getPickerLocation } from './locationLabel.ts';
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

function Loading() {
  return (
    <div className="py-2 text-body-secondary small d-flex align-items-center gap-2">
      <Spinner animation="border" size="sm" aria-hidden="true" />
      {T.loading}
    </div>
  );
}

/** Country, state and city lists with provider counts; Find applies them to the listing. */
function LocationForm({ query, onClose }: Omit<LocationPanelProps, 'show'>) {
  const navigate = useNavigate();
  const { pathname, search: currentSearch } = useLocation();
  const id = useId();
  const [location, setLocation] = useState<Required<LocationFilter>>(() => getPickerLocation(query.location));
  const countryCount = useProviderCountByCountry(location.country);
  const states = useStatesByCountry(location.country);
  const cities = useCitiesByState(location.state);
  const stateList = useRef<HTMLDivElement>(null);

  // The chosen state is scrolled into view once the list arrives (California sits below the fold).
  const statesLoaded = states.isSuccess;
  useEffect(() => {
    const list = stateList.current;
    const checked = list?.querySelector<HTMLElement>('input:checked')?.closest<HTMLElement>('.form-check');
    if (list && checked) list.scrollTop = checked.offsetTop - list.clientHeight / 2;
  }, [statesLoaded]);

  const handleState = (state: string) => setLocation((current) => ({ ...current, state, city: [] }));
  const handleCity = (city: string, on: boolean) =>
    setLocation((current) => ({
      ...current,
      city: on ? [...current.city.filter((c) => c !== city), city] : current.city.filter((c) => c !== city),
    }));

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    const search = toDirectorySearch({ filters: query.filters, location });
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
        <fieldset className="mb-3">
          <legend className="h6">{T.state}</legend>
          <div className="location-form__scroll" ref={stateList}>
            {states.isPending ? (
              <Loading />
            ) : (
              (states.data ?? []).map((state) => (
                <Form.Check
                  key={state.state_code}
                  type="radio"
                  name={`${id}-state`}
                  id={`${id}-state-${state.state_code}`}
                  label={withCount(state.state_name, state.provider)}
                  checked={location.state === state.state_code}
                  onChange={() => handleState(state.state_code)}
                />
              ))
            )}
          </div>
        </fieldset>
        <fieldset className="mb-3">
          <legend className="h6">{T.city}</legend>
          <div className="location-form__scroll">
            {location.state === '' ? (
              <p className="small text-body-secondary mb-0">{T.chooseState}</p>
            ) : cities.isPending ? (
              <Loading />
            ) : cities.data && cities.data.length > 0 ? (
              cities.data.map((city) => (
                <Form.Check
                  key={city.city_name}
                  type="checkbox"
                  id={`${id}-city-${city.city_name}`}
                  label={withCount(city.city_name, city.provider)}
                  checked={location.city.includes(city.city_name)}
                  onChange={(event) => handleCity(city.city_name, event.target.checked)}
                />
              ))
            ) : cities.isSuccess ? (
              <p className="small text-body-secondary mb-0">{T.noCities}</p>
            ) : null}
          </div>
        </fieldset>
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
