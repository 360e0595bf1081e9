import { MESSAGES } from '@app/domain';
import { ApiError, buildApiUrl, replyError } from './client.ts';
import type { UploadedFile } from './client.ts';
import { readItem, STORAGE_KEYS } from '../lib/storage.ts';

/*
 * The web client's one uploader to `POST /api/upload`: XMLHttpRequest, because its upload events
 * report progress (fetch has none). A refusal reads like any other API call's (`replyError`).
 */

/** What an upload is for: `docs` makes it private (the provider's ID documents, contract "Uploads"). */
export type UploadPurpose = 'public' | 'docs';

export interface UploadOptions {
  /** `docs` stores the files privately; public by default. */
  purpose?: UploadPurpose;
  /** Plain form fields sent beside the files, e.g. Strapi's `ref`, `refId`, `field`. */
  fields?: Record<string, string | number | Blob>;
  /** Send the session's bearer token when there is one (default true). */
  auth?: boolean;
  /** Gets the progress of the whole request, 0 to 100. */
  onProgress?: (percent: number) => void;
}

/** A refusal's body as JSON, or undefined (a proxy's HTML page, say). */
function parseBody(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

function uploadForm(
  files: readonly (File | Blob)[],
  purpose: UploadPurpose,
  fields: UploadOptions['fields'],
) {
  const form = new FormData();
  if (purpose === 'docs') form.append('purpose', 'docs');
  for (const [key, value] of Object.entries(fields ?? {})) {
    form.append(key, value instanceof Blob ? value : String(value));
  }
  for (const file of files) form.append('files', file);
  return form;
}

/**
 * Uploads files as multipart (each under the field `files`, spec 000 §7). Resolves with the stored
 * files in order; rejects with an ApiError (status 0 when no reply arrived), like the other API calls.
 */
export function uploadFiles<T extends UploadedFile = UploadedFile>(
  files: File | Blob | readonly (File | Blob)[],
  options: UploadOptions = {},
): Promise<T[]> {
  const { purpose = 'public', fields, auth = true, onProgress = () => undefined } = options;
  const list: readonly (File | Blob)[] = files instanceof Blob ? [files] : files;
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', buildApiUrl('/upload'));
    xhr.setRequestHeader('Accept', 'application/json');
    const token = auth ? readItem(STORAGE_KEYS.token) : null;
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0)
        onProgress(Math.min(100, Math.round((event.loaded / event.total) * 100)));
    };
    xhr.onload = () => {
      if (xhr.status < 200 || xhr.status >= 300) {
        // No status text: a refusal without Strapi's body shows the generic warning.
        reject(replyError(xhr.status, '', parseBody(xhr.responseText)));
        return;
      }
      const stored = parseBody(xhr.responseText);
      if (!Array.isArray(stored) || stored.length === 0) {
        reject(new ApiError(xhr.status, MESSAGES.toast.genericWarning, 'InvalidResponse'));
        return;
      }
      onProgress(100);
      resolve(stored as T[]);
    };
    xhr.onerror = () => reject(new ApiError(0, MESSAGES.toast.networkError, 'NetworkError'));
    xhr.onabort = () => reject(new ApiError(0, MESSAGES.toast.networkError, 'NetworkError'));
    xhr.send(uploadForm(list, purpose, fields));
  });
}

/** One file through `uploadFiles`, resolving with the stored file (the media pickers' shorthand). */
export async function uploadFile(
  file: File,
  purpose: UploadPurpose,
  onProgress?: (percent: number) => void,
): Promise<UploadedFile> {
  const [stored] = await uploadFiles(file, { purpose, onProgress });
  if (!stored) throw new ApiError(0, MESSAGES.toast.genericWarning, 'InvalidResponse');
  return stored;
}
