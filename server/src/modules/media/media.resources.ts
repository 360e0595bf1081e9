import { defineResource, timestamps } from '../../http/strapi/resource.ts';

/**
 * Where a stored file (or one of its formats, named with its own extension: a JPEG's formats are
 * WebP) is served: public files by a cacheable static URL, private ones only through the API.
 */
export function fileUrl(row: Record<string, unknown>, format?: { name: string; ext: unknown }) {
  if (Number(row.is_private) === 1) {
    return `/api/upload/files/${String(row.id)}/content${format ? `?format=${format.name}` : ''}`;
  }
  return format
    ? `/uploads/${format.name}_${String(row.storage_key)}${String(format.ext ?? row.ext)}`
    : `/uploads/${String(row.storage_key)}${String(row.ext)}`;
}

/**
 * A file's stored `formats` as shown: each format with its own url. Like Strapi, videos and other files
 * without formats have `formats: null` (so has anything stored that is not an object of formats).
 * The lean listing renders the same through this function (directory.page-formats.ts).
 */
export function formatsWithUrls(row: Record<string, unknown>, formats: unknown): unknown {
  if (!formats || typeof formats !== 'object' || Array.isArray(formats)) return null;
  return Object.fromEntries(
    Object.entries(formats as Record<string, unknown>).map(([name, f]) => [
      name,
      f && typeof f === 'object' && !Array.isArray(f)
        ? { ...f, url: fileUrl(row, { name, ext: (f as { ext?: unknown }).ext }) }
        : f,
    ]),
  );
}

/**
 * Uploaded files as Strapi's upload plugin shows them. `storage_key` is selected to build the URL but
 * never declared, so it cannot be filtered or sorted on.
 */
export const fileResource = defineResource({
  name: 'file',
  table: 'files',
  fields: {
    name: { type: 'string' },
    ext: { type: 'string' },
    mime: { type: 'string' },
    size: { type: 'integer' },
    width: { type: 'integer' },
    height: { type: 'integer' },
    formats: { type: 'json' },
    isPrivate: { type: 'boolean', column: 'is_private' },
    storageKey: { type: 'string', column: 'storage_key', filterable: false, sortable: false },
    ...timestamps,
  },
  maxPageSize: 100,
  present: (attributes, row) => {
    const { storageKey: _omit, ...rest } = attributes;
    // A `fields` selection without the columns a URL is built from gets no URL rather than a wrong one.
    if (row.is_private === undefined || row.storage_key === undefined || row.ext === undefined) return rest;
    const out: Record<string, unknown> = { ...rest, url: fileUrl(row) };
    if ('formats' in rest) out.formats = formatsWithUrls(row, rest.formats);
    return out;
  },
});
