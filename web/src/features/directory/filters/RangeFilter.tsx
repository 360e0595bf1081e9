import { useEffect, useRef, useState } from 'react';
import { Form } from 'react-bootstrap';
import { isActiveRange, MESSAGES, NA } from '@app/domain';
import type { Range } from '@app/domain';

export interface RangeFilterProps {
  /** Prefix of the inputs' ids, e.g. `filter-age`. */
  id: string;
  minLabel: string;
  maxLabel: string;
  bounds: { readonly min: number; readonly max: number; readonly debounceMs: number };
  /** The committed range; absent or [0, 0] means N/A (no filter). */
  value: Range | undefined;
  /** A new range once the thumbs rest for `bounds.debounceMs`, or N/A at once. */
  onChange: (range: Range | typeof NA) => void;
  /** Prefix shown before the values, e.g. `$`. */
  unit?: string;
  /** How many providers N/A (no range) would list. */
  naCount?: number;
}

/**
 * A range filter (spec 001 §2, §5, §9): two labelled native sliders, minimum and maximum, that never
 * cross, committed after a pause (age 500 ms, donation 100 ms), and an N/A checkbox meaning no filter.
 * Moving a slider while N/A is ticked starts filtering from the full range.
 */
export function RangeFilter({
  id,
  minLabel,
  maxLabel,
  bounds,
  value,
  onChange,
  unit = '',
  naCount,
}: RangeFilterProps) {
  const active = isActiveRange(value);
  const committed: Range = active ? value : [bounds.min, bounds.max];
  const committedKey = active ? committed.join('-') : NA;
  const [draft, setDraft] = useState<Range>(committed);
  const [syncedKey, setSyncedKey] = useState(committedKey);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const onChangeRef = useRef(onChange);

  useEffect(() => {
    onChangeRef.current = onChange;
  }, [onChange]);
  useEffect(() => () => clearTimeout(timer.current), []);

  // A new committed value (another filter, Back, a shared link) replaces the draft.
  if (syncedKey !== committedKey) {
    setSyncedKey(committedKey);
    setDraft(committed);
  }

  const handleSlide = (thumb: 0 | 1, raw: string) => {
    const n = Number(raw);
    const next: Range = thumb === 0 ? [Math.min(n, draft[1]), draft[1]] : [draft[0], Math.max(n, draft[0])];
    setDraft(next);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => onChangeRef.current(next), bounds.debounceMs);
  };

  const handleNa = (checked: boolean) => {
    clearTimeout(timer.current);
    if (checked) onChange(NA);
    else onChange(draft);
  };

  return (
    <div className="range-filter">
      <Form.Group controlId={`${id}-min`} className="mb-1">
        <Form.Label className="range-filter__label small mb-0">
          {minLabel}: <span className="fw-semibold">{`${unit}${draft[0]}`}</span>
        </Form.Label>
        <Form.Range
          min={bounds.min}
          max={bounds.max}
          value={draft[0]}
          onChange={(event) => handleSlide(0, event.target.value)}
          className={active ? undefined : 'range-filter__input--idle'}
        />
      </Form.Group>
      <Form.Group controlId={`${id}-max`} className="mb-1">
        <Form.Label className="range-filter__label small mb-0">
          {maxLabel}: <span className="fw-semibold">{`${unit}${draft[1]}`}</span>
        </Form.Label>
        <Form.Range
          min={bounds.min}
          max={bounds.max}
          value={draft[1]}
          onChange={(event) => handleSlide(1, event.target.value)}
          className={active ? undefined : 'range-filter__input--idle'}
        />
      </Form.Group>
      <Form.Check
        type="checkbox"
        id={`${id}-na`}
        label={naCount === undefined ? MESSAGES.filters.rangeNa : `${MESSAGES.filters.rangeNa} (${naCount})`}
        checked={!active}
        onChange={(event) => handleNa(event.target.checked)}
      />
    </div>
  );
}
