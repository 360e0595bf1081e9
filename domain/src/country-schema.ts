import { z } from 'zod';
import { countryCodeOf } from './countries.ts';
import { MESSAGES } from './messages.ts';

/**
 * A country as every route and form takes it (an address, an ad, a checkout, a city of the lookups): its
 * two-letter code or its English name, in any case ("US", "us", "United States", "USA"), read as the code,
 * which is what is stored and answered. Nothing at all is `required`; anything else is the field's 400
 * `countryUnknown`.
 */
export function countryField(required: string) {
  return z
    .string({ error: required })
    .trim()
    .min(1, { error: required, abort: true })
    .transform((text, ctx) => {
      const code = countryCodeOf(text);
      if (code !== undefined) return code;
      ctx.issues.push({ code: 'custom', message: MESSAGES.validation.countryUnknown, input: text });
      return z.NEVER;
    });
}
