/**
 * Strapi-style query strings (the `qs` bracket format Strapi's REST API reads):
 * `{ filters: { user: { id: { $eq: 1 } } } }` -> `filters[user][id][$eq]=1`,
 * arrays -> `key[0]=a&key[1]=b`. Null and undefined values, empty arrays and empty objects are left out.
 */
export type QueryPrimitive = string | number | boolean | Date | null | undefined;
export type QueryValue = QueryPrimitive | readonly QueryValue[] | QueryParams;
export interface QueryParams {
  readonly [key: string]: QueryValue;
}

/**
 * encodeURIComponent, but keeping the characters that are legal in a query component and that
 * Strapi queries are full of (`$eq`, `id:desc`, `a,b`), so URLs stay readable in logs.
 */
function encode(text: string): string {
  return encodeURIComponent(text).replace(/%24/g, '$').replace(/%3A/gi, ':').replace(/%2C/gi, ',');
}

function isPlainObject(value: unknown): value is QueryParams {
  return typeof value === 'object' && value !== null && !Array.isArray(value) && !(value instanceof Date);
}

function formatPrimitive(value: string | number | boolean | Date): string {
  if (value instanceof Date) return value.toISOString();
  return String(value);
}

function collect(prefix: string, value: QueryValue, out: string[]): void {
  if (value === null || value === undefined) return;
  if (Array.isArray(value)) {
    value.forEach((item: QueryValue, index) => collect(`${prefix}[${index}]`, item, out));
    return;
  }
  if (isPlainObject(value)) {
    for (const [key, child] of Object.entries(value)) collect(`${prefix}[${encode(key)}]`, child, out);
    return;
  }
  if (typeof value === 'number' && !Number.isFinite(value)) return;
  out.push(`${prefix}=${encode(formatPrimitive(value as string | number | boolean | Date))}`);
}

/** Serializes `query` without a leading `?`; returns '' when there is nothing to send. */
export function toQueryString(query: QueryParams | undefined): string {
  if (!query) return '';
  const out: string[] = [];
  for (const [key, value] of Object.entries(query)) collect(encode(key), value, out);
  return out.join('&');
}
