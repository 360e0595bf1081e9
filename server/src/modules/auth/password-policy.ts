import { MESSAGES } from '@app/domain';
import { dictionary } from '@zxcvbn-ts/language-common';

/** How many of the most common passwords are refused. */
export const COMMON_PASSWORDS_REFUSED = 10_000;

/**
 * The most common passwords, from zxcvbn-ts's list ranked by frequency in leaked password sets,
 * lower-cased (the list is), loaded once per process: about 10,000 short strings in memory.
 */
const commonPasswords = new Set(
  dictionary['passwords-common'].slice(0, COMMON_PASSWORDS_REFUSED).map((p) => p.toLowerCase()),
);

export function isCommonPassword(password: string): boolean {
  return commonPasswords.has(password.toLowerCase());
}

/**
 * Why a new password is refused beyond the schema's 6-64 rule, or undefined when it is fine: one
 * of the most common passwords (in any case), or the account's username or e-mail (in any case,
 * spaces around it ignored).
 */
export function passwordProblem(
  password: string,
  account: { username: string; email: string },
): string | undefined {
  // Compared without case or surrounding spaces: " Jane_Doe " is still the username.
  const plain = password.trim().toLowerCase();
  if (plain === account.username.trim().toLowerCase()) return MESSAGES.passwordPolicy.sameAsUsername;
  if (plain === account.email.trim().toLowerCase()) return MESSAGES.passwordPolicy.sameAsEmail;
  if (isCommonPassword(password)) return MESSAGES.passwordPolicy.tooCommon;
  return undefined;
}
