import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { uploadFile } from '../../api/upload.ts';
import type { UploadPurpose } from '../../api/upload.ts';

export type UploadState = 'waiting' | 'uploading' | 'done' | 'failed';

export interface PickedFile {
  file: File;
  /** 0 to 100. */
  progress: number;
  state: UploadState;
}

/** Object URLs of `files` (photo and video previews), revoked when the files change or the page closes. */
export function useObjectUrls(files: readonly File[]): string[] {
  const urls = useMemo(() => files.map((file) => URL.createObjectURL(file)), [files]);
  useEffect(() => () => urls.forEach((url) => URL.revokeObjectURL(url)), [urls]);
  return urls;
}

/**
 * Files picked in one file input, each uploaded on its own with its progress (spec 001 §2). A file uploaded once keeps its id, so a submit that failed later does not send it again.
 */
export function usePickedFiles(purpose: UploadPurpose) {
  const [files, setFiles] = useState<File[]>([]);
  const [status, setStatus] = useState<Map<File, { progress: number; state: UploadState }>>(new Map());
  const uploaded = useRef(new WeakMap<File, number>());

  const update = useCallback((file: File, progress: number, state: UploadState) => {
    setStatus((current) => new Map(current).set(file, { progress, state }));
  }, []);

  const pick = useCallback((picked: File[]) => {
    setFiles(picked);
    setStatus(new Map());
  }, []);

  /** Uploads the files not uploaded yet, one after the other; the ids in the files' order. */
  const uploadAll = useCallback(async (): Promise<number[]> => {
    const ids: number[] = [];
    for (const file of files) {
      const known = uploaded.current.get(file);
      if (known !== undefined) {
        ids.push(known);
        continue;
      }
      update(file, 0, 'uploading');
      try {
        const stored = await uploadFile(file, purpose, (progress) => update(file, progress, 'uploading'));
        uploaded.current.set(file, stored.id);
        update(file, 100, 'done');
        ids.push(stored.id);
      } catch (error) {
        update(file, 0, 'failed');
        throw error;
      }
    }
    return ids;
  }, [files, purpose, update]);

  const items: PickedFile[] = files.map((file) => ({
    file,
    ...(status.get(file) ?? { progress: 0, state: 'waiting' }),
  }));

  return { files, items, pick, uploadAll, isUploading: items.some((i) => i.state === 'uploading') };
}
