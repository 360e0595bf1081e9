import { Accordion } from 'react-bootstrap';
import {
  AGE_RANGE,
  CUM_MOUTH,
  CUM_PLACES,
  DONATION_RANGE,
  FILTER_SECTIONS,
  GROOMING,
  MESSAGES,
  NA,
  PERSONALITY,
  setCall,
  setCum,
  setCumPlaces,
  setListOption,
  setRadio,
  setRange,
  setSubtype,
  SUBTYPES,
} from '@app/domain';
import type { CallOption, FilterSection, FilterState, ParentKey, RadioKey, YesNo } from '@app/domain';
import { useLanguages, useRaces } from '../api.ts';
import type { FilterCounts } from '../api.ts';
import { RangeFilter } from './RangeFilter.tsx';

const T = MESSAGES.filters;

/** A filter change as a function of the latest state, so debounced sliders never undo other changes. */
export type FilterUpdate = (filters: FilterState) => FilterState;

export interface FilterPanelProps {
  filters: FilterState;
  /** Option counts from `GET /api/filterdata`; undefined while they load. */
  counts: FilterCounts | undefined;
  onChange: (update: FilterUpdate) => void;
  /** The sections open when the panel appears; all of them when absent (spec 001 §2). */
  openSections?: readonly FilterSection[];
}

/** "Incall (12)"; just the label while the count is unknown. */
export function withCount(label: string, count: number | undefined): string {
  return count === undefined ? label : `${label} (${count})`;
}

function countOf(counts: FilterCounts | undefined, section: string, option: string | number) {
  return counts?.[section]?.[String(option)];
}

/** The sub-types shown by another name than their value. */
export const SUBTYPE_LABELS: Record<string, string> = {
  Give: T.give,
  Receive: T.receive,
  Both: T.anilingusBoth,
};

interface CheckProps {
  id: string;
  label: string;
  count?: number;
  checked: boolean;
  onChange: (checked: boolean) => void;
  type?: 'checkbox' | 'radio';
  name?: string;
}

/**
 * Bootstrap's check markup written out rather than react-bootstrap's `Form.Check`: the panel draws about
 * ninety of them, and the server renders the listing for every visitor; the component's layers made
 * them a tenth of that render's time.
 */
function Check({ id, label, count, checked, onChange, type = 'checkbox', name }: CheckProps) {
  return (
    <div className="form-check">
      <input
        type={type}
        id={id}
        name={name}
        className="form-check-input"
        checked={checked}
        onChange={(event) => onChange(event.target.checked)}
      />
      <label htmlFor={id} className="form-check-label">
        {withCount(label, count)}
      </label>
    </div>
  );
}

/** Yes, No, N/A as radios; N/A (no filter) is chosen while the key is unset. */
function YesNoRadios({
  name,
  value,
  counts,
  onChange,
}: {
  name: RadioKey;
  value: YesNo | undefined;
  counts: FilterCounts | undefined;
  onChange: (value: YesNo | typeof NA) => void;
}) {
  const options = [
    { value: 'yes', label: T.yes },
    { value: 'no', label: T.no },
    { value: NA, label: T.na },
  ] as const;
  return (
    <>
      {options.map((option) => (
        <Check
          key={option.value}
          type="radio"
          name={`filter-${name}`}
          id={`filter-${name}-${option.value === NA ? 'na' : option.value}`}
          label={option.label}
          count={countOf(
            counts,
            option.value === NA ? 'na' : name,
            option.value === NA ? name : option.value,
          )}
          checked={option.value === NA ? value === undefined : value === option.value}
          onChange={(checked) => checked && onChange(option.value)}
        />
      ))}
    </>
  );
}

/** A service with Yes/No/N/A and its sub-types (Kissing, Fellatio, Anilingus, Vaginal, Anal). */
function ParentSection({ parent, filters, counts, onChange }: SectionProps & { parent: ParentKey }) {
  const { key, options } = SUBTYPES[parent];
  const chosen = filters[key] ?? [];
  return (
    <>
      <YesNoRadios
        name={parent}
        value={filters[parent]}
        counts={counts}
        onChange={(value) => onChange((f) => setRadio(f, parent, value))}
      />
      <fieldset className="filter-subtypes">
        <legend className="visually-hidden">{`${T[parent]} ${T.subtypes.toLowerCase()}`}</legend>
        {options.map((option) => (
          <Check
            key={option}
            id={`filter-${key}-${option}`}
            label={SUBTYPE_LABELS[option] ?? option}
            count={countOf(counts, key, option)}
            checked={chosen.includes(option)}
            onChange={(checked) => onChange((f) => setSubtype(f, parent, option, checked))}
          />
        ))}
      </fieldset>
    </>
  );
}

