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
    if ('formats' in rest) {
      // Like Strapi: videos and other files without formats have `formats: null`.
      const formats = rest.formats as Record<string, Record<string, unknown>> | null;
      out.formats = formats
        ? Object.fromEntries(
            Object.entries(formats).map(([name, f]) => [
              name,
              { ...f, url: fileUrl(row, { name, ext: f.ext }) },
            ]),
          )
        : null;
    }
    return out;
  },
});
