import {
  CALL_OPTIONS,
  CUM_MOUTH,
  CUM_PLACES,
  FILTER_SECTIONS,
  fillTemplate,
  isActiveRange,
  MESSAGES,
  NA,
  SECTION_KEYS,
  setCall,
  setCum,
  setCumPlaces,
  setListOption,
  setRadio,
  setRange,
  setSubtype,
  SUBTYPES,
} from '@app/domain';
import type { FilterSection, FilterState, ParentKey, Range } from '@app/domain';
import { SUBTYPE_LABELS } from './FilterPanel.tsx';
import type { FilterUpdate } from './FilterPanel.tsx';

const T = MESSAGES.filters;

/** One chosen filter as the listing shows it: its text and the change that removes it. */
export interface ChosenFilter {
  /** Stable among the chips of one state: `kissing_types:Light`. */
  id: string;
  label: string;
  remove: FilterUpdate;
}

/** Language and race names by id, from the lookups the panel lists (absent while they load). */
export interface LookupNames {
  language?: ReadonlyMap<number, string>;
  race?: ReadonlyMap<number, string>;
}

const CALL_LABELS: Record<string, string> = {
  Incall: T.incall,
  Outcall: T.outcall,
  'Outcall/Incall': T.both,
};

function chip(section: FilterSection, option: string, id: string, remove: FilterUpdate): ChosenFilter {
  return { id, label: fillTemplate(T.chip, { section: T[section], option }), remove };
}

const yesNo = (value: string) => (value === 'yes' ? T.yes : T.no);

function rangeChips(
  section: 'age' | 'donation',
  key: 'age' | 'donation_hour',
  range: Range | undefined,
  unit: string,
): ChosenFilter[] {
  if (!isActiveRange(range)) return [];
  const option = fillTemplate(T.chipRange, { min: `${unit}${range[0]}`, max: `${unit}${range[1]}` });
  return [chip(section, option, key, (f) => setRange(f, key, NA))];
}

function parentChips(parent: ParentKey, filters: FilterState): ChosenFilter[] {
  const { key } = SUBTYPES[parent];
  const subtypes = filters[key] ?? [];
  // Sub-types stand for their parent's Yes: each is a chip, the Yes is not one more.
  if (subtypes.length > 0) {
    return subtypes.map((option) =>
      chip(parent, SUBTYPE_LABELS[option] ?? option, `${key}:${option}`, (f) =>
        setSubtype(f, parent, option, false),
      ),
    );
  }
  const value = filters[parent];
  return value ? [chip(parent, yesNo(value), parent, (f) => setRadio(f, parent, NA))] : [];
}

function callChips(filters: FilterState): ChosenFilter[] {
  const call = filters.call ?? [];
  if (CALL_OPTIONS.every((option) => call.includes(option))) {
    return [chip('call', T.both, 'call:Both', (f) => setCall(f, 'Both', false))];
  }
  return call.map((option) =>
    chip('call', CALL_LABELS[option] ?? option, `call:${option}`, (f) => setCall(f, option, false)),
  );
}

/** CIM and Anywhere as one chip each when all their options are chosen, as the panel ticks them. */
function cumChips(filters: FilterState): ChosenFilter[] {
  const chosen: readonly string[] = filters.cum_type ?? [];
  const all = (list: readonly string[]) => list.every((option) => chosen.includes(option));
  const chips: ChosenFilter[] = [];
  const cim = all(CUM_MOUTH);
  const anywhere = all(CUM_PLACES);
  if (cim) chips.push(chip('cum', T.cim, 'cum:CIM', (f) => setCum(f, 'CIM', false)));
  if (anywhere) chips.push(chip('cum', T.cumAnywhere, 'cum:Anywhere', (f) => setCumPlaces(f, false)));
  for (const option of [...CUM_MOUTH, ...CUM_PLACES]) {
    if (!chosen.includes(option)) continue;
    const mouth = (CUM_MOUTH as readonly string[]).includes(option);
    if ((cim && mouth) || (anywhere && !mouth)) continue;
    chips.push(chip('cum', option, `cum_type:${option}`, (f) => setCum(f, option, false)));
  }
  return chips;
}

function lookupChips(kind: 'language' | 'race', filters: FilterState, names: LookupNames): ChosenFilter[] {
  return (filters[kind] ?? []).map((id) =>
    chip(kind, names[kind]?.get(id) ?? String(id), `${kind}:${id}`, (f) => setListOption(f, kind, id, false)),
  );
}

function listChips(kind: 'personality' | 'grooming', filters: FilterState): ChosenFilter[] {
  return (filters[kind] ?? []).map((option) =>
    chip(kind, option, `${kind}:${option}`, (f) => setListOption(f, kind, option, false)),
  );
}

function sectionChips(section: FilterSection, filters: FilterState, names: LookupNames): ChosenFilter[] {
  switch (section) {
    case 'language':
    case 'race':
      return lookupChips(section, filters, names);
    case 'call':
      return callChips(filters);
    case 'age':
      return rangeChips('age', 'age', filters.age, '');
    case 'donation':
      return rangeChips('donation', 'donation_hour', filters.donation_hour, '$');
    case 'kissing':
    case 'fellatio':
    case 'anilingus':
    case 'vaginal':
    case 'anal':
      return parentChips(section, filters);
    case 'cunnilingus':
    case 'threesome':
    case 'massage': {
      const value = filters[section];
      return value ? [chip(section, yesNo(value), section, (f) => setRadio(f, section, NA))] : [];
    }
    case 'cum':
      return cumChips(filters);
    case 'personality':
    case 'grooming':
      return listChips(section, filters);
  }
}

/**
 * The chosen filters in the panel's order, one chip per option ticked (a section's Yes or No, a
 * range, CIM and Anywhere for their groups), each removed through the domain's linkage rules as the
 * panel would untick it.
 */
export function chosenFilters(filters: FilterState, names: LookupNames = {}): ChosenFilter[] {
  return FILTER_SECTIONS.flatMap((section) => sectionChips(section, filters, names));
}

/** Whether any of a section's keys holds a choice (a range only when it filters). */
export function hasChoice(section: FilterSection, filters: FilterState): boolean {
  return SECTION_KEYS[section].some((key) => {
    const value = filters[key];
    if (key === 'age' || key === 'donation_hour') return isActiveRange(value as Range | undefined);
    return Array.isArray(value) ? value.length > 0 : value !== undefined;
  });
}

/** The sections holding a choice, in the panel's order: those a sheet opens with. */
export function sectionsWithChoice(filters: FilterState): FilterSection[] {
  return FILTER_SECTIONS.filter((section) => hasChoice(section, filters));
}
