import { useEffect, useId, useRef, useState, useSyncExternalStore } from 'react';
import { Button, Col, Offcanvas, Spinner } from 'react-bootstrap';
import { Link } from 'react-router';
import { BREAKPOINTS, fillTemplate, MESSAGES } from '@app/domain';
import type { FilterState } from '@app/domain';
import type { FilterCounts } from '../api.ts';
import { sectionsWithChoice } from './chosenFilters.ts';
import { FilterPanel } from './FilterPanel.tsx';
import type { FilterUpdate } from './FilterPanel.tsx';

const T = MESSAGES.filters;

/**
 * Below Bootstrap's lg breakpoint the listing is one column: the panel there is a sheet over the page
 * (react-bootstrap's responsive offcanvas), from lg up the left column.
 */
const NARROW_SCREEN = `(max-width: ${BREAKPOINTS.lg - 0.02}px)`;

function subscribeToWidth(onChange: () => void): () => void {
  if (typeof window.matchMedia !== 'function') return () => undefined;
  const list = window.matchMedia(NARROW_SCREEN);
  list.addEventListener('change', onChange);
  return () => list.removeEventListener('change', onChange);
}

/**
 * Whether the panel is the left column rather than a sheet; true where the width is unknown (the
 * server's render; its HTML hides the panel on narrow screens with Bootstrap's offcanvas CSS).
 */
export function useWideScreen(): boolean {
  return useSyncExternalStore(
    subscribeToWidth,
    () => typeof window.matchMedia !== 'function' || !window.matchMedia(NARROW_SCREEN).matches,
    () => true,
  );
}

/** "Show 23 results": the sheet's button with the listing's total for the chosen filters. */
function showResultsLabel(total: number | undefined): string {
  if (total === undefined) return MESSAGES.search.submit;
  if (total === 1) return T.showOneResult;
  return fillTemplate(T.showResults, { count: total.toLocaleString('en-US') });
}

export interface FiltersColumnProps {
  /** The filters the panel shows (those asked for, until the URL has them). */
  filters: FilterState;
  onChange: (update: FilterUpdate) => void;
  counts: { counts: FilterCounts | undefined; isFetching: boolean };
  /** The listing's total for the current filters, and whether a newer one is on its way. */
  total: number | undefined;
  totalPending: boolean;
  /** The listing without filters, while any is set: the sheet's "Clear all filters". */
  clearPath: string | undefined;
  /**
   * The listing should come into view: a filter changed in the column, or the sheet closed
   * (`focusResults` when it closed with its "Show N results").
   */
  onApplied: (focusResults: boolean) => void;
}

/**
 * The Categories panel: from lg up the listing's left column, with a button that folds it; below lg a
 * button that opens it as a full-height sheet, its sections folded but those with a choice, its
 * "Show N results" at the bottom.
 */
export function FiltersColumn({
  filters,
  onChange,
  counts,
  total,
  totalPending,
  clearPath,
  onApplied,
}: FiltersColumnProps) {
  const wide = useWideScreen();
  const titleId = useId();
  const [folded, setFolded] = useState(false);
  const [sheetOpen, setSheetOpen] = useState(false);
  // From the sheet's opening until its closing animation ends: what it shows stays while it slides out.
  const [inSheet, setInSheet] = useState(false);
  const showResults = useRef(false);
  // Set when the sheet has closed: the effect below runs after the offcanvas gave back the page's
  // scrolling and focus.
  const closed = useRef<{ focusResults: boolean } | undefined>(undefined);

  useEffect(() => {
    if (inSheet || !closed.current) return;
    onApplied(closed.current.focusResults);
    closed.current = undefined;
  }, [inSheet, onApplied]);

  const expanded = wide ? !folded : sheetOpen;
  const handleToggle = () => {
    if (wide) {
      setFolded(!folded);
      return;
    }
    setSheetOpen(true);
    setInSheet(true);
  };
  const handleChange = (update: FilterUpdate) => {
    onChange(update);
    if (!inSheet) onApplied(false);
  };
  const handleShowResults = () => {
    showResults.current = true;
    setSheetOpen(false);
  };
  const handleExited = () => {
    closed.current = { focusResults: showResults.current };
    showResults.current = false;
    setSheetOpen(false);
    setInSheet(false);
  };

  return (
    <Col lg={3} as="aside" aria-labelledby="filters-title" className="directory__filters">
      <h2 id="filters-title" className="h5 mb-2">
        <Button
          variant="outline-dark"
          className="filters-toggle w-100 d-flex justify-content-between align-items-center"
          aria-expanded={expanded}
          aria-controls="filter-panel"
          onClick={handleToggle}
        >
          <span>
            <i className="bi bi-funnel me-2" aria-hidden="true" />
            {T.title}
          </span>
          <i
            className={`bi ${expanded ? 'bi-chevron-up' : 'bi-chevron-down'} d-none d-lg-inline-block`}
            aria-hidden="true"
          />
          <i className="bi bi-sliders d-lg-none" aria-hidden="true" />
        </Button>
      </h2>
      <Offcanvas
        id="filter-panel"
        responsive="lg"
        placement="bottom"
        show={sheetOpen}
        onHide={() => setSheetOpen(false)}
        onExited={handleExited}
        restoreFocusOptions={{ preventScroll: true }}
        aria-labelledby={titleId}
        aria-busy={counts.isFetching}
        className="filter-sheet"
        hidden={wide && folded ? true : undefined}
      >
        <Offcanvas.Header closeButton closeLabel={T.closeSheet}>
          <Offcanvas.Title id={titleId} as="h2" className="h5">
            {T.title}
          </Offcanvas.Title>
        </Offcanvas.Header>
        <Offcanvas.Body>
          <FilterPanel
            filters={filters}
            counts={counts.counts}
            onChange={handleChange}
            openSections={inSheet ? sectionsWithChoice(filters) : undefined}
          />
        </Offcanvas.Body>
        {inSheet && (
          <div className="filter-sheet__footer d-lg-none">
            {clearPath !== undefined && (
              <Link to={clearPath} preventScrollReset className="filter-sheet__clear small">
                {MESSAGES.directory.clearFilters}
              </Link>
            )}
            <Button variant="accent" className="filter-sheet__show flex-grow-1" onClick={handleShowResults}>
              {totalPending && <Spinner animation="border" size="sm" className="me-2" aria-hidden="true" />}
              {showResultsLabel(total)}
            </Button>
          </div>
        )}
      </Offcanvas>
    </Col>
  );
}
