import { fieldError } from '../errors.ts';

/* What the query parsers share: the 400 that names a parameter, and the shapes `qs` decodes to. */

/** A 400 naming the parameter at `path` (`filters[title][$eq]`) in Strapi's `details.errors[].path`. */
export function fail(path: string, message: string): never {
  throw fieldError(path.split(/[[\]]+/).filter(Boolean), message, {
    title: `Invalid parameter ${path}: ${message}`,
  });
}

export function isPlainObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** qs turns long arrays into objects with numeric keys; accept both. */
export function asList(v: unknown): unknown[] | undefined {
  if (Array.isArray(v)) return v;
  if (isPlainObject(v) && Object.keys(v).every((k) => /^\d+$/.test(k))) {
    return Object.keys(v)
      .sort((a, b) => Number(a) - Number(b))
      .map((k) => v[k]);
  }
  return undefined;
}

/** qs keeps lists longer than its arrayLimit as objects with numeric keys; this tells them from other objects. */
export function isNumericKeyed(v: unknown): boolean {
  return isPlainObject(v) && Object.keys(v).length > 0 && Object.keys(v).every((k) => /^\d+$/.test(k));
}
