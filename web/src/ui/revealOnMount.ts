/**
 * A ref callback that scrolls an element into view when it appears: a confirmation or failure shown
 * above a form that the visitor, on a phone, has scrolled past.
 */
export function revealOnMount(element: HTMLElement | null): void {
  element?.scrollIntoView?.({ block: 'nearest', behavior: 'smooth' });
}
