/** Picking, previewing and uploading photos and videos: the parts ads, places and products share. */
export { FileProgress } from './FileProgress.tsx';
export { isVideoFile, UPLOAD_FAILURE, uploadRefusal } from './feedback.ts';
export { ReplaceFilesForm } from './ReplaceFilesForm.tsx';
export { useObjectUrls, usePickedFiles } from './usePickedFiles.ts';
