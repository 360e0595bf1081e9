/**
 * The directory's search (`search=` beside the facet parameters): a term of a few words matched against
 * an ad's stage name, title and city, each word anywhere in them (not only at a word's start); a term of
 * digits and phone punctuation only is matched against the ad's phone digits, anywhere in the number.
 */

export const SEARCH_LIMITS = {
  /** Shorter terms would match nearly everything. */
  minLength: 2,
  maxLength: 64,
  /** At most this many words are matched (the others are dropped). */
  maxWords: 5,
} as const;

/** The term as the URL and the server keep it: trimmed, inner spaces collapsed; undefined when empty. */
export function normalizeSearch(raw: string | undefined | null): string | undefined {
  const term = (raw ?? '').replace(/\s+/g, ' ').trim();
  return term === '' ? undefined : term;
}

/** What a term looks for: digits of a phone number, or words of names, titles and cities (lower case). */
export type SearchTerm = { kind: 'phone'; digits: string } | { kind: 'text'; words: string[] };

/** How a (normalized) term is matched. */
export function searchTermOf(term: string): SearchTerm {
  if (/^[\d\s().+-]+$/.test(term) && /\d/.test(term))
    return { kind: 'phone', digits: term.replace(/\D/g, '') };
  const words = [...new Set(term.toLowerCase().split(' ').filter(Boolean))].slice(0, SEARCH_LIMITS.maxWords);
  return { kind: 'text', words };
}
