import { useEffect, useRef } from 'react';
import { Form, Spinner } from 'react-bootstrap';
import { MESSAGES } from '@app/domain';
import { useCitiesByState, useStatesByCountry } from '../api.ts';
import { withCount } from '../filters/FilterPanel.tsx';

const T = MESSAGES.location;

function Loading() {
  return (
    <div className="py-2 text-body-secondary small d-flex align-items-center gap-2">
      <Spinner animation="border" size="sm" aria-hidden="true" />
      {T.loading}
    </div>
  );
}

/** The picker's State radios with provider counts; the chosen one is scrolled into view. */
export function StateChoices({
  id,
  country,
  state,
  onState,
}: {
  id: string;
  country: string;
  state: string;
  onState: (state: string) => void;
}) {
  const states = useStatesByCountry(country);
  const stateList = useRef<HTMLDivElement>(null);

  // The chosen state is scrolled into view once the list arrives (California sits below the fold).
  const statesLoaded = states.isSuccess;
  useEffect(() => {
    const list = stateList.current;
    const checked = list?.querySelector<HTMLElement>('input:checked')?.closest<HTMLElement>('.form-check');
    if (list && checked) list.scrollTop = checked.offsetTop - list.clientHeight / 2;
  }, [statesLoaded]);

  return (
    <fieldset className="mb-3">
      <legend className="h6">{T.state}</legend>
      <div className="location-form__scroll" ref={stateList}>
        {states.isPending ? (
          <Loading />
        ) : (
          (states.data ?? []).map((entry) => (
            <Form.Check
              key={entry.state_code}
              type="radio"
              name={`${id}-state`}
              id={`${id}-state-${entry.state_code}`}
              label={withCount(entry.state_name, entry.provider)}
              checked={state === entry.state_code}
              onChange={() => onState(entry.state_code)}
            />
          ))
        )}
      </div>
    </fieldset>
  );
}

/** The picker's City checkboxes with provider counts, once a state is chosen. */
export function CityChoices({
  id,
  state,
  cities: chosen,
  onCity,
}: {
  id: string;
  state: string;
  cities: string[];
  onCity: (city: string, on: boolean) => void;
}) {
  const cities = useCitiesByState(state);
  return (
    <fieldset className="mb-3">
      <legend className="h6">{T.city}</legend>
      <div className="location-form__scroll">
        {state === '' ? (
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
              checked={chosen.includes(city.city_name)}
              onChange={(event) => onCity(city.city_name, event.target.checked)}
            />
          ))
        ) : cities.isSuccess ? (
          <p className="small text-body-secondary mb-0">{T.noCities}</p>
        ) : null}
      </div>
    </fieldset>
  );
}
