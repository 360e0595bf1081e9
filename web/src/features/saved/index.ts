/** Saved providers: what other features use (the heart on the provider card). */
export { useSavedIds, useToggleSaved } from './api.ts';
