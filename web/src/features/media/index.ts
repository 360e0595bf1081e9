/** Picking, previewing and uploading photos and videos: the parts ads, places and products share. */
export { FileProgress } from './FileProgress.tsx';
export { UPLOAD_FAILURE, uploadRefusal } from './feedback.ts';
export { ReplaceImageForm, ReplaceVideoForm } from './ReplaceFilesForm.tsx';
export { PickedFileField, pickImage, useFileField, VideoField } from './PickedFileField.tsx';
export type { FileFieldState } from './PickedFileField.tsx';
export { submitWithFiles, useUploadThenSave } from './submitWithFiles.ts';
export { useObjectUrls, usePickedFiles } from './usePickedFiles.ts';
