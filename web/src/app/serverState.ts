import type { DehydratedState } from '@tanstack/react-query';

/** The id of the `<script type="application/json">` that holds the server's render's answers. */
export const SERVER_STATE_ELEMENT_ID = 'ltf-state';

/**
 * The answers the server's render of this page used, or undefined when the page was not rendered there.
 * They count as fetched now, as the page arrived: the server keeps a rendered page only until something
 * is written, and a minute at most (server-render.ts), so a kept page holds what the API answers now;
 * read as old as the render, its answers would be asked again at once (their `staleTime` is shorter).
 */
export function readServerState(now = Date.now()): DehydratedState | undefined {
  const element = document.getElementById(SERVER_STATE_ELEMENT_ID);
  if (!element) return undefined;
  element.remove();
  let state: DehydratedState;
  try {
    state = JSON.parse(element.textContent ?? '') as DehydratedState;
  } catch {
    return undefined;
  }
  return {
    ...state,
    queries: state.queries.map((query) => ({ ...query, state: { ...query.state, dataUpdatedAt: now } })),
  };
}
