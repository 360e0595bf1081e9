import { useId, useState } from 'react';
import type { FormEvent } from 'react';
import { useLocation, useNavigate } from 'react-router';
import {
  isListingPath,
  MESSAGES,
  normalizeSearch,
  parseDirectoryQuery,
  SEARCH_LIMITS,
  toDirectorySearch,
} from '@app/domain';
import { firstPagePath } from '../filterUrl.ts';

const T = MESSAGES.search;

/**
 * The header's search of the directory: stage name, title, city or phone digits. On the listing it keeps
 * the location and filters shown and starts again at page 1; elsewhere it opens the listing with the term.
 * Without JavaScript the form itself asks for `/?search=…`, which the server renders.
 */
export function SearchBox() {
  const id = useId();
  const { pathname, search: rawSearch } = useLocation();
  const navigate = useNavigate();
  // On the listing a search keeps its location and filters.
  const onListing = isListingPath(pathname);
  const current = onListing ? (parseDirectoryQuery(rawSearch).search ?? '') : '';
  // The box follows the URL's term (another search, Clear search, Back) until the visitor types.
  const [typed, setTyped] = useState<{ from: string; value: string } | undefined>(undefined);
  const value = typed && typed.from === current ? typed.value : current;

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const term = normalizeSearch(value);
    const base = onListing ? parseDirectoryQuery(rawSearch) : { filters: {}, location: {} };
    setTyped(undefined);
    void navigate(firstPagePath(toDirectorySearch({ ...base, search: term })));
  };

  return (
    <form
      role="search"
      aria-label={T.landmark}
      action="/"
      method="get"
      className="site-search input-group input-group-sm"
      onSubmit={submit}
    >
      <label htmlFor={id} className="input-group-text site-search__label">
        <i className="bi bi-search me-1" aria-hidden="true" />
        {T.label}
      </label>
      <input
        id={id}
        type="search"
        name="search"
        className="form-control"
        placeholder={T.placeholder}
        value={value}
        minLength={SEARCH_LIMITS.minLength}
        maxLength={SEARCH_LIMITS.maxLength}
        onChange={(event) => setTyped({ from: current, value: event.target.value })}
      />
      <button type="submit" className="btn btn-accent" aria-label={T.submit}>
        <i className="bi bi-arrow-right" aria-hidden="true" />
      </button>
    </form>
  );
}
