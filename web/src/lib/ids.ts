/**
 * A record's id from a route parameter (`/ads/:id`, `/<kind>/:id`, `/productdetails/:id`): a positive whole
 * number of at most `maxDigits` digits, else null (the page shows Not Found, or its listing, and asks nothing).
 */
export function routeId(raw: string | undefined, maxDigits = 10): number | null {
  if (!raw || raw.length > maxDigits || !/^\d+$/.test(raw)) return null;
  const id = Number(raw);
  return id > 0 ? id : null;
}
