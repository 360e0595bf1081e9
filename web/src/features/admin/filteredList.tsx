import { useState } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import type { Paging } from '../../ui/PagedList.tsx';
import type { AdminPage } from './adminApi.ts';
import { FilterBar, FilterSelect, SearchBox, useAdminList, useAdminPaging } from './parts.tsx';

/**
 * A console list with filters: the filters' values (sent as the list's query, in the order given), the
 * page, and the list itself. Changing a filter goes back to the first page, since the old page number
 * means nothing in the new list.
 */
export function useFilteredList<T, K extends string>(
  path: string,
  initial: Record<K, string>,
): {
  filters: Record<K, string>;
  setFilter: (name: K, value: string) => void;
  paging: Paging;
  query: UseQueryResult<AdminPage<T>>;
} {
  const paging = useAdminPaging();
  const [filters, setFilters] = useState(initial);
  const query = useAdminList<T>(path, filters, paging);
  const setFilter = (name: K, value: string) => {
    setFilters((current) => ({ ...current, [name]: value }));
    paging.setPage(1);
  };
  return { filters, setFilter, paging, query };
}

/** One filter of a list: a select of `options` ('All' first unless `includeAll` is false), or a search box. */
export type ListFilter<K extends string> =
  | {
      name: K;
      label: string;
      options: readonly { value: string; label: string }[];
      allLabel?: string;
      includeAll?: boolean;
    }
  | { name: K; label: string; placeholder: string };

/** A list's filters in a row (`FilterBar`), each bound to its value in `useFilteredList`. */
export function ListFilters<K extends string>({
  fields,
  filters,
  onChange,
}: {
  fields: readonly ListFilter<K>[];
  filters: Record<K, string>;
  onChange: (name: K, value: string) => void;
}) {
  return (
    <FilterBar>
      {fields.map((field) =>
        'options' in field ? (
          <FilterSelect
            key={field.name}
            label={field.label}
            value={filters[field.name]}
            options={field.options}
            allLabel={field.allLabel}
            includeAll={field.includeAll}
            onChange={(value) => onChange(field.name, value)}
          />
        ) : (
          <SearchBox
            key={field.name}
            label={field.label}
            placeholder={field.placeholder}
            onSearch={(text) => onChange(field.name, text)}
          />
        ),
      )}
    </FilterBar>
  );
}
