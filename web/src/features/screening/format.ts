import { phoneDigits } from '@app/domain';

/**
 * A stored phone number (digits) as people write it: `555-123-4567` for ten digits, `1-555-123-4567`
 * for eleven starting with 1; other lengths stay as their digits.
 */
export function formatPhone(stored: string): string {
  const digits = phoneDigits(stored);
  const us = /^(1)?(\d{3})(\d{3})(\d{4})$/.exec(digits);
  if (!us) return digits || stored;
  return [us[1], us[2], us[3], us[4]].filter(Boolean).join('-');
}
