import { useEffect, useMemo, useRef } from 'react';
import { Button } from 'react-bootstrap';
import { Link } from 'react-router';
import { fillTemplate, MESSAGES } from '@app/domain';
import type { FilterState } from '@app/domain';
import { useLanguages, useRaces } from '../api.ts';
import { chosenFilters } from './chosenFilters.ts';
import type { LookupNames } from './chosenFilters.ts';
import type { FilterUpdate } from './FilterPanel.tsx';

const T = MESSAGES.filters;

export interface ChosenFiltersProps {
  filters: FilterState;
  onChange: (update: FilterUpdate) => void;
  /** The listing without filters: "Clear all filters". */
  clearPath: string;
  /** Where focus goes once the last chip is gone (the listing's heading). */
  onEmptied: () => void;
}

/**
 * The chosen filters above the listing, on every width: one button per chosen option that removes it
 * (as unticking it in the panel would), and "Clear all filters". A removed chip's focus moves to the
 * chip that takes its place, else to the one before it, else to `onEmptied`.
 */
export function ChosenFilters({ filters, onChange, clearPath, onEmptied }: ChosenFiltersProps) {
  const languages = useLanguages();
  const races = useRaces();
  const names = useMemo<LookupNames>(
    () => ({
      language: new Map(languages.data?.map((item) => [item.id, item.attributes.lang_name])),
      race: new Map(races.data?.map((item) => [item.id, item.attributes.race_name])),
    }),
    [languages.data, races.data],
  );
  const chips = chosenFilters(filters, names);
  const list = useRef<HTMLUListElement>(null);
  // The chip removed and its place, until a render no longer shows it.
  const removed = useRef<{ id: string; index: number } | undefined>(undefined);

  useEffect(() => {
    const gone = removed.current;
    if (!gone || chips.some((chip) => chip.id === gone.id)) return;
    removed.current = undefined;
    const buttons = list.current?.querySelectorAll('button');
    const next = buttons?.[Math.min(gone.index, buttons.length - 1)];
    if (next) next.focus();
    else onEmptied();
  });

  if (chips.length === 0) return null;
  return (
    <div className="chosen-filters d-flex flex-wrap align-items-center gap-2 mb-3">
      <ul
        ref={list}
        className="chosen-filters__list list-unstyled d-flex flex-wrap gap-2 mb-0"
        aria-label={T.chosenLabel}
      >
        {chips.map((chip, index) => (
          <li key={chip.id}>
            <Button
              variant="light"
              size="sm"
              className="chosen-filter rounded-pill border"
              aria-label={fillTemplate(T.removeChip, { filter: chip.label })}
              onClick={() => {
                removed.current = { id: chip.id, index };
                onChange(chip.remove);
              }}
            >
              {chip.label}
              <i className="bi bi-x-lg ms-2" aria-hidden="true" />
            </Button>
          </li>
        ))}
      </ul>
      <Link to={clearPath} preventScrollReset className="small" onClick={onEmptied}>
        {MESSAGES.directory.clearFilters}
      </Link>
    </div>
  );
}
