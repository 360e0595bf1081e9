/**
 * What the upload API answers when it refuses a video. The length limit is
 * MAX_VIDEO_SECONDS (constants.ts, spec 001 §9); the text that names it agrees with it (tested).
 */
export const MEDIA_MESSAGES = {
  videoUpload: {
    unreadable: 'This video could not be read. Please upload an MP4, MOV or WebM video.',
    noDuration:
      'The length of this video could not be read. Please save it again as MP4 or WebM and upload it.',
    tooLong: 'A video may be at most 30 seconds long. Please shorten it and upload it again.',
  },
  upload: {
    accountDailyLimit: "Today's upload limit for your account has been reached. Please try again tomorrow.",
    /** `DELETE /api/upload/files/:id` of a file an ad, a place, a product or an account still names (a 409). */
    fileInUse:
      'This file is still in use by an ad, a place, a product or a profile: replace or remove it there first, then delete it.',
    /** The file storage (the disk or the bucket) failing (a 503): an upload keeps nothing, a read can be tried again. */
    storageUnavailable:
      'The file storage is not available just now, so nothing was saved. Please try again in a few minutes.',
  },
} as const;
