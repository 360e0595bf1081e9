import { useEffect, useRef, useState } from 'react';
import type { ChangeEvent, FormEvent } from 'react';
import { Form } from 'react-bootstrap';
import { toast } from 'react-toastify';
import { MESSAGES } from '@app/domain';
import { FileField } from '../../ui/FormField.tsx';
import { SubmitButton } from '../../ui/SubmitButton.tsx';
import { FileProgress } from './FileProgress.tsx';
import { isVideoFile, UPLOAD_FAILURE, uploadRefusal, VIDEO_ACCEPT } from './feedback.ts';
import type { usePickedFiles } from './usePickedFiles.ts';
import { toastApiFailure } from '../../api/toastApiFailure.ts';

/** What Replace Files is told: its texts, which files it takes, and what saving them means. */
interface ReplaceFilesProps {
  id: string;
  /** The form's accessible name (the label by default). */
  title?: string;
  label: string;
  help: string;
  accept: string;
  /** More than one: the input takes several files, the first `maxFiles` kept. */
  maxFiles?: number;
  accepts: (file: File) => boolean;
  picked: ReturnType<typeof usePickedFiles>;
  /** Under the input when a picked file is refused or Upload is pressed with none (the server's reason replaces it). */
  invalidMessage: string;
  /** Also a warning toast when Upload is pressed with no file. */
  emptyToast?: string;
  successMessage: string;
  onSaveFailure: (error: unknown) => void;
  onUploaded: (ids: number[]) => Promise<unknown>;
}

/**
 * One file input with its progress and an Upload button, in a form of its own: Change Image and
 * Change Video of Edit Ad, Edit Place and Edit Product (the server deletes the replaced file). The
 * files are uploaded, then `onUploaded` gets their ids and saves them.
 */
export function ReplaceFilesForm(props: ReplaceFilesProps) {
  const { id, title, label, help, accept, maxFiles = 1, picked } = props;
  const { inputRef, busy, error, handlePick, handleUpload } = useReplaceFiles(props);
  return (
    <Form noValidate onSubmit={handleUpload} aria-label={title ?? label} className="mb-4">
      <fieldset disabled={busy}>
        <FileField
          id={id}
          ref={inputRef}
          label={label}
          accept={accept}
          multiple={maxFiles > 1}
          onChange={handlePick}
          error={error ? { message: error } : undefined}
          help={help}
          helpBlock
        />
        <FileProgress items={picked.items} label={label} />
        <SubmitButton submitting={busy} variant="outline-secondary">
          <i className="bi bi-upload me-1" aria-hidden="true" />
          {MESSAGES.adForm.upload}
        </SubmitButton>
      </fieldset>
    </Form>
  );
}

/** Change Image: image files only (up to `maxFiles`), anything else refused with `invalidMessage`. */
export function ReplaceImageForm(props: Omit<ReplaceFilesProps, 'accept' | 'accepts'>) {
  return <ReplaceFilesForm {...props} accept="image/*" accepts={(file) => file.type.startsWith('image/')} />;
}

/** The texts of a Change Video form, as the ad and place forms name them. */
export interface ReplaceVideoTexts {
  changeVideo: string;
  videoHelp: string;
  videoType: string;
}

/** Change Video: one MP4 or WebM file, anything else refused with the `videoType` text. */
export function ReplaceVideoForm({
  texts,
  ...props
}: Omit<ReplaceFilesProps, 'label' | 'help' | 'accept' | 'accepts' | 'invalidMessage' | 'maxFiles'> & {
  texts: ReplaceVideoTexts;
}) {
  return (
    <ReplaceFilesForm
      {...props}
      label={texts.changeVideo}
      help={texts.videoHelp}
      accept={VIDEO_ACCEPT}
      accepts={isVideoFile}
      invalidMessage={texts.videoType}
    />
  );
}

/**
 * The form's state: the picked files checked against `accepts` (the first `maxFiles` kept), the upload,
 * then the save; a file the server refuses shows its reason under the input, which is focused again.
 */
function useReplaceFiles({
  id,
  maxFiles = 1,
  accepts,
  picked,
  invalidMessage,
  emptyToast,
  successMessage,
  onSaveFailure,
  onUploaded,
}: ReplaceFilesProps) {
  const inputRef = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | undefined>();
  // Bumped when the server refuses the file: the input is focused once the form is enabled again.
  const [refusals, setRefusals] = useState(0);
  useEffect(() => {
    if (refusals > 0) inputRef.current?.focus();
  }, [refusals]);

  const handlePick = (event: ChangeEvent<HTMLInputElement>) => {
    const files = Array.from(event.target.files ?? []);
    const ok = files.filter(accepts).slice(0, maxFiles);
    picked.pick(ok);
    setError(ok.length === files.length ? undefined : invalidMessage);
  };

  const handleUpload = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (picked.files.length === 0) {
      if (emptyToast) toast.warning(emptyToast, { toastId: `${id}-empty` });
      setError(invalidMessage);
      inputRef.current?.focus();
      return;
    }
    setBusy(true);
    try {
      let ids: number[];
      try {
        ids = await picked.uploadAll();
      } catch (uploadError) {
        // A file the server refused (not an image, too large…): its reason under the input.
        const refusal = uploadRefusal(uploadError);
        if (refusal) {
          setError(refusal);
          setRefusals((n) => n + 1);
        } else {
          toastApiFailure(uploadError, UPLOAD_FAILURE);
        }
        return;
      }
      try {
        await onUploaded(ids);
      } catch (saveError) {
        onSaveFailure(saveError);
        return;
      }
      toast.success(successMessage);
      picked.pick([]);
      if (inputRef.current) inputRef.current.value = '';
    } finally {
      setBusy(false);
    }
  };

  return { inputRef, busy, error, handlePick, handleUpload };
}
