import { useCallback, useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';

/** How long typing rests before the search runs. */
export const SEARCH_DEBOUNCE_MS = 300;

function pageOf(value: string | null): number {
  const page = Number(value);
  return Number.isInteger(page) && page > 0 ? page : 1;
}

/**
 * The screening page's search, kept in the URL (`?q=` and `?page=`): the text typed, the search and
 * page it has settled on, and the ways to change them. Typing settles for a moment before the search
 * (and the URL) follows it; a new search starts at page 1. `onSearched` runs when typing lands.
 */
export function useScreeningSearch(onSearched: () => void) {
  const [params, setParams] = useSearchParams();
  const query = params.get('q') ?? '';
  const page = pageOf(params.get('page'));
  const [text, setText] = useState(query);

  useEffect(() => {
    if (text.trim() === query) return;
    const timer = window.setTimeout(() => {
      setParams(text.trim() ? { q: text.trim() } : {}, { replace: true });
      onSearched();
    }, SEARCH_DEBOUNCE_MS);
    return () => window.clearTimeout(timer);
  }, [text, query, setParams, onSearched]);

  /** Runs the search typed now, without waiting. */
  const searchNow = () => setParams(text.trim() ? { q: text.trim() } : {}, { replace: true });
  /** Shows these digits' records: the field and the URL both. */
  const showDigits = (digits: string) => {
    setText(digits);
    setParams({ q: digits }, { replace: true });
  };
  const setPage = useCallback(
    (next: number) => setParams(query ? { q: query, page: String(next) } : { page: String(next) }),
    [query, setParams],
  );
  return { query, page, text, setText, searchNow, showDigits, setPage };
}
