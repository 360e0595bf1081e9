import { useState } from 'react';
import { FileField } from '../../ui/FormField.tsx';
import type { UploadPurpose } from '../../api/upload.ts';
import { FileProgress } from './FileProgress.tsx';
import { isVideoFile, VIDEO_ACCEPT } from './feedback.ts';
import { usePickedFiles } from './usePickedFiles.ts';

/**
 * A file field a page keeps itself (not in its react-hook-form form): the picked files, uploaded when
 * the page submits, and the field's own error.
 */
export function useFileField(purpose: UploadPurpose) {
  const picked = usePickedFiles(purpose);
  const [error, setError] = useState<string | undefined>();
  return { ...picked, error, setError };
}

export type FileFieldState = ReturnType<typeof useFileField>;

/** Keeps the first picked file when it is a video; anything else is refused with `message`. */
export function pickVideo(field: FileFieldState, files: File[], message: string): void {
  const picked = files.slice(0, 1);
  const ok = picked.every(isVideoFile);
  field.pick(ok ? picked : []);
  field.setError(ok ? undefined : message);
}

/** Keeps the first picked image (the one picture of a place); none is refused with `message`. */
export function pickImage(field: FileFieldState, files: File[], message: string): void {
  const picked = files.filter((file) => file.type.startsWith('image/')).slice(0, 1);
  field.pick(picked);
  field.setError(picked.length ? undefined : message);
}

/** A file input the page keeps itself, its error and help below it, then each picked file's progress. */
export function PickedFileField({
  id,
  field,
  label,
  help,
  accept,
  multiple = false,
  onPick,
  className,
}: {
  id: string;
  field: FileFieldState;
  label: string;
  help: string;
  accept: string;
  multiple?: boolean;
  /** What a pick does with the chosen files. */
  onPick: (files: File[]) => void;
  className?: string;
}) {
  return (
    <>
      <FileField
        id={id}
        label={label}
        accept={accept}
        multiple={multiple}
        onChange={(event) => onPick(Array.from(event.target.files ?? []))}
        error={field.error ? { message: field.error } : undefined}
        help={help}
        helpBlock
        className={className}
      />
      <FileProgress items={field.items} label={label} />
    </>
  );
}

/** The texts of a video field, as the ad and place forms name them. */
export interface VideoFieldTexts {
  video: string;
  videoHelp: string;
  videoType: string;
}

/** The optional video of a new ad or place: one MP4 or WebM file, anything else refused on the field. */
export function VideoField({
  id,
  field,
  texts,
}: {
  id: string;
  field: FileFieldState;
  texts: VideoFieldTexts;
}) {
  return (
    <PickedFileField
      id={id}
      field={field}
      label={texts.video}
      help={texts.videoHelp}
      accept={VIDEO_ACCEPT}
      onPick={(files) => pickVideo(field, files, texts.videoType)}
    />
  );
}
