import { z } from 'zod';

// Apart from text.ts: importing zod keeps all of it in a bundle (its locale set-up runs on import), so the
// first page, which fills templates but validates nothing, must not reach zod through text.ts.

/** A required text, trimmed, at most `max` characters: `required` when empty, `tooLong` past the limit. */
export const trimmedText = (max: number, required: string, tooLong: string) =>
  z.string({ error: required }).trim().min(1, required).max(max, tooLong);
