import { z } from 'zod';

/** A required text, trimmed, at most `max` characters: `required` when empty, `tooLong` past the limit. */
export const trimmedText = (max: number, required: string, tooLong: string) =>
  z.string({ error: required }).trim().min(1, required).max(max, tooLong);

/** Fills `{name}` placeholders of a catalogue text; unknown ones stay as they are. */
export function fillTemplate(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{(\w+)\}/g, (whole, key: string) =>
    values[key] === undefined ? whole : String(values[key]),
  );
}
