/**
 * Answers the server wrote into the page: the home page comes with its first listing in a
 * `<script type="application/json" data-url="/api/providers?…">` (server/src/http/plugins/web-shell.ts),
 * so its first render has the cards without waiting for a call. An answer is taken once, by the call
 * of exactly that URL, and then removed: later calls of the URL fetch as usual.
 */
export function takeInlineAnswer<T>(url: string): T | undefined {
  if (typeof document === 'undefined') return undefined;
  for (const element of document.querySelectorAll<HTMLScriptElement>(
    'script[type="application/json"][data-url]',
  )) {
    if (element.dataset.url !== url) continue;
    element.remove();
    try {
      return JSON.parse(element.textContent ?? '') as T;
    } catch {
      return undefined;
    }
  }
  return undefined;
}