interface SectionProps {
  filters: FilterState;
  counts: FilterCounts | undefined;
  onChange: (update: FilterUpdate) => void;
}

/** Language or Race: checkboxes from the lookup, with its N/A entry (id 0) clearing the choice. */
function LookupSection({ kind, filters, counts, onChange }: SectionProps & { kind: 'language' | 'race' }) {
  const languages = useLanguages();
  const races = useRaces();
  const items =
    kind === 'language'
      ? (languages.data ?? []).map((item) => ({
          id: item.id,
          name: item.attributes.lang_name,
          provider: item.attributes.provider,
        }))
      : (races.data ?? []).map((item) => ({
          id: item.id,
          name: item.attributes.race_name,
          provider: item.attributes.provider,
        }));
  const pending = kind === 'language' ? languages.isPending : races.isPending;
  const chosen = filters[kind] ?? [];
  if (pending) return <p className="small text-body-secondary mb-0">{T.loading}</p>;
  // The N/A entry clears the choice: it counts what the list holds with this section cleared.
  const entries = [...items.filter((item) => item.id !== 0), { id: 0, name: NA, provider: undefined }];
  return (
    <>
      {entries.map((item) =>
        item.id === 0 ? (
          <Check
            key="na"
            id={`filter-${kind}-na`}
            label={T.na}
            count={countOf(counts, 'na', kind)}
            checked={chosen.length === 0}
            onChange={(checked) => checked && onChange((f) => setListOption(f, kind, NA, true))}
          />
        ) : (
          <Check
            key={item.id}
            id={`filter-${kind}-${item.id}`}
            label={item.name}
            count={countOf(counts, kind, item.id) ?? item.provider}
            checked={chosen.includes(item.id)}
            onChange={(checked) => onChange((f) => setListOption(f, kind, item.id, checked))}
          />
        ),
      )}
    </>
  );
}

/** Incall and Outcall exclude each other; Both selects all three call values. */
function CallSection({ filters, counts, onChange }: SectionProps) {
  const call = filters.call ?? [];
  const incall = countOf(counts, 'call', 'Incall');
  const outcall = countOf(counts, 'call', 'Outcall');
  const both = countOf(counts, 'call', 'Outcall/Incall');
  // Incall matches Outcall/Incall providers too, so Incall ∩ Outcall is exactly the Both providers.
  const any =
    incall !== undefined && outcall !== undefined && both !== undefined ? incall + outcall - both : undefined;
  const options: { option: CallOption | 'Both'; label: string; count?: number; checked: boolean }[] = [
    { option: 'Incall', label: T.incall, count: incall, checked: call.includes('Incall') },
    { option: 'Outcall', label: T.outcall, count: outcall, checked: call.includes('Outcall') },
    { option: 'Both', label: T.both, count: any, checked: call.includes('Outcall/Incall') },
  ];
  return (
    <>
      {options.map(({ option, label, count, checked }) => (
        <Check
          key={option}
          id={`filter-call-${option.toLowerCase()}`}
          label={label}
          count={count}
          checked={checked}
          onChange={(on) => onChange((f) => setCall(f, option, on))}
        />
      ))}
    </>
  );
}

/** CIM (the three mouth options), each cum type, Anywhere (all finishing places) and N/A. */
function CumSection({ filters, counts, onChange }: SectionProps) {
  const chosen = filters.cum_type ?? [];
  const allOf = (list: readonly string[]) => list.every((c) => chosen.includes(c as never));
  const typeCheck = (option: (typeof CUM_MOUTH)[number] | (typeof CUM_PLACES)[number]) => (
    <Check
      key={option}
      id={`filter-cum_type-${option}`}
      label={option}
      count={countOf(counts, 'cum_type', option)}
      checked={chosen.includes(option)}
      onChange={(on) => onChange((f) => setCum(f, option, on))}
    />
  );
  return (
    <>
      <Check
        id="filter-cum-cim"
        label={T.cim}
        count={countOf(counts, 'cum', 'CIM')}
        checked={allOf(CUM_MOUTH)}
        onChange={(on) => onChange((f) => setCum(f, 'CIM', on))}
      />
      <div className="filter-subtypes">{CUM_MOUTH.map(typeCheck)}</div>
      <Check
        id="filter-cum-anywhere"
        label={T.cumAnywhere}
        count={countOf(counts, 'cum', 'Anywhere')}
        checked={allOf(CUM_PLACES)}
        onChange={(on) => onChange((f) => setCumPlaces(f, on))}
      />
      <div className="filter-subtypes">{CUM_PLACES.map(typeCheck)}</div>
      <Check
        id="filter-cum-na"
        label={T.na}
        count={countOf(counts, 'na', 'cum')}
        checked={chosen.length === 0}
        onChange={(on) => on && onChange((f) => setCum(f, NA))}
      />
    </>
  );
}

