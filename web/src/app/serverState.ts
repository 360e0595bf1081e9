import type { DehydratedState } from '@tanstack/react-query';

/** The id of the `<script type="application/json">` that holds the server's render's answers. */
export const SERVER_STATE_ELEMENT_ID = 'ltf-state';

/** The answers the server's render of this page used, or undefined when the page was not rendered there. */
export function readServerState(): DehydratedState | undefined {
  const element = document.getElementById(SERVER_STATE_ELEMENT_ID);
  if (!element) return undefined;
  element.remove();
  try {
    return JSON.parse(element.textContent ?? '') as DehydratedState;
  } catch {
    return undefined;
  }
}
