import type { TPagingLimits } from '../paging.ts';

/**
 * Saved providers: a hobbyist's list of ads to come back to (one save per hobbyist and ad). Each
 * saved ad is answered with its state now: shown to the public, hidden (waiting for review, its
 * package ended, its owner blocked) or gone (deleted; the name and city it had when saved remain).
 */
export const SAVED_STATES = ['shown', 'hidden', 'gone'] as const;
export type TSavedState = (typeof SAVED_STATES)[number];

/** One entry of `GET /api/saved-providers`. */
export interface TSavedProvider {
  /** The ad's id; null once the ad is gone. */
  provider: number | null;
  /** The stage name (or title) and city the ad had when saved, or has now while it exists. */
  name: string;
  city: string;
  state: TSavedState;
  savedAt: string;
}

/** The Saved providers page: 20 a page, at most 100. */
export const SAVED_PAGING: TPagingLimits = { defaultPageSize: 20, maxPageSize: 100 };
