import { afterEach, describe, expect, it, vi } from 'vitest';
import { MESSAGES } from '@app/domain';
import { isApiError } from './client.ts';
import { STORAGE_KEYS } from '../lib/storage.ts';
import { uploadFile, uploadFiles } from './upload.ts';

/** A stand-in XMLHttpRequest that answers `status`/`body` after reporting upload progress. */
function fakeXhr(status: number, body: unknown) {
  const sent: { url?: string; headers: Record<string, string>; form?: FormData } = { headers: {} };
  class FakeXhr {
    status = 0;
    responseText = '';
    upload: { onprogress?: (e: { lengthComputable: boolean; loaded: number; total: number }) => void } = {};
    onload?: () => void;
    onerror?: () => void;
    onabort?: () => void;
    open(_method: string, url: string) {
      sent.url = url;
    }
    setRequestHeader(name: string, value: string) {
      sent.headers[name] = value;
    }
    send(form: FormData) {
      sent.form = form;
      this.upload.onprogress?.({ lengthComputable: true, loaded: 25, total: 100 });
      this.status = status;
      this.responseText = JSON.stringify(body);
      this.onload?.();
    }
  }
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  return sent;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('uploadFile', () => {
  it('posts the file with the token and reports its progress; docs are marked private', async () => {
    window.localStorage.setItem(STORAGE_KEYS.token, 'jwt');
    const sent = fakeXhr(201, [{ id: 9, name: 'id.png', url: '/uploads/id.png' }]);
    const progress: number[] = [];
    const file = new File(['x'], 'id.png', { type: 'image/png' });
    const stored = await uploadFile(file, 'docs', (p) => progress.push(p));
    expect(stored.id).toBe(9);
    expect(progress).toEqual([25, 100]);
    expect(sent.url).toBe('/api/upload');
    expect(sent.headers.Authorization).toBe('Bearer jwt');
    expect(sent.form?.get('purpose')).toBe('docs');
    expect((sent.form?.get('files') as File).name).toBe('id.png');
  });

  it("rejects with the server's message, and sends no purpose for public files", async () => {
    const sent = fakeXhr(400, {
      data: null,
      error: { status: 400, name: 'ValidationError', message: MESSAGES.videoUpload.tooLong, details: {} },
    });
    const error = await uploadFile(new File(['x'], 'v.mp4', { type: 'video/mp4' }), 'public').catch(
      (e: unknown) => e,
    );
    expect(isApiError(error) && error.isBadRequest && error.message).toBe(MESSAGES.videoUpload.tooLong);
    expect(sent.form?.get('purpose')).toBeNull();
  });

  it('sends several files with plain fields, and no token when asked to go anonymously', async () => {
    window.localStorage.setItem(STORAGE_KEYS.token, 'jwt');
    const sent = fakeXhr(201, [
      { id: 5, name: 'a.png', url: '/uploads/a.png' },
      { id: 6, name: 'b.png', url: '/uploads/b.png' },
    ]);
    const files = [
      new File(['x'], 'a.png', { type: 'image/png' }),
      new File(['y'], 'b.png', { type: 'image/png' }),
    ];
    const stored = await uploadFiles(files, {
      fields: { ref: 'plugin::users-permissions.user', refId: 3 },
      auth: false,
    });
    expect(stored.map((file) => file.id)).toEqual([5, 6]);
    expect(sent.form?.getAll('files')).toHaveLength(2);
    expect(sent.form?.get('refId')).toBe('3');
    expect(sent.form?.get('purpose')).toBeNull();
    expect(sent.headers.Authorization).toBeUndefined();
  });

  it('rejects an answer that lists no stored file', async () => {
    fakeXhr(201, []);
    await expect(uploadFiles(new File(['x'], 'a.png'))).rejects.toMatchObject({
      errorName: 'InvalidResponse',
    });
  });
});
