import { USER_TYPES, type UserType } from '../constants.ts';
import { MESSAGES } from '../messages.ts';

/**
 * The account type of a user record. The data spells the types Hobbyist, Provider, Vender; the spec
 * also writes them in lower case and as "vendor", so those are accepted too. Anything else is null.
 */
export function toUserType(raw: unknown): UserType | null {
  if (typeof raw !== 'string') return null;
  const type = raw.trim().toLowerCase();
  if (type === 'vendor') return 'Vender';
  return USER_TYPES.find((t) => t.toLowerCase() === type) ?? null;
}

/**
 * An account type as people read it, wherever the site shows one (registration's choice, My Profile,
 * the console): `Vender`, the value stored and sent (spec 000 §3), reads "Vendor". A value that is no
 * account type is shown as it is ('' for none).
 */
export function userTypeLabel(raw: unknown): string {
  const type = toUserType(raw);
  if (type) return MESSAGES.accountTypes[type];
  return typeof raw === 'string' ? raw : '';
}