/** Personality or Grooming: checkboxes with N/A clearing the group. */
function ListSection({
  kind,
  options,
  filters,
  counts,
  onChange,
}: SectionProps & { kind: 'personality' | 'grooming'; options: readonly string[] }) {
  const chosen = filters[kind] ?? [];
  return (
    <>
      {options.map((option) => (
        <Check
          key={option}
          id={`filter-${kind}-${option}`}
          label={option}
          count={countOf(counts, kind, option)}
          checked={chosen.includes(option)}
          onChange={(on) => onChange((f) => setListOption(f, kind, option, on))}
        />
      ))}
      <Check
        id={`filter-${kind}-na`}
        label={T.na}
        count={countOf(counts, 'na', kind)}
        checked={chosen.length === 0}
        onChange={(on) => on && onChange((f) => setListOption(f, kind, NA, true))}
      />
    </>
  );
}

function SectionBody({ section, ...props }: SectionProps & { section: FilterSection }) {
  const { filters, onChange } = props;
  switch (section) {
    case 'language':
    case 'race':
      return <LookupSection kind={section} {...props} />;
    case 'call':
      return <CallSection {...props} />;
    case 'age':
      return (
        <RangeFilter
          id="filter-age"
          minLabel={T.ageMin}
          maxLabel={T.ageMax}
          bounds={AGE_RANGE}
          value={filters.age}
          naCount={countOf(props.counts, 'na', 'age')}
          onChange={(range) => onChange((f) => setRange(f, 'age', range))}
        />
      );
    case 'donation':
      return (
        <RangeFilter
          id="filter-donation"
          minLabel={T.donationMin}
          maxLabel={T.donationMax}
          bounds={DONATION_RANGE}
          value={filters.donation_hour}
          naCount={countOf(props.counts, 'na', 'donation')}
          unit="$"
          onChange={(range) => onChange((f) => setRange(f, 'donation_hour', range))}
        />
      );
    case 'kissing':
    case 'fellatio':
    case 'anilingus':
    case 'vaginal':
    case 'anal':
      return <ParentSection parent={section} {...props} />;
    case 'cunnilingus':
    case 'threesome':
    case 'massage':
      return (
        <YesNoRadios
          name={section}
          value={filters[section]}
          counts={props.counts}
          onChange={(value) => onChange((f) => setRadio(f, section, value))}
        />
      );
    case 'cum':
      return <CumSection {...props} />;
    case 'personality':
      return <ListSection kind="personality" options={PERSONALITY} {...props} />;
    case 'grooming':
      return <ListSection kind="grooming" options={GROOMING} {...props} />;
  }
}

/**
 * The Categories panel (spec 001 §2, §4): the contract's sixteen sections in the spec's order, each
 * collapsible and open by default (the phone's sheet opens those with a choice, decision 0032), every
 * option with its count, every change through the domain's linkage rules.
 */
export function FilterPanel({ filters, counts, onChange, openSections = FILTER_SECTIONS }: FilterPanelProps) {
  return (
    <Accordion alwaysOpen defaultActiveKey={[...openSections]} className="filter-panel">
      {FILTER_SECTIONS.map((section) => (
        <Accordion.Item eventKey={section} key={section}>
          <Accordion.Header as="h3">{T[section]}</Accordion.Header>
          <Accordion.Body>
            <fieldset>
              <legend className="visually-hidden">{T[section]}</legend>
              <SectionBody section={section} filters={filters} counts={counts} onChange={onChange} />
            </fieldset>
          </Accordion.Body>
        </Accordion.Item>
      ))}
    </Accordion>
  );
}
