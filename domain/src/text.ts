import { z } from 'zod';

/** A required text, trimmed, at most `max` characters: `required` when empty, `tooLong` past the limit. */
export const trimmedText = (max: number, required: string, tooLong: string) =>
  z.string({ error: required }).trim().min(1, required).max(max, tooLong);
