import { MESSAGES } from '@app/domain';
import { ApiError, apiRequest, buildApiUrl, replyError } from './client.ts';
import type { CallOptions, UploadedFile } from './client.ts';
import { readItem, STORAGE_KEYS } from '../lib/storage.ts';

/*
 * The web client's uploads, both to `POST /api/upload`: `apiUpload` through the client's fetch (files
 * and plain fields, no progress) and `uploadFile` through XMLHttpRequest (one file with its progress).
 * A refusal reads the same way in both (`replyError`).
 */

/** What an upload is for: `docs` makes it private (the provider's ID documents, contract "Uploads"). */
export type UploadPurpose = 'public' | 'docs';

/** A refusal's body as JSON, or undefined (a proxy's HTML page, say). */
function parseBody(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/**
 * Uploads one file to `POST /api/upload` (multipart field `files`) with XMLHttpRequest, whose upload
 * events report progress (fetch has none). `onProgress` gets 0 to 100. Resolves with the stored
 * file; rejects with an ApiError (status 0 when no reply arrived), like the other API calls.
 */
export function uploadFile(
  file: File,
  purpose: UploadPurpose,
  onProgress: (percent: number) => void = () => undefined,
): Promise<UploadedFile> {
  return new Promise((resolve, reject) => {
    const form = new FormData();
    if (purpose === 'docs') form.append('purpose', 'docs');
    form.append('files', file);
    const xhr = new XMLHttpRequest();
    xhr.open('POST', buildApiUrl('/upload'));
    xhr.setRequestHeader('Accept', 'application/json');
    const token = readItem(STORAGE_KEYS.token);
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0)
        onProgress(Math.min(100, Math.round((event.loaded / event.total) * 100)));
    };
    xhr.onload = () => {
      if (xhr.status < 200 || xhr.status >= 300) {
        // No status text: a refusal without Strapi's body shows the generic warning, as before.
        reject(replyError(xhr.status, '', parseBody(xhr.responseText)));
        return;
      }
      try {
        const files = JSON.parse(xhr.responseText) as UploadedFile[];
        const stored = Array.isArray(files) ? files[0] : undefined;
        if (!stored) throw new Error('empty upload answer');
        onProgress(100);
        resolve(stored);
      } catch {
        reject(new ApiError(xhr.status, MESSAGES.toast.genericWarning, 'InvalidResponse'));
      }
    };
    xhr.onerror = () => reject(new ApiError(0, MESSAGES.toast.networkError, 'NetworkError'));
    xhr.onabort = () => reject(new ApiError(0, MESSAGES.toast.networkError, 'NetworkError'));
    xhr.send(form);
  });
}

/**
 * Uploads files as multipart to `POST /api/upload`, each under the field `files` (spec 000 §7).
 * `extra` adds plain fields, e.g. Strapi's `ref`, `refId`, `field` to attach the files to a record.
 */
export function apiUpload<T = UploadedFile[]>(
  files: File | Blob | Iterable<File | Blob> | ArrayLike<File | Blob>,
  extra: Record<string, string | number | Blob> = {},
  options: CallOptions = {},
): Promise<T> {
  const form = new FormData();
  const list: (File | Blob)[] = files instanceof Blob ? [files] : Array.from(files);
  for (const file of list) form.append('files', file);
  for (const [key, value] of Object.entries(extra)) {
    form.append(key, value instanceof Blob ? value : String(value));
  }
  return apiRequest<T>('/upload', { ...options, method: 'POST', body: form });
}
