/**
 * Loads `path` as a fresh page: after logout nothing held in memory by the old session (query
 * cache, component state) may survive (spec 000 §2: Logout goes to / and reloads).
 */
export function loadPage(path: string): void {
  window.location.assign(path);
}
