import { z } from 'zod';
import { MESSAGES } from '../messages.ts';

/**
 * Two-factor sign-in: TOTP as RFC 6238 and every authenticator app reads it
 * (SHA-1, 6 digits, 30 seconds), a code accepted one step either side of now and only once, and ten
 * one-time recovery codes (`xxxx-xxxx`).
 */
export const TWO_FACTOR = {
  algorithm: 'SHA1',
  digits: 6,
  periodSeconds: 30,
  /** Steps accepted either side of the current one (clock drift). */
  window: 1,
  /** Random bytes of a new secret (160 bits, RFC 4226's recommendation). */
  secretBytes: 20,
  recoveryCodes: 10,
  /** How long the sign-in's second step waits for the code. */
  challengeSeconds: 5 * 60,
} as const;

/** The letters of a recovery code: lower-case letters and digits without the look-alikes (0 o 1 l i). */
export const RECOVERY_CODE_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';
/** A recovery code as shown: two groups of four, e.g. `k7mq-3xdp`. */
export const RECOVERY_CODE_PATTERN = /^[a-z0-9]{4}-[a-z0-9]{4}$/;
export const TOTP_CODE_PATTERN = /^\d{6}$/;

const T = MESSAGES.twoFactor;

/**
 * A code as typed: spaces and dashes inside a 6-digit code go ("123 456"), a recovery code is read
 * without case and with or without its dash. Answers `123456` or `abcd-efgh`, else undefined.
 */
export function normalizeTwoFactorCode(input: string): string | undefined {
  const plain = input.replace(/\s+/g, '').toLowerCase();
  const digits = plain.replace(/-/g, '');
  if (TOTP_CODE_PATTERN.test(digits)) return digits;
  if (/^[a-z0-9]{8}$/.test(digits)) return `${digits.slice(0, 4)}-${digits.slice(4)}`;
  return undefined;
}

export function isTotpCode(code: string): boolean {
  return TOTP_CODE_PATTERN.test(code);
}

const codeText = z.string({ error: T.codeRequired }).trim().min(1, T.codeRequired).max(32, T.invalidCode);

/** A 6-digit code from the authenticator app, or a recovery code; normalized (see above). */
export const ZTwoFactorCode = codeText.transform((value, ctx) => {
  const code = normalizeTwoFactorCode(value);
  if (code === undefined) {
    ctx.addIssue({ code: 'custom', message: T.invalidCode });
    return z.NEVER;
  }
  return code;
});

/**
 * A 6-digit code from the authenticator app only (turning it on, new recovery codes): its error names
 * no recovery code, as none counts here (and while turning it on, none exists yet).
 */
export const ZTotpCode = z
  .string({ error: T.codeRequired })
  .trim()
  .min(1, T.codeRequired)
  .max(32, T.invalidEnrolCode)
  .transform((value, ctx) => {
    const code = normalizeTwoFactorCode(value);
    if (code === undefined || !isTotpCode(code)) {
      ctx.addIssue({ code: 'custom', message: T.invalidEnrolCode });
      return z.NEVER;
    }
    return code;
  });

/** `POST /api/auth/2fa/enable`: the first code of the app proves the secret was saved. */
export const ZTwoFactorEnableRequest = z.object({ code: ZTotpCode });
export type TTwoFactorEnableRequest = z.infer<typeof ZTwoFactorEnableRequest>;

/** `POST /api/auth/2fa/verify`: the sign-in's second step. */
export const ZTwoFactorVerifyRequest = z.object({
  mfa_token: z.string().min(1).max(2000),
  code: ZTwoFactorCode,
});
export type TTwoFactorVerifyRequest = z.infer<typeof ZTwoFactorVerifyRequest>;

/** `POST /api/auth/2fa/disable`: the password and a code (or a recovery code). */
export const ZTwoFactorDisableRequest = z.object({
  password: z
    .string({ error: MESSAGES.validation.passwordRequired })
    .min(1, MESSAGES.validation.passwordRequired)
    .max(64, MESSAGES.validation.passwordTooLong),
  code: ZTwoFactorCode,
});
export type TTwoFactorDisableRequest = z.infer<typeof ZTwoFactorDisableRequest>;

/**
 * `POST /api/auth/delete-account`: the account deletes itself with its password, and a code (or a recovery
 * code) when two-factor sign-in is on.
 */
export const ZDeleteAccountRequest = ZTwoFactorDisableRequest.extend({ code: ZTwoFactorCode.optional() });
export type TDeleteAccountRequest = z.infer<typeof ZDeleteAccountRequest>;
/** My Profile's deletion form without two-factor sign-in: the password (the code field is not shown). */
export const ZDeleteAccountForm = ZDeleteAccountRequest.pick({ password: true }).extend({ code: z.string() });

/** `POST /api/auth/2fa/recovery-codes`: a current code makes ten new recovery codes. */
export const ZTwoFactorRecoveryCodesRequest = z.object({ code: ZTotpCode });
export type TTwoFactorRecoveryCodesRequest = z.infer<typeof ZTwoFactorRecoveryCodesRequest>;

/** The web's form for the code step (login, enrolment): what the person types. */
export const ZTwoFactorCodeForm = z.object({ code: ZTwoFactorCode });
export const ZTotpCodeForm = z.object({ code: ZTotpCode });
export const ZTwoFactorDisableForm = ZTwoFactorDisableRequest;

/** `GET /api/auth/2fa`. */
export interface TwoFactorStatus {
  enabled: boolean;
  /** This session's token was given a code. */
  verified: boolean;
  recovery_codes_left: number;
  /** The account must have it (the admin). */
  required: boolean;
}

/** `POST /api/auth/2fa/setup`. */
export interface TwoFactorSetup {
  /** Base32, for apps without a camera. */
  secret: string;
  otpauth_url: string;
  /** The QR code of `otpauth_url` as an SVG data URL. */
  qr: string;
}

/** `POST /api/auth/2fa/enable` and `/recovery-codes` (`jwt` on enable only). */
export interface TwoFactorRecoveryCodes {
  jwt?: string;
  recovery_codes: string[];
}

/** What `POST /api/auth/local` answers for an account with two-factor sign-in, instead of a session. */
export interface TwoFactorChallenge {
  two_factor_required: true;
  mfa_token: string;
}

export function isTwoFactorChallenge(value: unknown): value is TwoFactorChallenge {
  return (
    typeof value === 'object' &&
    value !== null &&
    (value as { two_factor_required?: unknown }).two_factor_required === true &&
    typeof (value as { mfa_token?: unknown }).mfa_token === 'string'
  );
}

/** The 403 details of an admin route called with a token that was not given a code. */
export interface TwoFactorRequiredDetails {
  code: 'two_factor_required';
  enrolled: boolean;
}

export function isTwoFactorRequired(details: unknown): details is TwoFactorRequiredDetails {
  return (
    typeof details === 'object' &&
    details !== null &&
    (details as { code?: unknown }).code === 'two_factor_required'
  );
}
