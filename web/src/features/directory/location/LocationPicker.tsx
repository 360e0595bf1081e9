import { lazy, Suspense, useState } from 'react';
import { Button } from 'react-bootstrap';
import { useLocation } from 'react-router';
import { MESSAGES, parseDirectoryQuery } from '@app/domain';
import { formatLocationLabel } from './locationLabel.ts';
import './location.css';

// The panel (an offcanvas with the country, state and city lists) is fetched on the first click, so
// the home page's first load carries only this button.
const LocationPanel = lazy(() => import('./LocationPanel.tsx'));

/**
 * The header's location picker (spec 001 §2): a button reading "country > state > last chosen city"
 * that opens the panel.
 */
export function LocationPicker() {
  const { search } = useLocation();
  const query = parseDirectoryQuery(search);
  const [open, setOpen] = useState(false);
  const [requested, setRequested] = useState(false);

  const handleOpen = () => {
    setRequested(true);
    setOpen(true);
  };

  return (
    <>
      <Button
        variant="outline-light"
        size="sm"
        className="site-location"
        onClick={handleOpen}
        aria-haspopup="dialog"
        aria-expanded={open}
        data-testid="location-picker"
      >
        <i className="bi bi-geo-alt-fill me-1" aria-hidden="true" />
        <span className="visually-hidden">{MESSAGES.location.choose}: </span>
        <span className="site-location__label">{formatLocationLabel(query.location)}</span>
      </Button>
      {requested && (
        <Suspense fallback={null}>
          <LocationPanel show={open} query={query} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
