import type { ApiErrorBody } from '@app/domain';
import { MESSAGES } from '@app/domain';
import { ApiError, buildApiUrl } from './client.ts';
import type { UploadedFile } from './client.ts';
import { readItem, STORAGE_KEYS } from '../lib/storage.ts';

/** What an upload is for: `docs` makes it private (the provider's ID documents, contract "Uploads"). */
export type UploadPurpose = 'public' | 'docs';

function errorOf(status: number, text: string): ApiError {
  try {
    const body = JSON.parse(text) as Partial<ApiErrorBody>;
    if (body.error && typeof body.error.message === 'string')
      return new ApiError(
        body.error.status ?? status,
        body.error.message,
        body.error.name,
        body.error.details,
      );
  } catch {
    // not JSON: reported by its status below
  }
  return new ApiError(status, MESSAGES.toast.genericWarning);
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
        reject(errorOf(xhr.status, xhr.responseText));
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
