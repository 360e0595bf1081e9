import { useSyncExternalStore } from 'react';

const QUERY = '(prefers-reduced-motion: reduce)';

/** The media query list, where the browser has one (not on the server, nor in every test DOM). */
function motionQuery(): MediaQueryList | undefined {
  return typeof window !== 'undefined' && typeof window.matchMedia === 'function'
    ? window.matchMedia(QUERY)
    : undefined;
}

function subscribe(onChange: () => void): () => void {
  const list = motionQuery();
  list?.addEventListener?.('change', onChange);
  return () => list?.removeEventListener?.('change', onChange);
}

/**
 * Whether the visitor asked for less motion (`prefers-reduced-motion: reduce`), followed as they change
 * it. False where it cannot be asked (the server's render).
 */
export function usePrefersReducedMotion(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => motionQuery()?.matches ?? false,
    () => false,
  );
}
